// The stepper's one loop (Stepper::run) and its gating: why a walk ends, the callback that may
// stop it, and a uniqueness check cut by the limits, which must not read as "stuck".
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "human/stepper.h"
#include "test_support.h"

namespace sudokit {
namespace {

// Solved by singles alone.
const std::string kEasy =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
// SE 10.4 (forum_hardest_1106): a complete search needs many nodes on it.
const std::string kHard =
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........";

TEST(HumanStepper, RunSolvesAndReportsEachStep) {
    const Grid puzzle = testing::grid_from_line(kEasy);
    Stepper stepper(easiest_order(), SearchMode::first, false);
    CandidateGrid grid(puzzle);
    stepper.start(grid, Limits{});
    int steps = 0;
    int changes = 0;
    EXPECT_EQ(stepper.run(grid,
                          [&](const Step&, int changed) {
                              ++steps;
                              changes += changed;
                              return true;
                          }),
              RunEnd::solved);
    EXPECT_TRUE(grid.solved());
    const SolvePath path = solve_path(puzzle, HumanOptions{.explain = false});
    EXPECT_EQ(static_cast<size_t>(steps), path.steps.size());
    EXPECT_GE(changes, steps);
}

TEST(HumanStepper, CallbackStopsTheWalk) {
    Stepper stepper(easiest_order(), SearchMode::first, false);
    CandidateGrid grid(testing::grid_from_line(kEasy));
    stepper.start(grid, Limits{});
    int steps = 0;
    EXPECT_EQ(stepper.run(grid, [&](const Step&, int) { return ++steps < 3; }), RunEnd::stopped);
    EXPECT_EQ(steps, 3);
    EXPECT_FALSE(grid.solved());
}

TEST(HumanStepper, StepBudgetEndsTheWalk) {
    Stepper stepper(easiest_order(), SearchMode::first, false);
    CandidateGrid grid(testing::grid_from_line(kEasy));
    stepper.start(grid, Limits{.node_budget = 2});
    int steps = 0;
    EXPECT_EQ(stepper.run(grid, [&](const Step&, int) { return ++steps > 0; }),
              RunEnd::node_budget);
    EXPECT_EQ(steps, 2);
}

// A uniqueness check cut by the cancel flag proves nothing: the uniqueness techniques are held
// back, and the walk that then finds no step ends cancelled, not stuck, even when the flag is
// cleared before it.
TEST(HumanStepper, CutUniquenessCheckIsNotStuck) {
    const Technique only[] = {Technique::unique_rectangle};
    const CandidateGrid start(testing::grid_from_line(kHard));
    std::atomic<bool> cancel{true};
    Stepper cut(only, SearchMode::first, false);
    cut.start(start, Limits{.cancel = &cancel});
    cancel = false;
    CandidateGrid grid = start;
    EXPECT_EQ(cut.run(grid), RunEnd::cancelled);

    // The same walk with the check finished is a verdict.
    Stepper checked(only, SearchMode::first, false);
    checked.start(start, Limits{.cancel = &cancel});
    CandidateGrid again = start;
    const RunEnd end = checked.run(again);
    EXPECT_TRUE(end == RunEnd::stuck || end == RunEnd::solved) << static_cast<int>(end);

    // And a deadline already past cuts the check and the walk: time_limit.
    Stepper late(only, SearchMode::first, false);
    late.start(start, Limits{.deadline = Clock::now()});
    CandidateGrid third = start;
    EXPECT_EQ(late.run(third), RunEnd::time_limit);
}

// A caller that knows the puzzle is unique skips the check, whatever the limits.
TEST(HumanStepper, KnownUniqueSkipsTheCheck) {
    const Technique only[] = {Technique::unique_rectangle};
    const CandidateGrid start(testing::grid_from_line(kHard));
    std::atomic<bool> cancel{true};
    Stepper stepper(only, SearchMode::first, false);
    stepper.start(start, Limits{.cancel = &cancel}, true);
    cancel = false;
    CandidateGrid grid = start;
    const RunEnd end = stepper.run(grid);
    EXPECT_TRUE(end == RunEnd::stuck || end == RunEnd::solved) << static_cast<int>(end);
}

}  // namespace
}  // namespace sudokit
