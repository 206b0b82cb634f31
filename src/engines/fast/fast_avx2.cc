// The AVX2 + BMI2 copy of the `fast` solver core (x86-64). The whole file is compiled for that
// target by pragma, so no build option is needed; fast_engine.cc calls it only after checking
// the CPU. Minirow matrices come from pext, changed words from one vector compare.
#if defined(__x86_64__)

// Every ordinary header comes before the target pragma: an inline function of a standard header
// compiled here for AVX2 could be the copy the linker keeps for the whole program.
#include <cstdint>

#include "engines/fast/fast.h"
#include "engines/fast/fast_paths.h"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,popcnt"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt")
#endif

#include <immintrin.h>

#include "engines/fast/fast_core.h"

namespace sudokit::detail {
namespace {

struct Avx2Isa {
    // Bit k: word k differs from `seen`. Five 8-word compares; bits 36-39 (the `unsolved`
    // words) are dropped, padding words are 0 on both sides.
    static uint64_t changed(const State& s, const State& seen) {
        const auto* a = reinterpret_cast<const __m256i*>(s.cand);
        const auto* b = reinterpret_cast<const __m256i*>(seen.cand);
        uint64_t same = 0;
        for (int i = 0; i < 5; ++i) {
            const __m256i eq =
                _mm256_cmpeq_epi32(_mm256_load_si256(a + i), _mm256_load_si256(b + i));
            same |= uint64_t{static_cast<uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(eq)))}
                    << (8 * i);
        }
        return ~same & 0xFFFFFFFFFull;
    }
    // Bit 3j of a | a>>1 | a>>2 is "minirow j has a cell"; pext gathers the nine of them.
    static uint32_t minirows(uint32_t a) { return _pext_u32(a | a >> 1 | a >> 2, kMinirowLow); }
    static uint32_t gather_stack(uint32_t p, int s) { return _pext_u32(p, kStackCols << (3 * s)); }
    static uint32_t scatter_stack(uint32_t n, int s) { return _pdep_u32(n, kStackCols << (3 * s)); }

    // best_bivalue_cell_scalar for all cells at once, by minirow lanes (kMinirowLanes, eight a
    // register): the same scores, keys and maximum, without a loop over the cells.
    static int best_bivalue_cell(const uint32_t* bivalue, const uint32_t* unsolved) {
        const MinirowLanes& t = kMinirowLanes;
        const __m256i open =
            _mm256_setr_epi32(static_cast<int>(unsolved[0]), static_cast<int>(unsolved[1]),
                              static_cast<int>(unsolved[2]), 0, 0, 0, 0, 0);
        const __m256i two =
            _mm256_setr_epi32(static_cast<int>(bivalue[0]), static_cast<int>(bivalue[1]),
                              static_cast<int>(bivalue[2]), 0, 0, 0, 0, 0);
        // The open cells of each column, as key parts (score << 7), by plane and box.
        const __m256i band0 = _mm256_set1_epi32(static_cast<int>(unsolved[0]));
        const __m256i band1 = _mm256_set1_epi32(static_cast<int>(unsolved[1]));
        const __m256i band2 = _mm256_set1_epi32(static_cast<int>(unsolved[2]));
        const auto column_key = [&](const int32_t* cells) {
            const __m256i c = load(cells);
            const __m256i open_cells =
                _mm256_or_si256(_mm256_and_si256(band0, c),
                                _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(band1, c), 1),
                                                _mm256_slli_epi32(_mm256_and_si256(band2, c), 2)));
            return _mm256_slli_epi32(popcount32(open_cells), 7);
        };
        const __m256i planes01 = column_key(t.column_by_plane);
        const __m256i plane2 = column_key(t.column_by_plane + 8);
        __m256i best = _mm256_setzero_si256();
        for (int q = 0; q < 32; q += 8) {
            const __m256i band = load(t.band + q), box = load(t.box + q);
            const __m256i row_box = popcount32(
                _mm256_and_si256(_mm256_permutevar8x32_epi32(open, band), load(t.row_and_box + q)));
            const __m256i minirow_key =
                _mm256_add_epi32(_mm256_slli_epi32(row_box, 7), load(t.key_low + q));
            const __m256i bivalue_cells = _mm256_permutevar8x32_epi32(two, band);
            const __m256i first_bit = load(t.first_bit + q);
            const __m256i columns[3] = {
                _mm256_permutevar8x32_epi32(planes01, box),
                _mm256_permutevar8x32_epi32(planes01, _mm256_add_epi32(box, _mm256_set1_epi32(4))),
                _mm256_permutevar8x32_epi32(plane2, box)};
            for (int j = 0; j < 3; ++j) {
                // key = score << 7 | (127 - 3i - j), kept where cell 3i + j is bivalue.
                const __m256i key = _mm256_sub_epi32(_mm256_add_epi32(minirow_key, columns[j]),
                                                     _mm256_set1_epi32(j));
                const __m256i absent = _mm256_cmpeq_epi32(
                    _mm256_and_si256(bivalue_cells, _mm256_slli_epi32(first_bit, j)),
                    _mm256_setzero_si256());
                best = _mm256_max_epi32(best, _mm256_andnot_si256(absent, key));
            }
        }
        best = _mm256_max_epi32(best, _mm256_permute2x128_si256(best, best, 1));
        best = _mm256_max_epi32(best, _mm256_shuffle_epi32(best, _MM_SHUFFLE(1, 0, 3, 2)));
        best = _mm256_max_epi32(best, _mm256_shuffle_epi32(best, _MM_SHUFFLE(2, 3, 0, 1)));
        return 127 - (_mm256_cvtsi256_si32(best) & 127);
    }

  private:
    static __m256i load(const int32_t* p) {
        return _mm256_load_si256(reinterpret_cast<const __m256i*>(p));
    }
    // Bits set per 32-bit lane: nibble counts by a byte shuffle, summed by two multiply-adds.
    static __m256i popcount32(__m256i x) {
        const __m256i nibble_counts =
            _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3,
                             1, 2, 2, 3, 2, 3, 3, 4);
        const __m256i low = _mm256_set1_epi8(0x0F);
        const __m256i counts = _mm256_add_epi8(
            _mm256_shuffle_epi8(nibble_counts, _mm256_and_si256(x, low)),
            _mm256_shuffle_epi8(nibble_counts, _mm256_and_si256(_mm256_srli_epi16(x, 4), low)));
        const __m256i pairs = _mm256_maddubs_epi16(counts, _mm256_set1_epi8(1));
        return _mm256_madd_epi16(pairs, _mm256_set1_epi16(1));
    }
};

}  // namespace

int fast_solve_avx2(const char* puzzle81, const FastOptions& options, char* solution81,
                    FastStats* stats) {
    FastSearch<BandBoard<Avx2Isa>> solver;
    return solver.run(puzzle81, options, solution81, stats);
}

}  // namespace sudokit::detail

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif  // __x86_64__
