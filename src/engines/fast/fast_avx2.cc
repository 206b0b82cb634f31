// The AVX2 + BMI2 copy of the `fast` solver core (x86-64). The whole file is compiled for that
// target by pragma, so no build option is needed; fast_engine.cc calls it only after checking
// the CPU. Minirow matrices come from pext, changed words from one vector compare
// (fast_avx2_isa.h).
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

#include "engines/fast/fast_avx2_isa.h"

namespace sudokit::detail {

int fast_solve_avx2(const char* puzzle81, const FastOptions& options, char* solution81,
                    FastStats* stats) {
    Solver<Avx2Isa> solver;
    return solver.run(puzzle81, options, solution81, stats);
}

}  // namespace sudokit::detail

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif  // __x86_64__
