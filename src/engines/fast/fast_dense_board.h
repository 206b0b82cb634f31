// The `fast` engine's board in AVX-512 registers (the avx512 path): the same rules as the band
// board of fast_core.h (band rule, placements, stack rule, naked singles) to the same fixpoint,
// so the search visits the same nodes, but every round applies them to all 27 words at once
// instead of word by word to the words that changed. A round costs about a fifth of a node of
// the band board, and a node takes about 3.3 rounds.
//
// Two registers hold the 27 words, one 128-bit lane per digit, as in fast_core.h's layout:
//
//   reg 0:  d0: b0 b1 b2 0  | d1: b0 b1 b2 0  | d2: b0 b1 b2 0  | d3: b0 b1 b2 0
//   reg 1:  d4: b0 b1 b2 d8b0 | d5: b0 b1 b2 d8b1 | d6: b0 b1 b2 d8b2 | d7: b0 b1 b2 0
//
// Digit 8's three words sit in register 1's padding lanes. Moves between a digit's bands are
// in-lane shuffles (and 128-bit lane shuffles for digit 8); sums over the digits of a band are
// two lane swaps plus digit 8 moved into place by one permute. No "done" rows are kept: the
// rules are idempotent, so a row placed in an earlier round is placed again to no effect.
// The set-up, the choice of the branching cell and the solution's output work on the registers
// as well (byte compares and masks, no loop over cells): on puzzles that need few nodes, as
// scalar loops they took about a fifth of the time.
//
// Included only after a target pragma that enables AVX-512 F, VL, BW and DQ (fast_avx512.cc),
// after fast_core.h.
#pragma once

// GCC 12 reports the AVX-512 intrinsics' _mm512_undefined_epi32() starting values as
// uninitialized once they are inlined (a false positive at the header's lines, silenced there).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#else
#include <immintrin.h>
#endif

namespace sudokit::detail {
namespace {  // NOLINT(google-build-namespaces)

struct alignas(64) DenseState {
    __m512i reg[2];
};

class DenseBoard {
  public:
    using State = DenseState;

    // One way to continue at a choice point: keep only `keep` in the word of `lane` (0-31).
    struct Branch {
        int lane;
        uint32_t keep;
    };

    // The givens of each digit and band by byte compares; then each word loses the rows and
    // boxes of its givens and the other digits' givens, and keeps its own. Givens that clash
    // (two of a digit in one row or box of a band) leave the root's propagation a
    // contradiction: a row with no box of its own, or a row left with two naked singles.
    bool setup(const char* puzzle, State& s) {
        // Band 0's 27 characters at bytes 0-26 of one register, band 1's at bytes 32-58; band
        // 2's at bytes 0-26 of another.
        const __m512i bands01 = _mm512_inserti64x4(
            _mm512_maskz_loadu_epi8(0x7FFFFFF, puzzle),
            _mm512_castsi512_si256(_mm512_maskz_loadu_epi8(0x7FFFFFF, puzzle + 27)), 1);
        const __m512i band2 = _mm512_maskz_loadu_epi8(0x7FFFFFF, puzzle + 54);
        alignas(64) uint32_t words[32] = {};
        for (int d = 0; d < 9; ++d) {
            const __m512i digit = _mm512_set1_epi8(static_cast<char>('1' + d));
            const uint64_t bands = _mm512_cmpeq_epi8_mask(bands01, digit);
            words[lane_of(d, 0)] = static_cast<uint32_t>(bands);
            words[lane_of(d, 1)] = static_cast<uint32_t>(bands >> 32);
            words[lane_of(d, 2)] = static_cast<uint32_t>(_mm512_cmpeq_epi8_mask(band2, digit));
        }
        load(s, words);
        __m512i givens, unused;
        sum_placed(s.reg[0], s.reg[1], givens, unused);
        s.reg[0] = from_givens(s.reg[0], givens, kWordsA);
        s.reg[1] =
            from_givens(s.reg[1], _mm512_permutexvar_epi32(band_of_lane_b(), givens), kWordsB);
        return true;
    }

