// sudokit's `fast` engine as one more solver of tdoku's run_benchmark (docs/results/peers.md
// says how to build it into tdoku's harness, outside this repository). The function has the
// signature of tdoku's SolverFn: 81 characters in, solutions counted up to `limit`, the first
// one written to `solution`, the branches beyond the first at each choice point reported as
// guesses.
#include <cstddef>
#include <cstdint>

#include "engines/fast/fast.h"

extern "C" size_t SudokitFast(const char* input, size_t limit, uint32_t /*configuration*/,
                              char* solution, size_t* num_guesses) {
    sudokit::FastStats stats;
    const int found = sudokit::fast_solve(input, static_cast<int>(limit), solution, &stats);
    *num_guesses = stats.guesses;
    return static_cast<size_t>(found);
}
