// Aligned exclusion: 2 (pair) or 3 (triplet) base cells take a combination of their candidates
// only if no two equal digits sit in cells that see each other and no common excluder (a house
// cell of every base cell with 2 candidates, or 2-3 for triplets) would lose all its candidates.
// A base cell's digit in no allowed combination goes. Sudoku Explainer's rules and scan
// (docs/se-rating.md 3.8, 3.9); bit sets over the cells keep the triplet search fast.
#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <vector>

#include "human/position_order.h"
#include "human/techniques.h"
#include "human/techniques/house_cells.h"
#include "human/techniques/scan_order.h"
#include "human/workspace.h"

namespace sudokit {

// Per scan (pairs, triplets): the last position it went through without an exclusion, and
// what changed since (see Changes).
struct detail::AlignedState {
    std::array<std::optional<CandidateGrid>, 2> clean;
    std::vector<char> changed;
    std::vector<uint64_t> excluders_changed;
    std::vector<uint64_t> changed_bits;
};

void detail::AlignedStateDelete::operator()(AlignedState* state) const { delete state; }
detail::AlignedState* detail::new_aligned_state() { return new AlignedState; }

namespace {

// The excluders of `cell` in a scan of `grid` (its house cells with 2 to `degree` candidates:
// 2 for pairs, 2 or 3 for triplets), in house order, into `out`; their count, or 0 when the
// scan takes no base cell there (fewer than 2 candidates, or a house cell with a single one).
int base_cell_excluders(const CandidateGrid& grid, int cell, int degree,
                        std::array<int, detail::kMaxHouseCells>& out) {
    if (grid.candidates(cell).size() < 2) return 0;
    std::array<int, detail::kMaxHouseCells> peers{};
    const int count = detail::house_cells(grid.topology(), cell, peers.data());
    int excluders = 0;
    for (int i = 0; i < count; ++i) {
        const int size = grid.candidates(peers[i]).size();
        if (size == 1) return 0;
        if (size >= 2 && size <= degree) out[excluders++] = peers[i];
    }
    return excluders;
}

bool is_base_cell(const CandidateGrid& grid, int cell, int degree) {
    std::array<int, detail::kMaxHouseCells> excluders{};
    return base_cell_excluders(grid, cell, degree, excluders) > 0;
}

// What changed since the scan's last position without an exclusion, when `grid` follows from
// it. A combination of base cells can only exclude something now if a base cell lost
// candidates or was no base cell then (`self`), or one of their common excluders is new or
// lost candidates (`excluders`, a bit set over the cells): fewer candidates in the base cells
// or the excluders only forbid more combinations, and an excluder that left only forbids
// fewer. The other combinations still exclude nothing. A rating runs the scans after each
// step only when the static chains find nothing, and the hard step before often changed a
// few cells only.
struct Changes {
    const char* self = nullptr;
    const uint64_t* self_bits = nullptr;  // `self` as a bit set over the cells
    const uint64_t* excluders = nullptr;

