// The `propagate` search (seed 004, after Norvig's "Solving Every Sudoku Puzzle"): singles
// propagation plus MRV branching, each board state one slot of a stack that the engine owns.
// Vocabulary: cell, house (row/col/box), peer (shares a house), candidate (a digit still allowed).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

#include "engines/search_guard.h"
#include "sudokit/engine.h"

namespace sudokit::detail {

// Cell and house tables of one shape, with 16-bit cell ids so the hot loops stay in cache.
struct PropagateTables {
    int n = 0;                                // side length N
    int cells = 0;                            // N²
    int peer_count = 0;                       // peers per cell
    std::unique_ptr<uint16_t[]> peers;        // cells × peer_count
    std::unique_ptr<uint16_t[]> house_cells;  // 3N houses × N cells
    std::unique_ptr<uint8_t[]> cell_houses;   // cells × 3: row, col and box house ids
    std::unique_ptr<uint64_t[]> house_bits;  // cells × 2 words: the cell's 3 houses (of 3N <= 108)
};

// Where the board states live: slots of a preallocated stack, or one fresh board per descent.
enum class StackMode { kPrealloc, kAlloc };

// The engine options ("propagate:stack=alloc,hidden=off").
struct PropagateOptions {
    StackMode stack = StackMode::kPrealloc;
    bool hidden = true;  // rules 2-3 (houses); off: naked singles only, as in the Czech post
};

// Layout of one board state, in 64-bit words so every slot is aligned for any Mask:
//   [ unsolved count (1 word) | cand[N²] (Mask) | placed[3N] (Mask) | value[N²] (1 byte) ]
template <typename Mask>
constexpr size_t board_words(int n) {
    const size_t cells = static_cast<size_t>(n) * n;
    return 1 + (cells * (sizeof(Mask) + 1) + 3 * n * sizeof(Mask) + 7) / 8;
}

// One search: the givens, then depth-first over board states. Mask is the narrowest unsigned
// type that holds N bits; the code is the same for every width. kN and kPeers fix the side and
// the peer count at compile time (0: taken from the tables); for the 9x9 grid that saves 14% of
// the instructions (constant loop bounds and offsets).
// Stats: a node is a descent (one candidate of the branching cell tried on a copy of the
// board), a guess a descent after the first at its cell, a backtrack a descent that ends in a
// contradiction, a propagation an eliminate() that removed something (a placement counts one
// for the cell's other digits and one per peer that still had the digit; givens included).
template <typename Mask, int kN = 0, int kPeers = 0>
class PropagateSearch {
  public:
    // `stack` holds at least cells + 1 boards (the depth never exceeds the empty cells) and
    // `queue` at least `cells` entries; both belong to the engine and are reused across calls.
    PropagateSearch(const PropagateTables& tables, const PropagateOptions& options, uint64_t* stack,
                    uint16_t* queue, const Limits& limits, Result& result)
        : t_(tables),
          options_(options),
          stack_(stack),
          queue_(queue),
          all_(static_cast<Mask>(DigitSet::all(tables.n).bits())),
          limits_(limits),
          guard_(limits),
          result_(result) {}

    void run(const Grid& puzzle) {
        Board root = board(stack_);
        *root.unsolved = static_cast<uint64_t>(cells());
        std::fill_n(root.cand, cells(), all_);
        std::fill_n(root.placed, 3 * n(), Mask{0});
        std::memset(root.value, 0, static_cast<size_t>(cells()));
        // In a 1x1 grid the cell starts down to one digit, which rule 1 never sees happen.
        if (cells() == 1) enqueue(root, 0);
        // Givens are assigned like any digit; two equal givens in a house empty a cell's
        // candidates or a house's places for a digit, so conflicting givens count 0.
        for (int cell = 0; cell < cells(); ++cell) {
            const int d = puzzle[cell];
            if (d == 0) continue;
            if (d > n() || !assign(root, cell, bit_of(d))) return;
        }
        if (!propagate(root)) return;
        if (*root.unsolved == 0) {
            record(root);  // propagation alone: the only solution, an exact count
            return;
        }
        search(stack_, 0);
    }

