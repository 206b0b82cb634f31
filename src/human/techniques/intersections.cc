// Intersections (locked candidates): pointing - a digit's places in a box all lie in one row or
// column, so the rest of that line loses it; claiming - a digit's places in a row or column all
// lie in one box, so the rest of that box loses it.
#include <bit>

#include "human/techniques.h"

namespace sudokit {

namespace {

// Bit masks over the index of a house (CandidateGrid::positions).
struct Masks {
    int n, br, bc, boxes_per_band;
    // Line indices [start, start + len): the cells of a line inside one box.
    static uint64_t range(int start, int len) { return ((uint64_t{1} << len) - 1) << start; }
    // Box indices of box-row k (cells k*bc .. k*bc+bc-1).
    uint64_t box_row(int k) const { return range(k * bc, bc); }
    // Box indices of box-column k (cells k, k+bc, k+2bc, ...).
    uint64_t box_col(int k) const {
        uint64_t m = 0;
        for (int i = 0; i < br; ++i) m |= uint64_t{1} << (i * bc + k);
        return m;
    }
    int first_row(int box) const { return (box / boxes_per_band) * br; }
    int first_col(int box) const { return (box % boxes_per_band) * bc; }
};

Masks masks_of(const CandidateGrid& grid) {
    Shape s = grid.shape();
    return Masks{s.size(), s.box_rows, s.box_cols, s.size() / s.box_cols};
}

// The step of digit d locked in the intersection of `base` and `cover`: the base's places of d
// are the pattern, the cover's places outside the base (elim, over cover indices) are removed.
Step locked_step(const CandidateGrid& grid, Technique technique, int base, int cover, int d,
                 uint64_t elim) {
    const Topology& topo = grid.topology();
    Step step;
    step.technique = technique;
    step.digits = DigitSet::single(d);
    step.houses.push_back({base, Role::base});
    step.houses.push_back({cover, Role::cover});
    for (uint64_t pos = grid.positions(base, d); pos != 0; pos &= pos - 1) {
        int cell = topo.house(base)[std::countr_zero(pos)];
        step.cells.push_back({cell, Role::base});
        step.candidates.push_back({{cell, d}, Role::base});
    }
    for (; elim != 0; elim &= elim - 1) {
        step.eliminations.push_back({topo.house(cover)[std::countr_zero(elim)], d});
    }
    return step;
}

}  // namespace

void find_pointing(const CandidateGrid& grid, StepSink& sink) {
    const Topology& topo = grid.topology();
    const Masks m = masks_of(grid);
    const DigitSet all = DigitSet::all(m.n);
    for (int b = 0; b < m.n; ++b) {
        const int box = topo.box_house(b);
        const int r0 = m.first_row(b), c0 = m.first_col(b);
        for (int d : all.without(grid.placed_in(box))) {
            const uint64_t pos = grid.positions(box, d);
            if (std::popcount(pos) < 2) continue;
            const int first = std::countr_zero(pos);
            const int k_row = first / m.bc, k_col = first % m.bc;
            if ((pos & ~m.box_row(k_row)) == 0) {
                const int line = topo.row_house(r0 + k_row);
                uint64_t elim = grid.positions(line, d) & ~Masks::range(c0, m.bc);
                if (elim != 0 &&
                    !sink.add(locked_step(grid, Technique::pointing, box, line, d, elim))) {
                    return;
                }
            }
            if ((pos & ~m.box_col(k_col)) == 0) {
                const int line = topo.col_house(c0 + k_col);
                uint64_t elim = grid.positions(line, d) & ~Masks::range(r0, m.br);
                if (elim != 0 &&
                    !sink.add(locked_step(grid, Technique::pointing, box, line, d, elim))) {
                    return;
                }
            }
        }
    }
}

void find_claiming(const CandidateGrid& grid, StepSink& sink) {
    const Topology& topo = grid.topology();
    const Masks m = masks_of(grid);
    const DigitSet all = DigitSet::all(m.n);
    for (int line = 0; line < 2 * m.n; ++line) {
        const bool is_row = line < m.n;
        const int index = is_row ? line : line - m.n;  // row or column number
        // Along a row the places are columns, grouped by stacks of bc; along a column they are
        // rows, grouped by bands of br.
        const int group = is_row ? m.bc : m.br;
        for (int d : all.without(grid.placed_in(line))) {
            const uint64_t pos = grid.positions(line, d);
            if (std::popcount(pos) < 2) continue;
            const int part = std::countr_zero(pos) / group;
            if ((pos & ~Masks::range(part * group, group)) != 0) continue;
            const int b = is_row ? (index / m.br) * m.boxes_per_band + part
                                 : part * m.boxes_per_band + index / m.bc;
            const int box = topo.box_house(b);
            const uint64_t inside = is_row ? m.box_row(index % m.br) : m.box_col(index % m.bc);
            const uint64_t elim = grid.positions(box, d) & ~inside;
            if (elim != 0 &&
                !sink.add(locked_step(grid, Technique::claiming, line, box, d, elim))) {
                return;
            }
        }
    }
}

}  // namespace sudokit