    // Takes the excluded digits out of their cells; entries out of range are skipped.
    void exclude(State& s, std::span<const Exclusion> excluded) {
        if (excluded.empty()) return;
        alignas(64) uint32_t words[32];
        store(s, words);
        for (const Exclusion& e : excluded) {
            const unsigned cell = static_cast<unsigned>(e.cell), d = e.digit - 1u;
            if (cell >= 81 || d > 8) continue;
            words[lane_of(static_cast<int>(d), static_cast<int>(cell / 27))] &=
                ~(1u << (cell % 27));
        }
        load(s, words);
    }

    // Rounds over all words until one changes nothing. Keeps the open and bivalue cells of the
    // fixpoint for solved() and choose().
    bool propagate(State& s) {
        __m512i a = s.reg[0], b = s.reg[1];
        for (;;) {
            __mmask16 contradiction = 0;
            __m512i placed_a, placed_b;
            __m512i next_a = band_rule(a, kWordsA, placed_a, contradiction);
            __m512i next_b = band_rule(b, kWordsB, placed_b, contradiction);
            // Cells placed per band (in lanes 0-2 of every 128-bit lane), and cells two
            // digits place, which is a contradiction.
            __m512i placed = _mm512_setzero_si512(), twice = _mm512_setzero_si512();
            sum_placed(placed_a, placed_b, placed, twice);
            contradiction |= _mm512_test_epi32_mask(twice, twice);
            if (contradiction != 0) return false;
            // A placed cell leaves the band's other digits, its column the digit's other bands.
            const __m512i placed_b_lanes = _mm512_permutexvar_epi32(band_of_lane_b(), placed);
            const __m512i cols_a = column_cells(columns(placed_a));
            const __m512i cols_b = column_cells(columns(placed_b));
            next_a =
                _mm512_andnot_si512(other_bands<false>(cols_a), keep_or(next_a, placed, placed_a));
            next_b = _mm512_andnot_si512(other_bands<true>(cols_b),
                                         keep_or(next_b, placed_b_lanes, placed_b));
            next_a = stack_rule<false>(next_a);
            next_b = stack_rule<true>(next_b);
            // Naked singles: how many digits each cell still has, per band.
            __m512i one, two, three;
            count_digits(next_a, next_b, one, two, three);
            const __m512i open = _mm512_andnot_si512(placed, splat(kBand));
            const __m512i empty = _mm512_andnot_si512(one, open);
            if (_mm512_mask_test_epi32_mask(kBands, empty, empty) != 0) return false;
            const __m512i single = _mm512_andnot_si512(two, open);
            next_a = naked_single(next_a, single);
            next_b = naked_single(next_b, _mm512_permutexvar_epi32(band_of_lane_b(), single));
            const __mmask16 changed =
                _mm512_cmpneq_epi32_mask(next_a, a) | _mm512_cmpneq_epi32_mask(next_b, b);
            a = next_a, b = next_b;
            if (changed != 0) continue;
            // A naked single still open here shares its row with another of its digit (every
            // other one was placed through its row): the band board finds that at once.
            if (_mm512_mask_test_epi32_mask(kBands, single, single) != 0) return false;
            s.reg[0] = a, s.reg[1] = b;
            open_ = open;
            bivalue_ = _mm512_andnot_si512(three, _mm512_and_si512(open, two));
            return true;
        }
    }

    bool solved(const State&) const {
        return _mm512_mask_test_epi32_mask(kBands, open_, open_) == 0;
    }

