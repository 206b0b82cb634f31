// The `large` engine: counts that agree with `dlx` on 16x16, 25x25 and 36x36 puzzles cut from
// random solutions (unique, several, none), every option set on the fixtures, the forecast that
// gives up a budgeted search early, and the minimal 25x25 puzzles of shared/data proved unique
// within a node budget; the board's place masks checked against its cells.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <string>

#include "engines/large/large_board.h"
#include "engines/large/large_tables.h"
#include "sudokit/engine.h"
#include "sudokit/generate.h"
#include "test_support.h"

namespace sudokit {
namespace {

using testing::count_to;

// Counts to `limit` with `large` and `dlx`; both must finish or reach the limit, and agree.
uint32_t expect_agrees_with_dlx(Engine& large, Engine& dlx, const Grid& puzzle, uint32_t limit) {
    const Result mine = large.solve(puzzle, count_to(limit));
    const Result theirs = dlx.solve(puzzle, count_to(limit));
    EXPECT_TRUE(mine.answered()) << stop_name(mine.stop);
    EXPECT_TRUE(theirs.answered()) << stop_name(theirs.stop);
    EXPECT_EQ(mine.count, theirs.count) << testing::grid_to_line(puzzle);
    if (mine.count == 1 && theirs.count == 1) {
        EXPECT_EQ(mine.first, theirs.first);
    }
    return mine.count;
}

TEST(LargeEngine, AgreesWithDlxOnPuzzlesCutFromRandomSolutions) {
    struct Plan {
        Shape shape;
        int puzzles, min_clues, max_clues;
    };
    // Dense enough for dlx to count them quickly; the lower ends leave several solutions.
    const Plan plans[] = {
        {Shape{4, 4}, 40, 110, 180}, {Shape{5, 5}, 8, 330, 450}, {Shape{6, 6}, 2, 800, 1000}};
    auto large = make_engine("large");
    auto dlx = make_engine("dlx");
    std::mt19937_64 rng(2025);
    for (const Plan& plan : plans) {
        SCOPED_TRACE("shape " + plan.shape.name());
        int unique = 0, several = 0;
        for (int i = 0; i < plan.puzzles; ++i) {
            const Grid solution = random_solution(plan.shape, rng);
            const int clues =
                std::uniform_int_distribution<int>(plan.min_clues, plan.max_clues)(rng);
            const Grid puzzle = random_puzzle(solution, clues, rng);
            const uint32_t count = expect_agrees_with_dlx(*large, *dlx, puzzle, 3);
            ASSERT_GE(count, 1u);
            (count == 1 ? unique : several) += 1;
        }
        if (plan.puzzles >= 8) {
            EXPECT_GT(unique, 0);
            EXPECT_GT(several, 0);
        }
    }
}

TEST(LargeEngine, AgreesWithDlxOnUnusualShapes) {
    // Boxes that are lines or flat, sides that are not squares, both mask widths (35 digits
    // takes the 64-bit board).
    auto large = make_engine("large");
    auto dlx = make_engine("dlx");
    std::mt19937_64 rng(11);
    for (Shape shape : {Shape{1, 1}, Shape{1, 4}, Shape{4, 1}, Shape{2, 5}, Shape{5, 4},
                        Shape{6, 5}, Shape{5, 7}, Shape{1, 6}}) {
        SCOPED_TRACE(shape.name());
        for (int i = 0; i < 4; ++i) {
            const Grid solution = random_solution(shape, rng);
            const int cells = shape.cell_count();
            const int clues = std::uniform_int_distribution<int>(cells * 3 / 5, cells * 4 / 5)(rng);
            ASSERT_GE(expect_agrees_with_dlx(*large, *dlx, random_puzzle(solution, clues, rng), 3),
                      1u);
        }
    }
}

TEST(LargeEngine, FindsNoSolutionWhereTheGivensForbidOne) {
    auto large = make_engine("large");
    auto dlx = make_engine("dlx");
    // A dense puzzle with one given changed to a digit none of its peers holds: no given
    // conflicts, and the count (often 0) must be dlx's.
    std::mt19937_64 rng(7);
    int none = 0;
    for (Shape shape : {Shape{4, 4}, Shape{5, 5}, Shape{6, 6}}) {
        SCOPED_TRACE(shape.name());
        const Topology& topo = topology(shape);
        for (int i = 0; i < 4; ++i) {
            const Grid solution = random_solution(shape, rng);
            Grid puzzle = random_puzzle(solution, shape.cell_count() * 3 / 4, rng);
            bool changed = false;
            for (int cell = 0; cell < puzzle.cell_count() && !changed; ++cell) {
                if (puzzle[cell] == 0) continue;
                for (int d = 1; d <= shape.size() && !changed; ++d) {
                    bool seen = d == solution[cell];
                    for (int p : topo.peers(cell)) seen |= puzzle[p] == d;
                    if (!seen) {
                        puzzle.set(cell, d);
                        changed = true;
                    }
                }
            }
            ASSERT_TRUE(changed);
            none += expect_agrees_with_dlx(*large, *dlx, puzzle, 2) == 0;
        }
    }
    EXPECT_GT(none, 0);
    // Row 0 holds 1..14; cell (0,14) sees 15 and 16 in its column: no candidate left.
    Grid dead(Shape{4, 4});
    for (int c = 0; c < 14; ++c) dead.set(c, c + 1);
    dead.set(16 + 14, 15);
    dead.set(32 + 14, 16);
    const Result r = large->solve(dead, count_to(2));
    EXPECT_TRUE(r.complete());
    EXPECT_EQ(r.count, 0u);
    EXPECT_EQ(r.stats.nodes, 0u);
}

TEST(LargeEngine, EveryOptionSetAgreesOnTheFixtures) {
    // Each option changes only how much is inferred per node, never the answer.
    const char* const specs[] = {"large:probe=off",
                                 "large:merge=off",
                                 "large:locked=off",
                                 "large:width=3",
                                 "large:passes=1",
                                 "large:passes=2",
                                 "large:probe=off,locked=off",
                                 "large:matching=on",
                                 "large:matching=on,probe=off",
                                 "large:matching=on,width=3"};
    auto reference = make_engine("dlx");
    std::mt19937_64 rng(99);
    for (const char* spec : specs) {
        SCOPED_TRACE(spec);
        auto engine = make_engine(spec);
        ASSERT_NE(engine, nullptr);
        for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 3}, Shape{3, 4}, Shape{4, 4}}) {
            for (int i = 0; i < 10; ++i) {
                const Grid solution = random_solution(shape, rng);
                const int cells = shape.cell_count();
                const int clues = std::uniform_int_distribution<int>(cells / 4, cells / 2)(rng);
                expect_agrees_with_dlx(*engine, *reference, random_puzzle(solution, clues, rng), 3);
            }
        }
    }
}

