// sudokit's `fast` engine as one more solver of tdoku's run_benchmark (docs/results/peers.md
// says how to build it into tdoku's harness, outside this repository). The function has the
// signature of tdoku's SolverFn: 81 characters in, solutions counted up to `limit`, the first
// one written to `solution`, the branches beyond the first at each choice point reported as
// guesses. The environment variable SUDOKIT_FAST_PATH (portable, avx2 or avx512) picks a code
// path other than the CPU's best, to measure the paths of CPUs without AVX-512 on one with it.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "engines/fast/fast.h"

namespace {

sudokit::FastPath path_from_environment() {
    const char* text = std::getenv("SUDOKIT_FAST_PATH");
    if (text == nullptr || *text == '\0') return sudokit::FastPath::kAuto;
    for (sudokit::FastPath path : {sudokit::FastPath::kAuto, sudokit::FastPath::kPortable,
                                   sudokit::FastPath::kAvx2, sudokit::FastPath::kAvx512}) {
        if (std::string_view(text) == sudokit::fast_path_name(path)) {
            if (sudokit::fast_path_available(path)) return path;
            std::fprintf(stderr, "SUDOKIT_FAST_PATH=%s: this CPU cannot run it\n", text);
            std::exit(2);
        }
    }
    std::fprintf(stderr, "SUDOKIT_FAST_PATH=%s: expected auto, portable, avx2 or avx512\n", text);
    std::exit(2);
}

}  // namespace

extern "C" size_t SudokitFast(const char* input, size_t limit, uint32_t /*configuration*/,
                              char* solution, size_t* num_guesses) {
    static const sudokit::FastPath path = path_from_environment();
    sudokit::FastOptions options;
    options.max_solutions = static_cast<int>(limit);
    options.path = path;
    sudokit::FastStats stats;
    const int found = sudokit::fast_solve(input, options, solution, &stats);
    *num_guesses = stats.guesses;
    return static_cast<size_t>(found);
}
