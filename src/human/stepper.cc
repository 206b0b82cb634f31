// Applying steps, finding them (of one technique, of several, or the first of an order), the
// solving path.
#include "human/stepper.h"

#include <algorithm>

#include "engines/search_guard.h"
#include "human/techniques.h"
#include "human/uniqueness.h"

namespace sudokit {

int apply_step(CandidateGrid& grid, const Step& step) {
    int changes = 0;
    for (const Candidate& c : step.eliminations) changes += grid.eliminate(c.cell, c.digit);
    for (const Candidate& c : step.placements) {
        if (grid.value(c.cell) != 0) continue;
        grid.place(c.cell, c.digit);
        ++changes;
    }
    return changes;
}

std::vector<Step> find_steps(const CandidateGrid& grid, Technique technique, size_t limit) {
    CollectSink sink(limit);
    const Technique only[] = {technique};
    sink.want_only(only);
    finder_of(technique)(grid, sink);
    return std::move(sink.steps());
}

std::vector<Step> find_steps(const CandidateGrid& grid, std::span<const Technique> techniques) {
    std::vector<Step> steps;
    std::vector<Finder> done;
    Workspace workspace;  // shared, so a producer's state carries over as in a stepper's run
    for (Technique technique : techniques) {
        const Finder finder = finder_of(technique);
        if (std::find(done.begin(), done.end(), finder) != done.end()) continue;
        done.push_back(finder);
        std::vector<Technique> same;
        for (Technique t : techniques) {
            if (finder_of(t) == finder && std::find(same.begin(), same.end(), t) == same.end())
                same.push_back(t);
        }
        CollectSink sink;
        sink.set_workspace(&workspace);
        sink.want_only(same);
        finder(grid, sink);
        for (Step& step : sink.steps()) steps.push_back(std::move(step));
    }
    return steps;
}

std::optional<Step> next_step(const CandidateGrid& grid, std::span<const Technique> order) {
    Stepper stepper(order, SearchMode::first);
    stepper.start(grid, Limits{});
    const Step* step = stepper.next(grid);
    return step ? std::optional<Step>(*step) : std::nullopt;
}

Stepper::Stepper(std::span<const Technique> order, SearchMode mode, bool explain)
    : mode_(mode), sink_(explain) {
    sink_.set_workspace(&workspace_);
    for (Technique t : order) {
        const Finder finder = finder_of(t);
        auto same = [finder](const Producer& p) { return p.finder == finder; };
        auto it = std::find_if(producers_.begin(), producers_.end(), same);
        if (it == producers_.end()) it = producers_.insert(producers_.end(), {finder, {}, {}});
        if (std::find(it->techniques.begin(), it->techniques.end(), t) != it->techniques.end())
            continue;
        it->techniques.push_back(t);
        if (technique_info(t).nested()) {
            it->nested = true;
            uses_nested_ = true;
        }
        if (technique_info(t).assumes_uniqueness()) {
            uses_uniqueness_ = true;
        } else {
            it->without_uniqueness.push_back(t);
        }
    }
}

void Stepper::reset() {
    start_ = 0;
    focus_ = -1;
    uniqueness_allowed_ = false;
    nested_allowed_ = true;
    check_cut_.reset();
    stopped_ = false;
}

void Stepper::start_gated(bool uniqueness, bool nested, const Limits& limits) {
    reset();
    uniqueness_allowed_ = uniqueness;
    nested_allowed_ = nested;
    set_limits(limits.deadline, limits.cancel);
    limits_.node_budget = limits.node_budget;
    sink_.set_work_budget(limits.node_budget);
}

void Stepper::start(const CandidateGrid& position, const Limits& limits,
                    std::optional<bool> unique) {
    bool allowed = true;  // nothing gated: the value is not read
    std::optional<RunEnd> cut;
    if (uses_uniqueness_ || uses_nested_) {
        if (unique) {
            allowed = *unique;
        } else {
            const Uniqueness u = check_uniqueness(position, workspace_.engine(), limits);
            allowed = u == Uniqueness::one;
            if (u == Uniqueness::unknown) {
                const bool cancelled =
                    limits.cancel != nullptr && limits.cancel->load(std::memory_order_relaxed);
                cut = cancelled ? RunEnd::cancelled : RunEnd::time_limit;
            }
        }
    }
    start_gated(allowed, allowed, limits);
    check_cut_ = cut;
}

RunEnd Stepper::run(CandidateGrid& grid, const OnStep& on_step) {
    // A step can take milliseconds on large grids: the clock is read before each one. The node
    // budget is the sink's work budget (steps and chain start cells).
    detail::SearchGuard guard(Limits{.max_solutions = 0,
                                     .node_budget = 0,
                                     .deadline = limits_.deadline,
                                     .cancel = limits_.cancel},
                              1);
    while (true) {
        if (grid.solved()) return RunEnd::solved;
        if (guard.must_stop(0)) {
            return guard.stop() == Stop::cancelled ? RunEnd::cancelled : RunEnd::time_limit;
        }
        const Step* step = next(grid);
        if (step == nullptr) {
            if (stopped_) {
                if (sink_.budget_spent()) return RunEnd::node_budget;
                if (sink_.step_budget_spent()) return RunEnd::step_budget;
                return cancelled() ? RunEnd::cancelled : RunEnd::time_limit;
            }
            if (grid.contradiction()) return RunEnd::contradiction;
            // Stuck without the techniques a cut uniqueness check held back: not a verdict.
            return check_cut_.value_or(RunEnd::stuck);
        }
        // The step is one unit of the work budget (not of its search's): with none left it is
        // not applied.
        sink_.begin_step();
        if (!sink_.take_work()) return RunEnd::node_budget;
        const int changes = apply_step(grid, *step);
        if (on_step && !on_step(*step, changes)) return RunEnd::stopped;
    }
}

const Step* Stepper::next(const CandidateGrid& grid) {
    const size_t k = producers_.size();
    const bool stepdown = mode_ == SearchMode::stepdown;
    const size_t start = stepdown ? start_ : 0;
    stopped_ = false;
    sink_.begin_step();
    // Stepdown goes round the order twice: the nested levels only on the second round, after
    // every other producer missed (a round through them after each easy step would cost
    // seconds per step). The other modes walk the order once.
    for (size_t j = 0; j < (stepdown ? 2 * k : k); ++j) {
        const size_t i = (start + j) % k;
        const Producer& producer = producers_[i];
        const std::vector<Technique>& wanted =
            uniqueness_allowed_ ? producer.techniques : producer.without_uniqueness;
        if (wanted.empty() || (producer.nested && !nested_allowed_)) continue;
        if (stepdown && producer.nested == (j < k)) continue;
        sink_.clear();
        sink_.want_only(wanted);
        if (mode_ == SearchMode::focus) sink_.set_focus(focus_);
        producer.finder(grid, sink_);
        if (!sink_.found()) {
            // A producer cut short by the limits found nothing it may hand over.
            if (sink_.expired()) {
                stopped_ = true;
                return nullptr;
            }
            continue;
        }
        start_ = (i + 1) % k;
        const Step& step = sink_.step();
        if (!step.placements.empty()) focus_ = step.placements.back().cell;
        return &step;
    }
    return nullptr;
}

uint64_t default_step_work(Shape shape) {
    const uint64_t n = static_cast<uint64_t>(shape.size());
    if (n <= 9) return 0;
    // Measured on 16x16 (a nested level-2 step takes 240k-410k units, about 1-1.7 s; a level-3
    // one over a million); elsewhere scaled by the candidates, which a unit's cost follows.
    constexpr uint64_t kSixteen = uint64_t{1} << 18;
    return kSixteen * 16 * 16 * 16 / (n * n * n);
}

SolvePath solve_path(const Grid& puzzle, const HumanOptions& options) {
    return solve_path(CandidateGrid(puzzle), options);
}

SolvePath solve_path(const CandidateGrid& start, const HumanOptions& options) {
    SolvePath path{{}, start, PathEnd::stuck};
    if (path.final.contradiction()) {
        path.end = PathEnd::contradiction;
        return path;
    }
    Stepper stepper(options.order, options.mode, options.explain);
    stepper.start(start,
                  Limits{.node_budget = options.max_work,
                         .deadline = options.deadline,
                         .cancel = options.cancel},
                  options.unique);
    stepper.set_step_budget(options.step_work.value_or(default_step_work(start.shape())));
    const RunEnd end = stepper.run(path.final, [&](const Step& step, int) {
        path.steps.push_back(step);
        // A path that the step solved ends solved, not at its step limit.
        return options.max_steps == 0 || path.steps.size() < options.max_steps ||
               path.final.solved();
    });
    switch (end) {
        case RunEnd::solved:
            path.end = PathEnd::solved;
            break;
        case RunEnd::stuck:
            path.end = PathEnd::stuck;
            break;
        case RunEnd::contradiction:
            path.end = PathEnd::contradiction;
            break;
        case RunEnd::stopped:
        case RunEnd::node_budget:
            path.end = PathEnd::step_limit;
            break;
        case RunEnd::cancelled:
            path.end = PathEnd::interrupted;
            break;
        case RunEnd::time_limit:
            path.end = PathEnd::time_limit;
            break;
        case RunEnd::step_budget:
            path.end = PathEnd::time_limit;
            path.step_work_spent = true;
            break;
    }
    return path;
}

}  // namespace sudokit
