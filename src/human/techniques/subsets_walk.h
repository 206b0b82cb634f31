// The subset walk shared by the subset finders (subsets.cc) and the direct hidden sets
// (direct.cc): k-subsets in Sudoku Explainer's colex order, pruned by the size of their union.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

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

}  // namespace sudokit::detail
