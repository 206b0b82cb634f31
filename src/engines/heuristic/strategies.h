// The `heuristic` engine's board: candidate masks per cell, placed digits per house, and the human
// strategies (naked/hidden singles, pointing/claiming, naked/hidden pairs) run to a fixpoint.
// Templated on the mask word so 9x9 works on 16-bit masks and 36x36 on 64-bit ones.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "sudokit/grid.h"

namespace sudokit::detail {

// The strategy sets, each one adding to the one before.
enum class Strategies : uint8_t { singles, hidden, intersections, pairs };

// Cell and house tables of one shape, narrowed to 16 bits (cells < 1296) for cache density.
struct HeuristicTables {
    Shape shape{0, 0};
    int n = 0;
    int cells = 0;
    int stacks = 0;  // boxes side by side (N / box_cols)
    int bands = 0;   // boxes one above the other (N / box_rows)
    int peer_count = 0;
    std::vector<uint16_t> house_cells;  // 3N houses x N cells (topology order)
    std::vector<uint16_t> cell_houses;  // row, col, box per cell
    std::vector<uint16_t> peers;        // peer_count per cell

    void build(Shape s);
};

// One search state is `stride` masks: cand[cells] then used[3N]. A cell whose mask has one bit
// is solved once that bit is in used[] of its houses; until then it waits in the queue.
//
//   state: | cand[0] ... cand[cells-1] | used[0] ... used[3N-1] |
//                                        rows     cols     boxes
//
// Every routine returns false on a contradiction (a cell or house left without a digit).
template <class Mask>
class Board {
  public:
    void reset(const HeuristicTables& t) {
        t_ = &t;
        all_ = static_cast<Mask>(DigitSet::all(t.n).bits());
        queue_.assign(static_cast<size_t>(2) * t.cells + 1, 0);
        rseg_.assign(static_cast<size_t>(t.n) * t.stacks, 0);
        cseg_.assign(static_cast<size_t>(t.n) * t.bands, 0);
        pos_.assign(t.n, 0);
        top_ = 0;
    }
    int stride() const { return t_->cells + 3 * t_->n; }
    Mask all() const { return all_; }
    uint64_t propagations = 0;  // placements by singles, eliminations by the other strategies

    // Empty board: every digit everywhere, nothing placed, nothing queued.
    void clear(Mask* s) {
        for (int c = 0; c < t_->cells; ++c) s[c] = all_;
        for (int h = 0; h < 3 * t_->n; ++h) s[t_->cells + h] = 0;
        top_ = 0;
    }
    // Puts `bit` in `cell` and queues it (givens and guesses); false if the cell lacks it.
    bool assign(Mask* s, int cell, Mask bit) {
        if ((s[cell] & bit) == 0) return false;
        s[cell] = bit;
        queue_[top_++] = static_cast<uint16_t>(cell);
        return true;
    }
    // Drops whatever is left in the queue after a contradiction.
    void forget_queue() { top_ = 0; }

    // Applies the strategies up to `level` until none makes progress.
    bool fixpoint(Mask* s, Strategies level) {
        for (;;) {
            if (!drain(s)) return false;
            if (level == Strategies::singles) return true;
            int r = hidden_singles(s);
            if (r < 0) return false;
            if (r > 0) continue;
            if (level == Strategies::hidden) return true;
            r = intersections(s);
            if (r < 0) return false;
            if (r > 0) continue;
            if (level == Strategies::intersections) return true;
            r = pairs(s);
            if (r < 0) return false;
            if (r > 0) continue;
            return true;
        }
    }

  private:
    static bool single(Mask m) { return (m & (m - 1)) == 0; }

    // Naked singles: places every queued cell, removing its digit from its peers.
    bool drain(Mask* s) {
        const HeuristicTables& t = *t_;
        Mask* used = s + t.cells;
        while (top_ > 0) {
            const int c = queue_[--top_];
            const Mask bit = s[c];
            const uint16_t* hs = &t.cell_houses[3 * c];
            if (used[hs[0]] & bit) continue;  // queued twice (a given that was also forced)
            used[hs[0]] |= bit;
            used[hs[1]] |= bit;
            used[hs[2]] |= bit;
            ++propagations;
            const uint16_t* p = &t.peers[static_cast<size_t>(c) * t.peer_count];
            for (int i = 0; i < t.peer_count; ++i) {
                Mask m = s[p[i]];
                if (m & bit) {
                    m = static_cast<Mask>(m & ~bit);
                    s[p[i]] = m;
                    if (m == 0) return false;
                    if (single(m)) queue_[top_++] = p[i];
                }
            }
        }
        return true;
    }

