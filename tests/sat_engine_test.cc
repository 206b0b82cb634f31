// The `sat` engine beyond the shared conformance cases: its reduced CNF, every box shape against
// dlx, the large public grids (16x16, 25x25, 36x36) against dlx, counting to 2, and its limits on
// large grids.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <string>
#include <vector>

#include "engines/sat/sat.h"
#include "engines/sat/sudoku_cnf.h"
#include "sudokit/engine.h"
#include "sudokit/generate.h"
#include "sudokit/io.h"
#include "test_support.h"

namespace sudokit {
namespace {

using detail::AtMostOne;
using detail::encode_sudoku;

Grid solution_of(Shape shape, uint64_t seed) {
    std::mt19937_64 rng(seed);
    return random_solution(shape, rng);
}

TEST(SatCnf, OnlyOpenCandidatesBecomeVariables) {
    const Grid solution = solution_of(Shape{3, 3}, 7);
    Grid one_open = solution;
    one_open.set(40, 0);
    for (AtMostOne amo : {AtMostOne::pairwise, AtMostOne::sequential}) {
        const detail::SudokuCnf cnf = encode_sudoku(one_open, amo);
        EXPECT_FALSE(cnf.contradiction);
        ASSERT_EQ(cnf.candidates, 1);
        EXPECT_EQ(cnf.variables, 1);
        EXPECT_EQ(cnf.var_cell[0], 40);
        EXPECT_EQ(cnf.var_digit[0], solution[40]);
        EXPECT_EQ(cnf.open_cells, std::vector<int>{40});
        // The cell's at-least-one and one per house of the missing digit, all the unit [1].
        EXPECT_EQ(cnf.clause_count, 4u);
        EXPECT_EQ(cnf.clauses, (std::vector<int>{1, 0, 1, 0, 1, 0, 1, 0}));
    }
}

TEST(SatCnf, AtMostOneEncodingsOfTheEmptyGrid) {
    // 324 groups of 9 (81 cells, 243 house-digits): 9 candidates each.
    const detail::SudokuCnf pairwise = encode_sudoku(Grid(Shape{3, 3}), AtMostOne::pairwise);
    EXPECT_EQ(pairwise.candidates, 729);
    EXPECT_EQ(pairwise.variables, 729);
    EXPECT_EQ(pairwise.clause_count, 324u * (1 + 36));
    // The counter: 8 auxiliaries and 3*9-4 clauses per group.
    const detail::SudokuCnf counter = encode_sudoku(Grid(Shape{3, 3}), AtMostOne::sequential);
    EXPECT_EQ(counter.candidates, 729);
    EXPECT_EQ(counter.variables, 729 + 324 * 8);
    EXPECT_EQ(counter.clause_count, 324u * (1 + 23));
    // Groups below 6 stay pairwise in both: 4x4 groups of 4.
    const detail::SudokuCnf small = encode_sudoku(Grid(Shape{2, 2}), AtMostOne::sequential);
    EXPECT_EQ(small.variables, 64);
    EXPECT_EQ(small.clause_count, 64u * (1 + 6));
}

TEST(SatCnf, ContradictionsOfTheGivensNeedNoSolver) {
    Grid clash(Shape{3, 3});
    clash.set(0, 5);
    clash.set(80, 5);
    EXPECT_FALSE(encode_sudoku(clash, AtMostOne::pairwise).contradiction);  // no shared house
    clash.set(8, 5);
    EXPECT_TRUE(encode_sudoku(clash, AtMostOne::pairwise).contradiction);
    Grid too_big(Shape{3, 3});
    too_big.set(3, 10);
    EXPECT_TRUE(encode_sudoku(too_big, AtMostOne::pairwise).contradiction);
    // r1c1 open with 2..9 beside it and a 1 below it: no candidate left.
    Grid no_candidate(Shape{3, 3});
    for (int c = 1; c < 9; ++c) no_candidate.set(c, c + 1);
    no_candidate.set(45, 1);
    EXPECT_TRUE(encode_sudoku(no_candidate, AtMostOne::pairwise).contradiction);
    // Row 1 holds 2..7 in c4..c9 and the 1 of box 1 sits in row 2: r1c1..r1c3 keep 8 and 9,
    // but row 1 has no place for its 1.
    Grid no_place(Shape{3, 3});
    for (int c = 3; c < 9; ++c) no_place.set(c, c - 1);
    no_place.set(9, 1);
    EXPECT_TRUE(encode_sudoku(no_place, AtMostOne::pairwise).contradiction);
}

// The counts of `sat` (both encodings) and dlx agree, to max_solutions 2.
void expect_agrees_with_dlx(const Grid& puzzle, Engine& dlx, std::vector<Engine*> sats,
                            const std::string& what) {
    const Result expected = dlx.solve(puzzle, Limits{});
    ASSERT_TRUE(expected.answered()) << what;
    for (Engine* sat : sats) {
        const Result r = sat->solve(puzzle, Limits{});
        EXPECT_TRUE(r.answered()) << what;
        EXPECT_EQ(r.count, expected.count) << what;
        EXPECT_EQ(r.stop, expected.stop) << what;
        if (r.count > 0) {
            EXPECT_TRUE(solves(puzzle, r.first)) << what;
        }
        if (r.count == 1) {
            EXPECT_EQ(r.first, expected.first) << what;
        }
    }
}

TEST(SatEngine, AgreesWithDlxOnEveryBoxShape) {
    auto dlx = make_engine("dlx");
    auto sat = make_engine("sat");
    auto pairwise = make_engine("sat:amo=pairwise,config=default");
    auto sequential = make_engine("sat:amo=sequential");
    const std::vector<Engine*> sats = {sat.get(), pairwise.get(), sequential.get()};
    std::mt19937_64 rng(23);
    for (Shape shape :
         {Shape{1, 1}, Shape{1, 2}, Shape{2, 1}, Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4},
          Shape{3, 3}, Shape{2, 5}, Shape{3, 4}, Shape{4, 3}, Shape{4, 4}, Shape{3, 6}, Shape{4, 5},
          Shape{5, 4}, Shape{5, 5}, Shape{4, 7}, Shape{5, 6}, Shape{6, 5}, Shape{6, 6}}) {
        ASSERT_TRUE(shape.valid()) << shape.name();
        const Grid solution = random_solution(shape, rng);
        ASSERT_TRUE(is_valid_solution(solution)) << shape.name();
        const int cells = shape.cell_count();
        // Many clues (unique or nearly), fewer (several), and a wrong one (none).
        // Large grids with few clues can be hard for dlx: they get more.
        const bool large = shape.size() >= 25;
        for (int percent : {large ? 80 : 70, large ? 65 : 45}) {
            const Grid puzzle = random_puzzle(solution, cells * percent / 100, rng);
            expect_agrees_with_dlx(puzzle, *dlx, sats,
                                   shape.name() + " " + std::to_string(percent) + "% " +
                                       testing::grid_to_line(puzzle));
        }
        // The empty 36x36 grid takes sat seconds (CaDiCaL needs thousands of conflicts there).
        if (!large || shape.size() == 25) {
            expect_agrees_with_dlx(Grid(shape), *dlx, sats, shape.name() + " empty");
        }
    }
}

// The generator's check: a solution that avoids a removed cell's old digit exists exactly when
// one of the cell's other digits, placed as a given, leaves dlx a solution; a solution found
// is valid, keeps the givens and avoids the digit.
TEST(SatExcluding, AgreesWithDlxOnEveryOtherDigit) {
    auto dlx = make_engine("dlx");
    std::mt19937_64 rng(31);
    int found = 0, proved = 0;
    for (Shape shape : {Shape{3, 3}, Shape{3, 4}, Shape{4, 4}}) {
        const Grid solution = random_solution(shape, rng);
        const int cells = shape.cell_count();
        for (int round = 0; round < 24; ++round) {
            const Grid puzzle =
                random_puzzle(solution, cells * (round % 2 == 0 ? 55 : 40) / 100, rng);
            int cell = static_cast<int>(rng() % cells);
            while (puzzle[cell] != 0) cell = (cell + 1) % cells;
            const detail::Exclusion old_digit[] = {{.cell = cell, .digit = solution[cell]}};
            const Grid* guide = round % 3 == 0 ? nullptr : &solution;
            const Result r = detail::sat_solve_excluding(puzzle, old_digit, guide, Limits{});
            ASSERT_TRUE(r.complete()) << shape.name();
            bool expected = false;
            for (int d = 1; d <= shape.size() && !expected; ++d) {
                if (d == solution[cell]) continue;
                Grid placed = puzzle;
                placed.set(cell, d);
                expected = dlx->solve(placed, Limits{.max_solutions = 1}).count > 0;
            }
            const std::string what = shape.name() + " " + testing::grid_to_line(puzzle);
            ASSERT_EQ(r.count, expected ? 1u : 0u) << what;
            if (r.count == 1) {
                EXPECT_TRUE(is_valid_solution(r.first)) << what;
                EXPECT_NE(r.first[cell], solution[cell]) << what;
                for (int c = 0; c < cells; ++c) {
                    if (puzzle[c] != 0) {
                        EXPECT_EQ(r.first[c], puzzle[c]) << what;
                    }
                }
            }
            (expected ? found : proved) += 1;
        }
    }
    // Both answers are exercised.
    EXPECT_GT(found, 0);
    EXPECT_GT(proved, 0);
}

TEST(SatExcluding, AnExcludedGivenLeavesNoSolution) {
    std::mt19937_64 rng(3);
    const Grid solution = random_solution(Shape{3, 3}, rng);
    Grid puzzle = random_puzzle(solution, 40, rng);
    int given = 0;
    while (puzzle[given] == 0) ++given;
    const detail::Exclusion excluded[] = {{.cell = given, .digit = puzzle[given]}};
    const Result r = detail::sat_solve_excluding(puzzle, excluded, &solution, Limits{});
    EXPECT_TRUE(r.complete());
    EXPECT_EQ(r.count, 0u);
    // An out-of-range digit excludes nothing: the solution is found.
    const detail::Exclusion nothing[] = {{.cell = given, .digit = 10}};
    const Result all = detail::sat_solve_excluding(puzzle, nothing, &solution, Limits{});
    EXPECT_EQ(all.count, 1u);
}

// Every puzzle of a data file: the same count as dlx (and dlx's unique solution).
void expect_file_agrees(const std::string& path, size_t expected_lines) {
    auto dlx = make_engine("dlx");
    auto sat = make_engine("sat");
    auto sequential = make_engine("sat:amo=sequential");
    const std::vector<std::string> lines = testing::read_lines(path);
    EXPECT_EQ(lines.size(), expected_lines);
    for (const std::string& line : lines) {
        const Parsed<Puzzle> parsed = parse_puzzle(line);
        ASSERT_TRUE(parsed.ok()) << line;
        expect_agrees_with_dlx(parsed.value().grid, *dlx, {sat.get(), sequential.get()}, line);
    }
}

TEST(SatEngine, Gecode16x16AgreeWithDlx) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku16_gecode.txt");
    expect_file_agrees(path, 55);
}