TEST(LargeEngine, MatchingAgreesWithDlxOnBothMaskWidths) {
    // The all-different filter removes candidates on no perfect matching of a house; a wrong
    // removal loses solutions, which dlx's counts catch. 35 digits take the 64-bit board.
    auto engine = make_engine("large:matching=on");
    auto dlx = make_engine("dlx");
    std::mt19937_64 rng(31);
    for (Shape shape : {Shape{4, 4}, Shape{5, 5}, Shape{5, 7}, Shape{6, 6}}) {
        SCOPED_TRACE(shape.name());
        const int cells = shape.cell_count();
        for (int i = 0; i < 4; ++i) {
            const Grid solution = random_solution(shape, rng);
            const int clues = std::uniform_int_distribution<int>(cells * 3 / 5, cells * 3 / 4)(rng);
            expect_agrees_with_dlx(*engine, *dlx, random_puzzle(solution, clues, rng), 3);
        }
    }
}

TEST(LargeEngine, MatchingFindsNakedAndHiddenSubsets) {
    // 9x9 boards set by hand: row 0's cells 0-2 hold only {1,2,3} (a naked triple), so the
    // rest of the row loses 1, 2 and 3; in row 1, digits 4, 5 and 6 fit only cells 9-11 (a
    // hidden triple), so those cells lose every other digit. Singles and locked candidates
    // see neither.
    detail::LargeTables t;
    t.build(Shape{3, 3});
    detail::LargeBoard<uint32_t> board;
    board.reset(t);
    std::vector<uint32_t> s(board.stride());
    board.clear(s.data());
    const auto digits = [](std::initializer_list<int> ds) {
        uint32_t m = 0;
        for (int d : ds) m |= 1u << (d - 1);
        return m;
    };
    for (int c : {0, 1, 2}) ASSERT_TRUE(board.eliminate(s.data(), c, ~digits({1, 2, 3}) & 511));
    for (int c = 12; c < 18; ++c) ASSERT_TRUE(board.eliminate(s.data(), c, digits({4, 5, 6})));
    // Without matching nothing moves (each digit still has several places in every house).
    std::vector<uint32_t> plain = s;
    ASSERT_TRUE(board.propagate(plain.data(), /*locked=*/true, /*matching=*/false));
    for (int c = 3; c < 9; ++c) EXPECT_EQ(plain[c], 511u) << c;
    ASSERT_TRUE(board.propagate(s.data(), true, true));
    for (int c = 3; c < 9; ++c) EXPECT_EQ(s[c], digits({4, 5, 6, 7, 8, 9})) << c;
    for (int c = 9; c < 12; ++c) EXPECT_EQ(s[c] & ~digits({1, 2, 3}), digits({4, 5, 6})) << c;
}

