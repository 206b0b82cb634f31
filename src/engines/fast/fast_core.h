// The `fast` solver core: band bitboards and their rules, propagated word by word to a fixpoint
// (the band board of the search in fast_search.h), as a template on the instruction set.
// Included once per path (fast_portable.cc, fast_avx2.cc; fast_avx512.cc for the tables and the
// layout, with its own board).
#pragma once

#include <cstdint>

#include "engines/fast/fast.h"
#include "engines/fast/fast_search.h"

namespace sudokit::detail {
// Each path's translation unit compiles this with its own target options, so everything here
// has internal linkage: an inline function shared by the two copies would let the linker keep
// the AVX2 code for the portable path.
namespace {  // NOLINT(google-build-namespaces)

// ---- Layout -----------------------------------------------------------------------------------
// The grid is three bands of three rows. For one digit and one band, a 27-bit word holds the
// cells of the band where the digit may still go:
//
//            box 0      box 1      box 2
//   row 0:  0  1  2 |  3  4  5 |  6  7  8       bit = 9 * row_in_band + col
//   row 1:  9 10 11 | 12 13 14 | 15 16 17       minirow (r, x) = bits 9r+3x .. 9r+3x+2
//   row 2: 18 19 20 | 21 22 23 | 24 25 26       cell index in the grid = 27 * band + bit
//   bits 27-29: rows r whose cell for this digit is placed and propagated ("done")
//
// A digit sits once in each row and once in each box of a band, so its three rows go to the
// three boxes by one of 6 permutations. The 9-bit minirow matrix M (bit 3r + x: minirow (r, x)
// still has a candidate) decides which permutations remain; kFeasible[M] keeps the minirows of
// those. That one lookup does locked candidates (pointing and claiming along rows) and turns a
// box with one cell left into a row with one cell left, so "a row with one cell" covers hidden
// singles in rows and boxes. Columns cross bands: a placed cell clears its column in the
// digit's two other bands.
//
// State (160 bytes, copied whole at a guess):
//
//   cand[4 * digit + band]   digit 0..8, band 0..2; slot 3 of each digit is 0 (vector padding)
//   unsolved[band]           cells not yet placed (27 bits); unsolved[3] = 0
//
// A cell is placed when its digit's row in the band has only that cell left: the cell then
// leaves the other eight digits' words and `unsolved`, and its column leaves the other bands.
//
// The stack rule sees a digit through its column word (built on the fly from its 3 words):
//
//             stack 0    stack 1    stack 2
//   band 0:  0  1  2 |  3  4  5 |  6  7  8       bit = 9 * band + col: minicol (band, col)
//   band 1:  9 10 11 | 12 13 14 | 15 16 17       still has a candidate
//   band 2: 18 19 20 | 21 22 23 | 24 25 26
//
// In a stack the digit's three boxes take its three columns by a permutation as well, so the
// 3x3 matrix (band, column of the stack) is pruned with the same permutation table: locked
// candidates along columns, and a column with one cell left becomes a box with one cell left.
//
// Change tracking: `seen_` holds every word as its band rule last left it. A round compares
// the state with it (one vector compare on AVX2) and runs the band rule on the words that
// differ; eliminations are plain ANDs with no bookkeeping.

constexpr uint32_t kBand = 0x7FFFFFF;        // the 27 cells of a band
constexpr uint32_t kRowOnes = 0x40201;       // bit 0 of each row of a band
constexpr uint32_t kDoneShift = 27;          // the "done" rows live in bits 27-29
constexpr uint32_t kMinirowLow = 0x1249249;  // bit 0 of each minirow
constexpr uint32_t kStackCols = 0x1C0E07;    // columns 0-2 of each row (stack 0)

struct alignas(64) State {
    uint32_t cand[36];
    uint32_t unsolved[4];
};

struct Tables {
    uint8_t minirows[512];   // a row's 9 bits -> its 3 non-empty minirows
    uint32_t feasible[512];  // minirow matrix M -> cells of the minirows some permutation uses
    uint16_t prune[512];     // a 3x3 matrix -> the entries some permutation inside it uses
    uint32_t keep[27];       // placing at bit p: the band minus p's row and box peers
    uint32_t house[27];      // bit p: the cells of its row and box in the band
    uint32_t rows[8];        // 3-bit set of rows -> their 27 cells
};

constexpr Tables make_tables() {
    Tables t{};
    for (uint32_t v = 0; v < 512; ++v) {
        t.minirows[v] = static_cast<uint8_t>(((v & 7) != 0) | (((v >> 3) & 7) != 0) << 1 |
                                             (((v >> 6) & 7) != 0) << 2);
    }
    constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (uint32_t m = 0; m < 512; ++m) {
        uint32_t used = 0;
        for (const auto& perm : kPerms) {
            uint32_t bits = 0;
            for (int r = 0; r < 3; ++r) bits |= 1u << (3 * r + perm[r]);
            if ((m & bits) == bits) used |= bits;
        }
        t.prune[m] = static_cast<uint16_t>(used);
        uint32_t cells = 0;
        for (int j = 0; j < 9; ++j) {
            if ((used >> j) & 1) cells |= 7u << (9 * (j / 3) + 3 * (j % 3));
        }
        t.feasible[m] = cells;
    }
    for (int p = 0; p < 27; ++p) {
        const int row = p / 9, box = (p % 9) / 3;
        uint32_t peers = 0x1FFu << (9 * row);
        for (int r = 0; r < 3; ++r) peers |= 7u << (9 * r + 3 * box);
        t.keep[p] = ~peers | (1u << p);
        t.house[p] = peers;
    }
    for (int s = 0; s < 8; ++s) {
        for (int r = 0; r < 3; ++r) {
            if ((s >> r) & 1) t.rows[s] |= 0x1FFu << (9 * r);
        }
    }
    return t;
}

inline constexpr Tables kTables = make_tables();

inline int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
inline int popcount(uint32_t x) { return __builtin_popcount(x); }

// The cell a choice point branches on, from the fixpoint's open and bivalue cells per band: the
// bivalue cell with the most unsolved cells in its row, column and box (placing a digit there
// reaches the most cells), else an open cell with the fewest candidates. Every board chooses so
// (the AVX-512 and AVX2 ones compute the bivalue case for all cells at once), so all branch alike.
//
// The bivalue case: the key is the score in the high bits and 127 - cell below, so the maximum
// is the first best cell.
inline int best_bivalue_cell_scalar(const uint32_t* bivalue, const uint32_t* unsolved) {
    int best = 0;
    for (int b = 0; b < 3; ++b) {
        for (uint32_t bv = bivalue[b]; bv != 0; bv &= bv - 1) {
            const int p = lowest_bit(bv);
            const uint32_t col = kRowOnes << (p % 9);
            // The column's 9 cells, one band per bit offset, in one word.
            const uint32_t col_open =
                (unsolved[0] & col) | (unsolved[1] & col) << 1 | (unsolved[2] & col) << 2;
            const int score = popcount(unsolved[b] & kTables.house[p]) + popcount(col_open);
            const int key = score << 7 | (127 - (27 * b + p));
            best = key > best ? key : best;
        }
    }
    return 127 - (best & 127);
}

// The other case (no bivalue cell): count(b, p) gives the candidates of bit p of band b.
template <class CountCandidates>
int fewest_candidates_cell(const uint32_t* unsolved, CountCandidates count) {
    int best = 10, best_cell = 0;
    for (int b = 0; b < 3; ++b) {
        for (uint32_t open = unsolved[b]; open != 0; open &= open - 1) {
            const int p = lowest_bit(open);
            const int n = count(b, p);
            if (n < best) best = n, best_cell = 27 * b + p;
        }
    }
    return best_cell;
}

// The bivalue case's constants for the vector forms, by minirow lane i = 9 * band + 3 * row +
// box (lanes 27-31 hold no minirow: band 3 reads a padding lane, no cells, no bits). A cell's
// score is the open cells of its row and box (one count per minirow) plus those of its column;
// minirow i holds cells 3i + j (plane j = 0, 1, 2: column 3 * box + j).
struct MinirowLanes {
    alignas(64) int32_t band[32];         // i / 9
    alignas(64) int32_t box[32];          // i % 3
    alignas(64) int32_t row_and_box[32];  // the cells of the minirow's row and box in the band
    alignas(64) int32_t key_low[32];      // 127 - 3i: the key's part for the minirow's first cell
    alignas(64) int32_t first_bit[32];    // 1 << (9 * row + 3 * box): that cell in the band word
    // Lane 4j + x (j, x < 3): column 3x + j's three cells in a band word, so that plane j's
    // columns are found by box + 4j (AVX2: planes 0 and 1 in one register, plane 2 in another).
    alignas(64) int32_t column_by_plane[16];
};

constexpr MinirowLanes make_minirow_lanes() {
    MinirowLanes t{};
    for (int i = 0; i < 32; ++i) {
        const int row = (i % 9) / 3, box = i % 3;
        const bool minirow = i < 27;
        t.band[i] = minirow ? i / 9 : 3;
        t.box[i] = box;
        t.row_and_box[i] =
            minirow ? static_cast<int32_t>((0x1FFu << (9 * row)) | (0x1C0E07u << (3 * box))) : 0;
        t.key_low[i] = minirow ? 127 - 3 * i : 0;
        t.first_bit[i] = minirow ? 1 << (9 * row + 3 * box) : 0;
    }
    for (int c = 0; c < 9; ++c) {
        t.column_by_plane[4 * (c % 3) + c / 3] = static_cast<int32_t>(kRowOnes << c);
    }
    return t;
}
constexpr MinirowLanes kMinirowLanes = make_minirow_lanes();

// The minirow matrix of a band word with lookups; the AVX2 path uses pext instead.
struct PortableIsa {
    // Bit k: word k of `s` differs from `seen` (k < 36).
    static uint64_t changed(const State& s, const State& seen) {
        uint64_t bits = 0;
        for (int d = 0; d < 9; ++d) {
            for (int b = 0; b < 3; ++b) {
                const int k = 4 * d + b;
                bits |= uint64_t{s.cand[k] != seen.cand[k]} << k;
            }
        }
        return bits;
    }

