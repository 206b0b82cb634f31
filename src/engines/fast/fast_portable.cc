// The portable copy of the `fast` solver core: plain C++, table lookups, any CPU.
#include "engines/fast/fast_core.h"
#include "engines/fast/fast_paths.h"

namespace sudokit::detail {

int fast_solve_portable(const char* puzzle81, const FastOptions& options, char* solution81,
                        FastStats* stats) {
    FastSearch<BandBoard<PortableIsa>> solver;
    return solver.run(puzzle81, options, solution81, stats);
}

}  // namespace sudokit::detail
