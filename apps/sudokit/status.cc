// Marker words, tallies and the timing text of the summary line.
#include "sudokit/status.h"

#include <fmt/format.h>

namespace sudokit::cli {

std::string_view status_name(Status status) {
    switch (status) {
        case Status::solved:
            return "solved";
        case Status::counted:
            return "counted";
        case Status::invalid:
            return "invalid";
        case Status::no_solution:
            return "no-solution";
        case Status::multiple:
            return "multiple";
        case Status::unfinished:
            return "unfinished";
        case Status::unsupported:
            return "unsupported";
    }
    return "invalid";
}

bool Tally::any_failure() const {
    for (size_t i = 0; i < kStatusCount; ++i) {
        if (by_status[i] != 0 && is_failure(static_cast<Status>(i))) return true;
    }
    return false;
}

std::string plural(size_t n, std::string_view word) {
    return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

std::string format_timing(double seconds, size_t puzzles) {
    std::string text = fmt::format("in {:.3f} s (", seconds);
    if (puzzles != 0) {
        const double ms = seconds * 1000.0 / static_cast<double>(puzzles);
        text += ms >= 1.0 ? fmt::format("{:.2f} ms/puzzle, ", ms)
                          : fmt::format("{:.2f} µs/puzzle, ", ms * 1000.0);
    }
    return text;
}

std::string summary_tail(const Tally& tally, double seconds) {
    std::string text;
    if (tally[Status::unfinished] != 0)
        text += fmt::format(", {} unfinished", tally[Status::unfinished]);
    if (tally[Status::unsupported] != 0)
        text += fmt::format(", {} unsupported", tally[Status::unsupported]);
    return text + ' ' + format_timing(seconds, tally.puzzles);
}

std::string format_stats(const Stats& s) {
    return fmt::format("nodes={} guesses={} backtracks={} propagations={}", s.nodes, s.guesses,
                       s.backtracks, s.propagations);
}

}  // namespace sudokit::cli
