// `human`: candidates are computed once, then the techniques of the order are tried in turn; after
// a success the search goes back to the first (mode=first, the thesis's SB), on to the next
// (mode=stepdown) or back to the first looking around the last placed digit (mode=focus).
// Result: count 1 = solved by logic; count 0 + Stop::finished = the puzzle has no solution (a
// conflict or a contradiction was derived); Stop::stuck = no technique of the order applies,
// with the partial grid in first and, in needed_technique, the technique the next step needs
// (the easiest one outside the order that applies; empty when none sudokit knows does).
// max_solutions is not used: no second solution is looked for.
// The techniques that assume a unique solution (unique rectangles and loops, BUG) are used only
// after the fastest engine has shown the puzzle has one; every other technique is valid in every
// solution. So logic completes only a puzzle with exactly one solution: count 1 proves it unique.
// A node is one unit of work: a step applied, or a start cell of a chaining search (one search
// from one cell's candidates), so a node budget bounds the time of a run whatever the machine;
// propagations count the candidates removed and digits placed. The deadline and the cancel flag
// are checked before every step and inside the chaining searches (one step of a nested level
// can take seconds). The nested levels are not tried on a puzzle with several solutions.
#include "engines/human/human_engine.h"

#include <algorithm>

#include "engines/engine_options.h"
#include "human/stepper.h"
#include "sudokit/human.h"

namespace sudokit {

namespace {

class HumanEngine final : public Engine {
  public:
    HumanEngine(std::vector<Technique> order, SearchMode mode)
        : order_(order), stepper_(order, mode, /*explain=*/false) {}

    std::string_view name() const override { return "human"; }
    bool supports(Shape) const override { return true; }

  protected:
    Result search(const Grid& puzzle, const Limits& limits) override {
        Result result;
        result.first = puzzle;
        if (find_conflict(puzzle)) return result;
        // A contradiction in the start position shows when the stepper stops (no step can fill a
        // cell without candidates), so it is checked only then.
        CandidateGrid grid(puzzle);
        stepper_.start(grid, limits);
        Stats& stats = result.stats;
        const RunEnd end = stepper_.run(grid, [&](const Step&, int changes) {
            stats.propagations += static_cast<uint64_t>(changes);
            return true;
        });
        stats.nodes = stepper_.work();
        result.first = grid.values();
        switch (end) {
            case RunEnd::solved:
                result.count = 1;
                break;
            case RunEnd::stuck:
                result.stop = Stop::stuck;
                result.needed_technique = needed_technique(grid, limits, stats.nodes);
                break;
            case RunEnd::contradiction:
            case RunEnd::stopped:
                break;
            case RunEnd::node_budget:
            case RunEnd::step_budget:  // not set: the engine bounds the whole run only
                result.stop = Stop::node_budget;
                break;
            case RunEnd::time_limit:
                result.stop = Stop::time_limit;
                break;
            case RunEnd::cancelled:
                result.stop = Stop::cancelled;
                break;
        }
        return result;
    }

  private:
    // The easiest technique of all that applies where this engine's order is stuck.
    // Asked only when this engine's order leaves out some technique (the default order has
    // them all, and a nested level can search for minutes), under the same limits: the deadline,
    // and the node budget's rest, whose work is added to `nodes`.
    std::string_view needed_technique(const CandidateGrid& grid, const Limits& limits,
                                      uint64_t& nodes) {
        if (std::ranges::all_of(easiest_order(), [&](Technique t) { return orders(t); })) return {};
        Limits rest = limits;
        if (limits.node_budget != 0) {
            if (nodes >= limits.node_budget) return {};
            rest.node_budget = limits.node_budget - nodes;
        }
        Stepper easiest(easiest_order(), SearchMode::first, false);
        easiest.start(grid, rest);
        const Step* step = easiest.next(grid);
        nodes += easiest.work();
        return step ? technique_info(step->technique).name : std::string_view();
    }
    bool orders(Technique t) const { return std::ranges::find(order_, t) != order_.end(); }

    std::vector<Technique> order_;
    Stepper stepper_;
};

constexpr std::string_view kModes[] = {"first", "stepdown", "focus"};
constexpr EngineOption kHumanOptions[] = {
    {.name = "order",
     .values = {},
     .syntax = "sb|thesis|easiest|<code>+<code>...",
     .default_value = "sb",
     .help = "the techniques in the order they are tried (see `sudokit techniques`)"},
    {.name = "mode",
     .values = kModes,
     .syntax = "",
     .default_value = "first",
     .help = "after a step: back to the first technique, on to the next, or singles around it"},
};

}  // namespace

EngineInfo human_engine_info() {
    return EngineInfo{
        .name = "human",
        .description = "strategies only, never a guess (the thesis's SB); unsolved = stuck",
        .sizes = "all",
        .options = kHumanOptions,
        .supports = [](Shape s) { return s.valid(); },
        .make = [](std::string_view options, std::string* error) -> std::unique_ptr<Engine> {
            detail::OptionValues values;
            if (!detail::parse_engine_options(human_engine_info(), options, values, error))
                return nullptr;
            std::string ignored;
            auto order = parse_order(values["order"], error != nullptr ? error : &ignored);
            if (!order) return nullptr;
            const SearchMode mode = parse_search_mode(values["mode"]).value_or(SearchMode::first);
            return std::make_unique<HumanEngine>(std::move(*order), mode);
        },
        .logic_only = true,
    };
}

}  // namespace sudokit
