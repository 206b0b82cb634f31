// The house cells of a cell (its peers) in Sudoku Explainer's order (docs/se-rating.md 0.2):
// the box's cells in box order, then the row's other cells left to right, then the column's
// other cells top to bottom, the cell itself left out. Wings and aligned exclusions scan them so.
#pragma once

#include "sudokit/human.h"

namespace sudokit::detail {

// The most house cells a cell has on any shape (3 houses of at most kMaxSize cells).
inline constexpr int kMaxHouseCells = 3 * kMaxSize;

// Writes the house cells of `cell` to out (room for kMaxHouseCells) and returns their count.
inline int house_cells(const Topology& topo, int cell, int* out) {
    const int box = topo.box_of(cell);
    int count = 0;
    for (int c : topo.house(topo.box_house(box))) {
        if (c != cell) out[count++] = c;
    }
    for (int c : topo.house(topo.row_house(topo.row_of(cell)))) {
        if (topo.box_of(c) != box) out[count++] = c;
    }
    for (int c : topo.house(topo.col_house(topo.col_of(cell)))) {
        if (topo.box_of(c) != box) out[count++] = c;
    }
    return count;
}

}  // namespace sudokit::detail
