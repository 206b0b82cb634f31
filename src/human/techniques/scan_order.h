// Helpers shared by the finders: the scan order of houses, optionally starting around a
// focus cell (the last placement, SearchMode::focus) without visiting anything twice, and cheap
// bit-count tests (std::popcount is a library call on baseline x86-64, and these run per cell).
#pragma once

#include <cstdint>

#include "sudokit/human.h"

namespace sudokit::detail {

// Exactly one bit set.
constexpr bool one_bit(uint64_t x) { return x != 0 && (x & (x - 1)) == 0; }
// Two bits or more.
constexpr bool two_or_more(uint64_t x) { return (x & (x - 1)) != 0; }
// Between 2 and k bits.
constexpr bool two_to(uint64_t x, int k) {
    if (!two_or_more(x)) return false;
    for (int i = 0; i < k && x != 0; ++i) x &= x - 1;
    return x == 0;
}

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

}  // namespace sudokit::detail