// The board's place masks (per house and digit, the house's cells that still hold the digit)
// must follow every elimination: placements and hidden singles read them instead of the cells.
// A digit placed in a house is the exception: its places there are read no more, and keep the
// placed cell and any cells that lost the digit through the placement.
template <class Mask>
void expect_place_masks_match_cells(Shape shape, uint64_t seed) {
    SCOPED_TRACE(shape.name() + " seed " + std::to_string(seed));
    detail::LargeTables t;
    t.build(shape);
    detail::LargeBoard<Mask> board;
    board.reset(t);
    std::mt19937_64 rng(seed);
    const Grid solution = random_solution(shape, rng);
    ASSERT_TRUE(solution.is_complete());
    ASSERT_TRUE(is_valid_solution(solution));
    const auto check = [&](const std::vector<Mask>& s) {
        const Mask* places = board.places(s.data());
        const Mask* done = s.data() + t.cells;
        for (int h = 0; h < t.houses; ++h) {
            for (int d = 0; d < t.n; ++d) {
                Mask expected = 0;
                for (int i = 0; i < t.n; ++i) {
                    if ((s[t.house_cells[static_cast<size_t>(h) * t.n + i]] >> d) & 1)
                        expected |= static_cast<Mask>(Mask{1} << i);
                }
                if ((done[h] >> d) & 1) {
                    EXPECT_EQ(places[h * t.n + d] & expected, expected)
                        << "house " << h << " digit " << d + 1 << " (placed)";
                    continue;
                }
                ASSERT_EQ(places[h * t.n + d], expected) << "house " << h << " digit " << d + 1;
                EXPECT_EQ(board.place_count(s.data(), h, d), std::popcount(expected));
            }
        }
    };
    std::vector<Mask> s(board.stride());
    board.clear(s.data());
    check(s);
    // A third of the solution as givens, then every candidate tried on a copy.
    for (int c = 0; c < t.cells; ++c) {
        if (rng() % 3 != 0) continue;
        ASSERT_TRUE(board.assign(s.data(), c, static_cast<Mask>(Mask{1} << (solution[c] - 1))));
    }
    ASSERT_TRUE(board.propagate(s.data(), /*locked=*/true));
    check(s);
    int tried = 0;
    for (int c = 0; c < t.cells && tried < 30; ++c) {
        for (int d = 0; d < t.n; ++d) {
            if (((s[c] >> d) & 1) == 0 || s[c] == static_cast<Mask>(Mask{1} << d)) continue;
            std::vector<Mask> copy = s;
            if (board.assign(copy.data(), c, static_cast<Mask>(Mask{1} << d)) &&
                board.propagate(copy.data(), rng() % 2 == 0)) {
                check(copy);
                ++tried;
            }
        }
    }
    EXPECT_GT(tried, 0);
}

