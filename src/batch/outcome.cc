// Outcomes: from an engine's Result, to a marker word and a reason in words.
#include "sudokit/outcome.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "sudokit/status_words.h"

namespace sudokit {

std::string_view outcome_name(Outcome outcome) {
    switch (outcome) {
        case Outcome::unique:
            return status_word(StatusWord::unique);
        case Outcome::found:
            return status_word(StatusWord::found);
        case Outcome::several:
            return status_word(StatusWord::multiple);
        case Outcome::none:
            return status_word(StatusWord::no_solution);
        case Outcome::node_budget:
            return status_word(StatusWord::unfinished);
        case Outcome::time_limit:
            return status_word(StatusWord::timeout);
        case Outcome::stuck:
            return status_word(StatusWord::stuck);
        case Outcome::invalid:
            break;
        case Outcome::unsupported:
            return status_word(StatusWord::unsupported);
        case Outcome::interrupted:
            return status_word(StatusWord::interrupted);
    }
    return status_word(StatusWord::invalid);
}

Outcome outcome_of(const Result& result) {
    switch (result.stop) {
        case Stop::finished:
            return result.count >= 2   ? Outcome::several
                   : result.count == 1 ? Outcome::unique
                                       : Outcome::none;
        case Stop::solution_limit:
            return result.count >= 2 ? Outcome::several : Outcome::found;
        case Stop::node_budget:
            return Outcome::node_budget;
        case Stop::time_limit:
            return Outcome::time_limit;
        case Stop::cancelled:
            return Outcome::interrupted;
        case Stop::stuck:
            return Outcome::stuck;
        case Stop::unsupported:
            return Outcome::unsupported;
    }
    return Outcome::none;
}

bool is_failure(Outcome outcome, Task task) {
    if (outcome == Outcome::unique || outcome == Outcome::found) return false;
    return !(task == Task::count && outcome == Outcome::several);
}

OptionCheck check_solve_options(const SolveOptions& options) {
    std::string error;
    if (make_engine(options.engine, &error) == nullptr) return OptionError{"engine", error};
    if (options.max_solutions < 1) return OptionError{"max_solutions", "1 or more"};
    if (!std::isfinite(options.timeout_seconds) || options.timeout_seconds < 0)
        return OptionError{"timeout_seconds", "a number of seconds >= 0"};
    return std::nullopt;
}

Limits SolveOptions::limits() const {
    return Limits{.max_solutions = max_solutions,
                  .node_budget = node_budget,
                  .deadline = Limits::deadline_after(timeout_seconds),
                  .cancel = cancel};
}

namespace {

std::string stuck_reason(const Result& result, Shape shape) {
    const int cells = shape.cell_count();
    int empty = 0;
    if (result.first.shape() == shape)
        empty = static_cast<int>(
            std::count(result.first.values().begin(), result.first.values().end(), uint8_t{0}));
    std::string text =
        fmt::format("logic alone cannot finish (stuck with {} of {} cells empty)", empty, cells);
    if (!result.needed_technique.empty()) {
        text += fmt::format("; the next step needs {}, which the engine's techniques leave out",
                            result.needed_technique);
    } else {
        text +=
            "; no technique sudokit knows applies (the puzzle needs harder ones, or has "
            "several solutions)";
    }
    return text;
}

}  // namespace

std::string outcome_reason(Outcome outcome, const Result& result, const SolveOptions& options,
                           Shape shape) {
    switch (outcome) {
        case Outcome::unique:
        case Outcome::found:
        case Outcome::invalid:
            return "";
        case Outcome::several:
            return "more than one solution";
        case Outcome::none:
            return "no solution";
        case Outcome::node_budget:
            return fmt::format("the node budget of {} node{} ran out before the search ended",
                               options.node_budget, options.node_budget == 1 ? "" : "s");
        case Outcome::time_limit:
            return fmt::format("the time limit of {:g} s ran out before the search ended",
                               options.timeout_seconds);
        case Outcome::stuck:
            return stuck_reason(result, shape);
        case Outcome::unsupported: {
            const std::string_view name = engine_name_of(options.engine);
            const EngineInfo* info = find_engine(name);
            const int n = shape.size();
            return fmt::format("engine '{}' does not solve {}x{} grids (sizes: {})", name, n, n,
                               info != nullptr ? info->sizes : "none");
        }
        case Outcome::interrupted:
            return "interrupted before the search ended";
    }
    return "";
}

}  // namespace sudokit
