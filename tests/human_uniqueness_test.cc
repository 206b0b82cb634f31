// The guard of the uniqueness techniques (unique rectangles and loops, BUG): they are offered
// only for a puzzle with one solution. Their steps against SE's own step lists are in
// se_paths_test.cc.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "human/techniques.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

// SE's 4.5_1 puzzle (17 clues): after singles, its only step is a unique rectangle.
const char* const kRectangle =
    "................12..3.45........6.......534..17.....2....1...8..65......3........";

bool uses_uniqueness(const SolvePath& path) {
    for (const Step& step : path.steps) {
        if (technique_info(step.technique).assumes_uniqueness()) return true;
    }
    return false;
}

// The same pencil marks, once with the puzzle's 17 givens (one solution) and once with a given
// left out (several solutions): the unique rectangle is there in both (find_steps runs it as
// asked), but the stepper offers it only in the first.
TEST(HumanUniqueness, OfferedOnlyWhenThePuzzleHasOneSolution) {
    const Grid puzzle = testing::grid_from_line(kRectangle);
    const SolvePath path = solve_path(puzzle);
    ASSERT_TRUE(uses_uniqueness(path));
    CandidateGrid before(puzzle);
    size_t at = 0;
    while (path.steps[at].technique != Technique::unique_rectangle)
        apply_step(before, path.steps[at++]);
    const Step& rectangle = path.steps[at];

    // The marks of that position with every cell that is not a given opened again (its marks:
    // every digit its houses allow), except the rectangle's own cells, which keep theirs.
    PencilMarks marks = before.marks();
    std::set<int> pattern;
    for (const CellMark& c : rectangle.explanation.cells) pattern.insert(c.cell);
    Grid values = puzzle;
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        if (puzzle[cell] == 0 && !pattern.count(cell)) marks.cells[cell] = DigitSet::all(9);
    }
    const Technique only[] = {Technique::unique_rectangle};
    const CandidateGrid unique(values, marks);
    ASSERT_TRUE(has_unique_solution(unique));
    auto offered = next_step(unique, only);
    ASSERT_TRUE(offered);
    EXPECT_EQ(offered->eliminations, rectangle.eliminations);

    int given = 0;
    while (puzzle[given] == 0) ++given;
    values.set(given, 0);
    marks.cells[given] = DigitSet::all(9);
    const CandidateGrid several(values, marks);
    ASSERT_FALSE(has_unique_solution(several));
    const auto found = find_steps(several, Technique::unique_rectangle);
    ASSERT_FALSE(found.empty());
    EXPECT_EQ(found[0].eliminations, rectangle.eliminations);
    EXPECT_FALSE(next_step(several, only));
    const auto first = next_step(several, se_order());
    EXPECT_TRUE(!first || !technique_info(first->technique).assumes_uniqueness());
    EXPECT_FALSE(uses_uniqueness(solve_path(several)));
    // Told that it is unique, the solver takes the caller's word.
    HumanOptions trusted;
    trusted.unique = true;
    // (Without the nested levels: trusted, they would search this open grid for a minute.)
    trusted.order = testing::order_below_nested();
    EXPECT_TRUE(uses_uniqueness(solve_path(several, trusted)));

    // The puzzle with a given left out, from scratch: no path ever uses them.
    Grid open = puzzle;
    open.set(given, 0);
    EXPECT_FALSE(uses_uniqueness(solve_path(open)));
}

}  // namespace
}  // namespace sudokit