TEST(SatEngine, Generated25x25AgreeWithDlx) {
    SUDOKIT_REQUIRE_DATA(gen330, "sudoku25_gen330.txt");
    expect_file_agrees(gen330, 10);
    SUDOKIT_REQUIRE_DATA(gen290, "sudoku25_gen290.txt");
    expect_file_agrees(gen290, 8);
}

TEST(SatEngine, Generated36x36AgreeWithDlx) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku36_gen800.txt");
    expect_file_agrees(path, 3);
}

// Two solutions at least, on each large shape: a unique puzzle's givens blanked until dlx finds
// a second one.
TEST(SatEngine, CountsToTwoOnLargeGridsWithSeveralSolutions) {
    auto dlx = make_engine("dlx");
    auto sat = make_engine("sat");
    std::mt19937_64 rng(2);
    for (Shape shape : {Shape{4, 4}, Shape{5, 5}, Shape{6, 6}}) {
        SCOPED_TRACE(shape.name());
        Grid puzzle = random_solution(shape, rng);
        std::vector<int> cells(puzzle.cell_count());
        for (int i = 0; i < puzzle.cell_count(); ++i) cells[i] = i;
        std::shuffle(cells.begin(), cells.end(), rng);
        size_t next = 0;
        while (dlx->solve(puzzle, Limits{}).count < 2) puzzle.set(cells[next++], 0);
        const Result r = sat->solve(puzzle, Limits{});
        EXPECT_EQ(r.count, 2u);
        EXPECT_EQ(r.stop, Stop::solution_limit);
        EXPECT_TRUE(solves(puzzle, r.first));
        // One solution asked for: one found, and the search stops there.
        const Result one = sat->solve(puzzle, Limits{.max_solutions = 1});
        EXPECT_EQ(one.count, 1u);
        EXPECT_EQ(one.stop, Stop::solution_limit);
        // More asked for: the exact count, as dlx has it.
        Limits many;
        many.max_solutions = 1000;
        const Result all = sat->solve(puzzle, many);
        const Result reference = dlx->solve(puzzle, many);
        EXPECT_EQ(all.count, reference.count);
        EXPECT_EQ(all.stop, reference.stop);
    }
}

