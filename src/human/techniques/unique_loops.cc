// Unique rectangles and unique loops (Sudoku Explainer's producer I10, docs/se-rating.md 3.6):
// a loop of cells that all hold the two digits of a pair would, if it were all bivalue, let
// the pair swap and give a second solution; in a puzzle with one solution some cell of the loop
// must take another digit (types 1-4). The whole list is collected, then stable-sorted by
// (difficulty, type) and emitted in that order, as SE does, with its quirks: the loop search's
// `ex` set grows across siblings, and a hint "equal" to an earlier one (same type class, same
// loop cells) is dropped even when its eliminations differ.
#include <algorithm>
#include <array>
#include <bit>
#include <numeric>
#include <vector>

#include "human/techniques.h"
#include "human/techniques/scan_order.h"
#include "human/techniques/uniqueness_sets.h"
#include "human/workspace.h"

namespace sudokit {

namespace {

// A valid loop meets each house at most once at even and once at odd positions (the rule
// below), so it has at most 2N cells; the search stops any path that breaks the rule early.
constexpr int kMaxLoop = 2 * kMaxSize;

// SE's region order inside the loop search: Block, Row, Column.
constexpr int kKinds = 3;
int house_of(const Topology& topo, int cell, int kind) {
    if (kind == 0) return topo.box_house(topo.box_of(cell));
    if (kind == 1) return topo.row_house(topo.row_of(cell));
    return topo.col_house(topo.col_of(cell));
}

// The classes of SE's "equal hint" rule; type 3 naked and hidden are distinct.
enum Class : uint8_t { kType1, kType2, kType3Naked, kType3Hidden, kType4 };

// One collected hint; its cells and eliminations sit in the search's pools.
struct Hint {
    double rating = 0.0;
    int type = 0;  // 1-4, the sort key after the rating
    Class klass = kType1;
    // Offset in LoopScratch::cells: the loop in loop order, then the same cells sorted.
    int loop = 0;
    int length = 0;
    int elims = 0;  // offset and count in LoopScratch::elims
    int elim_count = 0;
    // Type 3: offset and count in LoopScratch::cells of the set's cells outside the loop.
    int others = 0;
    int other_count = 0;
    int house = -1;  // type 3: the set's house; type 4: the house that locks a digit
    DigitSet pair;
    DigitSet set;  // type 2: the extra digit; type 3: the set's digits; type 4: the locked one
};

Hint make_hint(double rating, int type, Class klass) {
    Hint hint;
    hint.rating = rating;
    hint.type = type;
    hint.klass = klass;
    return hint;
}

// The search's storage, kept in the sink's workspace from one call to the next: once its
// vectors have grown, a call allocates nothing. (The producer is not re-entrant on one
// workspace: no sink calls it.)
struct LoopScratch {
    std::vector<uint8_t> in_loop;  // per cell
    std::vector<uint8_t> used;     // per house: bit 0 met at an even position, bit 1 at odd
    std::vector<Hint> hints;
    std::vector<int> cells;  // the hints' loops and type 3 cells
    std::vector<Candidate> elims;
    std::vector<int> order;
};

}  // namespace

struct detail::LoopState {
    LoopScratch scratch;
};
void detail::LoopStateDelete::operator()(LoopState* state) const { delete state; }
detail::LoopState* detail::new_loop_state() { return new LoopState; }

namespace {

class LoopSearch {
  public:
    LoopSearch(const CandidateGrid& grid, StepSink& sink)
        : grid_(grid),
          topo_(grid.topology()),
          sink_(sink),
          n_(grid.size()),
          s_(sink.workspace().loops().scratch) {
        s_.hints.clear();
        s_.cells.clear();
        s_.elims.clear();
        s_.in_loop.assign(static_cast<size_t>(topo_.cell_count()), 0);
        s_.used.assign(static_cast<size_t>(topo_.house_count()), 0);
        max_length_ = sink.wants(Technique::unique_loop) ? kMaxLoop : 4;
    }

    void run() {
        if (!sink_.wants(Technique::unique_rectangle) && !sink_.wants(Technique::unique_loop))
            return;
        for (int cell = 0; cell < topo_.cell_count(); ++cell) {
            if (grid_.value(cell) != 0 || grid_.candidates(cell).size() != 2) continue;
            pair_ = grid_.candidates(cell);
            v1_ = pair_.lowest();
            v2_ = pair_.without(DigitSet::single(v1_)).lowest();
            dfs(cell, 2, DigitSet(), -1);
        }
        emit();
    }

