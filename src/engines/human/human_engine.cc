// `human`: candidates are computed once, then the techniques of the order are tried in turn; after
// a success the search goes back to the first (mode=first, the thesis's SB), on to the next
// (mode=stepdown) or back to the first looking around the last placed digit (mode=focus).
// Result: count 1 = solved by logic; count 0 + complete = the puzzle has no solution (a
// conflict or a contradiction was derived); count 0 + !complete = stuck (or node budget spent),
// with the partial grid in first. max_solutions is not used: no second solution is looked for.
// Every technique so far is a deduction valid in every solution (none assumes uniqueness), so
// logic completes only a puzzle with exactly one solution: count 1 then also proves it unique.
// Uniqueness-based techniques (unique rectangles, BUG), once added, will void that proof.
// A node is one step applied; propagations count the candidates removed and digits placed.
#include "engines/human/human_engine.h"

#include "engines/engine_options.h"
#include "human/stepper.h"
#include "sudokit/human.h"

namespace sudokit {

namespace {

class HumanEngine final : public Engine {
  public:
    HumanEngine(std::vector<Technique> order, SearchMode mode) : stepper_(order, mode) {}

    std::string_view name() const override { return "human"; }

    Result solve(const Grid& puzzle, const Limits& limits) override {
        Result result;
        result.first = puzzle;
        if (find_conflict(puzzle)) return result;
        // A contradiction in the start position shows when the stepper stops (no step can fill a
        // cell without candidates), so it is checked only then.
        CandidateGrid grid(puzzle);
        stepper_.reset();
        Stats& stats = result.stats;
        while (!grid.solved()) {
            if (limits.node_budget != 0 && stats.nodes >= limits.node_budget) {
                result.complete = false;
                result.first = grid.values();
                return result;
            }
            std::optional<Step> step = stepper_.next(grid);
            if (!step) {
                result.complete = grid.contradiction().has_value();
                result.first = grid.values();
                return result;
            }
            ++stats.nodes;
            stats.propagations += static_cast<uint64_t>(apply_step(grid, *step));
        }
        result.count = 1;
        result.first = grid.values();
        return result;
    }

  private:
    Stepper stepper_;
};

}  // namespace

EngineInfo human_engine_info() {
    return EngineInfo{
        .name = "human",
        .description = "strategies only, never a guess (the thesis's SB); unsolved = stuck",
        .sizes = "all",
        .options = "order=sb|thesis|easiest|<code>+<code>..., mode=first|stepdown|focus",
        .supports = [](Shape s) { return s.valid(); },
        .make = [](std::string_view options, std::string* error) -> std::unique_ptr<Engine> {
            detail::OptionList list;
            if (!detail::split_options(options, list, error)) return nullptr;
            std::vector<Technique> order(sb_order().begin(), sb_order().end());
            SearchMode mode = SearchMode::first;
            for (const auto& [key, value] : list) {
                if (key == "order") {
                    auto parsed = parse_order(value, error);
                    if (!parsed) return nullptr;
                    order = std::move(*parsed);
                } else if (key == "mode") {
                    auto parsed = parse_search_mode(value);
                    if (!parsed) {
                        *error = "engine 'human': mode must be first, stepdown or focus, not '" +
                                 std::string(value) + "'";
                        return nullptr;
                    }
                    mode = *parsed;
                } else {
                    detail::unknown_option("human", key, "order, mode", error);
                    return nullptr;
                }
            }
            return std::make_unique<HumanEngine>(std::move(order), mode);
        },
        .logic_only = true,
    };
}

}  // namespace sudokit
