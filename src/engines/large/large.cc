// `large`: the engine object around LargeSolver, which keeps the tables of the last shape and
// one LargeSearch (large_search.h) per mask width.
#include "engines/large/large.h"

#include <algorithm>
#include <iterator>
#include <memory>
#include <string>

#include "engines/engine_options.h"
#include "engines/large/large_search.h"
#include "engines/large/large_tables.h"

namespace sudokit {

namespace detail {

Result LargeSolver::solve(const Grid& puzzle, const Limits& limits, const LargeOptions& options,
                          std::span<const Exclusion> excluded, const Grid* guide) {
    if (puzzle.shape() != tables_.shape) tables_.build(puzzle.shape());
    if (puzzle.size() == 16) return n16_.run(tables_, puzzle, limits, options, excluded, guide);
    if (puzzle.size() == 25) return n25_.run(tables_, puzzle, limits, options, excluded, guide);
    if (puzzle.size() == 36) return n36_.run(tables_, puzzle, limits, options, excluded, guide);
    if (puzzle.size() <= 32) return narrow_.run(tables_, puzzle, limits, options, excluded, guide);
    return wide_.run(tables_, puzzle, limits, options, excluded, guide);
}

}  // namespace detail

namespace {

using detail::LargeOptions;

class LargeEngine final : public Engine {
  public:
    explicit LargeEngine(const LargeOptions& options) : options_(options) {}
    std::string_view name() const override { return "large"; }
    bool supports(Shape) const override { return true; }

  protected:
    Result search(const Grid& puzzle, const Limits& limits) override {
        return solver_.solve(puzzle, limits, options_);
    }

  private:
    LargeOptions options_;
    detail::LargeSolver solver_;
};

constexpr std::string_view kOnOff[] = {"on", "off"};
constexpr std::string_view kWidths[] = {"2", "3"};
constexpr std::string_view kPasses[] = {"1", "2", "fixpoint"};
constexpr std::string_view kScopes[] = {"changes", "all"};
constexpr EngineOption kLargeOptions[] = {
    {.name = "probe",
     .values = kOnOff,
     .syntax = "",
     .default_value = "on",
     .help = "failed-literal probing of pairs (two candidates, two places); scope says which"},
    {.name = "width",
     .values = kWidths,
     .syntax = "",
     .default_value = "2",
     .help = "probe choices of up to this many options (cells' candidates, digits' places)"},
    {.name = "scope",
     .values = kScopes,
     .syntax = "",
     .default_value = "changes",
     .help = "below the root, probe only the choices whose houses the branch changed, or all"},
    {.name = "passes",
     .values = kPasses,
     .syntax = "",
     .default_value = "1",
     .help = "probing passes per node: at most 1 or 2, or until one changes nothing"},
    {.name = "merge",
     .values = kOnOff,
     .syntax = "",
     .default_value = "on",
     .help = "where both sides of a pair hold, keep only the candidates one of them keeps"},
    {.name = "locked",
     .values = kOnOff,
     .syntax = "",
     .default_value = "on",
     .help = "pointing and claiming at each node"},
    {.name = "matching",
     .values = kOnOff,
     .syntax = "",
     .default_value = "off",
     .help = "all-different filtering per house at each node (every naked and hidden subset)"},
    {.name = "forecast",
     .values = kOnOff,
     .syntax = "",
     .default_value = "off",
     .help = "with a node budget, stop at a fifth of it when the search's estimated size is "
             "over 8 times the budget"},
};

}  // namespace

EngineInfo large_engine_info() {
    return EngineInfo{
        .name = "large",
        .description = "failed-literal probing and lookahead branching (16x16 and up)",
        .sizes = "all",
        .options = kLargeOptions,
        .supports = [](Shape s) { return s.valid(); },
        .make = [](std::string_view options, std::string* error) -> std::unique_ptr<Engine> {
            detail::OptionValues values;
            if (!detail::parse_engine_options(large_engine_info(), options, values, error))
                return nullptr;
            LargeOptions o;
            o.probe = values["probe"] == "on";
            o.merge = values["merge"] == "on";
            o.locked = values["locked"] == "on";
            o.matching = values["matching"] == "on";
            o.forecast = values["forecast"] == "on";
            o.width = values["width"] == "3" ? 3 : 2;
            o.probe_near_changes = values["scope"] == "changes";
            o.passes = values["passes"] == "fixpoint" ? 0 : values["passes"] == "1" ? 1 : 2;
            return std::make_unique<LargeEngine>(o);
        },
    };
}

}  // namespace sudokit
