// The `heuristic` engine's board: candidate masks per cell, placed digits per house, and the human
// strategies (naked/hidden singles, pointing/claiming, naked/hidden pairs) run to a fixpoint.
// Templated on the mask word (9x9 on 16-bit masks, 36x36 on 64-bit ones) and on the box shape,
// which is fixed at compile time for the common shapes so that house loops unroll.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "sudokit/grid.h"

namespace sudokit::detail {

// The strategy sets, each one adding to the one before.
enum class Strategies : uint8_t { singles, hidden, intersections, pairs };

// A set of houses in W words (3N <= 108 houses fit in two).
template <int W>
struct HouseSet {
    uint64_t w[W] = {};

    void add(const HouseSet& o) {
        for (int k = 0; k < W; ++k) w[k] |= o.w[k];
    }
    bool empty() const {
        uint64_t any = 0;
        for (int k = 0; k < W; ++k) any |= w[k];
        return any == 0;
    }
    void clear() {
        for (int k = 0; k < W; ++k) w[k] = 0;
    }
    void insert(int h) { w[h / 64] |= uint64_t{1} << (h % 64); }
    // Removes and returns the first house at or after `from` (< 64 W), wrapping around; the set
    // must not be empty. Sweeping on from the last house visited (instead of restarting at house 0)
    // keeps one placement, which makes most houses due again, from rescanning the first ones.
    int pop_from(int from) {
        const int k0 = from >> 6;
        for (int k = k0; k < W; ++k) {
            const uint64_t m = k == k0 ? w[k] & (~uint64_t{0} << (from & 63)) : w[k];
            if (m != 0) {
                const int b = std::countr_zero(m);
                w[k] &= ~(uint64_t{1} << b);
                return 64 * k + b;
            }
        }
        return pop_from(0);
    }
};

// Cell and house tables of one shape, narrowed to 16 bits (cells < 1296) for cache density.
struct HeuristicTables {
    Shape shape{0, 0};
    int n = 0;
    int cells = 0;
    int peer_count = 0;
    std::vector<uint16_t> house_cells;        // 3N houses x N cells (topology order)
    std::vector<uint16_t> cell_houses;        // row, col, box per cell
    std::vector<uint16_t> peers;              // peer_count per cell
    std::vector<HouseSet<2>> cell_house_set;  // the three houses of each cell

    void build(Shape s);
};

// One search state is `stride` masks: cand[cells] then used[3N]. A cell whose mask has one bit
// is solved once that bit is in used[] of its houses; until then it waits in the queue.
//
//   state: | cand[0] ... cand[cells-1] | used[0] ... used[3N-1] |
//                                        rows     cols     boxes
//
// Work lists: a house whose candidates changed is due again for hidden singles and for pairs
// (intersections, a whole-board pass, keep one flag), so a fixpoint rescans only what changed
// since the parent node, which was at its fixpoint when copied. Every routine returns false (or -1)
// on a contradiction: a cell or a house left without a digit. kBoxRows = kBoxCols = 0 takes the
// shape from the tables.
template <class Mask, int kBoxRows = 0, int kBoxCols = 0>
class Board {
    static constexpr bool kFixed = kBoxRows > 0;
    static constexpr int kN = kBoxRows * kBoxCols;
    static constexpr int kWords = kFixed && 3 * kN <= 64 ? 1 : 2;
    using Houses = HouseSet<kWords>;

