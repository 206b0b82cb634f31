// Validity-preserving grid transformations (the bench lab's defence against engines that profit
// from a file's orientation): digits, rows within bands, columns within stacks, bands, stacks and
// transposition. Each maps valid grids to valid grids, so solution counts are kept.
#include <algorithm>
#include <numeric>

#include "sudokit/bench.h"

namespace sudokit {

namespace {

// A permutation of 0..group_count*group_size-1 that moves whole groups and lines within them.
std::vector<int> grouped_permutation(int group_count, int group_size, std::mt19937_64& rng) {
    std::vector<int> groups(group_count);
    std::iota(groups.begin(), groups.end(), 0);
    std::shuffle(groups.begin(), groups.end(), rng);
    std::vector<int> map;
    map.reserve(static_cast<size_t>(group_count) * group_size);
    std::vector<int> within(group_size);
    for (int g : groups) {
        std::iota(within.begin(), within.end(), 0);
        std::shuffle(within.begin(), within.end(), rng);
        for (int w : within) map.push_back(g * group_size + w);
    }
    return map;
}

// The source cell (in the untransformed grid) of cell (r, c) of the result.
int source_cell(const GridTransform& t, int r, int c) {
    const int n = t.shape.size();
    const int sr = t.row_map[r];
    const int sc = t.col_map[c];
    return t.transpose ? sc * n + sr : sr * n + sc;
}

}  // namespace

GridTransform GridTransform::identity(Shape shape) {
    GridTransform t;
    t.shape = shape;
    const int n = shape.size();
    t.digit_map.resize(n + 1);
    std::iota(t.digit_map.begin(), t.digit_map.end(), 0);
    t.row_map.resize(n);
    std::iota(t.row_map.begin(), t.row_map.end(), 0);
    t.col_map = t.row_map;
    return t;
}

GridTransform GridTransform::random(Shape shape, std::mt19937_64& rng) {
    GridTransform t = identity(shape);
    std::shuffle(t.digit_map.begin() + 1, t.digit_map.end(), rng);
    // Rows: box_cols bands of box_rows rows each; columns: box_rows stacks of box_cols columns.
    t.row_map = grouped_permutation(shape.box_cols, shape.box_rows, rng);
    t.col_map = grouped_permutation(shape.box_rows, shape.box_cols, rng);
    // Transposing swaps the box sides, so it keeps the shape only for square boxes.
    t.transpose = shape.box_rows == shape.box_cols && (rng() & 1) != 0;
    return t;
}

Grid GridTransform::apply(const Grid& grid) const {
    const int n = shape.size();
    Grid out(shape);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) out.set(r * n + c, digit_map[grid[source_cell(*this, r, c)]]);
    return out;
}

Grid GridTransform::invert(const Grid& grid) const {
    const int n = shape.size();
    std::vector<int> inverse_digit(digit_map.size());
    for (size_t d = 0; d < digit_map.size(); ++d) inverse_digit[digit_map[d]] = static_cast<int>(d);
    Grid out(shape);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            out.set(source_cell(*this, r, c), inverse_digit[grid[r * n + c]]);
    return out;
}

}  // namespace sudokit
