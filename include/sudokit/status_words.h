// The one vocabulary of outcome words: every JSON result (solve, count, explain, hint, rate,
// generate, convert; the Python module's dicts) names what happened with one of these words, so a
// program reading several commands' output needs to know one list (docs/json.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace sudokit {

enum class StatusWord : uint8_t {
    unique,         // exactly one solution
    found,          // a solution (uniqueness not asked); a generated puzzle that meets its target
    multiple,       // two or more solutions
    no_solution,    // no solution (a complete search found none)
    unfinished,     // the node budget ran out first
    timeout,        // the time limit ran out first
    stuck,          // logic alone cannot go on
    invalid,        // the input is malformed or its givens conflict
    unsupported,    // the engine does not solve grids of this shape
    interrupted,    // cancelled (Ctrl-C, SIGTERM, a cancel flag) first
    solved,         // logic placed every cell
    contradiction,  // logic showed the position has no solution
    step_limit,     // the step limit was reached
    step,           // a hint: a technique applies
    max,            // a rating passed its upper bound and stopped
    ep_only,        // a rating stopped at EP (its first placement)
    ed_only,        // a rating stopped at ED (its first step)
    converted,      // convert wrote the item in the format asked
};
inline constexpr size_t kStatusWordCount = 18;

// "unique", "found", "multiple", "no-solution", "unfinished", "timeout", "stuck", "invalid",
// "unsupported", "interrupted", "solved", "contradiction", "step-limit", "step", "max", "ep-only",
// "ed-only", "converted".
std::string_view status_word(StatusWord word);

// Every word, in StatusWord's order.
std::span<const std::string_view> status_words();

}  // namespace sudokit
