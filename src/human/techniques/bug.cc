// Bivalue Universal Grave (Sudoku Explainer's producer I14, docs/se-rating.md 3.7): were every
// empty cell bivalue with each digit twice in each house, the digits could be swapped in pairs
// and the puzzle would have two solutions; so in a puzzle with one solution one of the "BUG
// cells" that break the pattern takes its extra ("BUG") digit (types 1-4).
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <vector>

#include "human/techniques.h"
#include "human/techniques/scan_order.h"
#include "human/techniques/uniqueness_sets.h"

namespace sudokit {

namespace {

// Kinds of houses in SE's BUG scan order: Block, Row, Column.
int house_of(const Topology& topo, int cell, int kind) {
    if (kind == 0) return topo.box_house(topo.box_of(cell));
    if (kind == 1) return topo.row_house(topo.row_of(cell));
    return topo.col_house(topo.col_of(cell));
}

class Bug {
  public:
    Bug(const CandidateGrid& grid, StepSink& sink)
        : grid_(grid), topo_(grid.topology()), sink_(sink), n_(grid.size()) {}

    void run() {
        if (!scan() || !grave()) return;
        if (cells_.size() == 1) {
            type1();
        } else if (values_.size() == 1) {
            if (!type2()) return;
            if (cells_.size() == 2) type4();
        } else if (!common_.empty()) {
            if (cells_.size() == 2 && !type4()) return;
            type3();
        }
    }

  private:
    int bug_index(int cell) const {
        for (size_t i = 0; i < cells_.size(); ++i) {
            if (cells_[i] == cell) return static_cast<int>(i);
        }
        return -1;
    }

    // SE's scan: a digit with neither 0 nor 2 places in a house must owe the extra places to
    // exactly one cell with 3 candidates or more, which becomes a BUG cell with that BUG digit.
    bool scan() {
        for (int kind = 0; kind < 3; ++kind) {
            for (int i = 0; i < n_; ++i) {
                const int h = kind == 0 ? topo_.box_house(i)
                                        : (kind == 1 ? topo_.row_house(i) : topo_.col_house(i));
                const auto cells = topo_.house(h);
                for (int d = 1; d <= n_; ++d) {
                    const uint64_t pos = grid_.positions(h, d);
                    if (pos == 0 || std::popcount(pos) == 2) continue;
                    int found = -1, many = 0;
                    for (uint64_t p = pos; p != 0; p &= p - 1) {
                        const int cell = cells[std::countr_zero(p)];
                        if (grid_.candidates(cell).size() >= 3) {
                            found = cell;
                            ++many;
                        }
                    }
                    if (many == 0) return false;
                    if (many > 1) continue;
                    int at = bug_index(found);
                    if (at < 0) {
                        at = static_cast<int>(cells_.size());
                        cells_.push_back(found);
                        digits_.push_back(DigitSet());
                    }
                    digits_[at].add(d);
                    values_.add(d);
                    if (std::find(houses_.begin(), houses_.end(), h) == houses_.end())
                        houses_.push_back(h);
                    update_common();
                    if (cells_.size() > 1 && values_.size() > 1 && common_.empty()) return false;
                }
            }
        }
        return !cells_.empty();
    }

    // The cells that see every BUG cell, in the order SE lists the first one's houses.
    void update_common() {
        std::array<int, 3 * kMaxSize> seen{};
        const int count = detail::se_house_cells(topo_, cells_[0], seen.data());
        common_.clear();
        for (int i = 0; i < count; ++i) {
            const int cell = seen[i];
            bool all = bug_index(cell) < 0;
            for (size_t j = 1; j < cells_.size() && all; ++j)
                all = detail::sees(topo_, cell, cells_[j]);
            if (all) common_.push_back(cell);
        }
    }

    DigitSet rest(int cell) const {
        const int at = bug_index(cell);
        return at < 0 ? grid_.candidates(cell) : grid_.candidates(cell).without(digits_[at]);
    }

    // Without the BUG digits, every empty cell is bivalue and every digit has 0 or 2 places in
    // every house.
    bool grave() const {
        for (int cell = 0; cell < topo_.cell_count(); ++cell) {
            if (grid_.value(cell) == 0 && rest(cell).size() != 2) return false;
        }
        for (int h = 0; h < topo_.house_count(); ++h) {
            uint64_t bug_bits = 0;
            for (size_t i = 0; i < cells_.size(); ++i) {
                const auto houses = topo_.houses_of(cells_[i]);
                if (std::find(houses.begin(), houses.end(), h) != houses.end())
                    bug_bits |= uint64_t{1} << grid_.index_in(h, cells_[i]);
            }
            for (int d = 1; d <= n_; ++d) {
                uint64_t pos = grid_.positions(h, d);
                for (uint64_t b = bug_bits; b != 0; b &= b - 1) {
                    const int cell = topo_.house(h)[std::countr_zero(b)];
                    if (digits_[bug_index(cell)].contains(d)) pos &= ~(b & -b);
                }
                const int count = std::popcount(pos);
                if (count != 0 && count != 2) return false;
            }
        }
        return true;
    }

