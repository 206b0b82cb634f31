// The text pieces of the summary lines.
#include "status.h"

#include <fmt/format.h>

namespace sudokit::cli {

std::string plural(size_t n, std::string_view word) {
    return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

std::string format_timing(double seconds, size_t puzzles, bool interactive) {
    std::string text = fmt::format("in {:.3f} s (", seconds);
    // At a terminal the time is mostly the typing: a time per puzzle would measure the person.
    if (interactive) return text + "typed at a terminal, ";
    if (puzzles != 0) {
        const double ms = seconds * 1000.0 / static_cast<double>(puzzles);
        text += ms >= 1.0 ? fmt::format("{:.2f} ms/puzzle, ", ms)
                          : fmt::format("{:.2f} µs/puzzle, ", ms * 1000.0);
    }
    return text;
}

std::string summary_tail(const BatchTally& tally, double seconds, bool interactive) {
    std::string text;
    auto add = [&](Outcome outcome, std::string_view words) {
        if (tally[outcome] != 0) text += fmt::format(", {} {}", tally[outcome], words);
    };
    add(Outcome::node_budget, "unfinished");
    add(Outcome::time_limit, "timed out");
    add(Outcome::stuck, "stuck");
    add(Outcome::unsupported, "unsupported");
    return text + ' ' + format_timing(seconds, tally.items, interactive);
}

std::string format_stats(const Stats& s) {
    return fmt::format("nodes={} guesses={} depth={} propagations={}", s.nodes, s.guesses, s.depth,
                       s.propagations);
}

}  // namespace sudokit::cli
