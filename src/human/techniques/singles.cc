// Singles: full house (the last empty cell of a house), hidden single (a digit with one place in
// a box, or in a row/column) and naked single (a cell with one candidate).
#include <bit>

#include "human/techniques.h"
#include "human/techniques/scan_order.h"

namespace sudokit {

namespace {

bool add_single(StepSink& sink, Technique technique, int house, int cell, int digit) {
    Step& step = sink.start(technique);
    step.placements.push_back({cell, digit});
    if (sink.explain()) {
        StepExplanation& why = step.explanation;
        why.digits = DigitSet::single(digit);
        if (house >= 0) why.houses.push_back({house, Role::base});
        why.cells.push_back({cell, Role::base});
        why.candidates.push_back({{cell, digit}, Role::base});
    }
    return sink.add(step);
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
            if (!add_single(sink, technique, h, cell, d)) return false;
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
        return add_single(sink, Technique::full_house, h, cell, d);
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
        return add_single(sink, Technique::naked_single, -1, cell, digit);
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

namespace sudokit {

// "Full House: r3c5=7 (row 3)", "Hidden Single: r3c5=7 (box 2)", "Naked Single: r3c5=7".
std::string render_single(const Step& step, const StepWriter& w) {
    const int base = StepWriter::house_with_role(step, Role::base);
    switch (step.technique) {
        case Technique::full_house:
            return "Full House: " + w.effect(step) + " (" + w.house(base) + ")";
        case Technique::naked_single:
            return "Naked Single: " + w.effect(step);
        default:
            return "Hidden Single: " + w.effect(step) + " (" + w.house(base) + ")";
    }
}

}  // namespace sudokit