    // Removes `mask` from one cell; -1 when that empties it, else the digits removed.
    int eliminate(Mask* s, int cell, Mask mask) {
        Mask m = s[cell];
        if ((m & mask) == 0) return 0;
        const int removed = std::popcount(static_cast<Mask>(m & mask));
        m = static_cast<Mask>(m & ~mask);
        s[cell] = m;
        if (m == 0) return -1;
        if (single(m)) queue_[top_++] = static_cast<uint16_t>(cell);
        propagations += removed;
        return removed;
    }

    // Hidden singles via per-house OR-accumulation: `once` holds digits seen at least once,
    // `twice` those seen at least twice; once & ~twice are the digits with one place left.
    // Returns the placements made, or -1.
    int hidden_singles(Mask* s) {
        const HeuristicTables& t = *t_;
        const Mask* used = s + t.cells;
        int placed = 0;
        for (int h = 0; h < 3 * t.n; ++h) {
            if (used[h] == all_) continue;
            const uint16_t* hc = &t.house_cells[static_cast<size_t>(h) * t.n];
            Mask once = 0, twice = 0;
            for (int i = 0; i < t.n; ++i) {
                const Mask m = s[hc[i]];
                twice |= once & m;
                once |= m;
            }
            if (once != all_) return -1;  // a digit with no place in this house
            Mask hidden = static_cast<Mask>(once & ~twice & ~used[h]);
            if (hidden == 0) continue;
            while (hidden) {
                const Mask bit = hidden & static_cast<Mask>(-hidden);
                hidden ^= bit;
                int i = 0;
                while (i < t.n && (s[hc[i]] & bit) == 0) ++i;
                // Not found: an earlier hidden digit of this house took its only cell.
                if (i == t.n || !assign(s, hc[i], bit)) return -1;
                ++placed;
            }
            if (!drain(s)) return -1;
        }
        return placed;
    }

    // Locked candidates on box/line segments (a segment is the cells a box shares with a line).
    // Pointing: a digit of a box confined to one segment leaves the rest of that line.
    // Claiming: a digit of a line confined to one segment leaves the rest of that box.
    int intersections(Mask* s) {
        const HeuristicTables& t = *t_;
        const int br = t.shape.box_rows, bc = t.shape.box_cols;
        const Mask* used = s + t.cells;
        // Row segments: rseg[r * stacks + k] is the OR over row r, columns of stack k.
        for (int r = 0; r < t.n; ++r) {
            const uint16_t* hc = &t.house_cells[static_cast<size_t>(r) * t.n];
            for (int k = 0; k < t.stacks; ++k) {
                Mask m = 0;
                for (int j = 0; j < bc; ++j) m |= s[hc[k * bc + j]];
                rseg_[r * t.stacks + k] = m;
            }
        }
        for (int c = 0; c < t.n; ++c) {
            const uint16_t* hc = &t.house_cells[static_cast<size_t>(t.n + c) * t.n];
            for (int b = 0; b < t.bands; ++b) {
                Mask m = 0;
                for (int j = 0; j < br; ++j) m |= s[hc[b * br + j]];
                cseg_[c * t.bands + b] = m;
            }
        }
        int changed = 0;
        for (int band = 0; band < t.bands; ++band) {
            for (int stack = 0; stack < t.stacks; ++stack) {
                const int box = 2 * t.n + band * t.stacks + stack;
                const Mask box_free = static_cast<Mask>(~used[box]);
                // Rows of this box.
                for (int i = 0; i < br; ++i) {
                    const int r = band * br + i;
                    Mask in_box_other = 0, in_row_other = 0;
                    for (int i2 = 0; i2 < br; ++i2) {
                        if (i2 != i) in_box_other |= rseg_[(band * br + i2) * t.stacks + stack];
                    }
                    for (int k = 0; k < t.stacks; ++k) {
                        if (k != stack) in_row_other |= rseg_[r * t.stacks + k];
                    }
                    const Mask seg = rseg_[r * t.stacks + stack];
                    const Mask point =
                        static_cast<Mask>(seg & ~in_box_other & box_free & in_row_other);
                    if (point) {
                        const uint16_t* hc = &t.house_cells[static_cast<size_t>(r) * t.n];
                        for (int j = 0; j < t.n; ++j) {
                            if (j / bc == stack) continue;
                            const int e = eliminate(s, hc[j], point);
                            if (e < 0) return -1;
                            changed += e;
                        }
                    }
                    const Mask claim =
                        static_cast<Mask>(seg & ~in_row_other & ~used[r] & in_box_other);
                    if (claim) {
                        const uint16_t* hc = &t.house_cells[static_cast<size_t>(box) * t.n];
                        for (int j = 0; j < t.n; ++j) {
                            if (j / bc == i) continue;  // box cells are row-major
                            const int e = eliminate(s, hc[j], claim);
                            if (e < 0) return -1;
                            changed += e;
                        }
                    }
                }
                // Columns of this box.
                for (int j = 0; j < bc; ++j) {
                    const int c = stack * bc + j;
                    Mask in_box_other = 0, in_col_other = 0;
                    for (int j2 = 0; j2 < bc; ++j2) {
                        if (j2 != j) in_box_other |= cseg_[(stack * bc + j2) * t.bands + band];
                    }
                    for (int b = 0; b < t.bands; ++b) {
                        if (b != band) in_col_other |= cseg_[c * t.bands + b];
                    }
                    const Mask seg = cseg_[c * t.bands + band];
                    const Mask point =
                        static_cast<Mask>(seg & ~in_box_other & box_free & in_col_other);
                    if (point) {
                        const uint16_t* hc = &t.house_cells[static_cast<size_t>(t.n + c) * t.n];
                        for (int i = 0; i < t.n; ++i) {
                            if (i / br == band) continue;
                            const int e = eliminate(s, hc[i], point);
                            if (e < 0) return -1;
                            changed += e;
                        }
                    }
                    const Mask claim =
                        static_cast<Mask>(seg & ~in_col_other & ~used[t.n + c] & in_box_other);
                    if (claim) {
                        const uint16_t* hc = &t.house_cells[static_cast<size_t>(box) * t.n];
                        for (int k = 0; k < t.n; ++k) {
                            if (k % bc == j) continue;
                            const int e = eliminate(s, hc[k], claim);
                            if (e < 0) return -1;
                            changed += e;
                        }
                    }
                }
            }
        }
        return changed;
    }

