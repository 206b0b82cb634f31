// The tables of one shape for the `large` engine: houses (rows 0..N-1, columns N..2N-1, boxes
// 2N..3N-1) and their cells, each cell's houses and its position in each, and the box-line
// segments that locked candidates read. 16-bit cell indices: 36x36 has 1296 cells.
#pragma once

#include <cstdint>
#include <vector>

#include "sudokit/grid.h"

namespace sudokit::detail {

struct LargeTables {
    Shape shape{0, 0};
    int n = 0;
    int cells = 0;
    int houses = 0;
    std::vector<uint16_t> house_cells;    // houses x n
    std::vector<uint16_t> cell_houses;    // cells x 3: row, column, box
    std::vector<uint8_t> cell_positions;  // cells x 3: the cell's index in each of its houses
    // A segment is the cells a box shares with one row or one column. Segment s of a line
    // lies in box segment_box[s]; the segments of row r are r*box_rows + j (j = box column),
    // those of column c are the next block of n*box_cols, c*box_cols + j (j = box row).
    int segment_size_row = 0;             // box_cols cells
    int segment_size_col = 0;             // box_rows cells
    int row_segments = 0;                 // n * box_rows
    std::vector<uint16_t> segment_cells;  // row segments then column segments, packed
    std::vector<uint32_t> segment_start;  // offset of each segment in segment_cells
    std::vector<uint16_t> segment_line;   // the row or column house of each segment
    std::vector<uint16_t> segment_box;    // the box house of each segment

    void build(Shape s);
};

}  // namespace sudokit::detail
