// Differential test: seeded puzzles of three kinds for 4x4, 9x9 and 16x16 (cut from a random
// grid: one solution or several; blanked further: several; given a wrong clue that breaks no
// rule: none) go to every engine, which must agree on the count up to 2 and on the solution when
// unique. A disagreement is reported with a minimal puzzle (clues removed while it persists).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <sstream>

#include "sudokit/engine.h"
#include "sudokit/generate.h"
#include "test_support.h"

namespace sudokit {
namespace {

// Whether a search answered what it was asked (ran to its end or reached max_solutions), rather
// than stopping at its budget or getting stuck: the one place this test reads it.
bool finished(const Result& result) { return result.answered(); }

// An engine under test, with the node budget it runs under (0: none; only brute force has one,
// and only it may stop unfinished).
struct Contender {
    Engine* engine;
    uint64_t node_budget = 0;
    bool logic_only = false;
};

// What the engines said about one puzzle, and the first disagreement among them, if any.
struct Verdict {
    std::optional<uint32_t> count;  // of the complete engines that finished
    Grid first;                     // a solution they found (when count > 0)
    std::string disagreement;       // empty: they agree
    std::string answers;            // one line per engine
};

Verdict judge(const Grid& puzzle, const std::vector<Contender>& contenders) {
    Verdict verdict;
    std::string reference_name;
    std::vector<std::pair<const Contender*, Result>> logic_results;
    for (const Contender& c : contenders) {
        const Result r = c.engine->solve(puzzle, Limits{2, c.node_budget});
        std::ostringstream answer;
        answer << "\n    " << c.engine->name() << ": count " << r.count
               << (finished(r) ? "" : " (unfinished)");
        if (r.count > 0) answer << " first " << testing::grid_to_line(r.first);
        verdict.answers += answer.str();
        auto disagree = [&](const std::string& why) {
            if (verdict.disagreement.empty()) verdict.disagreement = why;
        };
        if (r.count > 0 && !solves(puzzle, r.first)) {
            disagree(std::string(c.engine->name()) + " reports a grid that does not solve it");
        }
        if (c.logic_only) {
            logic_results.emplace_back(&c, r);
            continue;
        }
        if (!finished(r)) {
            if (c.node_budget == 0) {
                disagree(std::string(c.engine->name()) + " stops without a budget");
            }
            continue;
        }
        if (!verdict.count) {
            verdict.count = r.count;
            verdict.first = r.first;
            reference_name = c.engine->name();
            continue;
        }
        if (r.count != *verdict.count) {
            disagree(std::string(c.engine->name()) + " and " + reference_name +
                     " count differently");
        } else if (r.count == 1 && r.first != verdict.first) {
            disagree(std::string(c.engine->name()) + " and " + reference_name +
                     " find different unique solutions");
        }
    }
    // An engine that never guesses solves only a puzzle with one solution, to that solution, and
    // claims "no solution" (count 0, finished) only when there is none.
    for (const auto& [c, r] : logic_results) {
        if (!verdict.count) break;
        const std::string name(c->engine->name());
        if (r.count == 1 && (*verdict.count != 1 || r.first != verdict.first)) {
            verdict.disagreement = name + " solves by logic what the others do not";
        } else if (r.count == 0 && finished(r) && *verdict.count != 0) {
            verdict.disagreement = name + " claims no solution";
        }
    }
    return verdict;
}

// Removes clues one at a time (in reading order, pass after pass) while `still_fails` holds, so
// that every clue left is needed for the failure.
Grid minimal_failing(Grid puzzle, const std::function<bool(const Grid&)>& still_fails) {
    for (bool removed = true; removed;) {
        removed = false;
        for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
            const int digit = puzzle[cell];
            if (digit == 0) continue;
            puzzle.set(cell, 0);
            if (still_fails(puzzle)) {
                removed = true;
            } else {
                puzzle.set(cell, digit);
            }
        }
    }
    return puzzle;
}

// Runs the engines on one puzzle; on a disagreement fails the test with a minimal puzzle on
// which the engines still disagree. Returns the verdict.
Verdict compare(const Grid& puzzle, const std::vector<Contender>& contenders) {
    Verdict verdict = judge(puzzle, contenders);
    if (verdict.disagreement.empty()) return verdict;
    const Grid minimal = minimal_failing(puzzle, [&](const Grid& candidate) {
        return !judge(candidate, contenders).disagreement.empty();
    });
    const Verdict small = judge(minimal, contenders);
    ADD_FAILURE() << verdict.disagreement << " on " << testing::grid_to_line(puzzle)
                  << verdict.answers << "\nminimal puzzle (" << minimal.given_count()
                  << " clues): " << testing::grid_to_line(minimal) << "\n"
                  << small.disagreement << small.answers;
    return verdict;
}

// Solutions counted up to 2 by the default engine (which is itself compared with the rest).
Result count_two(Engine& reference, const Grid& puzzle) {
    Result r = reference.solve(puzzle, Limits{2, 0});
    EXPECT_TRUE(finished(r)) << testing::grid_to_line(puzzle);
    return r;
}

// The puzzle given clues of `solution` until it has one solution: each time, a cell where
// another solution differs.
Grid made_unique(Grid puzzle, const Grid& solution, Engine& reference) {
    while (true) {
        const Result r = count_two(reference, puzzle);
        if (r.count <= 1) return puzzle;
        int cell = 0;
        if (r.first == solution) {
            while (puzzle[cell] != 0) ++cell;
        } else {
            while (r.first[cell] == solution[cell]) ++cell;
        }
        puzzle.set(cell, solution[cell]);
    }
}

// Several solutions: givens blanked in random order until a second solution appears.
Grid with_several(Grid puzzle, Engine& reference, std::mt19937_64& rng) {
    std::vector<int> givens;
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        if (puzzle[cell] != 0) givens.push_back(cell);
    }
    std::shuffle(givens.begin(), givens.end(), rng);
    for (int cell : givens) {
        if (count_two(reference, puzzle).count >= 2) break;
        puzzle.set(cell, 0);
    }
    return puzzle;
}