  public:
    // Takes the tables of `shape` (rebuilt only when the shape changes) and empties the queue.
    void reset(Shape shape) {
        top_ = 0;
        if (shape == tables_.shape) return;
        HeuristicTables& t = tables_;
        t.build(shape);
        n_ = t.n;
        br_ = shape.box_rows;
        bc_ = shape.box_cols;
        peer_count_ = t.peer_count;
        house_cells_ = t.house_cells.data();
        cell_houses_ = t.cell_houses.data();
        peers_ = t.peers.data();
        all_ = static_cast<Mask>(DigitSet::all(t.n).bits());
        house_sets_.resize(t.cells);
        peer_house_sets_.assign(t.cells, Houses{});
        for (int c = 0; c < t.cells; ++c) {
            for (int k = 0; k < kWords; ++k) house_sets_[c].w[k] = t.cell_house_set[c].w[k];
        }
        for (int c = 0; c < t.cells; ++c) {
            peer_house_sets_[c] = house_sets_[c];
            for (int i = 0; i < t.peer_count; ++i) {
                peer_house_sets_[c].add(
                    house_sets_[t.peers[static_cast<size_t>(c) * t.peer_count + i]]);
            }
        }
        all_houses_.clear();
        for (int h = 0; h < 3 * t.n; ++h) all_houses_.insert(h);
        // Each cell enters the queue at most twice per node (when forced, and as a guess), and
        // the queue is written one past its top.
        queue_.assign(static_cast<size_t>(2) * t.cells + 1, 0);
        row_segs_.assign(static_cast<size_t>(t.n) * (t.n / bc_), 0);
        col_segs_.assign(static_cast<size_t>(t.n) * (t.n / br_), 0);
    }
    int n() const {
        if constexpr (kFixed) return kN;
        return n_;
    }
    int cells() const { return n() * n(); }
    int peer_count() const {
        if constexpr (kFixed) return 2 * (kN - 1) + (kN - kBoxRows - kBoxCols + 1);
        return peer_count_;
    }
    const uint16_t* peers(int cell) const {
        return peers_ + static_cast<size_t>(cell) * peer_count();
    }
    int stride() const { return cells() + 3 * n(); }
    // Placements by singles (and of each guessed digit), eliminations by the other strategies.
    uint64_t propagations = 0;

    // The root, built in bulk (three ORs per cell rather than a peer loop per given): givens are
    // placed, every other cell holds the digits its houses lack, cells left with one are queued
    // and every house is due. Returns -1 when givens conflict or a digit is out of range, 0 when
    // an empty cell has no candidate, 1 otherwise.
    int load(Mask* s, const Grid& puzzle) {
        Mask* used = s + cells();
        for (int h = 0; h < 3 * n(); ++h) used[h] = 0;
        top_ = 0;
        for (int c = 0; c < cells(); ++c) {
            const int d = puzzle[c];
            if (d == 0) continue;
            if (d > n()) return -1;
            const Mask bit = static_cast<Mask>(Mask{1} << (d - 1));
            const uint16_t* hs = cell_houses_ + 3 * c;
            if ((used[hs[0]] | used[hs[1]] | used[hs[2]]) & bit) return -1;
            used[hs[0]] |= bit;
            used[hs[1]] |= bit;
            used[hs[2]] |= bit;
        }
        bool dead = false;
        for (int c = 0; c < cells(); ++c) {
            const int d = puzzle[c];
            if (d != 0) {
                s[c] = static_cast<Mask>(Mask{1} << (d - 1));
                continue;
            }
            const uint16_t* hs = cell_houses_ + 3 * c;
            const Mask m = static_cast<Mask>(all_ & ~(used[hs[0]] | used[hs[1]] | used[hs[2]]));
            s[c] = m;
            dead |= m == 0;
            if (single(m)) queue_[top_++] = static_cast<uint16_t>(c);
        }
        touched_.clear();
        hidden_due_ = pairs_due_ = all_houses_;
        intersections_due_ = true;
        hidden_at_ = pairs_at_ = 0;
        return dead ? 0 : 1;
    }
    // A child of a state at its fixpoint: nothing queued, nothing due.
    void start_node() {
        top_ = 0;
        touched_.clear();
        hidden_due_.clear();
        intersections_due_ = false;
        pairs_due_.clear();
    }
    // Takes `mask` out of a cell of the root after load(), when every house is due anyway (an
    // exclusion); false when that leaves the cell no candidate.
    bool exclude(Mask* s, int cell, Mask mask) { return eliminate(s, cell, mask) >= 0; }
    // Puts `bit` in `cell` and queues it (givens and guesses); false if the cell lacks it.
    bool assign(Mask* s, int cell, Mask bit) {
        if ((s[cell] & bit) == 0) return false;
        if (s[cell] != bit) {
            s[cell] = bit;
            touched_.add(house_sets_[cell]);
        }
        queue_[top_++] = static_cast<uint16_t>(cell);
        return true;
    }

