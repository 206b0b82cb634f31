// The stepper: walks a technique order under a search mode (first, stepdown, focus) and returns
// the next step, or walks a whole path (run). Shared by solve_path, the `human` engine, the
// rating and the generator's technique targets, so all take the same path with one loop.
//
// An order lists techniques; the stepper runs their producers. A producer that finds several
// techniques (the chaining one, unique loops) runs once, where the first of its techniques
// stands in the order, and offers only the techniques the order names.
//
// The stepper owns the state of its searches (its Workspace: the chaining scratch, the nested
// memo, the engine of the uniqueness check), so one stepper serves one thread at a time and many
// steppers run at once.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "human/step_sink.h"
#include "human/techniques.h"
#include "human/workspace.h"
#include "sudokit/engine.h"
#include "sudokit/human.h"

namespace sudokit {

// Why Stepper::run ended.
enum class RunEnd : uint8_t {
    solved,         // every cell placed
    stuck,          // no technique of the order applies
    contradiction,  // no technique applies and the position has no solution
    node_budget,    // Limits::node_budget units of work were spent (steps and chain start cells)
    step_budget,    // the search for one step spent set_step_budget()'s units
    time_limit,     // the deadline passed (before a step, inside one, or in the uniqueness check)
    cancelled,      // the cancel flag was set
    stopped,        // on_step asked to stop
};

class Stepper {
  public:
    Stepper(std::span<const Technique> order, SearchMode mode, bool explain = true);

    // Whether the order names a technique that assumes a unique solution.
    bool uses_uniqueness() const { return uses_uniqueness_; }
    // Whether the order names a nested chaining level (techniques.def flag kNested).
    bool uses_nested() const { return uses_nested_; }

    // Starts a puzzle from `position` under `limits` (deadline and cancel flag, checked before
    // every step and inside the chaining searches; node_budget: the work of the run, steps
    // applied and start cells of the chaining searches together). The techniques that
    // assume a unique solution and the nested levels are offered only when the puzzle is known
    // to have one: `unique` when the caller knows, else checked here (when the order names
    // them) with the workspace's engine under the same limits. A check cut by the limits
    // proves nothing: they are not offered, and a path that then ends stuck ends time_limit
    // or cancelled instead.
    void start(const CandidateGrid& position, const Limits& limits,
               std::optional<bool> unique = std::nullopt);
    // Starts a puzzle whose caller decides the two gates itself (the rating follows Sudoku
    // Explainer's rule, the generator judges only puzzles with one solution).
    void start_gated(bool uniqueness, bool nested, const Limits& limits);

    // Called after each step is applied, with the candidates and digits it changed; false
    // stops the walk (RunEnd::stopped).
    using OnStep = std::function<bool(const Step& step, int changes)>;
    // Applies steps to `grid` until it is solved, no step applies, the limits of start() pass
    // or on_step says stop. The one step loop of the human solver.
    RunEnd run(CandidateGrid& grid, const OnStep& on_step = {});

    // The next step from this position; null when no technique of the order applies. The step
    // lives in the stepper until the next call (no allocation per step). The caller is expected
    // to apply it before asking again (stepdown and focus remember it).
    const Step* next(const CandidateGrid& grid);
    // Whether the last next() returned null because the limits passed (not because no
    // technique applies); then cancelled() tells an interrupt from the deadline.
    bool stopped() const { return stopped_; }
    // The work done since start(): steps applied by run() and chain start cells searched.
    uint64_t work() const { return sink_.work(); }
    bool cancelled() const { return sink_.cancelled(); }

    // The pieces start() sets, for a caller that walks with next() itself (tests).
    // Forgets what the last step was (a new puzzle); uniqueness is disallowed until allowed.
    void reset();
    // Whether the uniqueness techniques may be used (set once per puzzle, after checking it).
    void allow_uniqueness(bool allowed) { uniqueness_allowed_ = allowed; }
    // Whether the nested levels may be tried: not on a puzzle known to have several solutions
    // or none, where logic cannot finish and a nested level can search for minutes.
    void allow_nested(bool allowed) { nested_allowed_ = allowed; }
    // The deadline and cancel flag checked inside the long producers too (chains).
    void set_limits(Clock::time_point deadline, const std::atomic<bool>* cancel) {
        limits_.deadline = deadline;
        limits_.cancel = cancel;
        sink_.set_limits(deadline, cancel);
    }

    // A bound on the work of the search for each step, in the units of the node budget (0:
    // none, the default); kept from puzzle to puzzle. A search cut by it hands over nothing, and
    // run() ends step_budget.
    void set_step_budget(uint64_t units) { sink_.set_step_budget(units); }

    // The engine of the uniqueness check, for a caller that counts solutions itself.
    Engine& engine() { return workspace_.engine(); }

  private:
    struct Producer {
        Finder finder;
        std::vector<Technique> techniques;  // those of the order it offers
        std::vector<Technique> without_uniqueness;
        bool nested = false;  // a nested chaining level
    };
    std::vector<Producer> producers_;
    SearchMode mode_;
    Workspace workspace_;
    ReusedFirstStepSink sink_;
    Limits limits_;
    bool uses_uniqueness_ = false;
    bool uniqueness_allowed_ = false;
    bool uses_nested_ = false;
    bool nested_allowed_ = true;
    // How the limits cut this puzzle's uniqueness check, if they did.
    std::optional<RunEnd> check_cut_;
    bool stopped_ = false;
    size_t start_ = 0;  // stepdown: where the next search starts
    int focus_ = -1;    // focus: the cell placed last
};

}  // namespace sudokit
