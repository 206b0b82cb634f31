// The human solver from many threads at once: paths, ratings and explanations of different
// puzzles, each thread with its own state (solve_path's stepper, a Rater), equal what one thread
// computes alone. The puzzles need the chaining producers, so their workspaces (scratch, cached
// runs, the nested memo) are in use in every thread at the same time. Run under ThreadSanitizer
// (the tsan preset) it also shows that nothing is shared without a lock.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "sudokit/explain.h"
#include "sudokit/human.h"
#include "sudokit/rate.h"
#include "test_support.h"

namespace sudokit {
namespace {

constexpr int kThreads = 4;

// The values of the first case of each technique in `codes`, from a technique fixture
// (technique:values:candidates:eliminations:placements): positions of real puzzles' paths, each
// with one solution, that need that chain.
std::vector<std::string> fixture_puzzles(const std::string& name,
                                         const std::set<std::string>& codes) {
    std::vector<std::string> puzzles;
    std::set<std::string> seen;
    std::ifstream in(testing::fixture_path(name));
    EXPECT_TRUE(in.good()) << name;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#' || line.rfind("text:", 0) == 0) continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string field; std::getline(ss, field, ':');) f.push_back(field);
        if (f.size() != 5 || !codes.contains(f[0]) || seen.contains(f[0])) continue;
        seen.insert(f[0]);
        puzzles.push_back(f[1]);
    }
    EXPECT_EQ(puzzles.size(), codes.size()) << name;
    return puzzles;
}

// What one thread computes for one puzzle.
struct Outcome {
    std::optional<SolvePath> path;  // (no default position to start from)
    Rating rating;
    Rating kept;  // with its path's explanations (another stepper of the Rater)
    std::string explanation;
};

Outcome compute(const std::string& line, Rater& rater) {
    const Grid grid = testing::grid_from_line(line);
    Outcome out{solve_path(grid, HumanOptions{}), {}, {}, {}};
    out.rating = rate_puzzle(grid, RateOptions{}, rater);
    out.kept = rater.rate(grid, RateOptions{.keep_path = true});
    const Puzzle puzzle{grid, std::nullopt, Alphabet::standard, "", 1};
    out.explanation = explanation_text(puzzle, explain_puzzle(puzzle, HumanOptions{}, {}), false);
    return out;
}

void expect_same(const Outcome& got, const Outcome& want) {
    ASSERT_TRUE(got.path && want.path);
    EXPECT_EQ(got.path->end, want.path->end);
    EXPECT_EQ(got.path->steps, want.path->steps);
    EXPECT_TRUE(got.path->final == want.path->final);
    EXPECT_EQ(got.rating.se, want.rating.se);
    EXPECT_EQ(got.rating.end, want.rating.end);
    EXPECT_EQ(got.rating.steps, want.rating.steps);
    EXPECT_EQ(got.rating.counts, want.rating.counts);
    EXPECT_EQ(got.kept.se, want.kept.se);
    EXPECT_EQ(got.kept.path, want.kept.path);
    EXPECT_EQ(got.explanation, want.explanation);
}

TEST(HumanThreads, PathsRatingsAndExplanationsEqualOneThreadsOwn) {
    const std::vector<std::string> puzzles =
        fixture_puzzles("techniques_chains.txt", {"xc", "fc", "nfc", "cfc", "dcfc", "dpfc"});
    ASSERT_FALSE(puzzles.empty());
    std::vector<Outcome> alone;
    {
        Rater rater;
        for (const std::string& p : puzzles) alone.push_back(compute(p, rater));
    }
    // The puzzles are chains at all: some rating is above the static chains'.
    bool chained = false;
    for (const Outcome& o : alone) chained = chained || o.rating.se.er >= 7.5;
    EXPECT_TRUE(chained);

    // Every thread does every puzzle, each starting at another one, so that different puzzles
    // are in flight at once.
    std::vector<std::vector<Outcome>> got(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            Rater rater;
            got[t].resize(puzzles.size());
            for (size_t k = 0; k < puzzles.size(); ++k) {
                const size_t i = (k + static_cast<size_t>(t)) % puzzles.size();
                got[t][i] = compute(puzzles[i], rater);
            }
        });
    }
    for (std::thread& t : threads) t.join();
    for (int t = 0; t < kThreads; ++t) {
        for (size_t i = 0; i < puzzles.size(); ++i) {
            SCOPED_TRACE("thread " + std::to_string(t) + ", puzzle " + puzzles[i]);
            expect_same(got[t][i], alone[i]);
        }
    }
}

// The nested level's first step (its memo of nested results in use) from several threads at
// once, each on its own stepper.
TEST(HumanThreads, NestedStepsEqualOneThreadsOwn) {
    const std::vector<std::string> puzzles = fixture_puzzles("techniques_nested.txt", {"dpfc2"});
    ASSERT_EQ(puzzles.size(), 1u);
    HumanOptions options;
    options.order = {Technique::nested_forcing_chains};
    options.max_steps = 1;
    options.unique = true;
    const Grid grid = testing::grid_from_line(puzzles[0]);
    const SolvePath alone = solve_path(grid, options);
    ASSERT_EQ(alone.steps.size(), 1u);
    EXPECT_EQ(alone.steps[0].technique, Technique::nested_forcing_chains);
    std::vector<std::optional<SolvePath>> got(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] { got[t] = solve_path(grid, options); });
    }
    for (std::thread& t : threads) t.join();
    for (int t = 0; t < kThreads; ++t) {
        SCOPED_TRACE("thread " + std::to_string(t));
        ASSERT_TRUE(got[t]);
        EXPECT_EQ(got[t]->steps, alone.steps);
        EXPECT_EQ(got[t]->end, alone.end);
    }
}

}  // namespace
}  // namespace sudokit
