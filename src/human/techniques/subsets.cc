// Subsets: naked pair/triple/quad - k cells of a house whose candidates together are k digits,
// which then leave the house's other cells; hidden pair/triple/quad - k digits of a house that
// fit in only k cells, which then lose every other candidate (thesis section 2.2, SE I2-I13).
// Houses are scanned boxes, columns, rows and subsets taken in colex order, as SE does.
//
// Which houses are searched differs from SE on purpose: SE looks for a naked set of k only in
// houses with at least 2k empty cells and for a hidden set only in houses with more than 2k, so
// that of a set and its complement (a naked set of k among e empty cells is the hidden set of
// e-k in the other cells, with the same eliminations) only the smaller is reported. Here any
// house with more than k empty cells is searched. In SE's order that never changes the step
// found: where a set outside SE's houses exists, its complement is a set no larger (or a single)
// that an earlier producer of the order finds first, so this finder is not reached. Other
// orders keep finding what they found: the thesis's order has no hidden triple to find the
// complement of a naked quad among seven empty cells, and a 6x6 house has no quad at all by
// SE's rule.
#include <array>
#include <bit>

#include "human/techniques.h"
#include "human/techniques/scan_order.h"
#include "human/techniques/subsets_walk.h"

namespace sudokit {

namespace {

void find_naked(const CandidateGrid& grid, StepSink& sink, int k, Technique technique) {
    const Topology& topo = grid.topology();
    const int n = grid.size();
    std::array<int, kMaxSize> items{};
    detail::for_each_house(topo, detail::kBoxes | detail::kLines, -1, [&](int h) {
        auto cells = topo.house(h);
        int count = 0;
        for (int cell : cells) {
            if (grid.value(cell) == 0 && detail::two_to(grid.candidates(cell).bits(), k)) {
                items[count++] = cell;
            }
        }
        if (count < k || grid.empty_in(h) <= k) return true;
        return detail::walk_subsets_colex(
            items.data(), count, k, [&](int cell) { return grid.candidates(cell).bits(); },
            [&](const int* chosen, uint64_t bits) {
                if (std::popcount(bits) != k) return true;
                const DigitSet digits(bits);
                Step& step = sink.start(technique);
                for (int i = 0; i < n; ++i) {
                    const int cell = cells[i];
                    bool in_set = false;
                    for (int j = 0; j < k; ++j) in_set |= chosen[j] == cell;
                    if (in_set) continue;
                    for (int d : grid.candidates(cell) & digits)
                        step.eliminations.push_back({cell, d});
                }
                if (step.eliminations.empty()) return true;
                if (sink.explain()) {
                    StepExplanation& why = step.explanation;
                    why.digits = digits;
                    why.houses.push_back({h, Role::base});
                    for (int j = 0; j < k; ++j) {
                        why.cells.push_back({chosen[j], Role::base});
                        for (int d : grid.candidates(chosen[j])) {
                            why.candidates.push_back({{chosen[j], d}, Role::base});
                        }
                    }
                }
                return sink.add(step);
            });
    });
}

void find_hidden(const CandidateGrid& grid, StepSink& sink, int k, Technique technique) {
    detail::for_each_hidden_set(grid, k, [&](int h, DigitSet digits, uint64_t where) {
        const auto cells = grid.topology().house(h);
        Step& step = sink.start(technique);
        for (uint64_t w = where; w != 0; w &= w - 1) {
            const int cell = cells[std::countr_zero(w)];
            for (int d : grid.candidates(cell).without(digits))
                step.eliminations.push_back({cell, d});
        }
        if (step.eliminations.empty()) return true;
        if (sink.explain()) detail::explain_hidden_set(grid, h, digits, where, step.explanation);
        return sink.add(step);
    });
}

}  // namespace

void find_naked_pair(const CandidateGrid& g, StepSink& s) {
    find_naked(g, s, 2, Technique::naked_pair);
}
void find_naked_triple(const CandidateGrid& g, StepSink& s) {
    find_naked(g, s, 3, Technique::naked_triple);
}
void find_naked_quad(const CandidateGrid& g, StepSink& s) {
    find_naked(g, s, 4, Technique::naked_quad);
}
void find_hidden_pair(const CandidateGrid& g, StepSink& s) {
    find_hidden(g, s, 2, Technique::hidden_pair);
}
void find_hidden_triple(const CandidateGrid& g, StepSink& s) {
    find_hidden(g, s, 3, Technique::hidden_triple);
}
void find_hidden_quad(const CandidateGrid& g, StepSink& s) {
    find_hidden(g, s, 4, Technique::hidden_quad);
}

}  // namespace sudokit

namespace sudokit {

// "Naked Pair {3,7} in r4c2,r4c8 => r4c1<>3, r4c5<>3,7".
std::string render_naked_subset(const Step& step, const StepWriter& w) {
    return StepWriter::name(step) + " {" + w.digits(step.explanation.digits) + "} in " +
           w.cells(step) + " => " + w.effect(step);
}

// "Hidden Pair {3,7} in r4c2,r4c8 (row 4) => r4c2<>1,5".
std::string render_hidden_subset(const Step& step, const StepWriter& w) {
    return StepWriter::name(step) + " {" + w.digits(step.explanation.digits) + "} in " +
           w.cells(step) + " (" + w.house(StepWriter::house_with_role(step, Role::base)) + ") => " +
           w.effect(step);
}

}  // namespace sudokit
