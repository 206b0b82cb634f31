// The check the uniqueness techniques (unique rectangles and loops, BUG) need before they may be
// used: a deadly pattern proves nothing in a puzzle with several solutions.
#include "human/uniqueness.h"

#include <memory>

#include "engines/auto/auto_engine.h"

namespace sudokit {

Uniqueness check_uniqueness(const CandidateGrid& position, Engine& engine, const Limits& limits) {
    if (position.contradiction()) return Uniqueness::not_one;
    const Result result = engine.solve(
        position.values(),
        Limits{.max_solutions = 2, .deadline = limits.deadline, .cancel = limits.cancel});
    if (result.count >= 2) return Uniqueness::not_one;
    if (result.stop == Stop::time_limit || result.stop == Stop::cancelled)
        return Uniqueness::unknown;
    return result.complete() && result.count == 1 ? Uniqueness::one : Uniqueness::not_one;
}

bool has_unique_solution(const CandidateGrid& position) {
    if (position.contradiction()) return false;
    // The check runs once per puzzle: making the engine here costs little next to the path it
    // guards.
    const std::unique_ptr<Engine> engine = make_auto_engine();
    return check_uniqueness(position, *engine, Limits{}) == Uniqueness::one;
}

}  // namespace sudokit
