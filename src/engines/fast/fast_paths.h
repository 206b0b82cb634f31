// The entry points of the compiled copies of the solver core (one per instruction-set path);
// fast_engine.cc dispatches among them.
#pragma once

#include "engines/fast/fast.h"

namespace sudokit::detail {

int fast_solve_portable(const char* puzzle81, const FastOptions& options, char* solution81,
                        FastStats* stats);
// Present only on x86-64; call it only when the CPU has AVX2, BMI1, BMI2 and POPCNT.
int fast_solve_avx2(const char* puzzle81, const FastOptions& options, char* solution81,
                    FastStats* stats);
// Present only on x86-64; call it only when the CPU has all of the above and AVX-512 F, VL, BW
// and DQ.
int fast_solve_avx512(const char* puzzle81, const FastOptions& options, char* solution81,
                      FastStats* stats);

}  // namespace sudokit::detail
