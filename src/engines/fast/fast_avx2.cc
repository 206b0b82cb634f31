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