  private:
    // SE's depth-first loop search. `ex` gathers the extra digits of every candidate cell
    // met at this depth, siblings included (SE's accumulating set, kept on purpose).
    void dfs(int cell, int allowed_ex, DigitSet ex_in, int last_kind) {
        const int pos = length_;
        loop_[length_++] = cell;
        s_.in_loop[cell] = 1;
        mark(cell, pos, true);
        DigitSet ex = ex_in;
        for (int kind = 0; kind < kKinds; ++kind) {
            if (kind == last_kind) continue;
            for (int next : topo_.house(house_of(topo_, cell, kind))) {
                if (next == loop_[0] && length_ >= 4) {
                    if (unbalanced_ == 0) on_loop();
                } else if (s_.in_loop[next] == 0 && grid_.has(next, v1_) && grid_.has(next, v2_)) {
                    const DigitSet cands = grid_.candidates(next);
                    ex |= cands.without(pair_);
                    const bool two = cands.size() == 2;
                    if ((two || ex.size() == 1 || allowed_ex > 0) && length_ < max_length_ &&
                        fits(next, length_)) {
                        dfs(next, allowed_ex - (two ? 0 : 1), ex, kind);
                    }
                }
            }
        }
        mark(cell, pos, false);
        s_.in_loop[cell] = 0;
        --length_;
    }

    // SE keeps a loop when, walked with alternating parity, no house is met twice with the same
    // parity and the houses met at even positions are those met at odd ones. A path that
    // already breaks the first rule can only close into loops SE drops, so it is cut here
    // (the `ex` set of its parent is already updated, as in SE).
    bool fits(int cell, int pos) const {
        const uint8_t bit = static_cast<uint8_t>(1 << (pos & 1));
        for (int h : topo_.houses_of(cell)) {
            if (s_.used[h] & bit) return false;
        }
        return true;
    }
    void mark(int cell, int pos, bool on) {
        const uint8_t bit = static_cast<uint8_t>(1 << (pos & 1));
        for (int h : topo_.houses_of(cell)) {
            const uint8_t before = s_.used[h];
            const uint8_t after = on ? (before | bit) : (before & ~bit);
            unbalanced_ += (after == 1 || after == 2) - (before == 1 || before == 2);
            s_.used[h] = after;
        }
    }

    bool seen(Class klass) const {
        for (const Hint& h : s_.hints) {
            if (h.klass == klass && h.length == length_ &&
                std::equal(sorted_.begin(), sorted_.begin() + length_,
                           s_.cells.begin() + h.loop + h.length)) {
                return true;
            }
        }
        return false;
    }

    // Keeps the eliminations pushed since `elims` as a hint, unless there are none.
    bool keep(Hint hint, size_t elims) {
        if (s_.elims.size() == elims) return false;
        hint.elims = static_cast<int>(elims);
        hint.elim_count = static_cast<int>(s_.elims.size() - elims);
        hint.loop = static_cast<int>(s_.cells.size());
        hint.length = length_;
        hint.pair = pair_;
        s_.cells.insert(s_.cells.end(), loop_.begin(), loop_.begin() + length_);
        s_.cells.insert(s_.cells.end(), sorted_.begin(), sorted_.begin() + length_);
        s_.hints.push_back(hint);
        return true;
    }

    void eliminate(int cell, int digit) {
        if (grid_.has(cell, digit)) s_.elims.push_back({cell, digit});
    }

    bool sees_all(int cell, const int* cells, int count) const {
        for (int i = 0; i < count; ++i) {
            if (cell == cells[i] || !detail::sees(topo_, cell, cells[i])) return false;
        }
        return true;
    }

    void on_loop() {
        const Technique technique =
            length_ == 4 ? Technique::unique_rectangle : Technique::unique_loop;
        if (!sink_.wants(technique)) return;
        std::copy(loop_.begin(), loop_.begin() + length_, sorted_.begin());
        std::sort(sorted_.begin(), sorted_.begin() + length_);
        // SE rates every loop from the rectangle's rating, plus a bonus for its length (the
        // table's Unique Loop row is the shortest loop's rating).
        double rating = technique_info(Technique::unique_rectangle).rating;
        if (length_ >= 10) rating += 0.3;
        if (length_ >= 8) {
            rating += 0.2;
        } else if (length_ >= 6) {
            rating += 0.1;
        }
        std::array<int, kMaxLoop> extras{};
        int count = 0;
        for (int i = 0; i < length_; ++i) {
            if (grid_.candidates(loop_[i]).size() > 2) extras[count++] = loop_[i];
        }
        if (count == 0) return;
        if (count == 1) {
            if (seen(kType1)) return;
            const size_t start = s_.elims.size();
            eliminate(extras[0], v1_);
            eliminate(extras[0], v2_);
            keep(make_hint(rating, 1, kType1), start);
            return;
        }
        const int c1 = extras[0], c2 = extras[1];
        const DigitSet rest = (grid_.candidates(c1) | grid_.candidates(c2)).without(pair_);
        if (count > 2 || rest.size() == 1) {
            type2(extras.data(), count, rating);
        } else {
            type3(c1, c2, rest, rating);
        }
        if (count == 2) type4(c1, c2, rating);
    }