    // The table's rating (type 1) plus `tenths` tenths, as the decimal SE writes: (56 + 1) / 10
    // is the double nearest 5.7, where 5.6 + 0.1 is not.
    static double rated(int tenths) {
        return (std::round(technique_info(Technique::bug).rating * 10) + tenths) / 10;
    }

    Step& start(double rating, int type) {
        Step& step = sink_.start(Technique::bug);
        step.rating = rating;
        if (sink_.explain()) step.explanation.variant = type;
        return step;
    }

    // Houses: where a BUG digit has its third place (base), the house of a type 3 set or type 4
    // lock (cover). Cells: the BUG cells (extra), a type 3 set's other cells (cover).
    // Candidates: the BUG digits in the BUG cells (extra), the set's or lock's digits (cover).
    void explain(StepExplanation& why, int house, const int* others, int count,
                 DigitSet set) const {
        for (int h : houses_) why.houses.push_back({h, Role::base});
        if (house >= 0) why.houses.push_back({house, Role::cover});
        why.digits = values_ | set;
        for (size_t i = 0; i < cells_.size(); ++i) {
            why.cells.push_back({cells_[i], Role::extra});
            for (int d : digits_[i]) why.candidates.push_back({{cells_[i], d}, Role::extra});
        }
        for (int i = 0; i < count; ++i) {
            why.cells.push_back({others[i], Role::cover});
            for (int d : grid_.candidates(others[i]) & set)
                why.candidates.push_back({{others[i], d}, Role::cover});
        }
        if (count == 0 && !set.empty()) {
            for (int cell : cells_) {
                for (int d : grid_.candidates(cell) & set)
                    why.candidates.push_back({{cell, d}, Role::cover});
            }
        }
    }

    // Type 1: one BUG cell, which must take a BUG digit.
    bool type1() {
        Step& step = start(rated(0), 1);
        for (int d : grid_.candidates(cells_[0]).without(digits_[0]))
            step.eliminations.push_back({cells_[0], d});
        if (step.eliminations.empty()) return true;
        if (sink_.explain()) explain(step.explanation, -1, nullptr, 0, DigitSet());
        return sink_.add(step);
    }

    // Type 2: one BUG digit, in every BUG cell: one of them takes it, so the cells that see
    // them all cannot.
    bool type2() {
        const int d = values_.lowest();
        Step& step = start(rated(1), 2);
        for (int cell : common_) {
            if (grid_.has(cell, d)) step.eliminations.push_back({cell, d});
        }
        if (step.eliminations.empty()) return true;
        if (sink_.explain()) explain(step.explanation, -1, nullptr, 0, DigitSet());
        return sink_.add(step);
    }

    // Type 4: two BUG cells in a house whose other candidates share exactly one digit u: u is
    // in that house only there (the grave has each digit twice), one of them takes u and the
    // other its BUG digit, so each keeps only its BUG digits and u.
    bool type4() {
        const int a = cells_[0], b = cells_[1];
        const DigitSet shared = rest(a) & rest(b);
        if (shared.size() != 1) return true;
        for (int kind = 0; kind < 3; ++kind) {
            const int h = house_of(topo_, a, kind);
            if (h != house_of(topo_, b, kind)) continue;
            Step& step = start(rated(1), 4);
            for (int i = 0; i < 2; ++i) {
                for (int d : grid_.candidates(cells_[i]).without(digits_[i] | shared))
                    step.eliminations.push_back({cells_[i], d});
            }
            if (step.eliminations.empty()) continue;
            if (sink_.explain()) explain(step.explanation, h, nullptr, 0, shared);
            return sink_.add(step);
        }
        return true;
    }

