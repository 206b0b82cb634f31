// The board of the `large` engine and its propagation: one flat array of masks per board
// (a candidate mask per cell, then a mask of the digits placed in each house), so a board is
// copied with one memcpy onto the next level of the search or onto a probe's scratch board.
// Each board also keeps, per (house, digit), how many places are left (bytes after the masks),
// so an elimination that leaves one place or none queues a hidden single or a contradiction.
// Propagation runs both queues, and at search nodes locked candidates.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "engines/large/large_tables.h"

namespace sudokit::detail {

template <class Mask>
class LargeBoard {
  public:
    void reset(const LargeTables& t) {
        t_ = &t;
        count_offset_ = t.cells + t.houses;
        const int count_bytes = t.houses * t.n;
        stride_ = count_offset_ + (count_bytes + static_cast<int>(sizeof(Mask)) - 1) /
                                      static_cast<int>(sizeof(Mask));
        full_ = t.n >= static_cast<int>(8 * sizeof(Mask)) ? static_cast<Mask>(~Mask{0})
                                                          : static_cast<Mask>((Mask{1} << t.n) - 1);
        queue_.resize(t.cells);
        places_.resize(static_cast<size_t>(t.houses) * t.n * 2);
        head_ = tail_ = 0;
        phead_ = ptail_ = 0;
        work = 0;
    }
    int stride() const { return stride_; }
    Mask full() const { return full_; }

    // The empty board: every candidate open, nothing placed, every digit n places per house.
    void clear(Mask* s) {
        std::fill(s, s + stride_, Mask{0});
        std::fill(s, s + t_->cells, full_);
        std::fill(counts(s), counts(s) + t_->houses * t_->n, static_cast<uint8_t>(t_->n));
        head_ = tail_ = 0;
        phead_ = ptail_ = 0;
    }
    // The places left per (house, digit): counts(s)[h * n + d], d 0-based.
    uint8_t* counts(Mask* s) const { return reinterpret_cast<uint8_t*>(s + count_offset_); }
    const uint8_t* counts(const Mask* s) const {
        return reinterpret_cast<const uint8_t*>(s + count_offset_);
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
        s[cell] = left;
        ++work;
        if (left == 0) return false;
        uint8_t* cnt = counts(s);
        const int n = t_->n;
        const uint16_t* h = &t_->cell_houses[3 * static_cast<size_t>(cell)];
        while (bits != 0) {
            const int d = std::countr_zero(bits);
            bits &= static_cast<Mask>(bits - 1);
            for (int k = 0; k < 3; ++k) {
                const int i = h[k] * n + d;
                if (--cnt[i] <= 1) {
                    places_[ptail_++] = static_cast<uint16_t>(i);
                }
            }
        }
        if ((left & (left - 1)) == 0) queue_[tail_++] = static_cast<uint16_t>(cell);
        return true;
    }

    // Naked and hidden singles to their fixpoint, then (with `locked`) pointing and claiming,
    // and again until nothing changes. False on a contradiction; pending work is then dropped.
    bool propagate(Mask* s, bool locked) {
        for (;;) {
            if (!singles(s)) return fail();
            if (!locked) return true;
            const uint64_t before = work;
            if (!locked_candidates(s)) return fail();
            if (work == before) return true;
        }
    }

    uint64_t work = 0;  // placements and eliminations made

  private:
    bool fail() {
        head_ = tail_ = 0;
        phead_ = ptail_ = 0;
        return false;
    }

    // The cell holds one candidate: place it in its houses and take it from the peers.
    bool place(Mask* s, int cell) {
        const Mask bit = s[cell];
        Mask* done = s + t_->cells;
        const uint16_t* h = &t_->cell_houses[3 * static_cast<size_t>(cell)];
        // A peer that placed this digit took it from this cell, so a house already holding
        // it means this cell was placed before (a given that was also queued).
        if ((done[h[0]] & bit) != 0) return true;
        done[h[0]] |= bit;
        done[h[1]] |= bit;
        done[h[2]] |= bit;
        ++work;
        const uint16_t* p = &t_->peers[static_cast<size_t>(cell) * t_->peer_count];
        for (int i = 0; i < t_->peer_count; ++i) {
            if ((s[p[i]] & bit) != 0 && !eliminate(s, p[i], bit)) return false;
        }
        return true;
    }

    bool singles(Mask* s) {
        for (;;) {
            while (head_ < tail_) {
                if (!place(s, queue_[head_++])) return false;
            }
            head_ = tail_ = 0;
            if (phead_ == ptail_) return true;
            while (phead_ < ptail_) {
                if (!hidden_single(s, places_[phead_++])) return false;
            }
            phead_ = ptail_ = 0;
        }
    }

    // A (house, digit) down to one place or none: none is a contradiction, one is a single
    // (queued as a naked single) unless the digit is placed there already.
    bool hidden_single(Mask* s, int index) {
        const int n = t_->n;
        const int h = index / n;
        const Mask bit = static_cast<Mask>(Mask{1} << (index % n));
        const uint8_t left = counts(s)[index];
        if (left == 0) return false;
        if ((s[t_->cells + h] & bit) != 0) return true;
        const uint16_t* hc = &t_->house_cells[static_cast<size_t>(h) * n];
        for (int i = 0; i < n; ++i) {
            const int c = hc[i];
            if ((s[c] & bit) == 0) continue;
            return s[c] == bit || eliminate(s, c, static_cast<Mask>(s[c] & ~bit));
        }
        return false;
    }

    // Pointing (a box's digit confined to one of its lines leaves the rest of the line) and
    // claiming (a line's digit confined to one box leaves the rest of the box).
    bool locked_candidates(Mask* s) {
        const LargeTables& t = *t_;
        const int n = t.n, br = t.shape.box_rows, bc = t.shape.box_cols;
        const Mask* done = s + t.cells;
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
        const int n = t.n;
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
    int stride_ = 0;
    int count_offset_ = 0;  // where the places per (house, digit) start, as bytes
    Mask full_ = 0;
    std::vector<uint16_t> queue_;  // cells down to one candidate, to place
    int head_ = 0, tail_ = 0;
    std::vector<uint16_t> places_;  // (house, digit) down to one place or none
    int phead_ = 0, ptail_ = 0;
    std::vector<Mask> seg_;  // scratch of locked_candidates
};

}  // namespace sudokit::detail