    bool any(int cell) const { return self[cell] != 0; }
    // Whether a cell of the union of the bit sets `a` and `b` changed itself.
    bool any_of(const uint64_t* a, const uint64_t* b, int words) const {
        uint64_t hit = 0;
        for (int w = 0; w < words; ++w) hit |= (a[w] | b[w]) & self_bits[w];
        return hit != 0;
    }
    // Whether a cell of the bit set `cells` is a changed excluder.
    bool touches(const uint64_t* cells, int words) const {
        uint64_t hit = 0;
        for (int w = 0; w < words; ++w) hit |= cells[w] & excluders[w];
        return hit != 0;
    }
};

// The changes, or nothing when `grid` does not follow from the last clean position (then every
// combination counts).
std::optional<Changes> changes_since_clean(const CandidateGrid& grid, detail::AlignedState& state,
                                           int degree) {
    const std::optional<CandidateGrid>& last = state.clean[degree - 2];
    if (!last || !detail::follows_from(grid, *last)) return std::nullopt;
    const Topology& topo = grid.topology();
    const int cells = topo.cell_count();
    // changed: 1 candidates changed, 2 same candidates but a house cell that was or is an
    // excluder or a single changed (so the cell may have become a base cell), 0 neither.
    state.changed.assign(cells, 0);
    state.excluders_changed.assign((cells + 63) / 64, 0);
    for (int cell = 0; cell < cells; ++cell) {
        if (grid.candidates(cell) == last->candidates(cell) &&
            grid.value(cell) == last->value(cell))
            continue;
        state.changed[cell] = 1;
        const int before = last->candidates(cell).size(), after = grid.candidates(cell).size();
        if (after >= 2 && after <= degree)
            state.excluders_changed[cell / 64] |= uint64_t{1} << (cell % 64);
        if ((before < 1 || before > degree) && (after < 1 || after > degree)) continue;
        for (int peer : topo.peers(cell)) {
            if (state.changed[peer] == 0) state.changed[peer] = 2;
        }
    }
    state.changed_bits.assign((cells + 63) / 64, 0);
    for (int cell = 0; cell < cells; ++cell) {
        if (state.changed[cell] == 2) {
            const bool gained =
                is_base_cell(grid, cell, degree) && !is_base_cell(*last, cell, degree);
            state.changed[cell] = gained ? 1 : 0;
        }
        if (state.changed[cell] != 0) state.changed_bits[cell / 64] |= uint64_t{1} << (cell % 64);
    }
    return Changes{state.changed.data(), state.changed_bits.data(), state.excluders_changed.data()};
}

// Remembers whether the scan of `grid` found an exclusion.
void note_scan(const CandidateGrid& grid, detail::AlignedState& state, int degree, bool found) {
    std::optional<CandidateGrid>& last = state.clean[degree - 2];
    if (found) {
        last.reset();
    } else {
        last = grid;
    }
}

// The candidate cells of the scan with their excluders, as SE lists them.
class Aligned {
  public:
    Aligned(const CandidateGrid& grid, int degree)
        : topo_(grid.topology()), words_((topo_.cell_count() + 63) / 64) {
        std::array<int, detail::kMaxHouseCells> found{};
        for (int cell = 0; cell < topo_.cell_count(); ++cell) {
            const int count = base_cell_excluders(grid, cell, degree, found);
            if (count == 0) continue;
            cells_.push_back(cell);
            starts_.push_back(static_cast<int>(excluders_.size()));
            excluders_.insert(excluders_.end(), found.begin(), found.begin() + count);
        }
        starts_.push_back(static_cast<int>(excluders_.size()));
        index_.assign(topo_.cell_count(), -1);
        bits_.assign(cells_.size() * words_, 0);
        for (size_t i = 0; i < cells_.size(); ++i) {
            index_[cells_[i]] = static_cast<int>(i);
            for (int e : excluders(static_cast<int>(i))) set(bits(static_cast<int>(i)), e);
        }
    }

    int count() const { return static_cast<int>(cells_.size()); }
    int cell(int i) const { return cells_[i]; }
    int index_of(int cell) const { return index_[cell]; }
    // Candidate cell i's excluders, in its house order.
    std::span<const int> excluders(int i) const {
        return {excluders_.data() + starts_[i], static_cast<size_t>(starts_[i + 1] - starts_[i])};
    }
    // Candidate cell i's excluders as a bit set over the cells.
    const uint64_t* bits(int i) const { return bits_.data() + static_cast<size_t>(i) * words_; }
    uint64_t* bits(int i) { return bits_.data() + static_cast<size_t>(i) * words_; }
    bool excludes(int i, int cell) const { return (bits(i)[cell / 64] >> (cell % 64)) & 1; }
    int words() const { return words_; }

    static void set(uint64_t* b, int cell) { b[cell / 64] |= uint64_t{1} << (cell % 64); }

  private:
    const Topology& topo_;
    int words_;
    std::vector<int> cells_;      // candidate cells, row-major
    std::vector<int> starts_;     // their excluders: excluders_[starts_[i] .. starts_[i+1])
    std::vector<int> excluders_;  // concatenated, each list in house order
    std::vector<int> index_;      // cell -> candidate index, or -1
    std::vector<uint64_t> bits_;  // excluders as bit sets, words_ per candidate cell
};

// The common excluders of candidate cells i and j (and of `third`, when given) into `common`;
// whether there are 2 or more (no popcount: it is a library call on baseline x86-64).
bool common_excluders(const Aligned& a, int i, int j, const uint64_t* third, uint64_t* common) {
    const uint64_t *x = a.bits(i), *y = a.bits(j);
    bool one = false, two = false;
    for (int w = 0; w < a.words(); ++w) {
        const uint64_t c = x[w] & y[w] & (third ? third[w] : ~uint64_t{0});
        common[w] = c;
        if (c != 0) {
            two = two || one || (c & (c - 1)) != 0;
            one = true;
        }
    }
    return two;
}

// The base cells, their candidates and the distinct candidate sets of their common excluders
// that could be emptied (those inside the base cells' digits): which digits survive.
struct Exclusion {
    std::array<int, 3> cells{};
    std::array<uint64_t, 3> cands{};
    std::array<bool, 3> see{};  // 0-1, 0-2, 1-2
    std::array<uint64_t, detail::kMaxHouseCells> masks{};
    int mask_count = 0;

