// What every engine shares around its search: the shape check, stop names, deadlines.
#include "sudokit/engine.h"

namespace sudokit {

Clock::time_point Limits::deadline_after(double seconds) {
    if (!(seconds > 0)) return Clock::time_point::max();
    // Beyond a century the deadline is as good as none (and the sum cannot overflow).
    if (seconds > 3.2e9) return Clock::time_point::max();
    return Clock::now() +
           std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

std::string_view stop_name(Stop stop) {
    switch (stop) {
        case Stop::finished:
            return "finished";
        case Stop::solution_limit:
            return "solution-limit";
        case Stop::node_budget:
            return "node-budget";
        case Stop::time_limit:
            return "time-limit";
        case Stop::cancelled:
            return "cancelled";
        case Stop::stuck:
            return "stuck";
        case Stop::unsupported:
            return "unsupported";
    }
    return "?";
}

Result Engine::solve(const Grid& puzzle, const Limits& limits) {
    if (!puzzle.shape().valid() || !supports(puzzle.shape())) {
        Result result;
        result.stop = Stop::unsupported;
        return result;
    }
    return search(puzzle, limits);
}

std::string_view engine_name_of(std::string_view spec) { return spec.substr(0, spec.find(':')); }

std::string_view default_engine_spec() { return "auto"; }

}  // namespace sudokit