  private:
    struct Board {
        uint64_t* unsolved;  // cells without a value
        Mask* cand;          // candidates; a placed cell keeps just its digit
        Mask* placed;        // digits placed or queued per house
        uint8_t* value;      // placed digit, 0 = empty
    };

    // Words of the dirty-house set that can be non-zero (3N houses).
    static constexpr int kDirtyWords = kN != 0 && 3 * kN <= 64 ? 1 : 2;

    int n() const { return kN != 0 ? kN : t_.n; }
    int cells() const { return kN != 0 ? kN * kN : t_.cells; }
    int peer_count() const { return kPeers != 0 ? kPeers : t_.peer_count; }
    size_t board_size() const { return board_words<Mask>(n()); }

    Board board(uint64_t* words) const {
        Mask* cand = reinterpret_cast<Mask*>(words + 1);
        Mask* placed = cand + cells();
        return Board{words, cand, placed, reinterpret_cast<uint8_t*>(placed + 3 * n())};
    }
    static Mask bit_of(int digit) { return static_cast<Mask>(Mask{1} << (digit - 1)); }
    static bool single(Mask m) { return (m & (m - 1)) == 0; }
    // std::popcount is a library call unless the target has a popcount instruction
    // (-mpopcnt); the bit-parallel count is several times faster than that call.
    static int digit_count(Mask m) {
#if defined(__POPCNT__)
        return std::popcount(m);
#else
        uint64_t x = m;
        x -= (x >> 1) & 0x5555555555555555;
        x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333);
        x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0f;
        return static_cast<int>((x * 0x0101010101010101) >> 56);
#endif
    }

    // ---- Norvig's constraint propagation (rules 0-3), a contradiction returns false ----

    // Removes `digits` from a cell's candidates.
    bool eliminate(Board& b, int cell, Mask digits) {
        Mask& m = b.cand[cell];
        if ((m & digits) == 0) return true;  // already gone
        m &= ~digits;
        ++result_.stats.propagations;
        if (m == 0) return false;         // rule 0: no digit left: contradiction
        if (single(m)) enqueue(b, cell);  // rule 1: one digit left: place it
        touch_houses(cell);               // rules 2-3 look at its houses again
        return true;
    }

    void touch_houses(int cell) {
        dirty_[0] |= t_.house_bits[2 * cell];
        if constexpr (kDirtyWords > 1) dirty_[1] |= t_.house_bits[2 * cell + 1];
    }

    // Queues a cell down to one digit; its houses count the digit as placed from now on.
    void enqueue(Board& b, int cell) {
        queue_[tail_++] = static_cast<uint16_t>(cell);
        const uint8_t* houses = &t_.cell_houses[3 * cell];
        b.placed[houses[0]] |= b.cand[cell];
        b.placed[houses[1]] |= b.cand[cell];
        b.placed[houses[2]] |= b.cand[cell];
    }

    // Norvig's assign: eliminate every other digit; rule 1 then places the cell.
    bool assign(Board& b, int cell, Mask digit) {
        const Mask others = b.cand[cell] & ~digit;
        if (others == b.cand[cell]) return false;  // the digit is not allowed here
        return eliminate(b, cell, others);         // (nothing to do when already down to the digit)
    }

    // Places every queued cell (rule 1's work), then looks for hidden singles in the houses
    // that lost a candidate, until neither finds anything. The queue and the dirty houses are
    // empty afterwards, also after a contradiction.
    bool propagate(Board& b) {
        bool ok = true;
        while (ok && (head_ < tail_ || (dirty_[0] | dirty_[1]) != 0)) {
            while (ok && head_ < tail_) ok = place(b, queue_[head_++]);
            if (!options_.hidden) break;
            for (int w = 0; ok && w < 2; ++w) {
                // Houses touched by this pass's own hidden singles wait for the next pass.
                for (uint64_t houses = std::exchange(dirty_[w], 0); ok && houses != 0;
                     houses &= houses - 1) {
                    ok = check_house(b, 64 * w + std::countr_zero(houses));
                }
            }
        }
        head_ = tail_ = 0;
        dirty_[0] = dirty_[1] = 0;
        return ok;
    }

