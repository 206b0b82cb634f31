// Sudoku Explainer's direct techniques (docs/se-rating.md 2.2, 2.3): a locked digit (pointing,
// claiming) or a hidden pair/triple whose eliminations would leave a digit one place in a house.
// The step places that digit and nothing else: the eliminations that justify it are not applied
// (SE applies only the placement, which changes later positions, so the se order copies it).
// They stand in the se order only, between the singles, as SE tries them.
#include <array>
#include <bit>

#include "human/techniques.h"
#include "human/techniques/scan_order.h"
#include "human/techniques/subsets_walk.h"

namespace sudokit {

namespace {

// House kinds by the first house id of each (Topology: rows, then columns, then boxes).
enum Kind : int { kRow = 0, kColumn = 1, kBox = 2 };

int house_id(const Topology& topo, Kind kind, int index) { return kind * topo.size() + index; }

// The house of a kind that holds a cell.
int house_of(const Topology& topo, Kind kind, int cell) {
    switch (kind) {
        case kRow:
            return topo.row_house(topo.row_of(cell));
        case kColumn:
            return topo.col_house(topo.col_of(cell));
        case kBox:
            break;
    }
    return topo.box_house(topo.box_of(cell));
}

// Bit i set when the i-th cell of house `h` lies in house `other` (over h's indices).
uint64_t inside(const Topology& topo, int h, Kind other_kind, int other) {
    uint64_t mask = 0;
    auto cells = topo.house(h);
    for (size_t i = 0; i < cells.size(); ++i) {
        if (house_of(topo, other_kind, cells[i]) == other) mask |= uint64_t{1} << i;
    }
    return mask;
}

// The indices of the houses of a kind that cross house `h`, as a bit mask (ascending order).
uint64_t crossing(const Topology& topo, int h, Kind kind) {
    uint64_t mask = 0;
    const int first = house_id(topo, kind, 0);
    for (int cell : topo.house(h)) mask |= uint64_t{1} << (house_of(topo, kind, cell) - first);
    return mask;
}

// Locked candidates read as SE's direct mode: for each (base kind, cover kind) pair, base house,
// crossing cover house and digit, in that order, a digit whose places (two or more) in the base
// all lie in the cover; then each other house of the base's kind crossing the cover, ascending,
// where the digit has two places or more and exactly one outside the cover: the digit goes
// there. The first such (pattern, house) is SE's hint.
void find_direct_locked(const CandidateGrid& grid, StepSink& sink, Technique technique,
                        const Kind (&pairs)[2][2]) {
    const Topology& topo = grid.topology();
    const int n = grid.size();
    const DigitSet all = DigitSet::all(n);
    for (const auto& [kind1, kind2] : pairs) {
        for (int i1 = 0; i1 < n; ++i1) {
            const int base = house_id(topo, kind1, i1);
            const DigitSet open = all.without(grid.placed_in(base));
            if (open.empty()) continue;
            for (uint64_t covers = crossing(topo, base, kind2); covers != 0; covers &= covers - 1) {
                const int cover = house_id(topo, kind2, std::countr_zero(covers));
                const uint64_t in_cover = inside(topo, base, kind2, cover);
                for (int d : open) {
                    const uint64_t pos = grid.positions(base, d);
                    if (!detail::two_or_more(pos) || (pos & ~in_cover) != 0) continue;
                    uint64_t others = crossing(topo, cover, kind1);
                    others &= ~(uint64_t{1} << i1);
                    for (; others != 0; others &= others - 1) {
                        const int house = house_id(topo, kind1, std::countr_zero(others));
                        const uint64_t there = grid.positions(house, d);
                        if (!detail::two_or_more(there)) continue;
                        const uint64_t outside = there & ~inside(topo, house, kind2, cover);
                        if (!detail::one_bit(outside)) continue;
                        const int cell = topo.house(house)[std::countr_zero(outside)];
                        Step& step = sink.start(technique);
                        step.placements.push_back({cell, d});
                        if (sink.explain()) {
                            StepExplanation& why = step.explanation;
                            why.digits = DigitSet::single(d);
                            why.houses.push_back({base, Role::base});
                            why.houses.push_back({cover, Role::cover});
                            for (uint64_t p = pos; p != 0; p &= p - 1) {
                                const int c = topo.house(base)[std::countr_zero(p)];
                                why.cells.push_back({c, Role::base});
                                why.candidates.push_back({{c, d}, Role::base});
                            }
                            why.cells.push_back({cell, Role::on});
                            why.candidates.push_back({{cell, d}, Role::on});
                        }
                        if (!sink.add(step)) return;
                    }
                }
            }
        }
    }
}

// Hidden sets of k read as SE's direct mode: houses boxes, columns, rows, each with more than k
// empty cells; digit sets in colex order whose places (two or more each) fill exactly k cells;
// then the digits outside the set, ascending, with two places or more in the house of which
// exactly one lies outside the set's cells: the digit goes there (the first such digit only).
void find_direct_hidden(const CandidateGrid& grid, StepSink& sink, int k, Technique technique) {
    const DigitSet all = DigitSet::all(grid.size());
    detail::for_each_hidden_set(grid, k, [&](int h, DigitSet digits, uint64_t where) {
        const auto cells = grid.topology().house(h);
        for (int w : all.without(grid.placed_in(h)).without(digits)) {
            const uint64_t pos = grid.positions(h, w);
            if (!detail::two_or_more(pos) || !detail::one_bit(pos & ~where)) continue;
            const int cell = cells[std::countr_zero(pos & ~where)];
            Step& step = sink.start(technique);
            step.placements.push_back({cell, w});
            if (sink.explain()) {
                StepExplanation& why = step.explanation;
                detail::explain_hidden_set(grid, h, digits, where, why);
                why.digits.add(w);
                why.cells.push_back({cell, Role::on});
                why.candidates.push_back({{cell, w}, Role::on});
            }
            return sink.add(step);
        }
        return true;
    });
}

}  // namespace

// SE's pair order: box against columns, then against rows; columns, then rows, against boxes.
void find_direct_pointing(const CandidateGrid& g, StepSink& s) {
    const Kind pairs[2][2] = {{kBox, kColumn}, {kBox, kRow}};
    find_direct_locked(g, s, Technique::direct_pointing, pairs);
}
void find_direct_claiming(const CandidateGrid& g, StepSink& s) {
    const Kind pairs[2][2] = {{kColumn, kBox}, {kRow, kBox}};
    find_direct_locked(g, s, Technique::direct_claiming, pairs);
}
void find_direct_hidden_pair(const CandidateGrid& g, StepSink& s) {
    find_direct_hidden(g, s, 2, Technique::direct_hidden_pair);
}
void find_direct_hidden_triple(const CandidateGrid& g, StepSink& s) {
    find_direct_hidden(g, s, 3, Technique::direct_hidden_triple);
}

}  // namespace sudokit

