// The text pieces of solve's and count's summary lines: plurals, timings, engine counters.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "sudokit/batch.h"
#include "sudokit/engine.h"

namespace sudokit::cli {

// "1 puzzle", "2 puzzles".
std::string plural(size_t n, std::string_view word);
// "in 0.412 s (4.34 ms/puzzle, ": the caller closes the parenthesis after adding its details.
// Input typed at a terminal: "in 9.120 s (typed at a terminal, ", no time per puzzle (the
// seconds are mostly the typing).
std::string format_timing(double seconds, size_t puzzles, bool interactive = false);
// The end of solve's and count's summary line: ", 3 unfinished, 2 timed out, 1 stuck, 1
// unsupported" (each only when not zero), then " " and format_timing.
std::string summary_tail(const BatchTally& tally, double seconds, bool interactive = false);
// "nodes=123 guesses=4 depth=5 propagations=0".
std::string format_stats(const Stats& stats);

}  // namespace sudokit::cli