    // The band board's choice, on the same cells: its bivalue case (best_bivalue_cell_scalar)
    // computed for all cells at once (best_bivalue_cell), the rare fallback by
    // fewest_candidates_cell itself.
    int choose(const State& s, Branch* out) const {
        alignas(64) uint32_t words[32];
        store(s, words);
        int cell;
        if (_mm512_mask_test_epi32_mask(kBands, bivalue_, bivalue_) != 0) {
            cell = best_bivalue_cell();
        } else {
            alignas(64) uint32_t open_words[16];
            _mm512_store_si512(open_words, open_);
            cell = fewest_candidates_cell(open_words, [&words](int b, int p) {
                int n = 0;
                for (int d = 0; d < 9; ++d) n += (words[lane_of(d, b)] >> p) & 1;
                return n;
            });
        }
        return cell_branches(words, cell / 27, cell % 27, out);
    }

    void enter(State& s, const Branch& branch) const {
        __m512i& reg = s.reg[branch.lane >> 4];
        const __mmask16 lane = static_cast<__mmask16>(1u << (branch.lane & 15));
        reg = _mm512_mask_and_epi32(reg, lane, reg, splat(branch.keep & kBand));
    }

    // Each digit's 81 cells as a 64-bit and a 17-bit byte mask, its character blended in.
    void write_solution(const State& s, char* out) const {
        alignas(64) uint32_t words[32];
        store(s, words);
        __m512i head = _mm512_setzero_si512(), tail = _mm512_setzero_si512();
        for (int d = 0; d < 9; ++d) {
            const uint64_t band0 = words[lane_of(d, 0)], band1 = words[lane_of(d, 1)],
                           band2 = words[lane_of(d, 2)];
            const __m512i digit = _mm512_set1_epi8(static_cast<char>('1' + d));
            head = _mm512_mask_mov_epi8(head, band0 | band1 << 27 | band2 << 54, digit);
            tail = _mm512_mask_mov_epi8(tail, band2 >> 10, digit);
        }
        _mm512_storeu_si512(out, head);
        _mm512_mask_storeu_epi8(out + 64, 0x1FFFF, tail);
    }

  private:
    // Lanes of the registers that hold words; lanes 0-2 (one per band).
    static constexpr __mmask16 kWordsA = 0x7777;
    static constexpr __mmask16 kWordsB = 0x7FFF;
    static constexpr __mmask16 kDigit8 = 0x0888;  // digit 8's words in register 1
    static constexpr __mmask16 kBands = 0x0007;

    // Lane (0-31, over the two registers) of the word of digit d (0-8), band b.
    static int lane_of(int d, int b) { return d < 8 ? 4 * d + b : 16 + 4 * b + 3; }
    static void load(State& s, const uint32_t* words) {
        s.reg[0] = _mm512_load_si512(words);
        s.reg[1] = _mm512_load_si512(words + 16);
    }
    static void store(const State& s, uint32_t* words) {
        _mm512_store_si512(words, s.reg[0]);
        _mm512_store_si512(words + 16, s.reg[1]);
    }