    void add_mask(uint64_t m) {
        for (int i = 0; i < mask_count; ++i) {
            if (masks[i] == m) return;
        }
        masks[mask_count++] = m;
    }
    bool excluded(uint64_t digits) const {
        for (int i = 0; i < mask_count; ++i) {
            if ((masks[i] & ~digits) == 0) return true;
        }
        return false;
    }

    // The digits of each base cell in some allowed combination.
    std::array<uint64_t, 3> allowed(int degree) const {
        std::array<uint64_t, 3> ok{};
        if (degree == 2) {
            for (uint64_t a = cands[0]; a != 0; a &= a - 1) {
                const uint64_t da = a & -a;
                for (uint64_t b = cands[1]; b != 0; b &= b - 1) {
                    const uint64_t db = b & -b;
                    if ((da == db && see[0]) || ((ok[0] & da) && (ok[1] & db))) continue;
                    if (excluded(da | db)) continue;
                    ok[0] |= da;
                    ok[1] |= db;
                }
            }
            return ok;
        }
        // A "free" digit of a cell is in no excluder and in no base cell it sees: with free
        // digits in the two other cells, every digit of a cell is allowed at once.
        uint64_t masked = 0;
        for (int i = 0; i < mask_count; ++i) masked |= masks[i];
        const uint64_t free0 =
            cands[0] & ~masked & ~(see[0] ? cands[1] : 0) & ~(see[1] ? cands[2] : 0);
        const uint64_t free1 =
            cands[1] & ~masked & ~(see[0] ? cands[0] : 0) & ~(see[2] ? cands[2] : 0);
        const uint64_t free2 =
            cands[2] & ~masked & ~(see[1] ? cands[0] : 0) & ~(see[2] ? cands[1] : 0);
        if (free1 && free2) ok[0] = cands[0];
        if (free0 && free2) ok[1] = cands[1];
        if (free0 && free1) ok[2] = cands[2];
        if (ok == cands) return ok;
        for (uint64_t a = cands[0]; a != 0; a &= a - 1) {
            const uint64_t da = a & -a;
            for (uint64_t b = cands[1]; b != 0; b &= b - 1) {
                const uint64_t db = b & -b;
                if (da == db && see[0]) continue;
                // The third digits this pair allows: a mask inside da|db forbids them all, a
                // mask with one digit outside forbids that digit, a larger one none.
                const uint64_t pair = da | db;
                uint64_t third = cands[2] & ~(see[1] ? da : 0) & ~(see[2] ? db : 0);
                for (int i = 0; i < mask_count && third != 0; ++i) {
                    const uint64_t outside = masks[i] & ~pair;
                    if (outside == 0) third = 0;
                    if ((outside & (outside - 1)) == 0) third &= ~outside;
                }
                if (third == 0) continue;
                ok[0] |= da;
                ok[1] |= db;
                ok[2] |= third;
                if (ok == cands) return ok;
            }
        }
        return ok;
    }
};

// Per candidate cell of the scan: whether one of its excluders is a changed one (Changes).
std::vector<char> changed_excluders(const Aligned& a, const Changes& near) {
    std::vector<char> touched(a.count());
    for (int i = 0; i < a.count(); ++i) touched[i] = near.touches(a.bits(i), a.words());
    return touched;
}

// Builds and hands over the step of the base cells once their exclusion is known.
bool add_exclusion(const CandidateGrid& grid, StepSink& sink, Technique technique, const Aligned& a,
                   const Exclusion& x, const std::array<uint64_t, 3>& ok, int degree,
                   const uint64_t* common) {
    const Topology& topo = grid.topology();
    Step& step = sink.start(technique);
    for (int i = 0; i < degree; ++i) {
        for (int d : DigitSet(x.cands[i] & ~ok[i])) step.eliminations.push_back({x.cells[i], d});
    }
    if (step.eliminations.empty()) return true;
    std::sort(step.eliminations.begin(), step.eliminations.end());
    if (sink.explain()) {
        StepExplanation& why = step.explanation;
        // The houses holding two base cells, else the first base cell's box.
        for (int h = 0; h < topo.house_count(); ++h) {
            int in = 0;
            for (int i = 0; i < degree; ++i) {
                const auto houses = topo.houses_of(x.cells[i]);
                in += std::find(houses.begin(), houses.end(), h) != houses.end();
            }
            if (in >= 2) why.houses.push_back({h, Role::base});
        }
        if (why.houses.empty())
            why.houses.push_back({topo.box_house(topo.box_of(x.cells[0])), Role::base});
        auto mark = [&](int cell, Role role) {
            why.cells.push_back({cell, role});
            for (int d : grid.candidates(cell)) {
                why.digits.add(d);
                why.candidates.push_back({{cell, d}, role});
            }
        };
        for (int i = 0; i < degree; ++i) mark(x.cells[i], Role::base);
        // The common excluders in the first base cell's house order.
        for (int e : a.excluders(a.index_of(x.cells[0]))) {
            if ((common[e / 64] >> (e % 64)) & 1) mark(e, Role::excluder);
        }
    }
    return sink.add(step);
}

// Fills x for the base cells and the common excluders; false when no excluder could be emptied
// and no two base cells see each other (then every combination is allowed).
bool prepare(const CandidateGrid& grid, const uint64_t* common, int words, int degree,
             Exclusion& x) {
    const Topology& topo = grid.topology();
    uint64_t all = 0;
    for (int i = 0; i < degree; ++i) {
        x.cands[i] = grid.candidates(x.cells[i]).bits();
        all |= x.cands[i];
    }
    x.see[0] = detail::sees(topo, x.cells[0], x.cells[1]);
    x.see[1] = degree == 3 && detail::sees(topo, x.cells[0], x.cells[2]);
    x.see[2] = degree == 3 && detail::sees(topo, x.cells[1], x.cells[2]);
    x.mask_count = 0;
    for (int w = 0; w < words; ++w) {
        for (uint64_t b = common[w]; b != 0; b &= b - 1) {
            const uint64_t m = grid.candidates(w * 64 + std::countr_zero(b)).bits();
            if ((m & ~all) == 0) x.add_mask(m);
        }
    }
    return x.mask_count > 0 || x.see[0] || x.see[1] || x.see[2];
}

// Scans the pairs (only those a change since the last clean position can affect, given
// `near`); whether it found an exclusion.
bool scan_pairs(const CandidateGrid& grid, StepSink& sink, const std::optional<Changes>& near) {
    const Aligned a(grid, 2);
    std::vector<uint64_t> common(a.words());
    Exclusion x;
    bool found = false;
    const std::vector<char> touched = near ? changed_excluders(a, *near) : std::vector<char>();
    // Pairs of candidate cells in colex order; they need not see each other.
    for (int j = 1; j < a.count(); ++j) {
        for (int i = 0; i < j; ++i) {
            // Unless a base cell changed, only a changed common excluder counts.
            const bool unchanged = near && !near->any(a.cell(i)) && !near->any(a.cell(j));
            if (unchanged && !(touched[i] && touched[j])) continue;
            if (!common_excluders(a, i, j, nullptr, common.data())) continue;
            if (unchanged && !near->touches(common.data(), a.words())) continue;
            x.cells = {a.cell(i), a.cell(j), -1};
            if (!prepare(grid, common.data(), a.words(), 2, x)) continue;
            const auto ok = x.allowed(2);
            if (ok[0] == x.cands[0] && ok[1] == x.cands[1]) continue;
            found = true;
            if (!add_exclusion(grid, sink, Technique::aligned_pair_exclusion, a, x, ok, 2,
                               common.data())) {
                return true;
            }
        }
    }
    return found;
}

// Scans the triplets (only those a change since the last clean position can affect, given
// `near`); whether it found an exclusion.
bool scan_triplets(const CandidateGrid& grid, StepSink& sink, const std::optional<Changes>& near) {
    const Aligned a(grid, 3);
    if (a.count() < 3) return false;
    bool found = false;
    std::vector<uint64_t> pair(a.words()), common(a.words());
    std::vector<int> twins;
    twins.reserve(2 * detail::kMaxHouseCells);
    std::vector<char> listed(grid.topology().cell_count(), 0);
    Exclusion x;
    const std::vector<char> touched = near ? changed_excluders(a, *near) : std::vector<char>();
    // The third cell k joins the pair (i, j) when it is an excluder of i or j.
    auto joins = [&](int i, int j, int k) {
        return a.excludes(i, a.cell(k)) || a.excludes(j, a.cell(k));
    };
    for (int j = 1; j < a.count(); ++j) {
        for (int i = 0; i < j; ++i) {
            // Every common excluder of a triplet is one of the pair's.
            if (!common_excluders(a, i, j, nullptr, pair.data())) continue;
            // Neither base cell changed: only a changed excluder or a changed third cell can
            // make a triplet of this pair exclude something; with no changed excluder here,
            // only the changed third cells are worth listing.
            const bool pair_unchanged = near && !near->any(a.cell(i)) && !near->any(a.cell(j));
            const bool only_changed_thirds =
                pair_unchanged &&
                (!touched[i] || !touched[j] || !near->touches(pair.data(), a.words()));
            // The third cells are excluders of i or j: none changed, nothing to look at.
            if (only_changed_thirds && !near->any_of(a.bits(i), a.bits(j), a.words())) continue;
            // The twin area: i's excluders then j's, once each, candidate cells only.
            twins.clear();
            for (int side : {i, j}) {
                for (int e : a.excluders(side)) {
                    const int k = a.index_of(e);
                    if (k < 0 || k == i || k == j || listed[e]) continue;
                    if (only_changed_thirds && !near->any(e)) continue;
                    listed[e] = 1;
                    twins.push_back(k);
                }
            }
            for (int k : twins) listed[a.cell(k)] = 0;
            for (int k : twins) {
                // SE meets a triplet once per pair of it that it joins; the first meeting in the
                // pair order (colex) decides, the others repeat it.
                const std::array<int, 3> s = k < i   ? std::array<int, 3>{k, i, j}
                                             : k < j ? std::array<int, 3>{i, k, j}
                                                     : std::array<int, 3>{i, j, k};
                std::array<int, 2> first = {s[0], s[1]};
                if (!joins(s[0], s[1], s[2])) {
                    first = joins(s[0], s[2], s[1]) ? std::array<int, 2>{s[0], s[2]}
                                                    : std::array<int, 2>{s[1], s[2]};
                }
                if (first[0] != i || first[1] != j) continue;
                if (!common_excluders(a, i, j, a.bits(k), common.data())) continue;
                if (pair_unchanged && !near->any(a.cell(k)) &&
                    !near->touches(common.data(), a.words()))
                    continue;
                x.cells = {a.cell(i), a.cell(j), a.cell(k)};
                if (!prepare(grid, common.data(), a.words(), 3, x)) continue;
                const auto ok = x.allowed(3);
                if (ok == x.cands) continue;
                found = true;
                if (!add_exclusion(grid, sink, Technique::aligned_triplet_exclusion, a, x, ok, 3,
                                   common.data())) {
                    return true;
                }
            }
        }
    }
    return found;
}

void find_aligned(const CandidateGrid& grid, StepSink& sink, int degree) {
    detail::AlignedState& state = sink.workspace().aligned();
    const std::optional<Changes> near = changes_since_clean(grid, state, degree);
    const bool found = degree == 2 ? scan_pairs(grid, sink, near) : scan_triplets(grid, sink, near);
    note_scan(grid, state, degree, found);
}

}  // namespace

void find_aligned_pair_exclusion(const CandidateGrid& g, StepSink& s) { find_aligned(g, s, 2); }
void find_aligned_triplet_exclusion(const CandidateGrid& g, StepSink& s) { find_aligned(g, s, 3); }

}  // namespace sudokit

namespace sudokit {

// "Aligned Pair Exclusion: r1c2,r1c5 with excluders r2c1 {3,7}, r3c4 {3,5} => r1c2<>3".
std::string render_aligned_exclusion(const Step& step, const StepWriter& w) {
    std::string excluders;
    for (const CellMark& c : step.explanation.cells) {
        if (c.role != Role::excluder) continue;
        DigitSet digits;
        for (const CandidateMark& m : step.explanation.candidates) {
            if (m.candidate.cell == c.cell) digits.add(m.candidate.digit);
        }
        excluders +=
            (excluders.empty() ? "" : ", ") + w.cell(c.cell) + " {" + w.digits(digits) + "}";
    }
    return StepWriter::name(step) + ": " + w.cells(step, Role::base) + " with excluders " +
           excluders + " => " + w.effect(step);
}

}  // namespace sudokit