    static uint32_t minirows(uint32_t a) {
        return kTables.minirows[a & 0x1FF] | kTables.minirows[(a >> 9) & 0x1FF] << 3 |
               kTables.minirows[(a >> 18) & 0x1FF] << 6;
    }
    // The 3x3 matrix (band, column of stack s) of a column word, and back.
    static uint32_t gather_stack(uint32_t p, int s) {
        p >>= 3 * s;
        return (p & 7) | ((p >> 6) & 070) | ((p >> 12) & 0700);
    }
    static uint32_t scatter_stack(uint32_t n, int s) {
        return ((n & 7) | (n & 070) << 6 | (n & 0700) << 12) << (3 * s);
    }
    static int best_bivalue_cell(const uint32_t* bivalue, const uint32_t* unsolved) {
        return best_bivalue_cell_scalar(bivalue, unsolved);
    }
};

// ---- Board -----------------------------------------------------------------------------------
// The position and its rules for the search (fast_search.h): propagation to a fixpoint (band
// rule rounds, stack rule, naked singles), and the choice of a bivalue cell.
template <class Isa>
class BandBoard {
  public:
    using State = detail::State;

    // One way to continue at a choice point: keep only `keep` in word k.
    struct Branch {
        int k;
        uint32_t keep;
    };

    bool setup(const char* puzzle, State& s) {
        for (int k = 0; k < 36; ++k) s.cand[k] = (k & 3) == 3 ? 0 : kBand;
        for (int b = 0; b < 4; ++b) s.unsolved[b] = b == 3 ? 0 : kBand;
        seen_ = s;
        for (int i = 0; i < 81; ++i) {
            const unsigned d = static_cast<unsigned char>(puzzle[i]) - '1';
            if (d > 8) continue;
            const int b = i / 27, p = i % 27;
            const int k = 4 * static_cast<int>(d) + b;
            if (((s.cand[k] >> p) & 1) == 0) return false;  // a peer already holds d
            s.cand[k] &= kTables.keep[p];
        }
        return true;
    }