    // Applies the strategies up to `level` until none makes progress. Singles and hidden singles
    // run to their own fixpoint before each intersections pass and each house of pairs.
    bool fixpoint(Mask* s, Strategies level) {
        for (;;) {
            if (!drain(s)) return false;
            if (level == Strategies::singles) return true;
            if (!hidden_singles(s)) return false;
            if (level == Strategies::hidden) return true;
            sync();
            int r = 0;
            if (intersections_due_) {
                intersections_due_ = false;
                r = intersections(s);
            }
            if (r < 0) return false;
            if (r > 0) continue;
            if (level == Strategies::intersections) return true;
            for (sync(); r == 0 && !pairs_due_.empty();) {
                const int h = pairs_due_.pop_from(pairs_at_);
                pairs_at_ = h + 1;
                r = pairs(s, h);
            }
            if (r < 0) return false;
            if (r > 0) continue;
            return true;
        }
    }

  private:
    static bool single(Mask m) { return (m & (m - 1)) == 0; }
    int box_rows() const {
        if constexpr (kFixed) return kBoxRows;
        return br_;
    }
    int box_cols() const {
        if constexpr (kFixed) return kBoxCols;
        return bc_;
    }
    const uint16_t* house(int h) const { return house_cells_ + static_cast<size_t>(h) * n(); }

    // Folds the houses touched since the last call into each strategy's work list.
    void sync() {
        hidden_due_.add(touched_);
        intersections_due_ |= !touched_.empty();
        pairs_due_.add(touched_);
        touched_.clear();
    }

    // Naked singles: places every queued cell, removing its digit from its peers. The peer loop
    // has no data-dependent branch (a changed peer joins the queue through arithmetic), and the
    // houses it touches are taken wholesale: the peers of a cell reach nearly every house anyway
    // (23 of 27 on 9x9), so marking them one changed peer at a time bought nothing.
    bool drain(Mask* s) {
        // Locals, not members: the stores into s[] could alias them and force reloads.
        Mask* used = s + cells();
        uint16_t* queue = queue_.data();
        int top = top_;
        Houses touched = touched_;
        bool empty = false;
        while (top > 0 && !empty) {
            const int c = queue[--top];
            const Mask bit = s[c];
            const uint16_t* hs = cell_houses_ + 3 * c;
            if (used[hs[0]] & bit) continue;  // already placed: queued twice
            used[hs[0]] |= bit;
            used[hs[1]] |= bit;
            used[hs[2]] |= bit;
            ++propagations;
            touched.add(peer_house_sets_[c]);
            const Mask keep = static_cast<Mask>(~bit);
            const uint16_t* p = peers_ + static_cast<size_t>(c) * peer_count();
            for (int i = 0; i < peer_count(); ++i) {
                const int q = p[i];
                const Mask m = s[q];
                const Mask left = static_cast<Mask>(m & keep);
                s[q] = left;
                const bool changed = m != left;
                empty |= left == 0;
                queue[top] = static_cast<uint16_t>(q);
                top += changed & single(left);
            }
        }
        top_ = top;
        touched_ = touched;
        return !empty;
    }

    // Removes `mask` from one cell; -1 when that empties it, else the digits removed.
    int eliminate(Mask* s, int cell, Mask mask) {
        Mask m = s[cell];
        if ((m & mask) == 0) return 0;
        const int removed = std::popcount(static_cast<Mask>(m & mask));
        m = static_cast<Mask>(m & ~mask);
        s[cell] = m;
        if (m == 0) return -1;
        touched_.add(house_sets_[cell]);
        if (single(m)) queue_[top_++] = static_cast<uint16_t>(cell);
        propagations += removed;
        return removed;
    }

    // Hidden singles via per-house OR-accumulation: `once` holds digits seen at least once,
    // `twice` those seen at least twice; once & ~twice are the digits with one place left.
    bool hidden_singles(Mask* s) {
        const Mask* used = s + cells();
        for (;;) {
            sync();
            if (hidden_due_.empty()) return true;
            const int h = hidden_due_.pop_from(hidden_at_);
            hidden_at_ = h + 1;
            if (used[h] == all_) continue;
            const uint16_t* hc = house(h);
            Mask once = 0, twice = 0;
            for (int i = 0; i < n(); ++i) {
                const Mask m = s[hc[i]];
                twice |= once & m;
                once |= m;
            }
            if (once != all_) return false;  // a digit with no place in this house
            Mask hidden = static_cast<Mask>(once & ~twice & ~used[h]);
            if (hidden == 0) continue;
            do {
                const Mask bit = hidden & static_cast<Mask>(-hidden);
                hidden = static_cast<Mask>(hidden ^ bit);
                int i = 0;
                while (i < n() && (s[hc[i]] & bit) == 0) ++i;
                // Not found: an earlier hidden digit of this house took its only cell.
                if (i == n()) return false;
                assign(s, hc[i], bit);
            } while (hidden != 0);
            if (!drain(s)) return false;
        }
    }

