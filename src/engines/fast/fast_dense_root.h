// The root's propagation of the `fast` core in AVX-512 registers: the same rules as the core
// (band rule, placements, stack rule, naked singles), applied to all 27 words at every round
// instead of to the words that changed. At the root most words change, and the givens' chains
// of singles take many rounds (about 12 on 17-clue puzzles, 3 on the 35-clue serg set), so
// doing every word at once in three registers beats the core's word-by-word rounds there; at a
// node, where one word changed, the word-by-word rounds stay cheaper.
//
// The three registers hold State::cand as it lies in memory: register 0 digits 0-3, register 1
// digits 4-7, register 2 digit 8 and zeros; each 128-bit lane is one digit's four words (bands
// 0-2 and the zero padding word), so moves between a digit's bands are in-lane shuffles and
// sums over digits are two lane swaps. No "done" rows are kept here: the rules are idempotent,
// so a row placed in an earlier round is placed again, with no effect. The fixpoint is the
// core's (the same rules to the same fixpoint), so the search after it is the same.
//
// Included only after a target pragma that enables AVX-512 F, VL, BW and DQ (fast_avx512.cc),
// after fast_core.h.
#pragma once

#include <immintrin.h>

namespace sudokit::detail {
namespace {  // NOLINT(google-build-namespaces)

class DenseRoot {
  public:
    // Takes `s` (its words as set up, `unsolved` ignored) to the fixpoint: every word, its
    // "done" rows and `unsolved` as the core's propagation would leave them. False on a
    // contradiction (then `s` is left as it was).
    static bool run(State& s) {
        const __m512i band = splat(kBand);
        __m512i z0 = _mm512_and_si512(_mm512_load_si512(s.cand), band);
        __m512i z1 = _mm512_and_si512(_mm512_load_si512(s.cand + 16), band);
        __m512i z2 = _mm512_and_si512(_mm512_maskz_loadu_epi32(0x000F, s.cand + 32), band);
        __m512i placed;
        for (;;) {
            __m512i n0 = z0, n1 = z1, n2 = z2;
            if (!round(n0, n1, n2, placed)) return false;
            const __mmask16 changed = _mm512_cmpneq_epi32_mask(n0, z0) |
                                      _mm512_cmpneq_epi32_mask(n1, z1) |
                                      _mm512_cmpneq_epi32_mask(n2, z2);
            z0 = n0, z1 = n1, z2 = n2;
            if (changed == 0) break;
        }
        _mm512_store_si512(s.cand, with_done_rows(z0));
        _mm512_store_si512(s.cand + 16, with_done_rows(z1));
        _mm512_mask_storeu_epi32(s.cand + 32, 0x000F, with_done_rows(z2));
        // The first lane's three words are the cells placed in each band.
        _mm_storeu_si128(reinterpret_cast<__m128i*>(s.unsolved),
                         _mm512_castsi512_si128(_mm512_andnot_si512(placed, band)));
        s.unsolved[3] = 0;
        return true;
    }

  private:
    // Lanes that hold a word of the grid (not padding) in registers 0-1 and in register 2.
    static constexpr __mmask16 kWords01 = 0x7777;
    static constexpr __mmask16 kWords2 = 0x0007;

