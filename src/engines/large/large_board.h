// The board of the `large` engine and its propagation: one flat array of masks per board
// (a candidate mask per cell, a mask of the digits placed in each house, then per (house,
// digit) a mask of the positions in the house where the digit may still go), so a board is
// copied with one memcpy onto the next level of the search or onto a probe's scratch board.
// The place masks make an elimination that leaves one place or none queue a hidden single or
// a contradiction, give a hidden single's cell without a scan, and let a placement visit only
// the peers that still hold its digit. Propagation runs both queues, and at search nodes
// locked candidates.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "engines/large/large_tables.h"

namespace sudokit::detail {

template <class Mask, int kN = 0>
class LargeBoard {
  public:
    // The shape's sizes: constants when kN (the digits) is given, else the tables'. Constants
    // let the compiler fold the index arithmetic and the loop bounds: about 7 % less time on
    // 16x16, a few percent on 25x25 and 36x36 (docs/results/large-grids.md).
    int size() const { return kN > 0 ? kN : t_->n; }
    int cell_count() const { return kN > 0 ? kN * kN : t_->cells; }
    int house_count() const { return kN > 0 ? 3 * kN : t_->houses; }
    // A board's words: the cells' candidates, each house's placed digits, then the places of
    // each (house, digit).
    int stride() const { return cell_count() + house_count() + house_count() * size(); }

    void reset(const LargeTables& t) {
        t_ = &t;
        full_ = size() >= static_cast<int>(8 * sizeof(Mask))
                    ? static_cast<Mask>(~Mask{0})
                    : static_cast<Mask>((Mask{1} << size()) - 1);
        queue_.resize(cell_count());
        // Each change removes a candidate, so a board changes at most cells * n times.
        touched_.resize(static_cast<size_t>(cell_count()) * size() + 1);
        touched_count_ = 0;
        tracking_ = 0;
        // Each (house, digit) is queued at most twice (down to one place, then none), plus
        // the slot that eliminate() writes without queueing.
        single_places_.resize(static_cast<size_t>(house_count()) * size() * 2 + 1);
        head_ = tail_ = 0;
        phead_ = ptail_ = 0;
        work = 0;
    }
    Mask full() const { return full_; }

    // The empty board: every candidate open, nothing placed, every digit n places per house.
    void clear(Mask* s) {
        std::fill(s, s + stride(), Mask{0});
        std::fill(s, s + cell_count(), full_);
        std::fill(places(s), places(s) + house_count() * size(), full_);
        head_ = tail_ = 0;
        phead_ = ptail_ = 0;
    }
    // The places left per (house, digit): places(s)[h * n + d], d 0-based, bit i for the
    // house's i-th cell (LargeTables::house_cells). Once the digit is placed in the house
    // (done[]), its mask there is no longer kept up to date (drop_placed_digit()): readers
    // skip the placed digits.
    Mask* places(Mask* s) const { return s + cell_count() + house_count(); }
    const Mask* places(const Mask* s) const { return s + cell_count() + house_count(); }
    int place_count(const Mask* s, int house, int digit) const {
        return std::popcount(places(s)[house * size() + digit]);
    }

    // Places `bit` in `cell` and removes it from the peers; false on a contradiction (the
    // cell lacks the bit, or the propagation it starts fails later).
    bool assign(Mask* s, int cell, Mask bit) {
        if ((s[cell] & bit) == 0) return false;
        if (!eliminate(s, cell, static_cast<Mask>(s[cell] & ~bit))) return false;
        return place(s, cell);
    }

    // Removes `bits` from the cell's candidates; false when none is left. A digit whose
    // places in a house drop to one or none is queued for hidden singles.
    bool eliminate(Mask* s, int cell, Mask bits) {
        const Mask m = s[cell];
        bits &= m;
        if (bits == 0) return true;
        const Mask left = static_cast<Mask>(m & ~bits);
        if (!set_candidates(s, cell, left)) return false;
        while (bits != 0) {
            const int d = std::countr_zero(bits);
            bits &= static_cast<Mask>(bits - 1);
            drop_places(s, cell, d, -1);
        }
        if ((left & (left - 1)) == 0) queue_[tail_++] = static_cast<uint16_t>(cell);
        return true;
    }