    // The digits found in at least two of the `count` segments seg[k * step].
    static Mask in_two(const Mask* seg, int count, int step) {
        Mask once = 0, twice = 0;
        for (int k = 0; k < count; ++k) {
            twice |= once & seg[k * step];
            once |= seg[k * step];
        }
        return twice;
    }

    // Removes `digits` from the cells of house `h` that `skip` does not exclude.
    template <class Skip>
    int clear_from(Mask* s, int h, Mask digits, Skip skip) {
        const uint16_t* hc = house(h);
        int changed = 0;
        for (int i = 0; i < n(); ++i) {
            if (skip(i)) continue;
            const int e = eliminate(s, hc[i], digits);
            if (e < 0) return -1;
            changed += e;
        }
        return changed;
    }

    // Locked candidates, one pass over the whole board on segments (the cells a box shares with a
    // line): row_segs_[r * stacks + k] is the union of row r within stack k, col_segs_[c * bands
    // + b] of column c within band b. With "in two" = seen in at least two segments of a house:
    //   pointing: open in the box, in segment (r, k), not in two of the box's row segments (so
    //             confined to this one), but in two of row r's segments -> leaves row r's rest;
    //   claiming: open in row r, in segment (r, k), not in two of the row's segments, but in two
    //             of the box's row segments -> leaves the rest of the box.
    // Columns likewise. Eliminations make the segments stale, but only ever supersets of the
    // truth, and a digit confined in a superset is confined in the truth, so the pass stays
    // sound. Returns the eliminations, or -1.
    int intersections(Mask* s) {
        const Mask* used = s + cells();
        const int nn = n(), br = box_rows(), bc = box_cols();
        const int stacks = nn / bc, bands = nn / br;
        Mask* rs = row_segs_.data();
        Mask* cs = col_segs_.data();
        Mask row_two[kMaxSize], col_two[kMaxSize];
        for (int r = 0; r < nn; ++r) {
            const Mask* row = s + r * nn;
            for (int k = 0; k < stacks; ++k) {
                Mask m = 0;
                for (int j = 0; j < bc; ++j) m |= row[k * bc + j];
                rs[r * stacks + k] = m;
            }
            row_two[r] = in_two(rs + r * stacks, stacks, 1);
        }
        for (int c = 0; c < nn; ++c) {
            for (int b = 0; b < bands; ++b) {
                Mask m = 0;
                for (int i = 0; i < br; ++i) m |= s[(b * br + i) * nn + c];
                cs[c * bands + b] = m;
            }
            col_two[c] = in_two(cs + c * bands, bands, 1);
        }
        int changed = 0;
        auto add = [&](int e) {
            changed += e;
            return e >= 0;
        };
        for (int band = 0; band < bands; ++band) {
            for (int stack = 0; stack < stacks; ++stack) {
                const int box = 2 * nn + band * stacks + stack;
                if (used[box] == all_) continue;
                const Mask box_open = static_cast<Mask>(all_ & ~used[box]);
                const Mask* box_rs = rs + band * br * stacks + stack;  // step: stacks
                const Mask box_rows_two = in_two(box_rs, br, stacks);
                for (int i = 0; i < br; ++i) {
                    const int r = band * br + i;
                    const Mask seg = box_rs[i * stacks];
                    const Mask point = seg & ~box_rows_two & box_open & row_two[r];
                    if (point != 0 &&
                        !add(clear_from(s, r, point, [&](int x) { return x / bc == stack; }))) {
                        return -1;
                    }
                    const Mask claim = seg & ~row_two[r] & ~used[r] & box_rows_two;
                    if (claim != 0 &&
                        !add(clear_from(s, box, claim, [&](int x) { return x / bc == i; }))) {
                        return -1;
                    }
                }
                const Mask* box_cs = cs + stack * bc * bands + band;  // step: bands
                const Mask box_cols_two = in_two(box_cs, bc, bands);
                for (int j = 0; j < bc; ++j) {
                    const int c = stack * bc + j;
                    const Mask seg = box_cs[j * bands];
                    const Mask point = seg & ~box_cols_two & box_open & col_two[c];
                    if (point != 0 &&
                        !add(clear_from(s, nn + c, point, [&](int y) { return y / br == band; }))) {
                        return -1;
                    }
                    const Mask claim = seg & ~col_two[c] & ~used[nn + c] & box_cols_two;
                    if (claim != 0 &&
                        !add(clear_from(s, box, claim, [&](int x) { return x % bc == j; }))) {
                        return -1;
                    }
                }
            }
        }
        return changed;
    }