TEST(LargeEngine, PlaceMasksFollowEveryElimination) {
    for (uint64_t seed : {1, 2, 3}) {
        expect_place_masks_match_cells<uint32_t>(Shape{3, 3}, seed);
        expect_place_masks_match_cells<uint32_t>(Shape{4, 4}, seed);
        expect_place_masks_match_cells<uint32_t>(Shape{5, 5}, seed);
        expect_place_masks_match_cells<uint32_t>(Shape{3, 4}, seed);
        expect_place_masks_match_cells<uint64_t>(Shape{6, 6}, seed);
    }
}

TEST(LargeEngine, ForecastGivesUpAtAFifthOfTheBudgetOrChangesNothing) {
    // Under a node budget, `forecast=on` either stops once a fifth of it is spent (the search's
    // estimated size was over 8 times the budget) or searches exactly as without it; with no
    // budget it changes nothing.
    auto plain = make_engine("large");
    auto forecast = make_engine("large:forecast=on");
    ASSERT_NE(forecast, nullptr);
    std::mt19937_64 rng(21);
    int gave_up = 0, same = 0;
    for (int i = 0; i < 16; ++i) {
        const int clues = std::uniform_int_distribution<int>(280, 360)(rng);
        const Grid puzzle = random_puzzle(random_solution(Shape{5, 5}, rng), clues, rng);
        SCOPED_TRACE(testing::grid_to_line(puzzle));
        Limits budget = count_to(2);
        budget.node_budget = 50;
        const Result a = plain->solve(puzzle, budget);
        const Result b = forecast->solve(puzzle, budget);
        if (b.stop == Stop::node_budget && b.stats.nodes == 10 && a.stats.nodes > 10) {
            ++gave_up;
            EXPECT_LE(b.count, a.count);
        } else {
            ++same;
            EXPECT_EQ(b.stop, a.stop) << stop_name(b.stop);
            EXPECT_EQ(b.count, a.count);
            EXPECT_EQ(b.stats.nodes, a.stats.nodes);
        }
        const Result whole_a = plain->solve(puzzle, count_to(2));
        const Result whole_b = forecast->solve(puzzle, count_to(2));
        EXPECT_EQ(whole_b.count, whole_a.count);
        EXPECT_EQ(whole_b.stats.nodes, whole_a.stats.nodes);
    }
    EXPECT_GT(gave_up, 0);
    EXPECT_GT(same, 0);
}

TEST(LargeEngine, ProvesMinimal25x25PuzzlesUniqueWithinANodeBudget) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku25_gecode.txt");
    const auto lines = testing::read_lines(path, 16);
    ASSERT_EQ(lines.size(), 16u);
    auto engine = make_engine("large");
    // Lines 2, 3, 6 and 7 of Frisch's minimal puzzles: under 5000 nodes each.
    for (int line : {2, 3, 6, 7}) {
        SCOPED_TRACE("line " + std::to_string(line));
        Limits limits = count_to(2);
        limits.node_budget = 20'000;
        const Result r = engine->solve(testing::grid_from_line(lines[line - 1]), limits);
        ASSERT_EQ(r.stop, Stop::finished) << stop_name(r.stop);
        EXPECT_EQ(r.count, 1u);
        EXPECT_TRUE(r.first.is_complete());
    }
}

}  // namespace
}  // namespace sudokit