    // Naked and hidden singles to their fixpoint, then (with `locked`) pointing and claiming,
    // and again until nothing changes. False on a contradiction; pending work is then dropped.
    bool propagate(Mask* s, bool locked, bool matching = false) {
        for (;;) {
            if (!singles(s)) return fail();
            if (!locked) return true;
            const uint64_t before = work;
            if (!locked_candidates(s)) return fail();
            if (work != before) continue;
            if (!matching) return true;
            for (int h = 0; h < house_count(); ++h) {
                if (!all_different(s, h)) return fail();
            }
            if (work == before) return true;
        }
    }

    uint64_t work = 0;  // placements and eliminations made

    // The cells changed since start_tracking(), in order, a cell once per change.
    void start_tracking() {
        touched_count_ = 0;
        tracking_ = 1;
    }
    std::span<const uint16_t> stop_tracking() {
        tracking_ = 0;
        return {touched_.data(), touched_count_};
    }

  private:
    bool fail() {
        head_ = tail_ = 0;
        phead_ = ptail_ = 0;
        return false;
    }

    // The cell holds one candidate: place it in its houses and take it from the peers.
    bool place(Mask* s, int cell) {
        const Mask bit = s[cell];
        Mask* done = s + cell_count();
        const uint16_t* h = &t_->cell_houses[3 * static_cast<size_t>(cell)];
        // A peer that placed this digit took it from this cell, so a house already holding
        // it means this cell was placed before (a given that was also queued).
        if ((done[h[0]] & bit) != 0) return true;
        done[h[0]] |= bit;
        done[h[1]] |= bit;
        done[h[2]] |= bit;
        ++work;
        // The peers that hold the digit, house by house in the order of house_cells: the row,
        // the column, then the rest of the box (its cells in the row and column have lost the
        // digit by then).
        const int n = size();
        const int d = std::countr_zero(bit);
        const uint8_t* pos = &t_->cell_positions[3 * static_cast<size_t>(cell)];
        for (int k = 0; k < 3; ++k) {
            Mask holders = static_cast<Mask>(places(s)[h[k] * n + d] & ~(Mask{1} << pos[k]));
            const uint16_t* hc = &t_->house_cells[static_cast<size_t>(h[k]) * n];
            while (holders != 0) {
                const int i = std::countr_zero(holders);
                holders &= static_cast<Mask>(holders - 1);
                if (!drop_placed_digit(s, hc[i], d, h[k])) return false;
            }
        }
        return true;
    }

    // A placement's digit d leaves `cell`, a peer that holds it in house `via` of the placed
    // cell. Like eliminate(), but d's places in `via` are left as they are: d is placed there
    // now, and every reader of the places skips a house's placed digits (done[]). That is a
    // third of the place updates of a placement.
    bool drop_placed_digit(Mask* s, int cell, int d, int via) {
        const Mask left = static_cast<Mask>(s[cell] & ~(Mask{1} << d));
        if (!set_candidates(s, cell, left)) return false;
        drop_places(s, cell, d, via);
        if ((left & (left - 1)) == 0) queue_[tail_++] = static_cast<uint16_t>(cell);
        return true;
    }

    // Writes the cell's candidates after an elimination; false when none is left.
    bool set_candidates(Mask* s, int cell, Mask left) {
        s[cell] = left;
        ++work;
        // Branch-free: while not tracking, every change writes the same slot.
        touched_[touched_count_] = static_cast<uint16_t>(cell);
        touched_count_ += tracking_;
        return left != 0;
    }

    // The cell is no place for digit d any more in its houses (but `via`, -1 for none); a
    // (house, digit) left with one place or none is queued for hidden singles.
    void drop_places(Mask* s, int cell, int d, int via) {
        Mask* pl = places(s);
        const int n = size();
        const uint16_t* h = &t_->cell_houses[3 * static_cast<size_t>(cell)];
        const uint8_t* pos = &t_->cell_positions[3 * static_cast<size_t>(cell)];
        for (int k = 0; k < 3; ++k) {
            if (h[k] == via) continue;
            const int i = h[k] * n + d;
            const Mask m = static_cast<Mask>(pl[i] & ~(Mask{1} << pos[k]));
            pl[i] = m;
            // Branch-free: whether the digit is down to one place is hard to predict.
            single_places_[ptail_] = static_cast<uint16_t>(i);
            ptail_ += (m & (m - 1)) == 0;
        }
    }