    // Naked pairs (two cells of a house holding the same two digits: those digits leave the
    // other cells) and hidden pairs (two digits of a house with the same two places: the other
    // digits leave those cells), in one house. Returns the eliminations, or -1.
    int pairs(Mask* s, int h) {
        const Mask* used = s + cells();
        if (used[h] == all_) return 0;
        const uint16_t* hc = house(h);
        int changed = 0;
        Mask once = 0, twice = 0, thrice = 0;
        for (int i = 0; i < n(); ++i) {
            const Mask m = s[hc[i]];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
            const Mask rest = static_cast<Mask>(m & (m - 1));
            if (rest == 0 || !single(rest)) continue;
            for (int i2 = 0; i2 < i; ++i2) {
                if (s[hc[i2]] != m) continue;
                for (int k = 0; k < n(); ++k) {
                    if (k == i || k == i2) continue;
                    const int e = eliminate(s, hc[k], m);
                    if (e < 0) return -1;
                    changed += e;
                }
            }
        }
        // Digits with two places at most (counted before the naked-pair eliminations above, so
        // the places are recomputed below).
        const Mask two = static_cast<Mask>(twice & ~thrice & ~used[h]);
        if (single(two)) return changed;
        uint64_t where[kMaxSize];
        for (Mask rest = two; rest; rest &= rest - 1) {
            const Mask bit = rest & static_cast<Mask>(-rest);
            uint64_t w = 0;
            for (int i = 0; i < n(); ++i) {
                if (s[hc[i]] & bit) w |= uint64_t{1} << i;
            }
            where[std::countr_zero(bit)] = w;
        }
        for (Mask a = two; a; a &= a - 1) {
            const int da = std::countr_zero(a);
            if (std::popcount(where[da]) != 2) continue;
            for (Mask b = a & (a - 1); b; b &= b - 1) {
                const int db = std::countr_zero(b);
                if (where[db] != where[da]) continue;
                const Mask others = static_cast<Mask>(all_ & ~(Mask{1} << da) & ~(Mask{1} << db));
                for (uint64_t w = where[da]; w; w &= w - 1) {
                    const int e = eliminate(s, hc[std::countr_zero(w)], others);
                    if (e < 0) return -1;
                    changed += e;
                }
            }
        }
        return changed;
    }

    HeuristicTables tables_;
    int n_ = 0, br_ = 0, bc_ = 0, peer_count_ = 0;
    const uint16_t* house_cells_ = nullptr;  // into tables_
    const uint16_t* cell_houses_ = nullptr;
    const uint16_t* peers_ = nullptr;
    std::vector<Houses> house_sets_;       // the three houses of each cell, in kWords words
    std::vector<Houses> peer_house_sets_;  // the houses of a cell and of all its peers
    Houses all_houses_;
    Mask all_ = 0;
    std::vector<uint16_t> queue_;  // cells waiting to be placed
    int top_ = 0;
    Houses touched_;  // houses whose candidates changed since the last sync()
    Houses hidden_due_, pairs_due_;
    bool intersections_due_ = false;         // a whole-board pass, due after any change
    int hidden_at_ = 0, pairs_at_ = 0;       // where each sweep goes on
    std::vector<Mask> row_segs_, col_segs_;  // scratch for intersections
};

}  // namespace sudokit::detail
