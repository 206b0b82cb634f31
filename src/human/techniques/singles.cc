// Singles: full house (the last empty cell of a house), hidden single (a digit with one place in
// a box, or in a row/column) and naked single (a cell with one candidate).
#include <bit>

#include "human/techniques.h"
#include "human/techniques/scan_order.h"

namespace sudokit {

namespace {

Step single_step(Technique technique, int house, int cell, int digit) {
    Step step;
    step.technique = technique;
    step.digits = DigitSet::single(digit);
    step.placements.push_back({cell, digit});
    if (house >= 0) step.houses.push_back({house, Role::base});
    step.cells.push_back({cell, Role::base});
    step.candidates.push_back({{cell, digit}, Role::base});
    return step;
}

// Hidden singles in the houses of some kinds; full house cases are left to find_full_house.
void find_hidden_singles(const CandidateGrid& grid, StepSink& sink, Technique technique,
                         int kinds) {
    const Topology& topo = grid.topology();
    const DigitSet all = DigitSet::all(grid.size());
    detail::for_each_house(topo, kinds, sink.focus(), [&](int h) {
        if (grid.empty_in(h) < 2) return true;
        for (int d : all.without(grid.placed_in(h))) {
            uint64_t pos = grid.positions(h, d);
            if (!detail::one_bit(pos)) continue;
            int cell = topo.house(h)[std::countr_zero(pos)];
            if (!sink.add(single_step(technique, h, cell, d))) return false;
        }
        return true;
    });
}

}  // namespace

void find_full_house(const CandidateGrid& grid, StepSink& sink) {
    const Topology& topo = grid.topology();
    const DigitSet all = DigitSet::all(grid.size());
    detail::for_each_house(topo, detail::kBoxes | detail::kLines, sink.focus(), [&](int h) {
        if (grid.empty_in(h) != 1) return true;
        DigitSet missing = all.without(grid.placed_in(h));
        if (!detail::one_bit(missing.bits())) return true;
        const int d = missing.lowest();
        uint64_t pos = grid.positions(h, d);
        if (pos == 0) return true;  // a contradiction, not a full house
        int cell = topo.house(h)[std::countr_zero(pos)];
        return sink.add(single_step(Technique::full_house, h, cell, d));
    });
}

void find_hidden_single_box(const CandidateGrid& grid, StepSink& sink) {
    find_hidden_singles(grid, sink, Technique::hidden_single_box, detail::kBoxes);
}

void find_hidden_single_line(const CandidateGrid& grid, StepSink& sink) {
    find_hidden_singles(grid, sink, Technique::hidden_single_line, detail::kLines);
}

// Reads the grid's set of single-candidate cells instead of testing every cell.
void find_naked_single(const CandidateGrid& grid, StepSink& sink) {
    const Topology& topo = grid.topology();
    const auto singles = grid.single_cells();
    const int focus = sink.focus();
    auto is_single = [&](int cell) { return (singles[cell / 64] >> (cell % 64)) & 1; };
    auto visit = [&](int cell) {
        const int digit = grid.candidates(cell).lowest();
        return sink.add(single_step(Technique::naked_single, -1, cell, digit));
    };
    if (focus >= 0) {
        for (int peer : topo.peers(focus)) {
            if (is_single(peer) && !visit(peer)) return;
        }
    }
    for (size_t w = 0; w < singles.size(); ++w) {
        for (uint64_t bits = singles[w]; bits != 0; bits &= bits - 1) {
            const int cell = static_cast<int>(w * 64) + std::countr_zero(bits);
            if (focus >= 0 && cell != focus && detail::sees(topo, cell, focus)) continue;
            if (!visit(cell)) return;
        }
    }
}

}  // namespace sudokit