    bool singles(Mask* s) {
        for (;;) {
            while (head_ < tail_) {
                if (!place(s, queue_[head_++])) return false;
            }
            head_ = tail_ = 0;
            if (phead_ == ptail_) return true;
            while (phead_ < ptail_) {
                if (!hidden_single(s, single_places_[phead_++])) return false;
            }
            phead_ = ptail_ = 0;
        }
    }

    // A (house, digit) down to one place or none: none is a contradiction, one is a single
    // (queued as a naked single) unless the digit is placed there already.
    bool hidden_single(Mask* s, int index) {
        const int n = size();
        const int h = index / n;
        const Mask bit = static_cast<Mask>(Mask{1} << (index % n));
        const Mask left = places(s)[index];
        if (left == 0) return false;
        if ((s[cell_count() + h] & bit) != 0) return true;
        const int c = t_->house_cells[static_cast<size_t>(h) * n + std::countr_zero(left)];
        return s[c] == bit || eliminate(s, c, static_cast<Mask>(s[c] & ~bit));
    }

    // The house's open cells and open digits as a bipartite graph (a candidate is an edge):
    // every candidate on no perfect matching is removed (Regin's all-different filtering).
    // It finds the naked and hidden subsets of every size. False when there is no matching.
    bool all_different(Mask* s, int h) {
        const LargeTables& t = *t_;
        const int n = size();
        const Mask open_digits = static_cast<Mask>(full_ & ~s[cell_count() + h]);
        if (open_digits == 0) return true;
        const uint16_t* hc = &t.house_cells[static_cast<size_t>(h) * n];
        int k = 0;
        for (int i = 0; i < n; ++i) {
            const Mask m = s[hc[i]];
            // A placed cell is out; a single not yet placed (queued) still takes its digit.
            if ((m & ~open_digits) != 0) continue;
            ad_cell_[k] = hc[i];
            ad_mask_[k] = m;
            ++k;
        }
        if (k != std::popcount(open_digits)) return false;
        // Digit d's cell in the matching (an index into ad_cell_), or -1.
        for (int d = 0; d < n; ++d) ad_owner_[d] = -1;
        for (int i = 0; i < k; ++i) {
            Mask free = 0;
            Mask m = ad_mask_[i];
            while (m != 0) {
                const int d = std::countr_zero(m);
                m &= static_cast<Mask>(m - 1);
                if (ad_owner_[d] < 0) {
                    free = static_cast<Mask>(Mask{1} << d);
                    break;
                }
            }
            if (free != 0) {
                ad_owner_[std::countr_zero(free)] = static_cast<int8_t>(i);
                ad_match_[i] = static_cast<int8_t>(std::countr_zero(free));
                continue;
            }
            Mask seen = 0;
            if (!augment(i, seen)) return false;
        }
        // Cell i reaches cell j when i holds the digit matched to j. A candidate d of cell i,
        // not i's own, lies on a perfect matching exactly when i and d's cell share a
        // strongly connected component.
        for (int i = 0; i < k; ++i) {
            uint64_t r = uint64_t{1} << i;
            for_each_other_digit(i, [&](int d) { r |= uint64_t{1} << ad_owner_[d]; });
            ad_reach_[i] = r;
        }
        for (int p = 0; p < k; ++p) {
            const uint64_t bit = uint64_t{1} << p;
            for (int i = 0; i < k; ++i) {
                if ((ad_reach_[i] & bit) != 0) ad_reach_[i] |= ad_reach_[p];
            }
        }
        for (int i = 0; i < k; ++i) {
            Mask gone = 0;
            for_each_other_digit(i, [&](int d) {
                if ((ad_reach_[ad_owner_[d]] & (uint64_t{1} << i)) == 0)
                    gone |= static_cast<Mask>(Mask{1} << d);
            });
            if (gone != 0 && !eliminate(s, ad_cell_[i], gone)) return false;
        }
        return true;
    }

    // visit(d) for each candidate d of all_different's cell i other than its matched digit.
    template <class Visit>
    void for_each_other_digit(int i, Visit&& visit) const {
        Mask m = static_cast<Mask>(ad_mask_[i] & ~(Mask{1} << ad_match_[i]));
        while (m != 0) {
            visit(std::countr_zero(m));
            m &= static_cast<Mask>(m - 1);
        }
    }

