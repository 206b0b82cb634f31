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

// Calls visit(house) for the houses in [first, last): the focus cell's houses among them first,
// then the others in id order. Stops when visit returns false; returns false then.
template <class Visit>
bool for_each_house(const Topology& topo, int first, int last, int focus, Visit&& visit) {
    int focused[3] = {-1, -1, -1};
    if (focus >= 0) {
        int k = 0;
        for (int h : topo.houses_of(focus)) {
            if (h >= first && h < last) focused[k++] = h;
        }
    }
    for (int h : focused) {
        if (h >= 0 && !visit(h)) return false;
    }
    for (int h = first; h < last; ++h) {
        if (h != focused[0] && h != focused[1] && h != focused[2] && !visit(h)) return false;
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