    // Type 3: in a house of all the BUG cells, their BUG digits act as one cell; with d-1
    // other cells holding d digits in all it forms a naked set, whose digits leave the house's
    // other cells. Rated the table's rating + 0.1 d.
    bool type3() {
        std::array<int, kMaxSize> rc{};
        for (int kind = 0; kind < 3; ++kind) {
            const int h = house_of(topo_, cells_[0], kind);
            bool shared = true;
            for (int cell : cells_) shared = shared && house_of(topo_, cell, kind) == h;
            if (!shared) continue;
            const auto house = topo_.house(h);
            int count = 0;
            for (int cell : common_) {
                if (std::find(house.begin(), house.end(), cell) != house.end()) rc[count++] = cell;
            }
            // The walk needs only the cells with two candidates or more, in rc's order.
            std::array<int, kMaxSize> items{};
            int usable = 0;
            for (int i = 0; i < count; ++i) {
                if (grid_.candidates(rc[i]).size() >= 2) items[usable++] = rc[i];
            }
            for (int d = 2; d <= n_ - 3; ++d) {
                bool go = true;
                detail::colex_subsets(
                    items.data(), usable, d - 1, 0, d,
                    [&](int cell) { return grid_.candidates(cell).bits(); },
                    [&](const int* chosen, uint64_t all) {
                        const DigitSet set(all);
                        if (set.size() != d || values_.size() < 2 || (values_ | set).size() != d)
                            return true;
                        Step& step = start(rated(1) + (d - 1) * 0.1, 3);
                        for (int i = 0; i < count; ++i) {
                            const int cell = rc[i];
                            if (std::find(chosen, chosen + d - 1, cell) != chosen + d - 1) continue;
                            for (int digit : grid_.candidates(cell) & set)
                                step.eliminations.push_back({cell, digit});
                        }
                        if (step.eliminations.empty()) return true;
                        if (sink_.explain()) explain(step.explanation, h, chosen, d - 1, set);
                        go = sink_.add(step);
                        return go;
                    });
                if (!go) return false;
            }
        }
        return true;
    }

    const CandidateGrid& grid_;
    const Topology& topo_;
    StepSink& sink_;
    int n_;
    std::vector<int> cells_;        // the BUG cells, in the order found
    std::vector<DigitSet> digits_;  // their BUG digits
    DigitSet values_;               // every BUG digit
    std::vector<int> houses_;       // where the BUG digits were found
    std::vector<int> common_;       // the cells that see every BUG cell
};

}  // namespace

void find_bug(const CandidateGrid& grid, StepSink& sink) { Bug(grid, sink).run(); }

}  // namespace sudokit

namespace sudokit {

// "Bivalue Universal Grave type 1: extra 5 in r8c9 => r8c9<>1,2"
// "... type 2: extra 7 in r1c1,r1c5 => r1c3<>7"
// "... type 3: extra 3 in r1c1, 7 in r1c5 and r1c7 form a naked pair {3,7} in row 1 => r1c2<>3"
// "... type 4: extra 3 in r1c1, 7 in r1c5; 4 is locked in r1c1,r1c5 (row 1) => r1c1<>6, ..."
std::string render_bug(const Step& step, const StepWriter& w) {
    const StepExplanation& why = step.explanation;
    // The BUG cells with their BUG digits; cells with the same digits are written together.
    std::vector<std::pair<int, DigitSet>> bug;
    std::string others;
    DigitSet set;
    for (const CellMark& c : why.cells) {
        if (c.role == Role::extra) bug.push_back({c.cell, DigitSet()});
        if (c.role == Role::cover) others += (others.empty() ? "" : ",") + w.cell(c.cell);
    }
    for (const CandidateMark& m : why.candidates) {
        for (auto& [cell, digits] : bug) {
            if (m.role == Role::extra && cell == m.candidate.cell) digits.add(m.candidate.digit);
        }
        if (m.role == Role::cover) set.add(m.candidate.digit);
    }
    std::string extra;
    for (size_t i = 0; i < bug.size(); ++i) {
        if (i > 0 && bug[i].second == bug[i - 1].second) {
            extra += "," + w.cell(bug[i].first);
            continue;
        }
        const std::string digits = bug[i].second.size() > 1 ? "{" + w.digits(bug[i].second) + "}"
                                                            : w.digits(bug[i].second);
        extra += (i > 0 ? ", " : "") + digits + " in " + w.cell(bug[i].first);
    }
    std::string text =
        StepWriter::name(step) + " type " + std::to_string(why.variant) + ": extra " + extra;
    const int cover = StepWriter::house_with_role(step, Role::cover);
    if (why.variant == 3) {
        set = why.digits;
        text += " and " + others + " form a naked " + detail::set_name(set.size()) + " {" +
                w.digits(set) + "} in " + w.house(cover);
    } else if (why.variant == 4) {
        std::string cells;
        for (const auto& [cell, digits] : bug) cells += (cells.empty() ? "" : ",") + w.cell(cell);
        text += "; " + w.digits(set) + " is locked in " + cells + " (" + w.house(cover) + ")";
    }
    return text + " => " + w.effect(step);
}

}  // namespace sudokit