    // An augmenting path from cell i (Kuhn's algorithm); `seen` holds the digits visited.
    bool augment(int i, Mask& seen) {
        Mask m = static_cast<Mask>(ad_mask_[i] & ~seen);
        while (m != 0) {
            const int d = std::countr_zero(m);
            m &= static_cast<Mask>(m - 1);
            seen |= static_cast<Mask>(Mask{1} << d);
            if (ad_owner_[d] < 0 || augment(ad_owner_[d], seen)) {
                ad_owner_[d] = static_cast<int8_t>(i);
                ad_match_[i] = static_cast<int8_t>(d);
                return true;
            }
        }
        return false;
    }

    // Pointing (a box's digit confined to one of its lines leaves the rest of the line) and
    // claiming (a line's digit confined to one box leaves the rest of the box).
    bool locked_candidates(Mask* s) {
        const LargeTables& t = *t_;
        const int n = size(), br = t.shape.box_rows, bc = t.shape.box_cols;
        const Mask* done = s + cell_count();
        const int segments = static_cast<int>(t.segment_line.size());
        seg_.resize(segments);
        for (int g = 0; g < segments; ++g) {
            Mask m = 0;
            for (uint32_t i = t.segment_start[g]; i < t.segment_start[g + 1]; ++i)
                m |= s[t.segment_cells[i]];
            seg_[g] = static_cast<Mask>(m & ~done[t.segment_line[g]]);
        }
        // Lines: row r's segments are r*br + j; column c's are row_segments + c*bc + j.
        for (int line = 0; line < 2 * n; ++line) {
            const int count = line < n ? br : bc;
            const int first = line < n ? line * br : t.row_segments + (line - n) * bc;
            if (!confined(s, first, 1, count, /*clear_box=*/true)) return false;
        }
        // Boxes: box (band, stack) holds row segments row*br + stack for its br rows and
        // column segments row_segments + col*bc + band for its bc columns.
        for (int b = 0; b < n; ++b) {
            const int band = b / br, stack = b % br;
            if (!confined(s, band * br * br + stack, br, br, false)) return false;
            if (!confined(s, t.row_segments + stack * bc * bc + band, bc, bc, false)) return false;
        }
        return true;
    }

    // Of `count` segments first, first+step, ...: a digit in exactly one of them is confined
    // there. clear_box: the segments are a line's, so the digit leaves the rest of the box;
    // else they are a box's, and it leaves the rest of the line.
    bool confined(Mask* s, int first, int step, int count, bool clear_box) {
        Mask once = 0, twice = 0;
        for (int j = 0; j < count; ++j) {
            const Mask m = seg_[first + j * step];
            twice |= once & m;
            once |= m;
        }
        const Mask lone = static_cast<Mask>(once & ~twice);
        if (lone == 0) return true;
        const LargeTables& t = *t_;
        const int n = size();
        for (int j = 0; j < count; ++j) {
            const int g = first + j * step;
            const Mask bits = static_cast<Mask>(lone & seg_[g]);
            if (bits == 0) continue;
            const int line = t.segment_line[g];
            const int target = clear_box ? t.segment_box[g] : line;
            const uint16_t* hc = &t.house_cells[static_cast<size_t>(target) * n];
            for (int i = 0; i < n; ++i) {
                const int c = hc[i];
                const bool inside =
                    clear_box
                        ? t.cell_houses[3 * static_cast<size_t>(c) + (line < n ? 0 : 1)] == line
                        : t.cell_houses[3 * static_cast<size_t>(c) + 2] == t.segment_box[g];
                if (inside) continue;
                if (!eliminate(s, c, bits)) return false;
            }
        }
        return true;
    }

    const LargeTables* t_ = nullptr;
    Mask full_ = 0;
    std::vector<uint16_t> queue_;  // cells down to one candidate, to place
    int head_ = 0, tail_ = 0;
    std::vector<uint16_t> single_places_;  // (house, digit) down to one place or none
    int phead_ = 0, ptail_ = 0;
    std::vector<Mask> seg_;  // scratch of locked_candidates
    std::vector<uint16_t> touched_;
    size_t touched_count_ = 0;
    size_t tracking_ = 0;
    // Scratch of all_different: the house's open cells, their masks, the matching, reach.
    uint16_t ad_cell_[64] = {};
    Mask ad_mask_[64] = {};
    int8_t ad_owner_[64] = {};
    int8_t ad_match_[64] = {};
    uint64_t ad_reach_[64] = {};
};

}  // namespace sudokit::detail
