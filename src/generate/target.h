// How a candidate puzzle stands against a GenerateTarget: a hit, too easy (with a score to climb
// on) or too hard. Technique targets walk the easiest order cut at the technique's rating (the
// easiest order takes the easiest step each time, so the cut path is the full path for as long
// as it does not get stuck); rating targets rate with SE's loop, cut short above the band.
#pragma once

#include <optional>
#include <vector>

#include "human/stepper.h"
#include "sudokit/generate.h"

namespace sudokit::detail {

enum class Verdict : uint8_t { hit, too_easy, too_hard, out_of_time };

struct Evaluation {
    Verdict verdict = Verdict::too_hard;
    // Too easy: how close, compared lexicographically (stage first): stage 0 while the
    // technique is not reached (score: the hardest technique rating used), stage 1 once it is
    // and the rating is below the band (score: ER).
    int stage = 0;
    double score = 0;
    bool rated = false;
    Rating rating;  // when rated (complete when the verdict is a hit)

    bool better_or_equal(const Evaluation& o) const {
        return stage != o.stage ? stage > o.stage : score >= o.score;
    }
    bool better(const Evaluation& o) const {
        return stage != o.stage ? stage > o.stage : score > o.score;
    }
};

class TargetJudge {
  public:
    explicit TargetJudge(const GenerateTarget& target);

    // The deadline and cancel flag of every later judgement (out_of_time when they stop it).
    void set_limits(Clock::time_point deadline, const std::atomic<bool>* cancel);
    // Judges a puzzle with one solution.
    Evaluation judge(const Grid& puzzle);
    // Technique targets: whether logic with techniques up to the target's rating solves the
    // puzzle (which must have one solution). True without a technique target.
    bool within_ceiling(const Grid& puzzle);
    // The judge's rating state, for its generator's other ratings too.
    Rater& rater() { return rater_; }

  private:
    // Walks the cut order: whether it solved the puzzle (false when stuck or out of time),
    // whether the target technique was used and the hardest technique rating used.
    struct Walk {
        bool solved = false;
        bool out_of_time = false;
        bool used = false;
        double hardest = 0;
    };
    Walk walk(const Grid& puzzle);
    // Technique targets, after a walk that used the technique: SE's rating of the puzzle.
    Evaluation judge_rating(const Grid& puzzle, Evaluation e);
    // Rates the puzzle into `e` up to `max_er` under the judge's limits; false (and the verdict
    // out_of_time) when the rating was cut.
    bool rate_into(const Grid& puzzle, double max_er, Evaluation& e);

    bool out_of_time() const;

    GenerateTarget target_;
    Clock::time_point deadline_ = Clock::time_point::max();
    const std::atomic<bool>* cancel_ = nullptr;
    std::optional<Stepper> stepper_;  // technique targets: the easiest order cut at its rating
    Rater rater_;
};

}  // namespace sudokit::detail
