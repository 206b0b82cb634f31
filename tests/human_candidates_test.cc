// CandidateGrid: candidates from the rules, from pencil marks, the per-house position masks kept
// in step by eliminate/place (checked against a recomputation), contradictions.
#include <gtest/gtest.h>

#include <initializer_list>
#include <random>

#include "sudokit/generate.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

DigitSet digits(std::initializer_list<int> list) {
    DigitSet set;
    for (int d : list) set.add(d);
    return set;
}

// Recomputes every derived table from values and candidates alone.
void expect_consistent(const CandidateGrid& g) {
    const Topology& topo = g.topology();
    int empty_total = 0;
    for (int cell = 0; cell < topo.cell_count(); ++cell) {
        if (g.value(cell) != 0) {
            EXPECT_TRUE(g.candidates(cell).empty()) << "placed cell " << cell;
        } else {
            ++empty_total;
        }
    }
    EXPECT_EQ(g.empty_count(), empty_total);
    EXPECT_EQ(g.solved(), empty_total == 0);
    for (int h = 0; h < topo.house_count(); ++h) {
        auto cells = topo.house(h);
        DigitSet placed;
        int empty = 0;
        for (int i = 0; i < g.size(); ++i) {
            EXPECT_EQ(g.index_in(h, cells[i]), i);
            if (g.value(cells[i]) != 0) {
                placed.add(g.value(cells[i]));
            } else {
                ++empty;
            }
        }
        EXPECT_EQ(g.placed_in(h), placed);
        EXPECT_EQ(g.empty_in(h), empty);
        for (int d = 1; d <= g.size(); ++d) {
            uint64_t expected = 0;
            for (int i = 0; i < g.size(); ++i) {
                if (g.has(cells[i], d)) expected |= uint64_t{1} << i;
            }
            ASSERT_EQ(g.positions(h, d), expected) << "house " << h << " digit " << d;
        }
    }
}

TEST(CandidateGrid, CandidatesFromTheRules) {
    const Grid puzzle = testing::grid_from_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    const CandidateGrid g(puzzle);
    expect_consistent(g);
    EXPECT_EQ(g.values(), puzzle);
    EXPECT_EQ(g.marks(), PencilMarks::from_grid(puzzle));
    EXPECT_EQ(g.value(0), 4);
    // r1c2: row 1 has 4,8,5; column 2 has 3,2; box 1 has 4,3.
    EXPECT_EQ(g.candidates(1), digits({1, 6, 7, 9}));
    EXPECT_FALSE(g.has(1, 4));
    EXPECT_TRUE(g.has(1, 9));
    EXPECT_FALSE(g.contradiction());
}

TEST(CandidateGrid, PlaceAndEliminateKeepTheTablesInStep) {
    for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{3, 3}, Shape{3, 4},
                        Shape{4, 4}, Shape{6, 6}}) {
        SCOPED_TRACE(shape.name());
        std::mt19937_64 rng(shape.size());
        const Grid solution = random_solution(shape, rng);
        CandidateGrid g(random_puzzle(solution, shape.cell_count() / 3, rng));
        expect_consistent(g);
        std::uniform_int_distribution<int> any_cell(0, shape.cell_count() - 1);
        for (int op = 0; op < 3 * shape.size(); ++op) {
            const int cell = any_cell(rng);
            if (g.value(cell) != 0) continue;
            if (op % 3 == 0) {
                g.place(cell, solution[cell]);
                EXPECT_EQ(g.value(cell), solution[cell]);
                for (int peer : g.topology().peers(cell)) EXPECT_FALSE(g.has(peer, solution[cell]));
            } else {
                // Remove a wrong candidate, once: the second time changes nothing.
                for (int d : g.candidates(cell)) {
                    if (d == solution[cell]) continue;
                    EXPECT_TRUE(g.eliminate(cell, d));
                    EXPECT_FALSE(g.eliminate(cell, d));
                    break;
                }
            }
        }
        expect_consistent(g);
        if (::testing::Test::HasFatalFailure()) return;
        EXPECT_FALSE(g.contradiction());
    }
}

TEST(CandidateGrid, FromPencilMarks) {
    Grid values = testing::grid_from_line("1...............");  // 4x4
    PencilMarks marks(values.shape());
    marks.cells[5] = digits({2, 3});   // r2c2
    marks.cells[15] = digits({1, 4});  // r4c4 does not see r1c1: keeps 1
    marks.cells[1] = digits({1, 2});   // r1c2 sees r1c1 = 1: loses it
    const CandidateGrid g(values, marks);
    expect_consistent(g);
    EXPECT_EQ(g.value(0), 1);
    EXPECT_EQ(g.candidates(1), digits({2}));
    EXPECT_EQ(g.candidates(5), digits({2, 3}));
    EXPECT_EQ(g.candidates(15), digits({1, 4}));
    // Other cells keep every mark, less 1 where they see r1c1.
    EXPECT_EQ(g.candidates(4), digits({2, 3, 4}));
    EXPECT_EQ(g.candidates(10), digits({1, 2, 3, 4}));

    // From marks alone, a lone mark is a placed value.
    PencilMarks only = g.marks();
    const CandidateGrid h = CandidateGrid::from_marks(only);
    EXPECT_EQ(h.value(1), 2);
    EXPECT_EQ(h.value(0), 1);
    EXPECT_FALSE(h.has(5, 2));  // r2c2 sees r1c2 = 2
    expect_consistent(h);
}

TEST(CandidateGrid, Contradictions) {
    {
        Grid values = testing::grid_from_line("12..............");
        PencilMarks marks(values.shape());
        marks.cells[2] = DigitSet();  // r1c3 has no candidate
        const auto c = CandidateGrid(values, marks).contradiction();
        ASSERT_TRUE(c);
        EXPECT_EQ(c->kind, Contradiction::Kind::no_candidates);
        EXPECT_EQ(c->cell, 2);
    }
    {
        Grid values = testing::grid_from_line("12..............");
        PencilMarks marks(values.shape());
        marks.cells[2] = digits({3});  // r1c3
        marks.cells[3] = digits({3});  // r1c4: no place left for 4 in row 1
        const auto c = CandidateGrid(values, marks).contradiction();
        ASSERT_TRUE(c);
        EXPECT_EQ(c->kind, Contradiction::Kind::no_place);
        EXPECT_EQ(c->house, 0);
        EXPECT_EQ(c->digit, 4);
    }
    {
        const auto c = CandidateGrid(testing::grid_from_line("1..1............")).contradiction();
        ASSERT_TRUE(c);
        EXPECT_EQ(c->kind, Contradiction::Kind::duplicate);
        EXPECT_EQ(c->digit, 1);
    }
}

}  // namespace
}  // namespace sudokit
