// Helpers of the uniqueness family (unique_loops.cc, bug.cc): Sudoku Explainer's colex walk
// over k-subsets (docs/se-rating.md 0.2, 0.3) for the naked and hidden sets of type 3, and the
// order in which SE lists the cells a cell sees.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "sudokit/human.h"

namespace sudokit::detail {

// Visits the k-subsets of items[0..count) in colex order (by the largest item, then the next
// largest, ...; SE's Gosper order), pruned where the union of the items chosen so far has more
// than `most` bits: pruning drops only subsets that would fail, so the order of the others is
// unchanged. unite(item) is the bit set an item brings; found(chosen, union) gets the k items
// (ascending) and returns false to stop the walk. Returns false when stopped.
template <class Unite, class Found>
bool colex_subsets(const int* items, int count, int k, uint64_t start, int most, Unite&& unite,
                   Found&& found) {
    std::array<int, kMaxSize> chosen{};
    auto rec = [&](auto&& self, int slot, int limit, uint64_t acc) -> bool {
        if (slot < 0) return found(chosen.data(), acc);
        for (int i = slot; i < limit; ++i) {
            const uint64_t next = acc | unite(items[i]);
            if (std::popcount(next) > most) continue;
            chosen[slot] = items[i];
            if (!self(self, slot - 1, i, next)) return false;
        }
        return true;
    };
    if (k <= 0 || k > count || k > kMaxSize) return k == 0 ? found(chosen.data(), start) : true;
    return rec(rec, k - 1, count, start);
}

// The cells a cell sees in Sudoku Explainer's order: its box (row-major), then its row's other
// cells left to right, then its column's other cells top to bottom; the cell itself left out.
// Writes them to out (room for 3N cells) and returns how many.
inline int se_house_cells(const Topology& topo, int cell, int* out) {
    const int row = topo.row_of(cell), col = topo.col_of(cell), box = topo.box_of(cell);
    int count = 0;
    for (int c : topo.house(topo.box_house(box))) {
        if (c != cell) out[count++] = c;
    }
    for (int c : topo.house(topo.row_house(row))) {
        if (topo.box_of(c) != box) out[count++] = c;
    }
    for (int c : topo.house(topo.col_house(col))) {
        if (topo.box_of(c) != box) out[count++] = c;
    }
    return count;
}

// "pair", "triple", "quad", then "set of N".
inline std::string set_name(int size) {
    switch (size) {
        case 2:
            return "pair";
        case 3:
            return "triple";
        case 4:
            return "quad";
        default:
            return "set of " + std::to_string(size);
    }
}

}  // namespace sudokit::detail
