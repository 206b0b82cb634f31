// Topology: the house and peer tables of a shape, built once per shape and shared.
#include <algorithm>
#include <array>
#include <memory>
#include <mutex>

#include "sudokit/grid.h"

namespace sudokit {

Topology::Topology(Shape shape) : shape_(shape), n_(shape.size()) {
    const int n = n_;
    const int cells = n * n;
    box_of_.resize(cells);
    house_cells_.resize(static_cast<size_t>(3) * n * n);
    cell_houses_.resize(static_cast<size_t>(3) * cells);
    const int boxes_per_band = n / shape.box_cols;  // boxes side by side in one band
    std::vector<int> fill(3 * n, 0);
    for (int cell = 0; cell < cells; ++cell) {
        int row = cell / n, col = cell % n;
        int box = (row / shape.box_rows) * boxes_per_band + col / shape.box_cols;
        box_of_[cell] = box;
        const int hs[3] = {row, n + col, 2 * n + box};
        for (int k = 0; k < 3; ++k) {
            cell_houses_[3 * cell + k] = hs[k];
            house_cells_[static_cast<size_t>(hs[k]) * n + fill[hs[k]]++] = cell;
        }
    }
    // Peers: union of the three houses minus the cell itself.
    peer_count_ = 2 * (n - 1) + (n - shape.box_rows - shape.box_cols + 1);
    peers_.reserve(static_cast<size_t>(cells) * peer_count_);
    std::vector<int> list;
    for (int cell = 0; cell < cells; ++cell) {
        list.clear();
        for (int h : houses_of(cell)) {
            for (int other : house(h)) {
                if (other != cell) list.push_back(other);
            }
        }
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
        peers_.insert(peers_.end(), list.begin(), list.end());
    }
}

std::string Topology::cell_name(int cell) const {
    // Built by appending: GCC 12 at -O3 warns (-Wrestrict, a false positive) on "r" + to_string.
    std::string name = "r";
    name += std::to_string(row_of(cell) + 1);
    name += 'c';
    name += std::to_string(col_of(cell) + 1);
    return name;
}

std::string Topology::house_name(int h) const {
    if (h < n_) return "row " + std::to_string(h + 1);
    if (h < 2 * n_) return "column " + std::to_string(h - n_ + 1);
    return "box " + std::to_string(h - 2 * n_ + 1);
}

const Topology& topology(Shape shape) {
    // One slot per (box_rows, box_cols); built under a lock on first use, never freed.
    static std::array<std::unique_ptr<const Topology>, (kMaxSize + 1) * (kMaxSize + 1)> cache;
    static std::array<std::once_flag, (kMaxSize + 1) * (kMaxSize + 1)> once;
    const int slot = shape.box_rows * (kMaxSize + 1) + shape.box_cols;
    std::call_once(once[slot], [&] { cache[slot] = std::make_unique<const Topology>(shape); });
    return *cache[slot];
}

}  // namespace sudokit
