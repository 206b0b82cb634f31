// The check the uniqueness techniques (unique rectangles and loops, BUG) need before they may be
// used: a deadly pattern proves nothing in a puzzle with several solutions.
#include <memory>

#include "engines/auto/auto_engine.h"
#include "sudokit/engine.h"
#include "sudokit/human.h"

namespace sudokit {

bool has_unique_solution(const CandidateGrid& position) {
    if (position.contradiction()) return false;
    // One engine per thread: the check runs once per puzzle, so making it here costs little
    // next to the path it guards.
    thread_local std::unique_ptr<Engine> engine = make_auto_engine();
    const Result result = engine->solve(position.values(), Limits{.max_solutions = 2});
    return result.complete() && result.count == 1;
}

}  // namespace sudokit
