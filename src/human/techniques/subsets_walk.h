// The subset walk shared by the subset finders (subsets.cc) and the direct hidden sets
// (direct.cc): k-subsets in Sudoku Explainer's colex order, pruned by the size of their union,
// and the hidden sets of a position found with it.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "human/techniques/scan_order.h"
#include "sudokit/human.h"

namespace sudokit::detail {

inline constexpr int kMaxSubset = 4;

// Walks the k-subsets (k <= kMaxSubset) of `items` in colex order - the order of their bit masks
// over the item indices: (0,1), (0,2), (1,2), (0,3), ... - skipping every subset whose union has
// more than k elements. `unite(item)` is the set an item brings (a DigitSet's bits or a position
// mask); `found(chosen, union)` gets the chosen items in ascending order and their union once k
// are chosen with a union of at most k elements, and returns false to stop the walk. Returns
// false when stopped.
template <class Unite, class Found>
bool walk_subsets_colex(const int* items, int count, int k, Unite&& unite, Found&& found) {
    std::array<int, kMaxSubset> chosen{};
    // Chooses the largest of the `left` items still to choose, below index `below`, ascending;
    // then the rest below it, so subsets come by their largest index, then the next largest.
    auto rec = [&](auto&& self, int left, int below, uint64_t acc) -> bool {
        if (left == 0) return found(chosen.data(), acc);
        for (int i = left - 1; i < below; ++i) {
            const uint64_t next = acc | unite(items[i]);
            if (std::popcount(next) > k) continue;
            chosen[left - 1] = items[i];
            if (!self(self, left - 1, i, next)) return false;
        }
        return true;
    };
    return rec(rec, k, count, 0);
}

// Calls found(house, digits, where) for each hidden set of k digits: in the houses with more than
// k empty cells (boxes, columns, rows), k digits with 2 to k places each whose places together
// are exactly k cells (`where`, over the house's indices); digit sets in colex order. Stops, and
// returns false, when found does.
template <class Found>
bool for_each_hidden_set(const CandidateGrid& grid, int k, Found&& found) {
    const Topology& topo = grid.topology();
    const DigitSet all = DigitSet::all(grid.size());
    std::array<int, kMaxSize> items{};
    return for_each_house(topo, kBoxes | kLines, -1, [&](int h) {
        if (grid.empty_in(h) <= k) return true;
        int count = 0;
        for (int d : all.without(grid.placed_in(h))) {
            if (two_to(grid.positions(h, d), k)) items[count++] = d;
        }
        if (count < k) return true;
        return walk_subsets_colex(
            items.data(), count, k, [&](int d) { return grid.positions(h, d); },
            [&](const int* chosen, uint64_t where) {
                if (std::popcount(where) != k) return true;
                DigitSet digits;
                for (int j = 0; j < k; ++j) digits.add(chosen[j]);
                return found(h, digits, where);
            });
    });
}

// The explanation of a hidden set: the house, its cells and the set's candidates in them (base).
inline void explain_hidden_set(const CandidateGrid& grid, int house, DigitSet digits,
                               uint64_t where, StepExplanation& why) {
    const auto cells = grid.topology().house(house);
    why.digits = digits;
    why.houses.push_back({house, Role::base});
    for (uint64_t w = where; w != 0; w &= w - 1) {
        const int cell = cells[std::countr_zero(w)];
        why.cells.push_back({cell, Role::base});
        for (int d : grid.candidates(cell) & digits)
            why.candidates.push_back({{cell, d}, Role::base});
    }
}

}  // namespace sudokit::detail
