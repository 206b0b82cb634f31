// sudokit.SolveResult: what solve and solve_many return for each puzzle, made from the library's
// BatchItem by the same calls as the CLI's JSON (solve_item_json), kept as plain fields so that a
// batch of thousands costs little and a result pickles (Dask ships results between processes).
#pragma once

#include <optional>
#include <string>

#include "module.h"
#include "sudokit/batch.h"

namespace sudokit::python {

struct SolveResult {
    Outcome outcome = Outcome::invalid;
    std::optional<std::string> file;  // the source named by the caller
    int line = 0;
    std::string puzzle;             // canonical line; invalid input: the text as read ("" if none)
    std::string solution;           // canonical line; "" unless the outcome is unique or found
    std::optional<uint32_t> count;  // solutions found; none when the engine did not run
    std::optional<Stats> stats;     // none when the engine did not run
    std::string engine;
    std::string comment;
    std::string error;  // the reason of a failure ("" when the outcome answers the question)

    static SolveResult of(const BatchItem& item, const SolveOptions& options,
                          const std::optional<std::string>& file);
    bool solved() const { return outcome == Outcome::unique || outcome == Outcome::found; }
    // The fields of solve_item_json, in its order.
    py::dict to_dict() const;
    bool operator==(const SolveResult&) const = default;
};

}  // namespace sudokit::python
