// The bound on the work of one step's search (HumanOptions::step_work, RateOptions::step_work):
// none on 9x9 by default, so paths and ratings stay Sudoku Explainer's; on large grids a nested
// chaining level that would search for minutes is cut, and the path or rating says so (a
// timeout with the steps so far), never "stuck" nor a full rating.
#include <gtest/gtest.h>

#include <string>

#include "sudokit/explain.h"
#include "sudokit/human.h"
#include "sudokit/rate.h"
#include "test_support.h"

namespace sudokit {
namespace {

// SE 7.6 (magictour top1465): forcing chains, searched from many start cells.
const std::string kChains =
    ".5....6...4..7.8....14......8..........15.78.1...2......5..1.2.2..76.5.369.......";

// A minimal 16x16 puzzle (`generate --size 4x4 --seed 1`, puzzle 59) with the digits of its
// first 38 rating steps given: after 17 steps, SE's order and the easiest order both need a
// nested level (Dynamic Forcing Chains (+ Forcing Chains) or deeper), whose search runs for
// minutes without a bound.
const std::string kNested16 =
    "..8.D.B.765AF.4..GAD.1.....478.5B.6E5..7....A.2.4..5.A..2.9..E.6.....C..A....7.D7..F..2.G."
    "E3......5G..D....84B.28..3.....42..6F.F1B69.......2...5...8F.36D.2.A7B..276B..9...3..1...A"
    "..5..GC..F6.A..8E.G...D6.3.7.5.CA.3B4.7162.F...........5.4GED.9.467F.3..5...";

TEST(HumanStepWork, DefaultDependsOnTheShape) {
    EXPECT_EQ(default_step_work(Shape{2, 2}), 0u);
    EXPECT_EQ(default_step_work(Shape{2, 3}), 0u);
    EXPECT_EQ(default_step_work(Shape{3, 3}), 0u);
    EXPECT_EQ(default_step_work(Shape{4, 4}), uint64_t{1} << 18);
    EXPECT_EQ(default_step_work(Shape{5, 5}), 68719u);
    EXPECT_GT(default_step_work(Shape{3, 4}), default_step_work(Shape{4, 4}));
    EXPECT_GT(default_step_work(Shape{6, 6}), 0u);
}

// 9x9 has no bound by default: the rating and the path are those of an explicit "none".
TEST(HumanStepWork, NineByNineDefaultIsUnbounded) {
    const Grid puzzle = testing::grid_from_line(kChains);
    const Rating by_default = rate_puzzle(puzzle);
    const Rating unbounded = rate_puzzle(puzzle, RateOptions{.step_work = 0});
    EXPECT_EQ(by_default.end, RateEnd::solved);
    EXPECT_FALSE(by_default.step_work_spent);
    EXPECT_EQ(by_default.se, unbounded.se);
    EXPECT_EQ(by_default.steps, unbounded.steps);
    EXPECT_EQ(se_rating_text(by_default.se.er), "7.6");

    const SolvePath path = solve_path(puzzle, HumanOptions{.explain = false});
    const SolvePath none = solve_path(puzzle, HumanOptions{.step_work = 0, .explain = false});
    EXPECT_EQ(path.end, PathEnd::solved);
    EXPECT_FALSE(path.step_work_spent);
    EXPECT_EQ(path.steps, none.steps);
}

// An explicit bound applies to any shape: a chain search that needs more is cut, the same way
// every time, with the steps before it kept and the end a timeout.
TEST(HumanStepWork, ExplicitBoundCutsAChainSearch) {
    const Grid puzzle = testing::grid_from_line(kChains);
    const Rating full = rate_puzzle(puzzle);
    const Rating cut = rate_puzzle(puzzle, RateOptions{.step_work = 50});
    const Rating again = rate_puzzle(puzzle, RateOptions{.step_work = 50});
    EXPECT_EQ(cut.end, RateEnd::time_limit);
    EXPECT_TRUE(cut.step_work_spent);
    EXPECT_FALSE(cut.complete());
    EXPECT_GT(cut.steps, 0);
    EXPECT_LT(cut.steps, full.steps);
    EXPECT_TRUE(cut.er_bound());
    EXPECT_EQ(rating_text(cut).substr(0, 2), ">=");
    EXPECT_EQ(again.steps, cut.steps);
    EXPECT_EQ(again.se, cut.se);

    const SolvePath path = solve_path(puzzle, HumanOptions{.step_work = 50, .explain = false});
    EXPECT_EQ(path.end, PathEnd::time_limit);
    EXPECT_TRUE(path.step_work_spent);
    EXPECT_FALSE(path.steps.empty());
    EXPECT_FALSE(path.final.solved());
    EXPECT_NE(summary_text(summarize(path)).find("work bound"), std::string::npos);
}

// On 16x16 the default bound cuts the nested search: the rating ends a timeout with ER at least
// the hardest step so far, the path a timeout with its 17 steps, neither "stuck" nor complete,
// and the same on every machine (the bound counts work, not time).
TEST(HumanStepWork, SixteenBySixteenNestedSearchIsCutByTheDefault) {
    const Grid puzzle = testing::grid_from_line(kNested16);
    ASSERT_EQ(puzzle.shape().size(), 16);
    const Rating rating = rate_puzzle(puzzle);
    EXPECT_EQ(rating.end, RateEnd::time_limit);
    EXPECT_TRUE(rating.step_work_spent);
    EXPECT_EQ(rating.solutions, SolutionCount::one);
    EXPECT_EQ(rating.steps, 17);
    EXPECT_TRUE(rating.er_bound());
    EXPECT_FALSE(rating.complete());
    // No step so far placed a digit (EP unknown); the first is a 2.6.
    EXPECT_EQ(rating_text(rating), ">=9.4/-/2.6");

    const SolvePath path = solve_path(puzzle, HumanOptions{.explain = false});
    EXPECT_EQ(path.end, PathEnd::time_limit);
    EXPECT_TRUE(path.step_work_spent);
    EXPECT_EQ(path.steps.size(), 17u);
    EXPECT_FALSE(path.final.solved());

    // explain says why it stopped and gives no rating for a cut path.
    const Puzzle p{puzzle, {}, Alphabet::standard, {}};
    const Explanation e =
        explain_puzzle(p, HumanOptions{.explain = false}, ExplainChecks{.rate = true});
    EXPECT_EQ(e.path.end, PathEnd::time_limit);
    EXPECT_TRUE(e.path.step_work_spent);
    EXPECT_FALSE(e.rating.has_value());
    EXPECT_FALSE(e.diagnosis.has_value());
}

}  // namespace
}  // namespace sudokit
