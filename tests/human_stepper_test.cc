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
// SE 7.6 (magictour top1465): forcing chains, searched from many start cells.
const std::string kChains =
    ".5....6...4..7.8....14......8..........15.78.1...2......5..1.2.2..76.5.369.......";

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

// The budget also bounds the chaining searches inside one step (each start cell is one unit),
// so a hard puzzle ends at the same place on any machine, never past the budget; with room for
// the whole walk the budget changes nothing.
TEST(HumanStepper, WorkBudgetCutsTheChainSearchesTheSameWayEveryTime) {
    const CandidateGrid start(testing::grid_from_line(kChains));
    auto walk = [&](uint64_t budget, uint64_t& work, int& steps) {
        Stepper stepper(easiest_order(), SearchMode::first, false);
        CandidateGrid grid = start;
        stepper.start(grid, Limits{.node_budget = budget}, true);
        steps = 0;
        const RunEnd end = stepper.run(grid, [&](const Step&, int) { return ++steps > 0; });
        work = stepper.work();
        return std::pair{end, grid};
    };
    uint64_t full_work = 0;
    int full_steps = 0;
    const auto [full_end, full_grid] = walk(0, full_work, full_steps);
    ASSERT_EQ(full_end, RunEnd::solved);
    // The chains search far more start cells than there are steps.
    ASSERT_GT(full_work, 4u * static_cast<uint64_t>(full_steps));

    for (uint64_t budget : {uint64_t{50}, full_work / 2}) {
        SCOPED_TRACE("budget " + std::to_string(budget));
        uint64_t work = 0, again_work = 0;
        int steps = 0, again_steps = 0;
        const auto [end, grid] = walk(budget, work, steps);
        const auto [again_end, again_grid] = walk(budget, again_work, again_steps);
        EXPECT_EQ(end, RunEnd::node_budget);
        EXPECT_LE(work, budget);
        EXPECT_LT(steps, full_steps);
        EXPECT_EQ(again_end, end);
        EXPECT_EQ(again_work, work);
        EXPECT_EQ(again_steps, steps);
        EXPECT_TRUE(again_grid == grid);
    }
    uint64_t roomy_work = 0;
    int roomy_steps = 0;
    const auto [roomy_end, roomy_grid] = walk(full_work, roomy_work, roomy_steps);
    EXPECT_EQ(roomy_end, RunEnd::solved);
    EXPECT_EQ(roomy_work, full_work);
    EXPECT_EQ(roomy_steps, full_steps);
    EXPECT_TRUE(roomy_grid == full_grid);
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
