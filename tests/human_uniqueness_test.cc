// The uniqueness techniques (unique rectangles and loops, BUG) against Sudoku Explainer's own
// step lists (shared/data/se_paths, SE-RATING.md section 6), and their guard: they are offered
// only for a puzzle with one solution.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "human/step_sink.h"
#include "human/techniques.h"
#include "se_path_reader.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

using testing::read_se_path;
using testing::SePath;
using testing::SeStep;

// Where SE's producer of a technique stands relative to I10 (unique loops) and I14 (BUG):
// 0 before I10, 1 at I10, 2 between them (quads, jellyfish), 3 at I14, 4 after (APE, chains).
int se_rank(const std::string& technique) {
    static const std::set<std::string> before = {"Hidden Single",   "Direct Pointing",
                                                 "Direct Claiming", "Direct Hidden Pair",
                                                 "Naked Single",    "Direct Hidden Triplet",
                                                 "Pointing",        "Claiming",
                                                 "Naked Pair",      "X-Wing",
                                                 "Hidden Pair",     "Naked Triplet",
                                                 "Swordfish",       "Hidden Triplet",
                                                 "XY-Wing",         "XYZ-Wing"};
    if (before.count(technique)) return 0;
    if (technique.rfind("Unique ", 0) == 0) return 1;
    if (technique == "Naked Quad" || technique == "Jellyfish" || technique == "Hidden Quad")
        return 2;
    if (technique.rfind("BUG", 0) == 0) return 3;
    return 4;
}

std::vector<Step> first_of(Finder finder, const CandidateGrid& grid) {
    CollectSink sink(1);
    finder(grid, sink);
    return std::move(sink.steps());
}

std::set<Candidate> as_set(const std::vector<Candidate>& v) { return {v.begin(), v.end()}; }

// Replays each file's steps from its puzzle. At SE's unique loop and BUG steps our producer's
// first step must be SE's (technique, type, eliminations, the exact double of the rating); at
// every step SE took from a later producer, ours must find nothing (SE tried it first).
TEST(HumanUniqueness, ReproducesSudokuExplainerPaths) {
    int checked = 0, silent = 0;
    for (const char* name : {"4.5_1", "5.6_1", "6.6_1", "6.7_1", "7.2_1", "8.3_1", "1.5_1", "2.0_1",
                             "2.6_1", "3.4_1", "4.2_1", "7.6_1", "8.5_1", "9.0_1", "9.2_1"}) {
        SUDOKIT_REQUIRE_DATA(file, std::string("se_paths/") + name + ".txt");
        const SePath path = read_se_path(file);
        ASSERT_EQ(path.puzzle.size(), 81u) << name;
        CandidateGrid grid(testing::grid_from_line(path.puzzle));
        for (const SeStep& se : path.steps) {
            SCOPED_TRACE(std::string(name) + " step " + std::to_string(se.number) + " " +
                         se.technique);
            const int rank = se_rank(se.technique);
            const bool loop = rank == 1, bug = rank == 3;
            if (rank >= 1) {
                const std::vector<Step> ours = first_of(&find_unique_loops, grid);
                if (loop) {
                    ASSERT_EQ(ours.size(), 1u);
                    const bool rect = se.technique.rfind("Unique Rectangle", 0) == 0;
                    EXPECT_EQ(ours[0].technique,
                              rect ? Technique::unique_rectangle : Technique::unique_loop);
                    EXPECT_EQ("type " + std::to_string(ours[0].explanation.variant),
                              se.technique.substr(se.technique.size() - 6));
                    EXPECT_EQ(as_set(ours[0].eliminations), as_set(se.eliminations));
                    EXPECT_EQ(ours[0].rating, se.rating);
                    ++checked;
                } else {
                    EXPECT_TRUE(ours.empty()) << step_text(ours[0], grid.shape());
                    ++silent;
                }
            }
            if (rank >= 3) {
                const std::vector<Step> ours = first_of(&find_bug, grid);
                if (bug) {
                    ASSERT_EQ(ours.size(), 1u);
                    EXPECT_EQ(ours[0].technique, Technique::bug);
                    EXPECT_EQ("type " + std::to_string(ours[0].explanation.variant),
                              se.technique.substr(se.technique.size() - 6));
                    EXPECT_EQ(as_set(ours[0].eliminations), as_set(se.eliminations));
                    EXPECT_EQ(ours[0].rating, se.rating);
                    ++checked;
                } else {
                    EXPECT_TRUE(ours.empty()) << step_text(ours[0], grid.shape());
                    ++silent;
                }
            }
            for (const Candidate& c : se.eliminations) grid.eliminate(c.cell, c.digit);
            for (const Candidate& c : se.placements) grid.place(c.cell, c.digit);
        }
    }
    std::printf("[ se_paths ] %d unique loop/BUG steps equal to SE's, %d later steps silent\n",
                checked, silent);
    // Unique rectangles in 4.5_1, 5.6_1, 6.6_1, 6.7_1, 7.2_1, 8.3_1, 9.2_1; BUG in 5.6_1.
    EXPECT_EQ(checked, 8);
    EXPECT_GT(silent, 100);
}

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
