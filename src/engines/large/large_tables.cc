#include "engines/large/large_tables.h"

namespace sudokit::detail {

void LargeTables::build(Shape s) {
    shape = s;
    n = s.size();
    cells = n * n;
    houses = 3 * n;
    const int br = s.box_rows, bc = s.box_cols;
    auto box_of = [&](int r, int c) { return (r / br) * br + c / bc; };
    house_cells.assign(static_cast<size_t>(houses) * n, 0);
    cell_houses.assign(static_cast<size_t>(cells) * 3, 0);
    std::vector<int> filled(houses, 0);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const int cell = r * n + c;
            const int hs[3] = {r, n + c, 2 * n + box_of(r, c)};
            for (int k = 0; k < 3; ++k) {
                cell_houses[3 * cell + k] = static_cast<uint16_t>(hs[k]);
                house_cells[static_cast<size_t>(hs[k]) * n + filled[hs[k]]++] =
                    static_cast<uint16_t>(cell);
            }
        }
    }
    peer_count = 2 * (n - 1) + (n - br - bc + 1);
    peers.assign(static_cast<size_t>(cells) * peer_count, 0);
    std::vector<int> seen(cells, -1);
    for (int cell = 0; cell < cells; ++cell) {
        int k = 0;
        seen[cell] = cell;
        for (int j = 0; j < 3; ++j) {
            const int h = cell_houses[3 * cell + j];
            for (int i = 0; i < n; ++i) {
                const int p = house_cells[static_cast<size_t>(h) * n + i];
                if (seen[p] == cell) continue;
                seen[p] = cell;
                peers[static_cast<size_t>(cell) * peer_count + k++] = static_cast<uint16_t>(p);
            }
        }
    }
    segment_size_row = bc;
    segment_size_col = br;
    row_segments = n * br;
    segment_cells.clear();
    segment_start.clear();
    segment_line.clear();
    segment_box.clear();
    for (int r = 0; r < n; ++r) {
        for (int j = 0; j < br; ++j) {
            segment_start.push_back(static_cast<uint32_t>(segment_cells.size()));
            segment_line.push_back(static_cast<uint16_t>(r));
            segment_box.push_back(static_cast<uint16_t>(2 * n + box_of(r, j * bc)));
            for (int c = j * bc; c < (j + 1) * bc; ++c)
                segment_cells.push_back(static_cast<uint16_t>(r * n + c));
        }
    }
    for (int c = 0; c < n; ++c) {
        for (int j = 0; j < bc; ++j) {
            segment_start.push_back(static_cast<uint32_t>(segment_cells.size()));
            segment_line.push_back(static_cast<uint16_t>(n + c));
            segment_box.push_back(static_cast<uint16_t>(2 * n + box_of(j * br, c)));
            for (int r = j * br; r < (j + 1) * br; ++r)
                segment_cells.push_back(static_cast<uint16_t>(r * n + c));
        }
    }
    segment_start.push_back(static_cast<uint32_t>(segment_cells.size()));
}

}  // namespace sudokit::detail