    // Type 2: the extra cells share one extra digit z, which leaves every cell they all see.
    void type2(const int* extras, int count, double rating) {
        if (seen(kType2)) return;
        const int z = grid_.candidates(extras[0]).without(pair_).lowest();
        const size_t start = s_.elims.size();
        for (int cell : topo_.peers(extras[0])) {
            if (sees_all(cell, extras + 1, count - 1)) eliminate(cell, z);
        }
        Hint hint = make_hint(rating, 2, kType2);
        hint.set = DigitSet::single(z);
        keep(hint, start);
    }

    // Type 3: the two extra cells act as one cell holding their extra digits `rest`; with
    // other cells of a house they share it forms a naked set, or with v1, v2 a hidden set.
    void type3(int c1, int c2, DigitSet rest, double rating) {
        bool naked_done = seen(kType3Naked), hidden_done = seen(kType3Hidden);
        const DigitSet c1_c2 = rest & grid_.candidates(c1) & grid_.candidates(c2);
        std::array<int, kMaxSize> items{};
        for (int d = rest.size(); d <= n_ - 2 && !(naked_done && hidden_done); ++d) {
            for (int kind = 0; kind < kKinds; ++kind) {
                const int h = house_of(topo_, c1, kind);
                if (h != house_of(topo_, c2, kind)) continue;
                const auto cells = topo_.house(h);
                const int empty = grid_.empty_in(h);
                if (!naked_done && 2 * d <= empty) {
                    int count = 0;
                    for (int cell : cells) {
                        if (cell != c1 && cell != c2 && grid_.candidates(cell).size() >= 2)
                            items[count++] = cell;
                    }
                    detail::colex_subsets(
                        items.data(), count, d - 1, rest.bits(), d,
                        [&](int cell) { return grid_.candidates(cell).bits(); },
                        [&](const int* chosen, uint64_t all) {
                            if (std::popcount(all) != d) return true;
                            DigitSet others;
                            for (int j = 0; j < d - 1; ++j) others |= grid_.candidates(chosen[j]);
                            if ((c1_c2 | others).size() != d) return true;
                            const size_t start = s_.elims.size();
                            for (int cell : cells) {
                                if (cell == c1 || cell == c2 ||
                                    std::find(chosen, chosen + d - 1, cell) != chosen + d - 1)
                                    continue;
                                for (int digit : grid_.candidates(cell) & DigitSet(all))
                                    s_.elims.push_back({cell, digit});
                            }
                            Hint hint = make_hint(rating + 0.1 * (d - 1), 3, kType3Naked);
                            hint.house = h;
                            hint.set = DigitSet(all);
                            hint.others = static_cast<int>(s_.cells.size());
                            hint.other_count = d - 1;
                            s_.cells.insert(s_.cells.end(), chosen, chosen + d - 1);
                            if (keep(hint, start)) {
                                naked_done = true;
                                return false;
                            }
                            s_.cells.resize(s_.cells.size() - (d - 1));
                            return true;
                        });
                }
                if (!hidden_done && 2 * d < empty) {
                    const uint64_t not_c2 = ~(uint64_t{1} << grid_.index_in(h, c2));
                    const uint64_t p1 = grid_.positions(h, v1_) & not_c2;
                    const uint64_t p2 = grid_.positions(h, v2_) & not_c2;
                    if (p1 == 0 || p2 == 0) continue;
                    int count = 0;
                    for (int digit : DigitSet::all(n_).without(pair_ | rest)) {
                        if ((grid_.positions(h, digit) & not_c2) != 0) items[count++] = digit;
                    }
                    detail::colex_subsets(
                        items.data(), count, d - 2, p1 | p2, d,
                        [&](int digit) { return grid_.positions(h, digit) & not_c2; },
                        [&](const int* chosen, uint64_t where) {
                            if (std::popcount(where) != d) return true;
                            DigitSet set = pair_;
                            for (int j = 0; j < d - 2; ++j) set.add(chosen[j]);
                            const size_t start = s_.elims.size();
                            const size_t others = s_.cells.size();
                            for (uint64_t w = where; w != 0; w &= w - 1) {
                                const int cell = cells[std::countr_zero(w)];
                                if (cell == c1) continue;
                                s_.cells.push_back(cell);
                                for (int digit : grid_.candidates(cell).without(set))
                                    s_.elims.push_back({cell, digit});
                            }
                            Hint hint = make_hint(rating + 0.1 * (d - 2), 3, kType3Hidden);
                            hint.house = h;
                            hint.set = set;
                            hint.others = static_cast<int>(others);
                            hint.other_count = static_cast<int>(s_.cells.size() - others);
                            if (keep(hint, start)) {
                                hidden_done = true;
                                return false;
                            }
                            s_.cells.resize(others);
                            return true;
                        });
                }
            }
        }
    }

