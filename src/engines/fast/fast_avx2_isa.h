// The AVX2 + BMI2 pieces of the `fast` core (pext for minirow matrices, one vector compare for
// the changed words), and the core itself. Included only after a target pragma that enables
// them (fast_avx2.cc, fast_avx512.cc), with every ordinary header included before the pragma.
#pragma once

#include <immintrin.h>

#include "engines/fast/fast_core.h"

namespace sudokit::detail {
namespace {  // NOLINT(google-build-namespaces)

struct Avx2Isa {
    static constexpr bool kDenseRoot = false;

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
}  // namespace sudokit::detail
