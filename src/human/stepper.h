// The stepper: walks a technique order under a search mode (first, stepdown, focus) and returns
// the next step. Shared by solve_path and the `human` engine, so both take the same path.
//
// An order lists techniques; the stepper runs their producers. A producer that finds several
// techniques (the chaining one, unique loops) runs once, where the first of its techniques
// stands in the order, and offers only the techniques the order names.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "human/step_sink.h"
#include "human/techniques.h"
#include "sudokit/human.h"

namespace sudokit {

class Stepper {
  public:
    Stepper(std::span<const Technique> order, SearchMode mode, bool explain = true);

    // Whether the order names a technique that assumes a unique solution.
    bool uses_uniqueness() const { return uses_uniqueness_; }
    // Whether those techniques may be used (set once per puzzle, after checking it).
    void allow_uniqueness(bool allowed) { uniqueness_allowed_ = allowed; }
    // Whether the order names a nested chaining level (techniques.def flag kNested).
    bool uses_nested() const { return uses_nested_; }
    // Whether the nested levels may be tried: not on a puzzle known to have several solutions
    // or none, where logic cannot finish and a nested level can search for minutes.
    void allow_nested(bool allowed) { nested_allowed_ = allowed; }
    // The deadline and cancel flag checked inside the long producers too (chains).
    void set_limits(Clock::time_point deadline, const std::atomic<bool>* cancel) {
        sink_.set_limits(deadline, cancel);
    }
    // Whether the last next() returned null because the limits passed (not because no
    // technique applies); then cancelled() tells an interrupt from the deadline.
    bool stopped() const { return stopped_; }
    bool cancelled() const { return sink_.cancelled(); }

    // The next step from this position; null when no technique of the order applies. The step
    // lives in the stepper until the next call (no allocation per step). The caller is expected
    // to apply it before asking again (stepdown and focus remember it).
    const Step* next(const CandidateGrid& grid);
    // Forgets what the last step was (a new puzzle); uniqueness is disallowed until allowed.
    void reset();

  private:
    struct Producer {
        Finder finder;
        std::vector<Technique> techniques;  // those of the order it offers
        std::vector<Technique> without_uniqueness;
        bool nested = false;  // a nested chaining level
    };
    std::vector<Producer> producers_;
    SearchMode mode_;
    ReusedFirstStepSink sink_;
    bool uses_uniqueness_ = false;
    bool uniqueness_allowed_ = false;
    bool uses_nested_ = false;
    bool nested_allowed_ = true;
    bool stopped_ = false;
    size_t start_ = 0;  // stepdown: where the next search starts
    int focus_ = -1;    // focus: the cell placed last
};

}  // namespace sudokit
