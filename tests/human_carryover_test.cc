// What a workspace carries from one position of a solving path to the next (the aligned
// exclusions' last position without one, the nested chains' memo) must never change a step:
// along whole paths, the steps found with the carried state equal those of a fresh workspace.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "human/step_sink.h"
#include "human/techniques.h"
#include "human/workspace.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

// At every position of the path: each aligned exclusion, all its steps and its first one, with
// one workspace carried along the path against a fresh one. Returns the positions where
// `technique` found a step.
int check_aligned_along(const std::string& line, Technique technique) {
    const SolvePath path = testing::unexplained_path(line);
    EXPECT_EQ(path.end, PathEnd::solved) << line;
    CandidateGrid grid(testing::grid_from_line(line));
    Workspace all_carried, first_carried;
    int found = 0;
    for (size_t i = 0; i <= path.steps.size(); ++i) {
        CollectSink fresh(0, false), carried(0, false), first(1, false);
        carried.set_workspace(&all_carried);
        first.set_workspace(&first_carried);
        finder_of(technique)(grid, fresh);
        finder_of(technique)(grid, carried);
        finder_of(technique)(grid, first);
        EXPECT_EQ(carried.steps(), fresh.steps()) << line << " position " << i;
        EXPECT_EQ(first.steps().size(), fresh.steps().empty() ? 0u : 1u);
        if (!fresh.steps().empty() && !first.steps().empty()) {
            EXPECT_EQ(first.steps()[0], fresh.steps()[0]) << line << " position " << i;
            ++found;
        }
        if (i < path.steps.size()) apply_step(grid, path.steps[i]);
    }
    return found;
}

// SE 8.4 with two Aligned Triplet Exclusions on its path, SE 6.6 with an Aligned Pair
// Exclusion (both of the public SE-rated set).
const char* const kTripletPuzzle =
    "..75...311......4.9..4..68....7.8....9.14..53..4.5......58...2..8.2.51..7........";
const char* const kPairPuzzle =
    "23...1...78...69....42...3.....73.6..9...8..36......2..2.9....44.........16....9.";

TEST(HumanCarryover, AlignedExclusionsEqualAFreshScanAlongAPath) {
    // The positions with an exclusion, as the fresh scans find them: a quarter to a half of the
    // paths' 89 and 65 positions, so the carried scans both start over after a find and skip
    // the unchanged cells after a position without one.
    EXPECT_EQ(check_aligned_along(kTripletPuzzle, Technique::aligned_triplet_exclusion), 31);
    EXPECT_EQ(check_aligned_along(kTripletPuzzle, Technique::aligned_pair_exclusion), 22);
    EXPECT_EQ(check_aligned_along(kPairPuzzle, Technique::aligned_triplet_exclusion), 36);
    EXPECT_EQ(check_aligned_along(kPairPuzzle, Technique::aligned_pair_exclusion), 27);
}

// The same step, whatever explanation it carries.
void expect_same_step(const Step& a, const Step& b, size_t i) {
    EXPECT_EQ(a.technique, b.technique) << "step " << i;
    EXPECT_EQ(a.rating, b.rating) << "step " << i;
    EXPECT_EQ(a.eliminations, b.eliminations) << "step " << i;
    EXPECT_EQ(a.placements, b.placements) << "step " << i;
}

// SE's 10.4 puzzle of the public set: nine steps of the nested levels, most of them in a row,
// among the "+" level's. One stepper carries the nested memo from step to step;
// next_step finds each step with a fresh one.
TEST(HumanCarryover, NestedMemoEqualsFreshStepsAlongAPath) {
    const std::string line = testing::kSe104Puzzle;
    const SolvePath path = testing::unexplained_path(line);
    ASSERT_EQ(path.end, PathEnd::solved);
    CandidateGrid grid(testing::grid_from_line(line));
    int nested = 0;
    for (size_t i = 0; i < path.steps.size(); ++i) {
        const std::optional<Step> step = next_step(grid);
        ASSERT_TRUE(step.has_value()) << "step " << i;
        expect_same_step(*step, path.steps[i], i);
        nested += technique_info(step->technique).nested();
        apply_step(grid, path.steps[i]);
    }
    EXPECT_EQ(nested, 9);
}

}  // namespace
}  // namespace sudokit
