// Intersections (locked candidates): pointing - a digit's places in a box all lie in one row or
// column, so the rest of that line loses it; claiming - a digit's places in a row or column all
// lie in one box, so the rest of that box loses it.
#include <bit>

#include "human/techniques.h"
#include "human/techniques/scan_order.h"

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

// Hands over the step of digit d locked in the intersection of `base` and `cover`: the base's
// places of d are the pattern, the cover's places outside the base (elim, over cover indices) are
// removed.
bool add_locked(const CandidateGrid& grid, StepSink& sink, Technique technique, int base, int cover,
                int d, uint64_t elim) {
    const Topology& topo = grid.topology();
    Step& step = sink.start(technique);
    for (; elim != 0; elim &= elim - 1) {
        step.eliminations.push_back({topo.house(cover)[std::countr_zero(elim)], d});
    }
    if (sink.explain()) {
        StepExplanation& why = step.explanation;
        why.digits = DigitSet::single(d);
        why.houses.push_back({base, Role::base});
        why.houses.push_back({cover, Role::cover});
        for (uint64_t pos = grid.positions(base, d); pos != 0; pos &= pos - 1) {
            int cell = topo.house(base)[std::countr_zero(pos)];
            why.cells.push_back({cell, Role::base});
            why.candidates.push_back({{cell, d}, Role::base});
        }
    }
    return sink.add(step);
}

}  // namespace

// Loops run as Sudoku Explainer's do (box against columns, then box against rows; a crossing
// line, then the digits), so the first step found is the one SE finds first.
void find_pointing(const CandidateGrid& grid, StepSink& sink) {
    const Topology& topo = grid.topology();
    const Masks m = masks_of(grid);
    const DigitSet all = DigitSet::all(m.n);
    for (const bool along_columns : {true, false}) {
        for (int b = 0; b < m.n; ++b) {
            const int box = topo.box_house(b);
            const int r0 = m.first_row(b), c0 = m.first_col(b);
            const DigitSet open = all.without(grid.placed_in(box));
            for (int k = 0; k < (along_columns ? m.bc : m.br); ++k) {
                const uint64_t inside = along_columns ? m.box_col(k) : m.box_row(k);
                const int line = along_columns ? topo.col_house(c0 + k) : topo.row_house(r0 + k);
                // The line's cells inside the box, over the line's indices.
                const uint64_t crossing =
                    along_columns ? Masks::range(r0, m.br) : Masks::range(c0, m.bc);
                for (int d : open) {
                    const uint64_t pos = grid.positions(box, d);
                    if (!detail::two_or_more(pos) || (pos & ~inside) != 0) continue;
                    const uint64_t elim = grid.positions(line, d) & ~crossing;
                    if (elim != 0 &&
                        !add_locked(grid, sink, Technique::pointing, box, line, d, elim)) {
                        return;
                    }
                }
            }
        }
    }
}

void find_claiming(const CandidateGrid& grid, StepSink& sink) {
    const Topology& topo = grid.topology();
    const Masks m = masks_of(grid);
    const DigitSet all = DigitSet::all(m.n);
    for (const bool columns : {true, false}) {
        for (int index = 0; index < m.n; ++index) {
            const int line = columns ? topo.col_house(index) : topo.row_house(index);
            // Along a column the places are rows, grouped by bands of br; along a row they are
            // columns, grouped by stacks of bc. Each group is the line's crossing with one box.
            const int group = columns ? m.br : m.bc;
            const DigitSet open = all.without(grid.placed_in(line));
            for (int part = 0; part < m.n / group; ++part) {
                const int b = columns ? part * m.boxes_per_band + index / m.bc
                                      : (index / m.br) * m.boxes_per_band + part;
                const int box = topo.box_house(b);
                const uint64_t inside = columns ? m.box_col(index % m.bc) : m.box_row(index % m.br);
                for (int d : open) {
                    const uint64_t pos = grid.positions(line, d);
                    if (!detail::two_or_more(pos) ||
                        (pos & ~Masks::range(part * group, group)) != 0) {
                        continue;
                    }
                    const uint64_t elim = grid.positions(box, d) & ~inside;
                    if (elim != 0 &&
                        !add_locked(grid, sink, Technique::claiming, line, box, d, elim)) {
                        return;
                    }
                }
            }
        }
    }
}

}  // namespace sudokit

namespace sudokit {

// "Pointing: 5 in box 5 is locked in column 6 (r4c6,r5c6) => r3c6<>5".
std::string render_locked(const Step& step, const StepWriter& w) {
    return StepWriter::name(step) + ": " + w.digits(step.explanation.digits) + " in " +
           w.house(StepWriter::house_with_role(step, Role::base)) + " is locked in " +
           w.house(StepWriter::house_with_role(step, Role::cover)) + " (" + w.cells(step) +
           ") => " + w.effect(step);
}

}  // namespace sudokit
