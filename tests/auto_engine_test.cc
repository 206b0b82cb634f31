// The `auto` engine's hand-over from `large` to `sat`: from 25 digits up a count to at most 2
// that `large` has not settled within `sat-after` nodes is `sat`'s answer, with the work of
// both (sooner where `large`'s forecast of its search's size says the nodes will not do); below
// 25 digits, when counting further, or under a node budget, `large` alone; the option's values
// checked.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

#include "sudokit/engine.h"
#include "sudokit/generate.h"
#include "test_support.h"

namespace sudokit {
namespace {

using testing::count_to;

void expect_same_result(const Result& got, const Result& want) {
    EXPECT_EQ(got.count, want.count);
    EXPECT_EQ(got.stop, want.stop) << stop_name(got.stop) << " against " << stop_name(want.stop);
    if (want.count > 0) {
        EXPECT_EQ(got.first, want.first);
    }
    EXPECT_EQ(got.stats.nodes, want.stats.nodes);
    EXPECT_EQ(got.stats.guesses, want.stats.guesses);
    EXPECT_EQ(got.stats.depth, want.stats.depth);
    EXPECT_EQ(got.stats.propagations, want.stats.propagations);
}

struct HandOvers {
    int handed = 0;   // counts that went on in `sat`
    int settled = 0;  // counts `large` settled within the budget
    int early = 0;    // hand-overs at a fifth of the budget (the forecast)
};

// Counts `puzzles` random 25x25 puzzles of `min_clues` to `max_clues` clues to 2 with
// auto:sat-after=`after`, and checks each result against its parts: `large` with the forecast
// under that budget where it settled the count, else `sat`'s with `large`'s work added.
// `also` sees each puzzle and result.
HandOvers expect_hand_overs(uint64_t after, int min_clues, int max_clues, int puzzles,
                            uint64_t seed,
                            const std::function<void(const Grid&, const Result&)>& also = {}) {
    auto hand_over = make_engine("auto:sat-after=" + std::to_string(after));
    auto large = make_engine("large:forecast=on");
    auto sat = make_engine("sat");
    EXPECT_NE(hand_over, nullptr);
    HandOvers seen;
    if (hand_over == nullptr) return seen;
    std::mt19937_64 rng(seed);
    for (int i = 0; i < puzzles; ++i) {
        const int clues = std::uniform_int_distribution<int>(min_clues, max_clues)(rng);
        const Grid puzzle = random_puzzle(random_solution(Shape{5, 5}, rng), clues, rng);
        SCOPED_TRACE(testing::grid_to_line(puzzle));
        Limits budget = count_to(2);
        budget.node_budget = after;
        const Result by_large = large->solve(puzzle, budget);
        const Result got = hand_over->solve(puzzle, count_to(2));
        if (by_large.stop == Stop::node_budget) {
            ++seen.handed;
            seen.early += by_large.stats.nodes < after;
            Result want = sat->solve(puzzle, count_to(2));
            want.stats += by_large.stats;
            expect_same_result(got, want);
        } else {
            ++seen.settled;
            expect_same_result(got, by_large);
        }
        if (also) also(puzzle, got);
    }
    return seen;
}

TEST(AutoEngine, HandsALongCountToSatFromTwentyFiveDigits) {
    auto dlx = make_engine("dlx");
    int unique = 0, several = 0;
    const HandOvers seen =
        expect_hand_overs(2, 330, 450, 12, 7, [&](const Grid& puzzle, const Result& got) {
            const Result reference = dlx->solve(puzzle, count_to(2));
            ASSERT_TRUE(reference.answered());
            EXPECT_EQ(got.count, reference.count);
            (got.count == 1 ? unique : several) += 1;
        });
    // Both paths taken, on puzzles with one solution and with several.
    EXPECT_GT(seen.handed, 0);
    EXPECT_GT(seen.settled, 0);
    EXPECT_GT(unique, 0);
    EXPECT_GT(several, 0);
}

TEST(AutoEngine, HandsOverAsSoonAsTheForecastGivesUp) {
    // With sat-after=50, `large` looks at its estimated size after 10 nodes; a count it gives
    // up there goes on in `sat` with those 10 nodes added.
    const HandOvers seen = expect_hand_overs(50, 280, 360, 16, 21);
    EXPECT_GT(seen.early, 0);
    EXPECT_GT(seen.settled, 0);
}

TEST(AutoEngine, LargeAloneBelowTwentyFiveDigitsOrWhenCountingFurther) {
    auto hand_over = make_engine("auto:sat-after=1");
    auto large = make_engine("large");
    std::mt19937_64 rng(11);
    int branched = 0;
    for (int i = 0; i < 6; ++i) {
        // 16x16, counted to 2: `large`'s own result, however many nodes it takes.
        const Grid sixteen = random_puzzle(random_solution(Shape{4, 4}, rng), 100, rng);
        const Result by_large = large->solve(sixteen, count_to(2));
        expect_same_result(hand_over->solve(sixteen, count_to(2)), by_large);
        branched += by_large.stats.nodes > 1;
        // 25x25 counted to 3, and counted to 2 under a node budget: `large` alone as well.
        const Grid twenty_five = random_puzzle(random_solution(Shape{5, 5}, rng), 320, rng);
        expect_same_result(hand_over->solve(twenty_five, count_to(3)),
                           large->solve(twenty_five, count_to(3)));
        Limits budget = count_to(2);
        budget.node_budget = 50;
        expect_same_result(hand_over->solve(twenty_five, budget),
                           large->solve(twenty_five, budget));
    }
    EXPECT_GT(branched, 0);  // a hand-over was possible: `large` needed more than one node
}

TEST(AutoEngine, SatAfterTakesNodesOrOff) {
    std::string error;
    EXPECT_NE(make_engine("auto:sat-after=off", &error), nullptr) << error;
    EXPECT_NE(make_engine("auto:sat-after=1", &error), nullptr) << error;
    for (const char* bad : {"0", "-3", "x", "12a", ""}) {
        EXPECT_EQ(make_engine(std::string("auto:sat-after=") + bad, &error), nullptr) << bad;
        EXPECT_EQ(error, std::string("engine 'auto': sat-after must be a whole number of nodes "
                                     "from 1 up or off, not '") +
                             bad + "'");
    }
}

TEST(AutoEngine, OffKeepsLargeOnEveryCount) {
    auto off = make_engine("auto:sat-after=off");
    auto large = make_engine("large");
    std::mt19937_64 rng(5);
    for (int i = 0; i < 4; ++i) {
        const Grid puzzle = random_puzzle(random_solution(Shape{5, 5}, rng), 310, rng);
        expect_same_result(off->solve(puzzle, count_to(2)), large->solve(puzzle, count_to(2)));
    }
}

}  // namespace
}  // namespace sudokit
