// What became of each input item, the marker word written in its place, and the tallies and
// timing of the summary line. Markers (the same words in line, grid, json and csv output):
//   invalid      the input is malformed or its givens conflict (the parser's reason on stderr)
//   no-solution  the puzzle has no solution (count prints 0, with the same status in json/csv)
//   multiple     solve: more than one solution where uniqueness was required (the default)
//   unfinished   the node budget (--budget) ran out before the answer was known
//   unsupported  the engine does not solve grids of that shape
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "sudokit/engine.h"

namespace sudokit::cli {

enum class Status {
    solved,   // solve: a solution printed (unique, or the first with --first)
    counted,  // count: a complete count of at least one solution
    invalid,
    no_solution,
    multiple,
    unfinished,
    unsupported,
};
inline constexpr size_t kStatusCount = 7;

// "solved", "counted", "invalid", "no-solution", "multiple", "unfinished", "unsupported".
std::string_view status_name(Status status);
// Everything but solved and counted makes the exit code 1.
inline bool is_failure(Status status) {
    return status != Status::solved && status != Status::counted;
}

struct Tally {
    size_t puzzles = 0;
    std::array<size_t, kStatusCount> by_status{};
    size_t unique = 0;    // exactly one solution
    size_t multiple = 0;  // two or more solutions (solve --unique or count)
    Stats stats;          // summed over every engine run

    void add(Status status) {
        ++puzzles;
        ++by_status[static_cast<size_t>(status)];
    }
    size_t operator[](Status status) const { return by_status[static_cast<size_t>(status)]; }
    bool any_failure() const;
};

// "1 puzzle", "2 puzzles".
std::string plural(size_t n, std::string_view word);
// "in 0.412 s (4.34 ms/puzzle" : the caller closes the parenthesis after adding its details.
std::string format_timing(double seconds, size_t puzzles);
// The end of solve's and count's summary line: ", 3 unfinished, 1 unsupported" (each only when
// not zero), then " " and format_timing.
std::string summary_tail(const Tally& tally, double seconds);
// "nodes=123 guesses=4 backtracks=5 propagations=0".
std::string format_stats(const Stats& stats);

}  // namespace sudokit::cli