    // Takes the excluded digits out of their cells; entries out of range are skipped. (A given's
    // own digit leaves its row without a cell: the first band rule round finds that.)
    void exclude(State& s, std::span<const Exclusion> excluded) {
        for (const Exclusion& e : excluded) {
            const unsigned cell = static_cast<unsigned>(e.cell), d = e.digit - 1u;
            if (cell >= 81 || d > 8) continue;
            s.cand[4 * d + cell / 27] &= ~(1u << (cell % 27));
        }
    }

    // Rounds: every word that differs from seen_ gets its band rule; when none differs, the
    // stack rule runs for the digits touched since, then naked singles. Only placements and
    // those two rules change words behind seen_'s back, so only they call for a new compare.
    bool propagate(State& s) {
        uint32_t stack_pending = 0;  // bit d: digit d changed since its stack rule last ran
        bool unseen = true;          // words may differ from seen_
        for (;;) {
            if (unseen) {
                uint64_t dirty = Isa::changed(s, seen_);
                unseen = false;
                while (dirty != 0) {
                    const int k = lowest_bit(dirty);
                    dirty &= dirty - 1;
                    stack_pending |= 1u << (k >> 2);
                    const int r = update(s, k);
                    if (r < 0) return false;
                    unseen |= r != 0;
                }
                if (unseen) continue;
            }
            if (stack_pending != 0) {
                for (uint32_t digits = stack_pending; digits != 0; digits &= digits - 1) {
                    const int r = stack_rule(s, lowest_bit(digits));
                    if (r < 0) return false;
                    unseen |= r != 0;
                }
                stack_pending = 0;
                if (unseen) continue;
            }
            const int singles = naked_singles(s);
            if (singles < 0) return false;
            if (singles == 0) return true;
            unseen = true;
        }
    }

