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
    cell_positions.assign(static_cast<size_t>(cells) * 3, 0);
    std::vector<int> filled(houses, 0);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const int cell = r * n + c;
            const int hs[3] = {r, n + c, 2 * n + box_of(r, c)};
            for (int k = 0; k < 3; ++k) {
                cell_houses[3 * cell + k] = static_cast<uint16_t>(hs[k]);
                cell_positions[3 * cell + k] = static_cast<uint8_t>(filled[hs[k]]);
                house_cells[static_cast<size_t>(hs[k]) * n + filled[hs[k]]++] =
                    static_cast<uint16_t>(cell);
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