namespace sudokit {

namespace {

// The placed candidate of a direct step.
const Candidate& placed(const Step& step) { return step.placements.front(); }

// The house of the same kind as `like` that holds `cell`: where the placed digit is left alone.
int same_kind_house(const Topology& topo, int like, int cell) {
    const int n = topo.size();
    return like < n       ? topo.row_house(topo.row_of(cell))
           : like < 2 * n ? topo.col_house(topo.col_of(cell))
                          : topo.box_house(topo.box_of(cell));
}

}  // namespace

// "Direct Pointing: 8 in box 2 is locked in row 2 (r2c5,r2c6), so box 1 has 8 only in r1c3 =>
// r1c3=8".
std::string render_direct_locked(const Step& step, const StepWriter& w) {
    const Candidate& c = placed(step);
    const int base = StepWriter::house_with_role(step, Role::base);
    return StepWriter::name(step) + ": " + w.digit(c.digit) + " in " + w.house(base) +
           " is locked in " + w.house(StepWriter::house_with_role(step, Role::cover)) + " (" +
           w.cells(step, Role::base) + "), so " +
           w.house(same_kind_house(w.topology(), base, c.cell)) + " has " + w.digit(c.digit) +
           " only in " + w.cell(c.cell) + " => " + w.effect(step);
}

// "Direct Hidden Pair {5,7} in r1c6,r2c6 (box 2), so box 2 has 6 only in r1c4 => r1c4=6".
std::string render_direct_hidden(const Step& step, const StepWriter& w) {
    const Candidate& c = placed(step);
    const std::string house = w.house(StepWriter::house_with_role(step, Role::base));
    DigitSet set = step.explanation.digits;
    set.remove(c.digit);
    return StepWriter::name(step) + " {" + w.digits(set) + "} in " + w.cells(step, Role::base) +
           " (" + house + "), so " + house + " has " + w.digit(c.digit) + " only in " +
           w.cell(c.cell) + " => " + w.effect(step);
}

}  // namespace sudokit
