// Scan orders shared by the finders: houses and cells, optionally starting around a focus cell
// (the last placement, SearchMode::focus) without visiting anything twice.
#pragma once

#include "sudokit/human.h"

namespace sudokit::detail {

// True when two cells share a row, column or box.
inline bool sees(const Topology& topo, int a, int b) {
    return topo.row_of(a) == topo.row_of(b) || topo.col_of(a) == topo.col_of(b) ||
           topo.box_of(a) == topo.box_of(b);
}

// Kinds of houses, visited in Sudoku Explainer's order: boxes, then columns, then rows (so the
// first step found tends to be the one SE names).
enum HouseKinds : int { kBoxes = 1, kColumns = 2, kRows = 4, kLines = kColumns | kRows };

// Calls visit(house) for the houses of the given kinds (boxes, columns, rows; each in index
// order), the focus cell's houses first. Stops when visit returns false, and returns false then.
template <class Visit>
bool for_each_house(const Topology& topo, int kinds, int focus, Visit&& visit) {
    const int n = topo.size();
    const int firsts[3] = {2 * n, n, 0};  // box, column, row house ids start here
    const int masks[3] = {kBoxes, kColumns, kRows};
    int focused[3] = {-1, -1, -1};
    if (focus >= 0) {
        const int own[3] = {topo.box_house(topo.box_of(focus)), topo.col_house(topo.col_of(focus)),
                            topo.row_house(topo.row_of(focus))};
        for (int k = 0; k < 3; ++k) {
            if (kinds & masks[k]) focused[k] = own[k];
        }
    }
    for (int h : focused) {
        if (h >= 0 && !visit(h)) return false;
    }
    for (int k = 0; k < 3; ++k) {
        if (!(kinds & masks[k])) continue;
        for (int h = firsts[k]; h < firsts[k] + n; ++h) {
            if (h != focused[k] && !visit(h)) return false;
        }
    }
    return true;
}

// Calls visit(cell) for every cell: the focus cell's peers first, then the others in order.
template <class Visit>
bool for_each_cell(const Topology& topo, int focus, Visit&& visit) {
    if (focus >= 0) {
        for (int peer : topo.peers(focus)) {
            if (!visit(peer)) return false;
        }
    }
    for (int cell = 0; cell < topo.cell_count(); ++cell) {
        if (focus >= 0 && cell != focus && sees(topo, cell, focus)) continue;
        if (!visit(cell)) return false;
    }
    return true;
}

}  // namespace sudokit::detail
