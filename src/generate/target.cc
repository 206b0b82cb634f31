// Judging candidates against a target (target.h).
#include "generate/target.h"

namespace sudokit::detail {

namespace {

std::vector<Technique> order_up_to(double rating) {
    std::vector<Technique> order;
    for (Technique t : easiest_order()) {
        if (technique_info(t).rating <= rating) order.push_back(t);
    }
    return order;
}

}  // namespace

TargetJudge::TargetJudge(const GenerateTarget& target) : target_(target) {
    if (target.technique) {
        const std::vector<Technique> order = order_up_to(technique_info(*target.technique).rating);
        stepper_.emplace(order, SearchMode::first, /*explain=*/false);
    }
}

void TargetJudge::set_limits(Clock::time_point deadline, const std::atomic<bool>* cancel) {
    deadline_ = deadline;
    cancel_ = cancel;
}

bool TargetJudge::out_of_time() const {
    if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) return true;
    return deadline_ != Clock::time_point::max() && Clock::now() >= deadline_;
}

TargetJudge::Walk TargetJudge::walk(const Grid& puzzle) {
    Walk result;
    // Only puzzles with one solution are judged: the uniqueness techniques are sound on them.
    stepper_->start_gated(true, true, Limits{.deadline = deadline_, .cancel = cancel_});
    CandidateGrid grid(puzzle);
    const RunEnd end = stepper_->run(grid, [&](const Step& step, int) {
        if (step.technique == *target_.technique) result.used = true;
        result.hardest = std::max(result.hardest, technique_info(step.technique).rating);
        return true;
    });
    result.solved = end == RunEnd::solved;
    result.out_of_time = end == RunEnd::time_limit || end == RunEnd::cancelled;
    return result;
}

bool TargetJudge::rate_into(const Grid& puzzle, double max_er, Evaluation& e) {
    RateOptions options;
    options.max_er = max_er;
    options.deadline = deadline_;
    options.cancel = cancel_;
    e.rating = rate_puzzle(puzzle, options, rater_);
    e.rated = true;
    if (e.rating.complete()) return true;
    e.verdict = Verdict::out_of_time;
    return false;
}

// SE's side of a technique target: its rating path (the one `sudokit rate` prints) uses the
// technique and its ER is the technique's rating (compared in SE's tenths). The easiest order
// alone can finish a puzzle with the technique where SE's order finds a shortcut (a Direct Hidden
// Pair, a Naked Single before a Pointing) and never needs it: SE then rates it below. The rating
// stops as soon as a step passes the technique's rating; the check_generate_options rule keeps
// that rating inside any band asked for as well.
Evaluation TargetJudge::judge_rating(const Grid& puzzle, Evaluation e) {
    const TechniqueInfo& info = technique_info(*target_.technique);
    if (!rate_into(puzzle, info.rating, e)) return e;
    if (e.rating.end != RateEnd::solved) {
        e.verdict = Verdict::too_hard;  // a step above the technique (or no step at all)
        return e;
    }
    const bool used = e.rating.counts[static_cast<size_t>(*target_.technique)] > 0;
    if (se_tenths(e.rating.se.er) == se_tenths(info.rating) && used) {
        e.stage = 1;
        e.verdict = Verdict::hit;
        return e;
    }
    // SE found its way around the technique: too easy, as close as its ER.
    e.verdict = Verdict::too_easy;
    e.score = e.rating.se.er;
    return e;
}

bool TargetJudge::within_ceiling(const Grid& puzzle) { return !stepper_ || walk(puzzle).solved; }

Evaluation TargetJudge::judge(const Grid& puzzle) {
    Evaluation e;
    if (stepper_) {
        const Walk w = walk(puzzle);
        if (w.out_of_time) {
            e.verdict = Verdict::out_of_time;
            return e;
        }
        if (!w.solved) return e;  // too hard: it needs a technique above the target
        if (!w.used) {
            e.verdict = Verdict::too_easy;
            e.score = w.hardest;
            return e;
        }
    }
    if (target_.technique) return judge_rating(puzzle, e);
    e.stage = 1;
    if (!target_.rated()) {
        e.verdict = Verdict::hit;
        return e;
    }
    if (!rate_into(puzzle, target_.max_er, e)) return e;
    if (e.rating.end == RateEnd::max_passed) return e;  // too hard
    e.score = e.rating.se.er;
    e.verdict = target_.min_er > 0 && se_tenths(e.score) < se_tenths(target_.min_er)
                    ? Verdict::too_easy
                    : Verdict::hit;
    return e;
}

}  // namespace sudokit::detail
