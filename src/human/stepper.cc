// Applying steps, finding them (one technique, or the first of an order), the stepper and the
// solving path.
#include "human/stepper.h"

#include <algorithm>

#include "engines/search_guard.h"
#include "human/techniques.h"

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

std::optional<Step> next_step(const CandidateGrid& grid, std::span<const Technique> order) {
    Stepper stepper(order, SearchMode::first);
    if (stepper.uses_uniqueness() || stepper.uses_nested()) {
        const bool unique = has_unique_solution(grid);
        stepper.allow_uniqueness(unique);
        stepper.allow_nested(unique);
    }
    const Step* step = stepper.next(grid);
    return step ? std::optional<Step>(*step) : std::nullopt;
}

Stepper::Stepper(std::span<const Technique> order, SearchMode mode, bool explain)
    : mode_(mode), sink_(explain) {
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
    stopped_ = false;
}

const Step* Stepper::next(const CandidateGrid& grid) {
    const size_t k = producers_.size();
    const bool stepdown = mode_ == SearchMode::stepdown;
    const size_t start = stepdown ? start_ : 0;
    stopped_ = false;
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
    if (stepper.uses_uniqueness() || stepper.uses_nested()) {
        const bool unique = options.unique ? *options.unique : has_unique_solution(start);
        stepper.allow_uniqueness(unique);
        stepper.allow_nested(unique);
    }
    stepper.set_limits(options.deadline, options.cancel);
    // A step can take milliseconds on large grids: the clock is read before each one.
    detail::SearchGuard guard(
        Limits{.max_solutions = 0, .deadline = options.deadline, .cancel = options.cancel}, 1);
    while (true) {
        if (path.final.solved()) {
            path.end = PathEnd::solved;
            break;
        }
        if (options.max_steps != 0 && path.steps.size() >= options.max_steps) {
            path.end = PathEnd::step_limit;
            break;
        }
        if (guard.must_stop(path.steps.size())) {
            path.end =
                guard.stop() == Stop::time_limit ? PathEnd::time_limit : PathEnd::interrupted;
            break;
        }
        const Step* step = stepper.next(path.final);
        if (step == nullptr && stepper.stopped()) {
            path.end = stepper.cancelled() ? PathEnd::interrupted : PathEnd::time_limit;
            break;
        }
        if (step == nullptr) {
            path.end = path.final.contradiction() ? PathEnd::contradiction : PathEnd::stuck;
            break;
        }
        apply_step(path.final, *step);
        path.steps.push_back(*step);
    }
    return path;
}

}  // namespace sudokit