    static __m512i splat(uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
    static __m512i or3(__m512i a, __m512i b, __m512i c) {
        return _mm512_ternarylogic_epi32(a, b, c, 0xFE);
    }
    // a | (b & c)
    static __m512i or_and(__m512i a, __m512i b, __m512i c) {
        return _mm512_ternarylogic_epi32(a, b, c, 0xF8);
    }
    // (a | b) & c
    static __m512i and_or(__m512i a, __m512i b, __m512i c) {
        return _mm512_ternarylogic_epi32(a, b, c, 0xA8);
    }
    // c | (a & ~b)
    static __m512i keep_or(__m512i a, __m512i b, __m512i c) {
        return _mm512_ternarylogic_epi32(a, b, c, 0xBA);
    }

    // For every lane of register 1, the lane (0-3) whose band sums it needs: lanes 0-2 of each
    // 128-bit lane their own band; digit 8's lanes (3, 7, 11) bands 0, 1, 2; lane 15 none (3).
    static __m512i band_of_lane_b() {
        return _mm512_setr_epi32(0, 1, 2, 0, 0, 1, 2, 1, 0, 1, 2, 2, 0, 1, 2, 3);
    }
    // Digit 8's words of register 1 moved to lanes 0-2 of every 128-bit lane (lane 3: 0).
    static __m512i digit8(__m512i b) {
        const __m512i from =
            _mm512_setr_epi32(3, 7, 11, 15, 3, 7, 11, 15, 3, 7, 11, 15, 3, 7, 11, 15);
        return _mm512_permutexvar_epi32(from, b);
    }

    // The rows of a band word that hold a bit of `x`, as cells.
    static __m512i rows_holding(__m512i x) {
        __m512i rows =
            _mm512_maskz_mov_epi32(_mm512_test_epi32_mask(x, splat(0x1FF)), splat(0x1FF));
        rows = _mm512_mask_or_epi32(rows, _mm512_test_epi32_mask(x, splat(0x1FF << 9)), rows,
                                    splat(0x1FF << 9));
        return _mm512_mask_or_epi32(rows, _mm512_test_epi32_mask(x, splat(0x1FF << 18)), rows,
                                    splat(0x1FF << 18));
    }
    // The nine columns of a band word (bit = column) and back to the band's cells.
    static __m512i columns(__m512i w) {
        return _mm512_and_si512(or3(w, _mm512_srli_epi32(w, 9), _mm512_srli_epi32(w, 18)),
                                splat(0x1FF));
    }
    static __m512i column_cells(__m512i c) {
        return or3(c, _mm512_slli_epi32(c, 9), _mm512_slli_epi32(c, 18));
    }

    // Bit 9r + 3x: minirow (r, x) of the band word has a cell.
    static __m512i minirows(__m512i w) {
        return _mm512_and_si512(or3(w, _mm512_srli_epi32(w, 1), _mm512_srli_epi32(w, 2)),
                                splat(kMinirowLow));
    }

    // A band word of the digit's givens to its candidates: the rows and boxes of its givens and
    // the band's other givens go, its givens stay.
    static __m512i from_givens(__m512i givens, __m512i band_givens, __mmask16 words) {
        // Bit 3x of the minirows' columns: box x holds a given.
        const __m512i boxes = columns(minirows(givens));
        const __m512i box_cells =
            column_cells(or3(boxes, _mm512_slli_epi32(boxes, 1), _mm512_slli_epi32(boxes, 2)));
        // givens | (band & ~(rows | boxes | band_givens))
        return _mm512_maskz_ternarylogic_epi32(
            words, givens, or3(rows_holding(givens), box_cells, band_givens), splat(kBand), 0xF2);
    }

    // The band rule (BandBoard::update for all words): the cells of minirows that some
    // permutation of the digit's rows over the band's boxes uses. A row's minirow is used when
    // the next two rows can take the next two boxes in one of the two ways. Sets
    // `contradiction` for a word left without a cell; `placed` gets the rows with one cell.
    static __m512i band_rule(__m512i w, __mmask16 words, __m512i& placed,
                             __mmask16& contradiction) {
        const __m512i m = minirows(w);
        // The same bit of box x + 1 and of box x + 2 (x mod 3), all rows at once.
        const __m512i next_box = or_and(_mm512_and_si512(_mm512_srli_epi32(m, 3), splat(0x241209)),
                                        _mm512_slli_epi32(m, 6), splat(0x1008040));
        const __m512i box_after = or_and(_mm512_and_si512(_mm512_srli_epi32(m, 6), splat(kRowOnes)),
                                         _mm512_slli_epi32(m, 3), splat(0x1209048));
        // Rows r + 1 and r + 2 (mod 3) moved to row r: a shift by 9 or 18 each way (the bits
        // above 27 go with the final AND).
        const __m512i box_after_row2 =
            _mm512_or_si512(_mm512_srli_epi32(box_after, 18), _mm512_slli_epi32(box_after, 9));
        const __m512i next_box_row2 =
            _mm512_or_si512(_mm512_srli_epi32(next_box, 18), _mm512_slli_epi32(next_box, 9));
        const __m512i one_way =
            and_or(_mm512_srli_epi32(next_box, 9), _mm512_slli_epi32(next_box, 18), box_after_row2);
        const __m512i other_way = and_or(_mm512_srli_epi32(box_after, 9),
                                         _mm512_slli_epi32(box_after, 18), next_box_row2);
        const __m512i used = and_or(one_way, other_way, m);
        const __m512i cells =
            _mm512_and_si512(w, or3(used, _mm512_slli_epi32(used, 1), _mm512_slli_epi32(used, 2)));
        contradiction |= _mm512_mask_testn_epi32_mask(words, cells, cells);
        // Subtracting 1 per row clears each row's lowest cell (rows are not empty here).
        const __m512i rest = _mm512_and_si512(cells, _mm512_sub_epi32(cells, splat(kRowOnes)));
        placed = _mm512_andnot_si512(rows_holding(rest), cells);
        return cells;
    }

    // A word's value at bands b + 1 and b + 2 (mod 3) of its digit: in-lane shuffles, but for
    // digit 8's words in register 1, which take 128-bit lanes (kDigit8Lanes: register 1).
    template <bool kDigit8Lanes>
    static __m512i next_band(__m512i x) {
        const __m512i in_lane = _mm512_shuffle_epi32(x, _MM_PERM_DACB);
        if constexpr (kDigit8Lanes) return _mm512_mask_shuffle_i32x4(in_lane, kDigit8, x, x, 0xC9);
        return in_lane;
    }
    template <bool kDigit8Lanes>
    static __m512i band_after(__m512i x) {
        const __m512i in_lane = _mm512_shuffle_epi32(x, _MM_PERM_DBAC);
        if constexpr (kDigit8Lanes) return _mm512_mask_shuffle_i32x4(in_lane, kDigit8, x, x, 0xD2);
        return in_lane;
    }
    template <bool kDigit8Lanes>
    static __m512i other_bands(__m512i x) {
        return _mm512_or_si512(next_band<kDigit8Lanes>(x), band_after<kDigit8Lanes>(x));
    }

    // Column c of a stack takes column c + 1 (c + 2) of it, in a 9-bit column word.
    static __m512i next_col(__m512i x) {
        return or_and(_mm512_and_si512(_mm512_srli_epi32(x, 1), splat(0333)),
                      _mm512_slli_epi32(x, 2), splat(0444));
    }
    static __m512i col_after(__m512i x) {
        return or_and(_mm512_and_si512(_mm512_srli_epi32(x, 2), splat(0111)),
                      _mm512_slli_epi32(x, 1), splat(0666));
    }
    // The stack rule (BandBoard::stack_rule): per stack, the digit's bands take the stack's
    // columns by a permutation; columns that no permutation uses lose the digit.
    template <bool kDigit8Lanes>
    static __m512i stack_rule(__m512i w) {
        const __m512i cols = columns(w), next = next_col(cols), after = col_after(cols);
        const __m512i used = _mm512_and_si512(
            cols,
            or_and(_mm512_and_si512(next_band<kDigit8Lanes>(next), band_after<kDigit8Lanes>(after)),
                   next_band<kDigit8Lanes>(after), band_after<kDigit8Lanes>(next)));
        return _mm512_and_si512(w, column_cells(used));
    }

    // Sums over the four 128-bit lanes: each lane adds the lane kSwap pairs it with.
    static constexpr int kSwapHalves = 0x4E;
    static constexpr int kSwapPairs = 0xB1;
    template <int kSwap>
    static void add_lanes(__m512i& once, __m512i& twice) {
        const __m512i o = _mm512_shuffle_i32x4(once, once, kSwap);
        const __m512i t = _mm512_shuffle_i32x4(twice, twice, kSwap);
        twice = or3(twice, t, _mm512_and_si512(once, o));
        once = _mm512_or_si512(once, o);
    }
    template <int kSwap>
    static void add_lanes(__m512i& one, __m512i& two, __m512i& three) {
        const __m512i o = _mm512_shuffle_i32x4(one, one, kSwap);
        const __m512i t = _mm512_shuffle_i32x4(two, two, kSwap);
        const __m512i h = _mm512_shuffle_i32x4(three, three, kSwap);
        three = or_and(or3(three, h, _mm512_and_si512(two, o)), one, t);
        two = or3(two, t, _mm512_and_si512(one, o));
        one = _mm512_or_si512(one, o);
    }
    // The cells placed per band over the nine digits, and those placed by two of them.
    static void sum_placed(__m512i a, __m512i b, __m512i& once, __m512i& twice) {
        const __m512i b_digits = _mm512_maskz_mov_epi32(kWordsA, b);  // digits 4-7
        once = _mm512_or_si512(a, b_digits);
        twice = _mm512_and_si512(a, b_digits);
        add_lanes<kSwapHalves>(once, twice);
        add_lanes<kSwapPairs>(once, twice);
        const __m512i d8 = digit8(b);
        twice = or_and(twice, once, d8);
        once = _mm512_or_si512(once, d8);
    }
    // Per band cell: in at least one, two, three digits' words.
    static void count_digits(__m512i a, __m512i b, __m512i& one, __m512i& two, __m512i& three) {
        const __m512i b_digits = _mm512_maskz_mov_epi32(kWordsA, b);
        one = _mm512_or_si512(a, b_digits);
        two = _mm512_and_si512(a, b_digits);
        three = _mm512_setzero_si512();
        add_lanes<kSwapHalves>(one, two, three);
        add_lanes<kSwapPairs>(one, two, three);
        const __m512i d8 = digit8(b);
        three = or_and(three, two, d8);
        two = or_and(two, one, d8);
        one = _mm512_or_si512(one, d8);
    }

    // A naked single of the word's digit (a cell in `single`): its row keeps only it, and the
    // band rule places it in the next round.
    static __m512i naked_single(__m512i w, __m512i single) {
        const __m512i mine = _mm512_and_si512(w, single);
        return _mm512_andnot_si512(_mm512_andnot_si512(mine, rows_holding(mine)), w);
    }

    // best_bivalue_cell_scalar for all cells at once: the same scores, keys and maximum, by
    // minirow lanes (kMinirowLanes).
    int best_bivalue_cell() const {
        const MinirowLanes& t = kMinirowLanes;
        const __m512i band_lo = _mm512_load_si512(t.band), band_hi = _mm512_load_si512(t.band + 16);
        const __m512i row_box_lo = popcount32(_mm512_and_si512(
            _mm512_permutexvar_epi32(band_lo, open_), _mm512_load_si512(t.row_and_box)));
        const __m512i row_box_hi = popcount32(_mm512_and_si512(
            _mm512_permutexvar_epi32(band_hi, open_), _mm512_load_si512(t.row_and_box + 16)));
        // Lane 4j + x: the open cells of column 3x + j, the three bands' bits side by side.
        const __m512i column = _mm512_load_si512(t.column_by_plane);
        const __m512i band0 = _mm512_shuffle_epi32(open_, _MM_PERM_AAAA);
        const __m512i band1 = _mm512_shuffle_epi32(open_, _MM_PERM_BBBB);
        const __m512i band2 = _mm512_shuffle_epi32(open_, _MM_PERM_CCCC);
        const __m512i column_open = popcount32(or3(
            _mm512_and_si512(band0, column), _mm512_slli_epi32(_mm512_and_si512(band1, column), 1),
            _mm512_slli_epi32(_mm512_and_si512(band2, column), 2)));
        // key = score << 7 | (127 - 3i - j): 127 - 3i goes with the minirow, -j with plane j.
        const __m512i column_key = _mm512_slli_epi32(column_open, 7);
        const __m512i minirow_key_lo =
            _mm512_add_epi32(_mm512_slli_epi32(row_box_lo, 7), _mm512_load_si512(t.key_low));
        const __m512i minirow_key_hi =
            _mm512_add_epi32(_mm512_slli_epi32(row_box_hi, 7), _mm512_load_si512(t.key_low + 16));
        const __m512i bivalue_lo = _mm512_permutexvar_epi32(band_lo, bivalue_);
        const __m512i bivalue_hi = _mm512_permutexvar_epi32(band_hi, bivalue_);
        const __m512i box_lo = _mm512_load_si512(t.box);
        const __m512i box_hi = _mm512_load_si512(t.box + 16);
        const __m512i first_bit_lo = _mm512_load_si512(t.first_bit);
        const __m512i first_bit_hi = _mm512_load_si512(t.first_bit + 16);
        __m512i best = _mm512_setzero_si512();
        for (int j = 0; j < 3; ++j) {
            const __m512i plane_key = _mm512_sub_epi32(column_key, splat(j));
            const __m512i key_lo = _mm512_add_epi32(
                minirow_key_lo,
                _mm512_permutexvar_epi32(_mm512_add_epi32(box_lo, splat(4 * j)), plane_key));
            const __m512i key_hi = _mm512_add_epi32(
                minirow_key_hi,
                _mm512_permutexvar_epi32(_mm512_add_epi32(box_hi, splat(4 * j)), plane_key));
            const __mmask16 in_lo =
                _mm512_test_epi32_mask(bivalue_lo, _mm512_slli_epi32(first_bit_lo, j));
            const __mmask16 in_hi =
                _mm512_test_epi32_mask(bivalue_hi, _mm512_slli_epi32(first_bit_hi, j));
            best = _mm512_mask_max_epu32(best, in_lo, best, key_lo);
            best = _mm512_mask_max_epu32(best, in_hi, best, key_hi);
        }
        best = _mm512_max_epu32(best, _mm512_shuffle_i32x4(best, best, kSwapHalves));
        best = _mm512_max_epu32(best, _mm512_shuffle_i32x4(best, best, kSwapPairs));
        best = _mm512_max_epu32(best, _mm512_shuffle_epi32(best, _MM_PERM_BADC));
        best = _mm512_max_epu32(best, _mm512_shuffle_epi32(best, _MM_PERM_CDAB));
        return 127 - (_mm512_cvtsi512_si32(best) & 127);
    }

    // Bits set per 32-bit lane: nibble counts by a byte shuffle, summed per lane by two
    // multiply-adds (AVX-512 BW; the VPOPCNTDQ instruction is not required of the CPU).
    static __m512i popcount32(__m512i x) {
        const __m512i nibble_counts =
            _mm512_set4_epi32(0x04030302, 0x03020201, 0x03020201, 0x02010100);
        const __m512i low = _mm512_set1_epi8(0x0F);
        const __m512i low_counts = _mm512_shuffle_epi8(nibble_counts, _mm512_and_si512(x, low));
        const __m512i high_counts =
            _mm512_shuffle_epi8(nibble_counts, _mm512_and_si512(_mm512_srli_epi16(x, 4), low));
        const __m512i pairs =
            _mm512_maddubs_epi16(_mm512_add_epi8(low_counts, high_counts), _mm512_set1_epi8(1));
        return _mm512_madd_epi16(pairs, _mm512_set1_epi16(1));
    }

    // Branches on a cell: one branch per candidate digit.
    static int cell_branches(const uint32_t* words, int b, int p, Branch* out) {
        int n = 0;
        for (int d = 0; d < 9; ++d) {
            const int lane = lane_of(d, b);
            out[n] = {lane, kTables.keep[p]};
            n += (words[lane] >> p) & 1;
        }
        return n;
    }

    // At the last fixpoint, in lanes 0-2 (one per band) of every 128-bit lane: the open cells
    // and the open cells with two candidates. Written by propagate() before anything reads them
    // (no initializer: GCC 12 fails on a 512-bit member initializer at -O0).
    __m512i open_;
    __m512i bivalue_;
};

}  // namespace
}  // namespace sudokit::detail
