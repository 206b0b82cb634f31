// What became of a puzzle, in one word and one message, for every front end alike (the CLI, the
// Python module, the web server): the library turns an engine's Result into an Outcome and an
// Outcome into its message, so they all say the same thing.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "sudokit/engine.h"
#include "sudokit/option_error.h"

namespace sudokit {

enum class Outcome : uint8_t {
    unique,       // exactly one solution
    found,        // a solution; uniqueness was not asked (max_solutions 1)
    several,      // two or more solutions
    none,         // no solution
    node_budget,  // the node budget ran out before the answer was known
    time_limit,   // the time limit ran out before the answer was known
    stuck,        // logic alone cannot finish (a logic-only engine)
    invalid,      // the input is malformed or its givens conflict
    unsupported,  // the engine does not solve grids of this shape
    interrupted,  // cancelled before the answer was known
};
inline constexpr size_t kOutcomeCount = 10;

// The marker word of an outcome, written in place of an answer and as JSON "status":
// "unique", "found", "multiple", "no-solution", "unfinished", "timeout", "stuck", "invalid",
// "unsupported", "interrupted".
std::string_view outcome_name(Outcome outcome);

// What the engine's answer means. (Invalid input never reaches an engine: see BatchItem.)
// When the search finished or stopped at max_solutions: several (count >= 2), unique (count 1,
// finished), found (count 1 = max_solutions) or none. Otherwise why it stopped (node budget,
// time limit, interrupted, stuck, unsupported), whatever it found: the count asked for is not
// known. (A solve asks for 2: reaching them stops the search, so "several" is never lost.)
Outcome outcome_of(const Result& result);

// The question asked of a puzzle, which decides what counts as a failure.
enum class Task : uint8_t {
    solve,  // a solution (unique, unless max_solutions is 1): several is a failure
    count,  // the number of solutions: several is an answer, none is a failure
};
bool is_failure(Outcome outcome, Task task);

// How to solve one puzzle: the engine spec and what a solve may spend.
struct SolveOptions {
    std::string engine = std::string(default_engine_spec());  // "name[:key=value,...]"
    uint32_t max_solutions = 2;
    uint64_t node_budget = 0;    // 0: no limit
    double timeout_seconds = 0;  // per puzzle; 0: no limit
    const std::atomic<bool>* cancel = nullptr;

    // Limits for a solve starting now (the deadline is now + timeout_seconds).
    Limits limits() const;
};
// The first option that cannot work, or nothing. Fields: "engine" (the reason make_engine
// gives), "max_solutions", "timeout_seconds".
OptionCheck check_solve_options(const SolveOptions& options);

// The reason of an outcome, in words, without the input line: "no solution", "more than one
// solution", "the node budget of 500 nodes ran out before the search ended", "the time limit of
// 1 s ran out before the search ended", "logic alone cannot finish (stuck with 47 of 81 cells
// empty); the next step needs Hidden Pair, which the engine's techniques leave out", "engine
// 'fast' does not solve 4x4 grids (sizes: 9x9)", "interrupted before the search ended". Empty for
// unique and found. For invalid input the parser's message is the reason (ParseError::message).
std::string outcome_reason(Outcome outcome, const Result& result, const SolveOptions& options,
                           Shape shape);

}  // namespace sudokit