    // A cell down to one digit takes it; the digit leaves every peer.
    bool place(Board& b, int cell) {
        const Mask digit = b.cand[cell];
        b.value[cell] = static_cast<uint8_t>(std::countr_zero(digit) + 1);
        --*b.unsolved;
        const uint16_t* peer = &t_.peers[static_cast<size_t>(cell) * peer_count()];
        for (int i = 0; i < peer_count(); ++i) {
            if (!eliminate(b, peer[i], digit)) return false;
        }
        return true;
    }

    // Rules 2 and 3 in one house. OR-accumulation gives the digits seen at least once and at
    // least twice.
    bool check_house(Board& b, int h) {
        const int n = this->n();
        const uint16_t* cells = &t_.house_cells[static_cast<size_t>(h) * n];
        Mask once = 0, twice = 0;
        for (int i = 0; i < n; ++i) {
            const Mask m = b.cand[cells[i]];
            twice |= once & m;
            once |= m;
        }
        if (once != all_) return false;  // rule 3: a digit with no place in the house
        // Rule 2: a digit with one place in the house goes there (hidden single).
        for (Mask hidden = once & ~twice & ~b.placed[h]; hidden != 0; hidden &= hidden - 1) {
            const Mask digit = hidden & (~hidden + 1);
            int i = 0;
            while (i < n && (b.cand[cells[i]] & digit) == 0) ++i;
            // Gone when this house's previous hidden single took the same cell.
            if (i == n || !assign(b, cells[i], digit)) return false;
        }
        return true;
    }

    // ---- Search ----

    // The empty cell with the fewest candidates (MRV), first in row-major order on ties.
    int pick_cell(const Board& b) const {
        int best = -1, best_count = n() + 1;
        for (int cell = 0; cell < cells(); ++cell) {
            const int count = digit_count(b.cand[cell]);
            if (count > 1 && count < best_count) {
                best = cell;
                best_count = count;
                if (count == 2) break;
            }
        }
        return best;
    }

    // Tries each candidate of the MRV cell on a copy of `parent` one slot up. True when the
    // search must stop (enough solutions, or the node budget is spent).
    bool search(uint64_t* parent, int depth) {
        const int cell = pick_cell(board(parent));
        std::unique_ptr<uint64_t[]> fresh;
        bool first = true;
        for (Mask left = board(parent).cand[cell]; left != 0; left &= left - 1) {
            if (guard_.must_stop(result_.stats.nodes)) {
                result_.stop = guard_.stop();
                return true;
            }
            ++result_.stats.nodes;
            if (!first) ++result_.stats.guesses;
            first = false;
            result_.stats.depth = std::max(result_.stats.depth, static_cast<uint64_t>(depth) + 1);
            uint64_t* words;
            if (options_.stack == StackMode::kPrealloc) {
                words = stack_ + static_cast<size_t>(depth + 1) * board_size();
            } else {
                fresh = std::make_unique_for_overwrite<uint64_t[]>(board_size());
                words = fresh.get();
            }
            std::memcpy(words, parent, board_size() * sizeof(uint64_t));
            Board child = board(words);
            if (!assign(child, cell, left & (~left + 1)) || !propagate(child)) continue;
            if (*child.unsolved == 0) {
                if (record(child)) {
                    result_.stop = Stop::solution_limit;
                    return true;
                }
                continue;
            }
            if (search(words, depth + 1)) return true;
        }
        return false;
    }

    // Counts a solution; true when that was the last one wanted.
    bool record(const Board& b) {
        if (++result_.count == 1) {
            std::memcpy(result_.first.values().data(), b.value, static_cast<size_t>(cells()));
        }
        return result_.count >= limits_.max_solutions;
    }

    const PropagateTables& t_;
    const PropagateOptions options_;
    uint64_t* const stack_;
    uint16_t* const queue_;
    int head_ = 0, tail_ = 0;  // queue_[head_, tail_): cells down to one digit, not yet placed
    uint64_t dirty_[2] = {};   // houses that lost a candidate since rules 2-3 last looked
    const Mask all_;
    const Limits& limits_;
    SearchGuard guard_;
    Result& result_;
};

}  // namespace sudokit::detail
