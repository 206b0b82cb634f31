// Core types: shapes, house/peer tables for every shape, digit sets, rule checks.
#include <gtest/gtest.h>

#include <set>

#include "sudokit/grid.h"
#include "test_support.h"

namespace sudokit {
namespace {

TEST(Shape, DefaultShapesForEverySupportedSize) {
    EXPECT_EQ(Shape::for_size(4), (Shape{2, 2}));
    EXPECT_EQ(Shape::for_size(6), (Shape{2, 3}));
    EXPECT_EQ(Shape::for_size(9), (Shape{3, 3}));
    EXPECT_EQ(Shape::for_size(12), (Shape{3, 4}));
    EXPECT_EQ(Shape::for_size(16), (Shape{4, 4}));
    EXPECT_EQ(Shape::for_size(25), (Shape{5, 5}));
    EXPECT_EQ(Shape::for_size(36), (Shape{6, 6}));
    EXPECT_FALSE(Shape::for_size(10));
    EXPECT_EQ(Shape::for_cell_count(81), (Shape{3, 3}));
    EXPECT_EQ(Shape::for_cell_count(1296), (Shape{6, 6}));
    EXPECT_FALSE(Shape::for_cell_count(80));
}

TEST(Shape, ParsesSizeOption) {
    EXPECT_EQ(Shape::parse("3x3"), (Shape{3, 3}));
    EXPECT_EQ(Shape::parse("3x2"), (Shape{3, 2}));
    EXPECT_EQ(Shape::parse("6X6"), (Shape{6, 6}));
    EXPECT_FALSE(Shape::parse("7x6"));  // N = 42 > 36
    EXPECT_FALSE(Shape::parse("3"));
    EXPECT_FALSE(Shape::parse("x3"));
    EXPECT_FALSE(Shape::parse("3x"));
    EXPECT_FALSE(Shape::parse("0x9"));
    EXPECT_FALSE(Shape::parse("3x3x"));
    EXPECT_EQ((Shape{3, 4}).name(), "3x4");
}

class TopologyForShape : public ::testing::TestWithParam<Shape> {};

TEST_P(TopologyForShape, TableSizesAndInvariants) {
    const Shape shape = GetParam();
    const Topology& t = topology(shape);
    const int n = shape.size();
    ASSERT_EQ(t.cell_count(), n * n);
    ASSERT_EQ(t.house_count(), 3 * n);
    const int expected_peers = 2 * (n - 1) + (n - shape.box_rows - shape.box_cols + 1);
    for (int cell = 0; cell < t.cell_count(); ++cell) {
        EXPECT_EQ(t.peers(cell).size(), static_cast<size_t>(expected_peers));
        std::set<int> peers(t.peers(cell).begin(), t.peers(cell).end());
        EXPECT_EQ(peers.size(), static_cast<size_t>(expected_peers));
        EXPECT_FALSE(peers.count(cell));
        auto hs = t.houses_of(cell);
        EXPECT_EQ(hs[0], t.row_of(cell));
        EXPECT_EQ(hs[1], n + t.col_of(cell));
        EXPECT_EQ(hs[2], 2 * n + t.box_of(cell));
        for (int h : hs) {
            auto cells = t.house(h);
            EXPECT_NE(std::find(cells.begin(), cells.end(), cell), cells.end());
        }
    }
    // Every house holds N distinct cells, and every cell is in exactly three houses.
    std::vector<int> membership(t.cell_count(), 0);
    for (int h = 0; h < t.house_count(); ++h) {
        std::set<int> cells(t.house(h).begin(), t.house(h).end());
        EXPECT_EQ(cells.size(), static_cast<size_t>(n));
        for (int c : cells) ++membership[c];
    }
    for (int m : membership) EXPECT_EQ(m, 3);
    // A box spans box_rows rows and box_cols columns.
    for (int b = 0; b < n; ++b) {
        std::set<int> rows, cols;
        for (int c : t.house(t.box_house(b))) {
            rows.insert(t.row_of(c));
            cols.insert(t.col_of(c));
        }
        EXPECT_EQ(rows.size(), static_cast<size_t>(shape.box_rows));
        EXPECT_EQ(cols.size(), static_cast<size_t>(shape.box_cols));
    }
}

INSTANTIATE_TEST_SUITE_P(AllShapes, TopologyForShape,
                         ::testing::Values(Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{3, 3},
                                           Shape{3, 4}, Shape{4, 3}, Shape{4, 4}, Shape{5, 5},
                                           Shape{6, 6}),
                         [](const auto& info) {
                             return std::to_string(info.param.box_rows) + "x" +
                                    std::to_string(info.param.box_cols);
                         });

TEST(Topology, NineByNineNumbers) {
    const Topology& t = topology(Shape{3, 3});
    EXPECT_EQ(t.cell_count(), 81);
    EXPECT_EQ(t.house_count(), 27);
    EXPECT_EQ(t.houses_of(0).size(), 3u);
    EXPECT_EQ(t.peer_count(), 20);
    EXPECT_EQ(t.box_of(t.cell_at(4, 7)), 5);
    EXPECT_EQ(t.cell_name(t.cell_at(3, 1)), "r4c2");
    EXPECT_EQ(t.house_name(0), "row 1");
    EXPECT_EQ(t.house_name(9 + 2), "column 3");
    EXPECT_EQ(t.house_name(18 + 8), "box 9");
}

TEST(DigitSet, Operations) {
    DigitSet s;
    EXPECT_TRUE(s.empty());
    s.add(3);
    s.add(7);
    s.add(36);
    EXPECT_EQ(s.size(), 3);
    EXPECT_TRUE(s.contains(36));
    EXPECT_FALSE(s.contains(4));
    EXPECT_EQ(s.lowest(), 3);
    std::vector<int> digits(s.begin(), s.end());
    EXPECT_EQ(digits, (std::vector<int>{3, 7, 36}));
    s.remove(3);
    EXPECT_EQ(s.lowest(), 7);
    EXPECT_EQ(DigitSet::all(9).size(), 9);
    EXPECT_EQ(DigitSet::all(36).size(), 36);
    EXPECT_EQ((DigitSet::all(9).without(DigitSet::single(5))).size(), 8);
}

TEST(Rules, FindsConflictAndValidatesSolutions) {
    using testing::grid_from_line;
    Grid g = grid_from_line(
        "7...7............................................................................");
    auto conflict = find_conflict(g);
    ASSERT_TRUE(conflict);
    EXPECT_EQ(conflict->cell_a, 0);
    EXPECT_EQ(conflict->cell_b, 4);
    EXPECT_EQ(conflict->digit, 7);
    EXPECT_EQ(conflict->house, 0);

    const std::string solution =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    Grid s = grid_from_line(solution);
    EXPECT_TRUE(is_valid_solution(s));
    Grid puzzle = grid_from_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    EXPECT_TRUE(solves(puzzle, s));
    Grid wrong = s;
    wrong.set(0, 1);
    EXPECT_FALSE(is_valid_solution(wrong));
    EXPECT_FALSE(solves(puzzle, wrong));
}

TEST(PencilMarks, FromGridRemovesPeerDigits) {
    Grid g = testing::grid_from_line("1...............");
    PencilMarks m = PencilMarks::from_grid(g);
    EXPECT_EQ(m.cells[0], DigitSet::single(1));
    EXPECT_FALSE(m.cells[1].contains(1));  // same row
    EXPECT_FALSE(m.cells[5].contains(1));  // same box
    EXPECT_TRUE(m.cells[15].contains(1));  // r4c4: no shared house
    EXPECT_EQ(m.solved_cells()[0], 1);
}

}  // namespace
}  // namespace sudokit
