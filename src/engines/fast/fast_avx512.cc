// The AVX-512 copy of the `fast` solver core (x86-64): the AVX2 path's core with the root's
// propagation done in AVX-512 registers (fast_dense_root.h). Compiled for its target by pragma,
// like fast_avx2.cc; fast_engine.cc calls it only after checking the CPU.
#if defined(__x86_64__)

// Every ordinary header comes before the target pragma (see fast_avx2.cc).
#include <cstdint>

#include "engines/fast/fast.h"
#include "engines/fast/fast_paths.h"

#if defined(__clang__)
#pragma clang attribute push(                                                           \
    __attribute__((target("avx2,bmi,bmi2,popcnt,avx512f,avx512vl,avx512bw,avx512dq"))), \
    apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt,avx512f,avx512vl,avx512bw,avx512dq")
// GCC 12's AVX-512 shifts start from _mm512_undefined_epi32(), which it reports as maybe
// uninitialized once they are inlined: a false positive.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "engines/fast/fast_avx2_isa.h"
#include "engines/fast/fast_dense_root.h"

namespace sudokit::detail {
namespace {

struct Avx512Isa : Avx2Isa {
    static constexpr bool kDenseRoot = true;
    static bool dense_root(State& s) { return DenseRoot::run(s); }
};

}  // namespace

int fast_solve_avx512(const char* puzzle81, const FastOptions& options, char* solution81,
                      FastStats* stats) {
    Solver<Avx512Isa> solver;
    return solver.run(puzzle81, options, solution81, stats);
}

}  // namespace sudokit::detail

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC diagnostic pop
#pragma GCC pop_options
#endif

#endif  // __x86_64__