// No solution, though no rule is broken: a unique puzzle gets, in an empty cell, a digit that is
// not the solution's and that no peer holds.
std::optional<Grid> with_hidden_contradiction(Grid unique, const Grid& solution,
                                              std::mt19937_64& rng) {
    const Topology& topo = unique.topology();
    std::vector<int> cells(unique.cell_count());
    for (int cell = 0; cell < unique.cell_count(); ++cell) cells[cell] = cell;
    std::shuffle(cells.begin(), cells.end(), rng);
    for (int cell : cells) {
        if (unique[cell] != 0) continue;
        DigitSet allowed = DigitSet::all(unique.size());
        for (int peer : topo.peers(cell)) {
            if (unique[peer] != 0) allowed.remove(unique[peer]);
        }
        allowed.remove(solution[cell]);
        if (allowed.empty()) continue;
        unique.set(cell, allowed.lowest());
        return unique;
    }
    return std::nullopt;
}

struct Plan {
    Shape shape;
    int puzzles;
    int min_clues;
    int max_clues;
    uint64_t backtrack_budget;  // brute force is left out of a puzzle once it needs more
};

struct Tally {
    int unique = 0, several = 0, none = 0;
};

void run_plan(const Plan& plan, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::unique_ptr<Engine>> owned;
    std::vector<Contender> contenders;
    for (const EngineInfo& info : all_engines()) {
        if (!info.supports(plan.shape)) continue;
        owned.push_back(info.make("", nullptr));
        ASSERT_NE(owned.back(), nullptr) << info.name;
        const uint64_t budget = info.name == "backtrack" ? plan.backtrack_budget : 0;
        contenders.push_back({owned.back().get(), budget, info.logic_only});
    }
    std::unique_ptr<Engine> reference = make_engine("auto");
    ASSERT_NE(reference, nullptr);
    Tally tally;
    for (int i = 0; i < plan.puzzles; ++i) {
        const Grid solution = random_solution(plan.shape, rng);
        ASSERT_TRUE(is_valid_solution(solution));
        const int clues = std::uniform_int_distribution<int>(plan.min_clues, plan.max_clues)(rng);
        const Grid cut = random_puzzle(solution, clues, rng);

        // Cut from a solution: at least one.
        const Verdict verdict = compare(cut, contenders);
        ASSERT_TRUE(verdict.count) << "no engine finished " << testing::grid_to_line(cut);
        ASSERT_GE(*verdict.count, 1u) << testing::grid_to_line(cut) << verdict.answers;
        (*verdict.count == 1 ? tally.unique : tally.several) += 1;

        // Blanked further: several.
        const Grid several = with_several(cut, *reference, rng);
        const Verdict several_verdict = compare(several, contenders);
        EXPECT_TRUE(several_verdict.count == 2u)
            << "several solutions expected: " << testing::grid_to_line(several)
            << several_verdict.answers;
        tally.several += several_verdict.count == 2u;

        // A wrong clue that breaks no rule: none.
        const Grid unique = made_unique(cut, solution, *reference);
        if (std::optional<Grid> none = with_hidden_contradiction(unique, solution, rng)) {
            ASSERT_FALSE(find_conflict(*none));
            const Verdict none_verdict = compare(*none, contenders);
            EXPECT_TRUE(none_verdict.count == 0u)
                << "no solution expected: " << testing::grid_to_line(*none) << none_verdict.answers;
            tally.none += none_verdict.count == 0u;
        }
        if (::testing::Test::HasFailure()) return;
    }
    std::printf("[ differential ] %s: %d unique, %d several, %d none\n", plan.shape.name().c_str(),
                tally.unique, tally.several, tally.none);
    // Every kind occurs.
    EXPECT_GT(tally.unique, 0);
    EXPECT_GT(tally.several, 0);
    EXPECT_GT(tally.none, 0);
}