    // Type 4: where a house shared by the two extra cells holds one digit of the pair only in
    // them, one of them takes it, so neither can take the other digit.
    void type4(int c1, int c2, double rating) {
        if (seen(kType4)) return;
        int lock1 = -1, lock2 = -1;
        for (int kind = 0; kind < kKinds; ++kind) {
            const int h = house_of(topo_, c1, kind);
            if (h != house_of(topo_, c2, kind)) continue;
            const uint64_t outside =
                ~((uint64_t{1} << grid_.index_in(h, c1)) | (uint64_t{1} << grid_.index_in(h, c2)));
            if ((grid_.positions(h, v1_) & outside) == 0) lock1 = h;
            if ((grid_.positions(h, v2_) & outside) == 0) lock2 = h;
        }
        if (lock1 < 0 && lock2 < 0) return;
        const int locked = lock1 >= 0 ? v1_ : v2_;
        const int other = lock1 >= 0 ? v2_ : v1_;
        const size_t start = s_.elims.size();
        eliminate(c1, other);
        eliminate(c2, other);
        Hint hint = make_hint(rating, 4, kType4);
        hint.house = lock1 >= 0 ? lock1 : lock2;
        hint.set = DigitSet::single(locked);
        keep(hint, start);
    }

    void emit() {
        s_.order.resize(s_.hints.size());
        std::iota(s_.order.begin(), s_.order.end(), 0);
        std::stable_sort(s_.order.begin(), s_.order.end(), [this](int a, int b) {
            const Hint& x = s_.hints[a];
            const Hint& y = s_.hints[b];
            if (x.rating != y.rating) return x.rating < y.rating;
            return x.type < y.type;
        });
        for (int i : s_.order) {
            const Hint& hint = s_.hints[i];
            Step& step = sink_.start(hint.length == 4 ? Technique::unique_rectangle
                                                      : Technique::unique_loop);
            step.rating = hint.rating;
            step.eliminations.assign(s_.elims.begin() + hint.elims,
                                     s_.elims.begin() + hint.elims + hint.elim_count);
            if (sink_.explain()) explain(hint, step.explanation);
            if (!sink_.add(step)) return;
        }
    }

    // Houses: the loop's (base), the type 3 set's or type 4 lock's (cover). Cells: the loop in
    // order, base when it holds only the pair, extra when it has more; a type 3 set's other
    // cells (cover). Candidates: the pair in the loop (base), the loop's other digits (extra),
    // the set's digits in its other cells (cover).
    void explain(const Hint& hint, StepExplanation& why) const {
        why.variant = hint.type;
        why.digits = hint.pair | hint.set;
        const int* loop = s_.cells.data() + hint.loop;
        std::array<int, 3 * kMaxLoop> houses{};
        int house_count = 0;
        for (int i = 0; i < hint.length; ++i) {
            for (int h : topo_.houses_of(loop[i])) houses[house_count++] = h;
        }
        std::sort(houses.begin(), houses.begin() + house_count);
        const int distinct = static_cast<int>(
            std::unique(houses.begin(), houses.begin() + house_count) - houses.begin());
        for (int i = 0; i < distinct; ++i) why.houses.push_back({houses[i], Role::base});
        if (hint.house >= 0) why.houses.push_back({hint.house, Role::cover});
        for (int i = 0; i < hint.length; ++i) {
            const DigitSet cands = grid_.candidates(loop[i]);
            why.cells.push_back({loop[i], cands == hint.pair ? Role::base : Role::extra});
            for (int d : cands) {
                why.candidates.push_back(
                    {{loop[i], d}, hint.pair.contains(d) ? Role::base : Role::extra});
                why.digits.add(d);
            }
        }
        const bool hidden = hint.klass == kType3Hidden;
        for (int i = 0; i < hint.other_count; ++i) {
            const int cell = s_.cells[hint.others + i];
            why.cells.push_back({cell, Role::cover});
            const DigitSet cands = grid_.candidates(cell);
            for (int d : hidden ? (cands & hint.set) : cands) {
                why.candidates.push_back({{cell, d}, Role::cover});
                why.digits.add(d);
            }
        }
    }

