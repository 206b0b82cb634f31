// Differential test: seeded random puzzles (random full grid, random clue removal) for 4x4, 9x9
// and 16x16; every engine must agree on the count up to 2 and on the solution when unique (an
// engine that never guesses must agree whenever it claims an answer).
#include <gtest/gtest.h>

#include <random>

#include "sudokit/engine.h"
#include "sudokit/generate.h"
#include "test_support.h"

namespace sudokit {
namespace {

struct Plan {
    Shape shape;
    int puzzles;
    int min_clues;
    int max_clues;
    uint64_t backtrack_budget;  // brute force is left out of a puzzle once it needs more
};

void run_plan(const Plan& plan, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::unique_ptr<Engine>> engines;
    std::vector<std::unique_ptr<Engine>> logic_engines;  // never guess: checked against the rest
    for (const EngineInfo& info : all_engines()) {
        if (!info.supports(plan.shape)) continue;
        (info.logic_only ? logic_engines : engines).push_back(info.make("", nullptr));
    }
    ASSERT_FALSE(engines.empty());
    int unique = 0, multiple = 0, compared = 0;
    for (int i = 0; i < plan.puzzles; ++i) {
        Grid solution = random_solution(plan.shape, rng);
        ASSERT_TRUE(is_valid_solution(solution));
        int clues = std::uniform_int_distribution<int>(plan.min_clues, plan.max_clues)(rng);
        Grid puzzle = random_puzzle(solution, clues, rng);
        std::optional<Result> reference;
        std::string reference_name;
        for (auto& engine : engines) {
            Limits limits;
            if (engine->name() == "backtrack") limits.node_budget = plan.backtrack_budget;
            Result r = engine->solve(puzzle, limits);
            if (!r.answered()) {
                ASSERT_EQ(engine->name(), "backtrack") << testing::grid_to_line(puzzle);
                continue;
            }
            // The puzzle was cut from a solution, so it always has at least one.
            ASSERT_GE(r.count, 1u) << engine->name() << " " << testing::grid_to_line(puzzle);
            ASSERT_TRUE(solves(puzzle, r.first)) << engine->name();
            if (!reference) {
                reference = r;
                reference_name = engine->name();
                continue;
            }
            ++compared;
            EXPECT_EQ(r.count, reference->count) << engine->name() << " vs " << reference_name
                                                 << " on " << testing::grid_to_line(puzzle);
            if (r.count == 1 && reference->count == 1) {
                EXPECT_EQ(r.first, reference->first);
            }
        }
        if (!reference) {
            // Only possible while brute force is the one engine for the shape.
            ASSERT_EQ(engines.size(), 1u);
            continue;
        }
        (reference->count == 1 ? unique : multiple) += 1;
        for (auto& engine : logic_engines) {
            // No claim of "no solution" here, and a solved grid only when it is the unique one.
            Result r = engine->solve(puzzle, Limits{});
            EXPECT_TRUE(r.count == 1 || !r.answered())
                << engine->name() << " " << testing::grid_to_line(puzzle);
            if (r.count == 1) {
                EXPECT_EQ(reference->count, 1u)
                    << engine->name() << " " << testing::grid_to_line(puzzle);
                EXPECT_EQ(r.first, reference->first) << engine->name();
            }
        }
    }
    // The clue ranges are chosen so that both kinds occur.
    EXPECT_GT(unique, 0);
    EXPECT_GT(multiple, 0);
    if (engines.size() > 1) {
        EXPECT_GT(compared, 0);
    }
}

TEST(EngineDifferential, FourByFour) { run_plan({Shape{2, 2}, 300, 3, 10, 0}, 4); }
TEST(EngineDifferential, NineByNine) { run_plan({Shape{3, 3}, 300, 22, 40, 2'000'000}, 9); }
TEST(EngineDifferential, SixteenBySixteen) { run_plan({Shape{4, 4}, 40, 110, 200, 2'000'000}, 16); }

}  // namespace
}  // namespace sudokit