    static __m512i splat(uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
    static __m512i or3(__m512i a, __m512i b, __m512i c) {
        return _mm512_ternarylogic_epi32(a, b, c, 0xFE);
    }
    // a | (b & c)
    static __m512i or_and(__m512i a, __m512i b, __m512i c) {
        return _mm512_ternarylogic_epi32(a, b, c, 0xF8);
    }
    // c | (a & ~b)
    static __m512i keep_or(__m512i a, __m512i b, __m512i c) {
        return _mm512_ternarylogic_epi32(a, b, c, 0xBA);
    }

    // Minirow bits 0, 3, 6 of a row: the bit of box x takes the bit of box x+1 (x+2).
    static __m512i next_box(__m512i x) {
        return _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi32(x, 3), _mm512_slli_epi32(x, 6)),
                                splat(0x49));
    }
    static __m512i box_after_next(__m512i x) {
        return _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi32(x, 6), _mm512_slli_epi32(x, 3)),
                                splat(0x49));
    }
    // Column bits of a 9-bit column word: column c of a stack takes column c+1 (c+2) of it.
    static __m512i next_col(__m512i x) {
        return or_and(_mm512_and_si512(_mm512_srli_epi32(x, 1), splat(0333)),
                      _mm512_slli_epi32(x, 2), splat(0444));
    }
    static __m512i col_after_next(__m512i x) {
        return or_and(_mm512_and_si512(_mm512_srli_epi32(x, 2), splat(0111)),
                      _mm512_slli_epi32(x, 1), splat(0666));
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
    // Rows with exactly one cell, as cells (every row of w has a cell).
    static __m512i single_rows(__m512i w) {
        const __m512i rest = _mm512_and_si512(w, _mm512_sub_epi32(w, splat(kRowOnes)));
        const __m512i crowded = rows_holding(rest);
        return _mm512_andnot_si512(crowded, splat(kBand));
    }
    // The nine columns of a band word (bit = column) and back to the band's cells.
    static __m512i columns(__m512i w) {
        return _mm512_and_si512(or3(w, _mm512_srli_epi32(w, 9), _mm512_srli_epi32(w, 18)),
                                splat(0x1FF));
    }
    static __m512i column_cells(__m512i c) {
        return or3(c, _mm512_slli_epi32(c, 9), _mm512_slli_epi32(c, 18));
    }
    // Each word of a digit gets the OR of the digit's other words (the padding word is 0).
    static __m512i other_bands(__m512i x) {
        return or3(_mm512_shuffle_epi32(x, _MM_PERM_ADCB), _mm512_shuffle_epi32(x, _MM_PERM_BADC),
                   _mm512_shuffle_epi32(x, _MM_PERM_CBAD));
    }
    // Sums over the four 128-bit lanes in two steps: each lane adds the lane kSwap pairs it
    // with (the halves swapped, then neighbouring lanes swapped).
    static constexpr int kSwapHalves = 0x4E;
    static constexpr int kSwapPairs = 0xB1;
    template <int kSwap>
    static void sum_placed(__m512i& once, __m512i& twice) {
        const __m512i o = _mm512_shuffle_i32x4(once, once, kSwap);
        const __m512i t = _mm512_shuffle_i32x4(twice, twice, kSwap);
        twice = or3(twice, t, _mm512_and_si512(once, o));
        once = _mm512_or_si512(once, o);
    }
    template <int kSwap>
    static void sum_counts(__m512i& one, __m512i& two, __m512i& three) {
        const __m512i o = _mm512_shuffle_i32x4(one, one, kSwap);
        const __m512i t = _mm512_shuffle_i32x4(two, two, kSwap);
        const __m512i h = _mm512_shuffle_i32x4(three, three, kSwap);
        three = or_and(or3(three, h, _mm512_and_si512(two, o)), one, t);
        two = or3(two, t, _mm512_and_si512(one, o));
        one = _mm512_or_si512(one, o);
    }

    // The band rule on a register of words (fast_core.h's `update`, for all at once): the cells
    // of minirows that some permutation of the digit's rows over the band's boxes uses. Sets
    // `contradiction` for a word left without a cell; `placed` gets the cells of rows with one.
    static __m512i band_rule(__m512i w, __mmask16 words, __m512i& placed,
                             __mmask16& contradiction) {
        const __m512i m = or3(w, _mm512_srli_epi32(w, 1), _mm512_srli_epi32(w, 2));
        const __m512i r0 = _mm512_and_si512(m, splat(0x49));
        const __m512i r1 = _mm512_and_si512(_mm512_srli_epi32(m, 9), splat(0x49));
        const __m512i r2 = _mm512_and_si512(_mm512_srli_epi32(m, 18), splat(0x49));
        const __m512i r0a = next_box(r0), r0b = box_after_next(r0);
        const __m512i r1a = next_box(r1), r1b = box_after_next(r1);
        const __m512i r2a = next_box(r2), r2b = box_after_next(r2);
        // A row's minirow is used when the other two rows can take the other two boxes.
        const __m512i u0 = _mm512_and_si512(r0, or_and(_mm512_and_si512(r1a, r2b), r1b, r2a));
        const __m512i u1 = _mm512_and_si512(r1, or_and(_mm512_and_si512(r0a, r2b), r0b, r2a));
        const __m512i u2 = _mm512_and_si512(r2, or_and(_mm512_and_si512(r0a, r1b), r0b, r1a));
        const __m512i used = or3(u0, _mm512_slli_epi32(u1, 9), _mm512_slli_epi32(u2, 18));
        const __m512i cells =
            _mm512_and_si512(w, or3(used, _mm512_slli_epi32(used, 1), _mm512_slli_epi32(used, 2)));
        contradiction |= _mm512_mask_testn_epi32_mask(words, cells, cells);
        placed = _mm512_and_si512(cells, single_rows(cells));
        return cells;
    }

    // The stack rule (fast_core.h's `stack_rule`): per stack, the digit's bands take the
    // stack's columns by a permutation; columns no permutation uses lose the digit.
    static __m512i stack_rule(__m512i w) {
        const __m512i cols = columns(w);
        const __m512i band_a = _mm512_shuffle_epi32(cols, _MM_PERM_DACB);  // band b+1 (mod 3)
        const __m512i band_b = _mm512_shuffle_epi32(cols, _MM_PERM_DBAC);  // band b+2 (mod 3)
        const __m512i used = _mm512_and_si512(
            cols, or_and(_mm512_and_si512(next_col(band_a), col_after_next(band_b)),
                         col_after_next(band_a), next_col(band_b)));
        return _mm512_and_si512(w, column_cells(used));
    }

    // A naked single of the digit of w (a cell in `single`): its row keeps only that cell, and
    // the band rule places it in the next round.
    static __m512i naked_single(__m512i w, __m512i single) {
        const __m512i mine = _mm512_and_si512(w, single);
        return _mm512_andnot_si512(_mm512_andnot_si512(mine, rows_holding(mine)), w);
    }

    // One round on all words. False on a contradiction; `placed` gets the cells placed per band
    // (in every lane).
    static bool round(__m512i& z0, __m512i& z1, __m512i& z2, __m512i& placed) {
        __mmask16 contradiction = 0;
        __m512i p0, p1, p2;
        z0 = band_rule(z0, kWords01, p0, contradiction);
        z1 = band_rule(z1, kWords01, p1, contradiction);
        z2 = band_rule(z2, kWords2, p2, contradiction);
        // Cells placed per band, and cells that two digits place (a contradiction), summed over
        // the digits of the three registers and then over the four lanes.
        __m512i once = or3(p0, p1, p2);
        __m512i twice = or_and(_mm512_and_si512(p0, p1), _mm512_or_si512(p0, p1), p2);
        sum_placed<kSwapHalves>(once, twice);
        sum_placed<kSwapPairs>(once, twice);
        contradiction |= _mm512_test_epi32_mask(twice, twice);
        if (contradiction != 0) return false;
        placed = once;
        // A placed cell leaves the band's other digits; its column leaves the digit's other
        // bands; then the stack rule.
        z0 = stack_rule(
            _mm512_andnot_si512(other_bands(column_cells(columns(p0))), keep_or(z0, once, p0)));
        z1 = stack_rule(
            _mm512_andnot_si512(other_bands(column_cells(columns(p1))), keep_or(z1, once, p1)));
        z2 = stack_rule(
            _mm512_andnot_si512(other_bands(column_cells(columns(p2))), keep_or(z2, once, p2)));
        // How many digits each cell still has (one, at least two, at least three), per band.
        __m512i one = or3(z0, z1, z2);
        __m512i two = or_and(_mm512_and_si512(z0, z1), _mm512_or_si512(z0, z1), z2);
        __m512i three = _mm512_and_si512(_mm512_and_si512(z0, z1), z2);
        sum_counts<kSwapHalves>(one, two, three);
        sum_counts<kSwapPairs>(one, two, three);
        const __m512i open = _mm512_andnot_si512(once, splat(kBand));
        // An open cell without a digit (bands 0-2 in the first lane are enough: all are alike).
        const __m512i empty = _mm512_andnot_si512(one, open);
        if (_mm512_mask_test_epi32_mask(0x0007, empty, empty) != 0) return false;
        const __m512i single = _mm512_andnot_si512(two, open);
        z0 = naked_single(z0, single);
        z1 = naked_single(z1, single);
        z2 = naked_single(z2, single);
        return true;
    }

    // A word with its "done" rows (bits 27-29) set: every row with one cell has been placed
    // and propagated at the fixpoint. Padding words stay 0.
    static __m512i with_done_rows(__m512i w) {
        const __m512i rest = _mm512_and_si512(w, _mm512_sub_epi32(w, splat(kRowOnes)));
        __m512i done =
            _mm512_maskz_mov_epi32(_mm512_testn_epi32_mask(rest, splat(0x1FF)), splat(1u << 27));
        done = _mm512_mask_or_epi32(done, _mm512_testn_epi32_mask(rest, splat(0x1FF << 9)), done,
                                    splat(1u << 28));
        done = _mm512_mask_or_epi32(done, _mm512_testn_epi32_mask(rest, splat(0x1FF << 18)), done,
                                    splat(1u << 29));
        return _mm512_maskz_or_epi32(_mm512_test_epi32_mask(w, w), w, done);
    }
};

}  // namespace
}  // namespace sudokit::detail