    // Naked pairs (two cells of a house holding the same two digits: those digits leave the
    // other cells) and hidden pairs (two digits of a house with the same two places: the other
    // digits leave those cells).
    int pairs(Mask* s) {
        const HeuristicTables& t = *t_;
        const Mask* used = s + t.cells;
        int changed = 0;
        for (int h = 0; h < 3 * t.n; ++h) {
            if (used[h] == all_) continue;
            const uint16_t* hc = &t.house_cells[static_cast<size_t>(h) * t.n];
            Mask once = 0, twice = 0, thrice = 0;
            for (int i = 0; i < t.n; ++i) {
                const Mask m = s[hc[i]];
                if (std::popcount(m) == 2) {
                    for (int i2 = i + 1; i2 < t.n; ++i2) {
                        if (s[hc[i2]] != m) continue;
                        for (int k = 0; k < t.n; ++k) {
                            if (k == i || k == i2) continue;
                            const int e = eliminate(s, hc[k], m);
                            if (e < 0) return -1;
                            changed += e;
                        }
                    }
                }
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            // Digits with exactly two places (computed before the naked-pair eliminations
            // above, so a superset of the truth: still sound for the pairing below).
            Mask two = static_cast<Mask>(twice & ~thrice & ~used[h]);
            if (std::popcount(two) < 2) continue;
            for (Mask rest = two; rest; rest &= rest - 1) {
                const Mask bit = rest & static_cast<Mask>(-rest);
                uint64_t where = 0;
                for (int i = 0; i < t.n; ++i) {
                    if (s[hc[i]] & bit) where |= uint64_t{1} << i;
                }
                pos_[std::countr_zero(bit)] = where;
            }
            for (Mask a = two; a; a &= a - 1) {
                const int da = std::countr_zero(a);
                if (std::popcount(pos_[da]) != 2) continue;
                for (Mask b = a & (a - 1); b; b &= b - 1) {
                    const int db = std::countr_zero(b);
                    if (pos_[db] != pos_[da]) continue;
                    const Mask keep = static_cast<Mask>((Mask{1} << da) | (Mask{1} << db));
                    for (uint64_t w = pos_[da]; w; w &= w - 1) {
                        const int e =
                            eliminate(s, hc[std::countr_zero(w)], static_cast<Mask>(~keep & all_));
                        if (e < 0) return -1;
                        changed += e;
                    }
                }
            }
        }
        return changed;
    }

    const HeuristicTables* t_ = nullptr;
    Mask all_ = 0;
    std::vector<uint16_t> queue_;  // cells waiting to be placed (each at most twice per state)
    int top_ = 0;
    std::vector<Mask> rseg_, cseg_;  // scratch for intersections
    std::vector<uint64_t> pos_;      // scratch for hidden pairs: places per digit
};

}  // namespace sudokit::detail