TEST(EngineDifferential, FourByFour) { run_plan({Shape{2, 2}, 300, 3, 10, 0}, 4); }
TEST(EngineDifferential, NineByNine) { run_plan({Shape{3, 3}, 300, 22, 40, 2'000'000}, 9); }
TEST(EngineDifferential, SixteenBySixteen) { run_plan({Shape{4, 4}, 40, 110, 200, 2'000'000}, 16); }

// The harness itself: an engine that answers "no solution" whenever r1c1 holds 1 is caught, and
// the puzzle reported is the one clue that makes it fail.
class NoSolutionWithOneInTheCorner final : public Engine {
  public:
    std::string_view name() const override { return "broken"; }
    bool supports(Shape) const override { return true; }

  protected:
    Result search(const Grid& puzzle, const Limits& limits) override {
        if (puzzle[0] == 1) return Result{};
        return inner_->solve(puzzle, limits);
    }

  private:
    std::unique_ptr<Engine> inner_ = make_engine("dlx");
};

TEST(EngineDifferential, ABrokenEngineIsReportedWithAMinimalPuzzle) {
    std::unique_ptr<Engine> dlx = make_engine("dlx");
    NoSolutionWithOneInTheCorner broken;
    const std::vector<Contender> contenders = {{dlx.get()}, {&broken}};
    std::mt19937_64 rng(7);
    Grid solution = random_solution(Shape{3, 3}, rng);
    while (solution[0] != 1) solution = random_solution(Shape{3, 3}, rng);
    Grid puzzle = random_puzzle(solution, 30, rng);
    puzzle.set(0, 0);
    EXPECT_EQ(judge(puzzle, contenders).disagreement, "");
    Grid with_corner = puzzle;
    with_corner.set(0, 1);
    EXPECT_NE(judge(with_corner, contenders).disagreement, "");
    const Grid minimal = minimal_failing(with_corner, [&](const Grid& candidate) {
        return !judge(candidate, contenders).disagreement.empty();
    });
    EXPECT_EQ(minimal.given_count(), 1);
    EXPECT_EQ(minimal[0], 1);
}

}  // namespace
}  // namespace sudokit
