// Basic fish: X-Wing, Swordfish, Jellyfish - a digit's places in k base lines (columns, or rows)
// lie in k cover lines (rows, or columns), so the cover lines' other cells lose it. Sudoku
// Explainer's scan (docs/se-rating.md 3.4): columns as base lines first, then rows; base-line
// tuples in colex order, then the digits.
#include <algorithm>
#include <array>
#include <bit>

#include "human/techniques.h"
#include "human/techniques/scan_order.h"

namespace sudokit {

namespace {

constexpr int kMaxFish = 4;

// One direction of the scan: base lines are columns (cover lines rows) or rows (covers columns).
// positions(base, d) is then a mask over the cover lines' indices.
struct Fish {
    const CandidateGrid& grid;
    StepSink& sink;
    Technique technique;
    int k;
    bool columns;  // the base lines are columns
    // The digits each base line may lend to a fish: 2..k places, and not skipped (see find_fish).
    std::array<DigitSet, kMaxSize> usable{};
    std::array<int, kMaxFish> chosen{};  // base-line indices, ascending

    int base_house(int i) const {
        return columns ? grid.topology().col_house(i) : grid.topology().row_house(i);
    }
    int cover_house(int i) const {
        return columns ? grid.topology().row_house(i) : grid.topology().col_house(i);
    }

    // Colex order: the tuples by their largest line, then the next largest, and so on. Slot s
    // takes the lines below `limit`; digits no chosen line can lend end the branch.
    bool choose(int slot, int limit, DigitSet digits) {
        if (slot < 0) return found(digits);
        for (int line = slot; line < limit; ++line) {
            const DigitSet left = digits & usable[line];
            if (left.empty()) continue;
            chosen[slot] = line;
            if (!choose(slot - 1, line, left)) return false;
        }
        return true;
    }

    bool found(DigitSet digits) {
        const Topology& topo = grid.topology();
        uint64_t bases = 0;
        for (int j = 0; j < k; ++j) bases |= uint64_t{1} << chosen[j];
        for (int d : digits) {
            uint64_t covers = 0;
            for (int j = 0; j < k; ++j) covers |= grid.positions(base_house(chosen[j]), d);
            if (std::popcount(covers) != k) continue;
            Step& step = sink.start(technique);
            for (uint64_t c = covers; c != 0; c &= c - 1) {
                const int cover = cover_house(std::countr_zero(c));
                for (uint64_t e = grid.positions(cover, d) & ~bases; e != 0; e &= e - 1) {
                    step.eliminations.push_back({topo.house(cover)[std::countr_zero(e)], d});
                }
            }
            if (step.eliminations.empty()) continue;
            std::sort(step.eliminations.begin(), step.eliminations.end());
            if (sink.explain()) explain(step, d, covers);
            if (!sink.add(step)) return false;
        }
        return true;
    }

    void explain(Step& step, int d, uint64_t covers) const {
        const Topology& topo = grid.topology();
        StepExplanation& why = step.explanation;
        why.digits = DigitSet::single(d);
        for (int j = 0; j < k; ++j) why.houses.push_back({base_house(chosen[j]), Role::base});
        for (uint64_t c = covers; c != 0; c &= c - 1) {
            why.houses.push_back({cover_house(std::countr_zero(c)), Role::cover});
        }
        // The pattern's cells, row-major.
        for (int j = 0; j < k; ++j) {
            const int base = base_house(chosen[j]);
            for (uint64_t p = grid.positions(base, d); p != 0; p &= p - 1) {
                const int cell = topo.house(base)[std::countr_zero(p)];
                why.cells.push_back({cell, Role::base});
                why.candidates.push_back({{cell, d}, Role::base});
            }
        }
        std::sort(why.cells.begin(), why.cells.end(),
                  [](const CellMark& a, const CellMark& b) { return a.cell < b.cell; });
        std::sort(why.candidates.begin(), why.candidates.end(),
                  [](const CandidateMark& a, const CandidateMark& b) {
                      return a.candidate < b.candidate;
                  });
    }
};

void find_fish(const CandidateGrid& grid, StepSink& sink, int k, Technique technique) {
    const int n = grid.size();
    const Topology& topo = grid.topology();
    // SE skips a digit placed so often that the fish of the other direction, made of the
    // remaining free lines, is the smaller one: placed + 2k > N.
    std::array<int, kMaxSize + 1> placed{};
    for (int r = 0; r < n; ++r) {
        for (int d : grid.placed_in(topo.row_house(r))) ++placed[d];
    }
    DigitSet digits;
    for (int d = 1; d <= n; ++d) {
        if (placed[d] + 2 * k <= n) digits.add(d);
    }
    if (digits.empty() || n < 2 * k) return;
    for (const bool columns : {true, false}) {
        Fish fish{grid, sink, technique, k, columns};
        for (int i = 0; i < n; ++i) {
            const int h = fish.base_house(i);
            for (int d : digits) {
                if (detail::two_to(grid.positions(h, d), k)) fish.usable[i].add(d);
            }
        }
        if (!fish.choose(k - 1, n, digits)) return;
    }
}

}  // namespace

void find_x_wing(const CandidateGrid& g, StepSink& s) { find_fish(g, s, 2, Technique::x_wing); }
void find_swordfish(const CandidateGrid& g, StepSink& s) {
    find_fish(g, s, 3, Technique::swordfish);
}
void find_jellyfish(const CandidateGrid& g, StepSink& s) {
    find_fish(g, s, 4, Technique::jellyfish);
}

}  // namespace sudokit

namespace sudokit {

namespace {

// "columns 3,8": the houses of one role, all of one kind.
std::string lines(const Step& step, Role role, const StepWriter& w) {
    const int n = w.topology().size();
    std::string numbers, kind;
    for (const HouseMark& h : step.explanation.houses) {
        if (h.role != role) continue;
        kind = h.house < n ? "rows " : h.house < 2 * n ? "columns " : "boxes ";
        numbers += (numbers.empty() ? "" : ",") + std::to_string(h.house % n + 1);
    }
    return kind + numbers;
}

}  // namespace

// "X-Wing: 4 in columns 3,8 (rows 2,7) => r5c3<>4, r5c8<>4": the digit, the base lines, the
// cover lines in parentheses.
std::string render_fish(const Step& step, const StepWriter& w) {
    return StepWriter::name(step) + ": " + w.digits(step.explanation.digits) + " in " +
           lines(step, Role::base, w) + " (" + lines(step, Role::cover, w) + ") => " +
           w.effect(step);
}

}  // namespace sudokit