TEST(SatEngine, SeveralSolutionsOfThePublic25x25) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku25_fpt09.txt");
    const std::vector<std::string> lines = testing::read_lines(path);
    ASSERT_EQ(lines.size(), 2u);
    auto sat = make_engine("sat");
    for (const std::string& line : lines) {
        const Parsed<Puzzle> parsed = parse_puzzle(line);
        ASSERT_TRUE(parsed.ok());
        const Grid& puzzle = parsed.value().grid;
        const Result r = sat->solve(puzzle, Limits{});
        // README-large.md: the one with 312 clues has several solutions, the other one.
        EXPECT_EQ(r.count, puzzle.given_count() == 312 ? 2u : 1u) << puzzle.given_count();
        EXPECT_TRUE(r.answered());
        EXPECT_TRUE(solves(puzzle, r.first));
    }
}

TEST(SatEngine, LimitsHoldOnLargeGrids) {
    auto sat = make_engine("sat");
    const Grid empty25(Shape{5, 5});
    // Counting the empty grid's solutions: every one after the first costs conflicts.
    Limits many;
    many.max_solutions = 100;
    const Result full = sat->solve(empty25, many);
    ASSERT_EQ(full.count, 100u);
    ASSERT_EQ(full.stop, Stop::solution_limit);
    ASSERT_GT(full.stats.nodes, 20u);
    for (uint64_t budget : {1ull, 5ull, 20ull}) {
        Limits limits = many;
        limits.node_budget = budget;
        const Result r = sat->solve(empty25, limits);
        EXPECT_EQ(r.stop, Stop::node_budget) << budget;
        EXPECT_LE(r.stats.nodes, budget);
        EXPECT_LT(r.count, 100u);
        EXPECT_EQ(r.stats.depth, 0u);
        EXPECT_EQ(r.stats.guesses, r.stats.nodes);
        EXPECT_EQ(r.stats.propagations, 0u);
    }
    // A deadline and the cancel flag stop an endless count on 36x36.
    const Grid empty36(Shape{6, 6});
    Limits endless;
    endless.max_solutions = 4'000'000'000u;
    endless.deadline = Limits::deadline_after(0.2);
    const Result timed = sat->solve(empty36, endless);
    EXPECT_EQ(timed.stop, Stop::time_limit);
    EXPECT_TRUE(solves(empty36, timed.first) || timed.count == 0);
    std::atomic<bool> cancel{true};
    Limits cancelled;
    cancelled.cancel = &cancel;
    const Result stopped = sat->solve(empty36, cancelled);
    EXPECT_EQ(stopped.stop, Stop::cancelled);
    EXPECT_EQ(stopped.count, 0u);
    EXPECT_EQ(stopped.stats.nodes, 0u);
}

}  // namespace
}  // namespace sudokit
