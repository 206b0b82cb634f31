// The AVX-512 copy of the `fast` solver (x86-64): the search of fast_search.h on the board in
// AVX-512 registers (fast_dense_board.h). Compiled for its target by pragma, like fast_avx2.cc;
// fast_engine.cc calls it only after checking the CPU.
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
#endif

#include "engines/fast/fast_core.h"
#include "engines/fast/fast_dense_board.h"

namespace sudokit::detail {

int fast_solve_avx512(const char* puzzle81, const FastOptions& options, char* solution81,
                      FastStats* stats) {
    FastSearch<DenseBoard> solver;
    return solver.run(puzzle81, options, solution81, stats);
}

}  // namespace sudokit::detail

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif  // __x86_64__