    const CandidateGrid& grid_;
    const Topology& topo_;
    StepSink& sink_;
    int n_;
    int max_length_ = kMaxLoop;
    DigitSet pair_;
    int v1_ = 0, v2_ = 0;
    std::array<int, kMaxLoop + 1> loop_{};
    std::array<int, kMaxLoop + 1> sorted_{};
    int length_ = 0;
    int unbalanced_ = 0;  // houses met at only one parity so far
    LoopScratch& s_;
};

}  // namespace

void find_unique_loops(const CandidateGrid& grid, StepSink& sink) { LoopSearch(grid, sink).run(); }

}  // namespace sudokit

namespace sudokit {

namespace {

struct LoopParts {
    std::string loop;    // "r1c5,r2c5,r2c7,r1c7"
    std::string extras;  // the loop cells with more than the pair
    std::string others;  // a type 3 set's other cells
    DigitSet pair, extra, others_digits;
};

LoopParts loop_parts(const Step& step, const StepWriter& w) {
    LoopParts parts;
    for (const CellMark& c : step.explanation.cells) {
        std::string& to = c.role == Role::cover ? parts.others : parts.loop;
        to += (to.empty() ? "" : ",") + w.cell(c.cell);
        if (c.role == Role::extra)
            parts.extras += (parts.extras.empty() ? "" : ",") + w.cell(c.cell);
    }
    for (const CandidateMark& m : step.explanation.candidates) {
        if (m.role == Role::base) parts.pair.add(m.candidate.digit);
        if (m.role == Role::extra) parts.extra.add(m.candidate.digit);
        if (m.role == Role::cover) parts.others_digits.add(m.candidate.digit);
    }
    return parts;
}

}  // namespace

// "Unique Rectangle type 1: r1c5,r2c5,r2c7,r1c7 on {5,7} => r2c7<>5,7"
// "... type 2: <loop> on {5,7}, extra 3 in r2c5,r2c7 => r2c1<>3"
// "... type 3: <loop> on {5,8}, r2c1,r2c4 (extra {3,9}) and r2c8 form a naked pair {3,9} in
//  row 2 => r2c2<>3" (or "a hidden pair {5,8}")
// "... type 4: <loop> on {2,8}, 8 is locked in r1c9,r3c9 (column 9) => r1c9<>2, r3c9<>2"
std::string render_unique_loop(const Step& step, const StepWriter& w) {
    const StepExplanation& why = step.explanation;
    const LoopParts p = loop_parts(step, w);
    std::string text = StepWriter::name(step) + " type " + std::to_string(why.variant) + ": " +
                       p.loop + " on {" + w.digits(p.pair) + "}";
    const int cover = StepWriter::house_with_role(step, Role::cover);
    if (why.variant == 2) {
        text += ", extra " + w.digits(p.extra) + " in " + p.extras;
    } else if (why.variant == 3) {
        bool hidden = false;
        for (const Candidate& c : step.eliminations) {
            for (const CellMark& m : why.cells) hidden |= m.role == Role::cover && m.cell == c.cell;
        }
        const DigitSet set = hidden ? p.pair | p.others_digits : p.extra | p.others_digits;
        text += ", " + p.extras + " (extra {" + w.digits(p.extra) + "}) and " + p.others +
                " form a " + (hidden ? "hidden " : "naked ") + detail::set_name(set.size()) + " {" +
                w.digits(set) + "} in " + w.house(cover);
    } else if (why.variant == 4 && !step.eliminations.empty()) {
        const DigitSet locked = p.pair.without(DigitSet::single(step.eliminations[0].digit));
        text += ", " + w.digits(locked) + " is locked in " + p.extras + " (" + w.house(cover) + ")";
    }
    return text + " => " + w.effect(step);
}

}  // namespace sudokit