    bool solved(const State& s) const {
        return (s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0;
    }

    // The choice point (best_bivalue_cell_scalar's rule) and its branches.
    int choose(const State& s, Branch* out) const {
        const int cell = (bivalue_[0] | bivalue_[1] | bivalue_[2]) != 0
                             ? Isa::best_bivalue_cell(bivalue_, s.unsolved)
                             : fewest_candidates_cell(s.unsolved, [&s](int b, int p) {
                                   int n = 0;
                                   for (int d = 0; d < 9; ++d) n += (s.cand[4 * d + b] >> p) & 1;
                                   return n;
                               });
        return cell_branches(s, cell / 27, cell % 27, out);
    }

    // Starts a branch on `s` (at a fixpoint): only the branch's word will differ from seen_.
    void enter(State& s, const Branch& branch) {
        seen_ = s;
        s.cand[branch.k] &= branch.keep;
    }

    void write_solution(const State& s, char* out) const {
        for (int d = 0; d < 9; ++d) {
            for (int b = 0; b < 3; ++b) {
                for (uint32_t x = s.cand[4 * d + b] & kBand; x != 0; x &= x - 1) {
                    out[27 * b + lowest_bit(x)] = static_cast<char>('1' + d);
                }
            }
        }
    }

  private:
    // The band rule for word k (digit k/4, band k%4). Returns -1 on a contradiction, 1 when
    // it placed cells (so other words changed), else 0.
    int update(State& s, int k) {
        const uint32_t word = s.cand[k];
        const uint32_t cells = word & kTables.feasible[Isa::minirows(word)];
        if (cells == 0) return -1;
        // Each row is non-empty, so subtracting 1 per row does not borrow across rows and
        // clears each row's lowest cell: a row left empty had exactly one cell.
        const uint32_t rest = cells & (cells - kRowOnes);
        const uint32_t single = uint32_t{(rest & 0x1FF) == 0} |
                                uint32_t{(rest & (0x1FF << 9)) == 0} << 1 |
                                uint32_t{(rest & (0x1FF << 18)) == 0} << 2;
        const uint32_t done = word >> kDoneShift;
        const uint32_t fresh = single & ~done;
        const uint32_t own = cells | (done | fresh) << kDoneShift;
        s.cand[k] = own;
        seen_.cand[k] = own;
        if (fresh == 0) return 0;

        // The placed cells leave the other digits of this band (all nine are cleared, then
        // this word is put back: cheaper than skipping it) and `unsolved`; their columns
        // leave this digit's other bands. Changed words show against seen_ later.
        const uint32_t placed = cells & kTables.rows[fresh];
        const int digit = k >> 2, band = k & 3;
        for (int d = 0; d < 9; ++d) s.cand[4 * d + band] &= ~placed;
        const uint32_t cols = (placed | placed >> 9 | placed >> 18) & 0x1FF;
        const uint32_t col_cells = cols * kRowOnes;
        for (int b = 0; b < 3; ++b) s.cand[4 * digit + b] &= ~col_cells;
        s.cand[k] = own;
        s.unsolved[band] &= ~placed;
        return 1;
    }

    // The stack rule for digit d: per stack, bands and columns pair up by a permutation too
    // (each box of the stack and each column holds d once). Works on minicols: locked
    // candidates along columns and, with the band rule, hidden singles in columns. Returns -1
    // on a contradiction, 1 when it removed candidates, else 0.
    int stack_rule(State& s, int d) {
        uint32_t cols = 0;
        for (int b = 0; b < 3; ++b) {
            const uint32_t a = s.cand[4 * d + b];
            cols |= ((a | a >> 9 | a >> 18) & 0x1FF) << (9 * b);
        }
        uint32_t allowed = 0;
        for (int st = 0; st < 3; ++st) {
            const uint32_t used = kTables.prune[Isa::gather_stack(cols, st)];
            if (used == 0) return -1;
            allowed |= Isa::scatter_stack(used, st);
        }
        if (allowed == cols) return 0;
        for (int b = 0; b < 3; ++b) {
            const uint32_t keep = ((allowed >> (9 * b)) & 0x1FF) * kRowOnes;
            s.cand[4 * d + b] &= keep | ~kBand;
        }
        return 1;
    }

    // Naked singles of all bands. Returns -1 on a cell without candidates, 1 when it placed
    // something, 0 at a fixpoint (then bivalue_ holds the cells with exactly two candidates).
    int naked_singles(State& s) {
        uint32_t one[4] = {}, two[4] = {}, three[4] = {};
        for (int d = 0; d < 9; ++d) {
            for (int b = 0; b < 4; ++b) {
                const uint32_t x = s.cand[4 * d + b];
                three[b] |= two[b] & x;
                two[b] |= one[b] & x;
                one[b] |= x;
            }
        }
        int placed = 0;
        for (int b = 0; b < 3; ++b) {
            const uint32_t open = s.unsolved[b];
            if (open & ~one[b]) return -1;
            const uint32_t single = open & ~two[b];
            bivalue_[b] = open & two[b] & ~three[b];
            if (single == 0) continue;
            placed = 1;
            for (int d = 0; d < 9; ++d) {
                uint32_t hits = single & s.cand[4 * d + b];
                if (hits == 0) continue;
                uint32_t keep = ~uint32_t{0};
                do {
                    keep &= kTables.keep[lowest_bit(hits)];
                    hits &= hits - 1;
                } while (hits != 0);
                s.cand[4 * d + b] &= keep;
            }
        }
        return placed;
    }

    // Branches on a cell: one branch per candidate digit.
    int cell_branches(const State& s, int b, int p, Branch* out) const {
        int n = 0;
        for (int d = 0; d < 9; ++d) {
            out[n] = {4 * d + b, kTables.keep[p]};
            n += (s.cand[4 * d + b] >> p) & 1;
        }
        return n;
    }

    State seen_;                // each word as its band rule last left it
    uint32_t bivalue_[3] = {};  // set by the last naked_singles round (bivalue cells per band)
};
}  // namespace
}  // namespace sudokit::detail
