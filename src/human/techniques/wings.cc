// Wings: XY-Wing - a pivot {x,y} sees pincers {x,z} and {y,z}, so z leaves every cell seeing both
// pincers; XYZ-Wing - a pivot {x,y,z} sees pincers {x,z} and {y,z}, so z leaves every cell seeing
// all three. Sudoku Explainer's scan (docs/se-rating.md 3.5): pivots row-major, each pincer among
// the pivot's house cells in SE's house order.
#include <array>

#include "human/techniques.h"
#include "human/techniques/house_cells.h"
#include "human/techniques/scan_order.h"

namespace sudokit {

namespace {

// The first house (box, row, column) two cells that see each other share.
int shared_house(const Topology& topo, int a, int b) {
    if (topo.box_of(a) == topo.box_of(b)) return topo.box_house(topo.box_of(a));
    if (topo.row_of(a) == topo.row_of(b)) return topo.row_house(topo.row_of(a));
    return topo.col_house(topo.col_of(a));
}

bool add_wing(const CandidateGrid& grid, StepSink& sink, Technique technique, int pivot, int xz,
              int yz, int z) {
    const Topology& topo = grid.topology();
    const bool xyz = technique == Technique::xyz_wing;
    Step& step = sink.start(technique);
    for (int c : topo.peers(xz)) {
        if (c == pivot || c == yz || !grid.has(c, z) || !detail::sees(topo, c, yz)) continue;
        if (xyz && !detail::sees(topo, c, pivot)) continue;
        step.eliminations.push_back({c, z});
    }
    if (step.eliminations.empty()) return true;
    if (sink.explain()) {
        StepExplanation& why = step.explanation;
        why.digits = grid.candidates(pivot) | grid.candidates(xz) | grid.candidates(yz);
        why.houses.push_back({shared_house(topo, pivot, xz), Role::base});
        why.houses.push_back({shared_house(topo, pivot, yz), Role::base});
        const std::array<std::pair<int, Role>, 3> cells = {
            {{pivot, Role::pivot}, {xz, Role::pincer}, {yz, Role::pincer}}};
        for (auto [cell, role] : cells) {
            why.cells.push_back({cell, role});
            for (int d : grid.candidates(cell)) why.candidates.push_back({{cell, d}, role});
        }
    }
    return sink.add(step);
}

// Pivots of 2 candidates (XY) or 3 (XYZ). SE tries every pincer pair in both orders; the second
// order repeats the first wing, so only pincer pairs in house order are tried.
void find_wing(const CandidateGrid& grid, StepSink& sink, Technique technique) {
    const Topology& topo = grid.topology();
    const bool xyz = technique == Technique::xyz_wing;
    const int pivot_size = xyz ? 3 : 2;
    std::array<int, detail::kMaxHouseCells> peers{};
    std::array<int, detail::kMaxHouseCells> pincers{};  // bivalue house cells, in house order
    for (int pivot = 0; pivot < topo.cell_count(); ++pivot) {
        const DigitSet p = grid.candidates(pivot);
        if (p.size() != pivot_size) continue;
        const int count = detail::house_cells(topo, pivot, peers.data());
        int m = 0;
        for (int i = 0; i < count; ++i) {
            const DigitSet c = grid.candidates(peers[i]);
            // A pincer holds one digit of the pivot (XY) or two (XYZ), and one other.
            if (c.size() == 2 && p.without(c).size() == 1) pincers[m++] = peers[i];
        }
        for (int i = 0; i < m; ++i) {
            const DigitSet x = grid.candidates(pincers[i]);
            for (int j = i + 1; j < m; ++j) {
                const DigitSet y = grid.candidates(pincers[j]);
                if ((p | x | y).size() != 3) continue;
                const int common = (p & x & y).size();
                if (common != (xyz ? 1 : 0)) continue;
                const int z = (x & y).lowest();
                if (!add_wing(grid, sink, technique, pivot, pincers[i], pincers[j], z)) return;
            }
        }
    }
}

}  // namespace

void find_xy_wing(const CandidateGrid& g, StepSink& s) { find_wing(g, s, Technique::xy_wing); }
void find_xyz_wing(const CandidateGrid& g, StepSink& s) { find_wing(g, s, Technique::xyz_wing); }

}  // namespace sudokit

namespace sudokit {

// "XY-Wing: pivot r8c5 {5,6}, pincers r7c4 {1,5}, r8c3 {1,6} => r7c1<>1": z is the digit the
// pincers share.
std::string render_wing(const Step& step, const StepWriter& w) {
    std::string pivot, pincers;
    for (const CellMark& c : step.explanation.cells) {
        DigitSet digits;
        for (const CandidateMark& m : step.explanation.candidates) {
            if (m.candidate.cell == c.cell) digits.add(m.candidate.digit);
        }
        const std::string text = w.cell(c.cell) + " {" + w.digits(digits) + "}";
        if (c.role == Role::pivot) {
            pivot = text;
        } else {
            pincers += (pincers.empty() ? "" : ", ") + text;
        }
    }
    return StepWriter::name(step) + ": pivot " + pivot + ", pincers " + pincers + " => " +
           w.effect(step);
}

}  // namespace sudokit
