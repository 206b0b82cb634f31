// StepSink: where a finder delivers the steps it finds. The sink decides whether the finder goes
// on (collect all) or stops at the first (what the stepper wants), whether steps carry their
// explanation, and which techniques it wants (a producer such as the chaining one finds steps
// of several techniques), so finders need no flags, and where the long ones keep their state
// between calls (workspace()).
//
// Finders allocate nothing per candidate step: they fill the sink's scratch step (start()),
// whose vectors keep their capacity from one candidate to the next, and hand it to add() only
// when it has an effect.
#pragma once

#include <algorithm>
#include <atomic>
#include <bitset>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "human/workspace.h"
#include "sudokit/human.h"

namespace sudokit {

class StepSink {
  public:
    explicit StepSink(bool explain = true) : explain_(explain) { wanted_.set(); }
    virtual ~StepSink();
    StepSink(const StepSink&) = delete;
    StepSink& operator=(const StepSink&) = delete;

    // Whether the finder should fill Step::explanation.
    bool explain() const { return explain_; }

    // Whether steps of this technique are wanted; a producer of several techniques may skip the
    // work for the others. Steps of unwanted techniques handed to add() are dropped.
    bool wants(Technique technique) const { return wanted_.test(static_cast<size_t>(technique)); }
    void want_only(std::span<const Technique> techniques) {
        wanted_.reset();
        for (Technique t : techniques) wanted_.set(static_cast<size_t>(t));
    }

    // The scratch step, cleared, for `technique` at its table rating.
    Step& start(Technique technique) {
        scratch_.technique = technique;
        scratch_.rating = technique_info(technique).rating;
        scratch_.placements.clear();
        scratch_.eliminations.clear();
        if (explain_) scratch_.explanation.clear();
        return scratch_;
    }

    // Whether the sink keeps only the first wanted step it is handed. A producer that sorts its
    // finds (the chaining ones) may then skip the searches that cannot yield a step sorting
    // before the best one found so far: the first step is the same.
    virtual bool first_only() const { return false; }

    // Takes one step (the scratch step or any other; the sink may move from it); false asks
    // the finder to stop at once.
    bool add(Step& step) { return !wants(step.technique) || take(step); }

    // The limits a long producer (the chaining ones) checks while it searches: when expired()
    // it stops at once and hands over nothing (a partial search could change which step comes
    // first). Cheap enough to ask once per start cell.
    void set_limits(Clock::time_point deadline, const std::atomic<bool>* cancel) {
        deadline_ = deadline;
        cancel_ = cancel;
    }
    // The deadline and cancel flag of another sink, without its work budget (work that must
    // not change which steps are found, such as explaining one).
    void copy_limits(const StepSink& other) {
        deadline_ = other.deadline_;
        cancel_ = other.cancel_;
    }
    bool expired() const {
        if (budget_spent_ || step_spent_) return true;
        if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) return true;
        return deadline_ != Clock::time_point::max() && Clock::now() >= deadline_;
    }
    // A bound on the work of a run that does not depend on the machine's speed: the steps
    // applied and the starts the chaining searches try (a start cell of a static search; each
    // candidate of a start cell of a dynamic one), together at most `budget` (0: no bound).
    // take_work() counts one unit, or says the budget is spent (counting nothing); from then on
    // expired(). (A static chain pass's graph is one unit too.)
    void set_work_budget(uint64_t budget) {
        work_budget_ = budget;
        work_ = 0;
        budget_spent_ = false;
    }
    bool take_work() {
        if (work_budget_ != 0 && work_ >= work_budget_) {
            budget_spent_ = true;
            return false;
        }
        if (step_budget_ != 0 && step_work_ >= step_budget_) {
            step_spent_ = true;
            return false;
        }
        ++work_;
        ++step_work_;
        return true;
    }
    // `units` calls of take_work() at once: false when one of them would refuse (the units
    // before it counted, as those calls would).
    bool take_work(uint64_t units) {
        uint64_t allowed = units;
        if (work_budget_ != 0)
            allowed = std::min(allowed, work_budget_ - std::min(work_, work_budget_));
        if (step_budget_ != 0)
            allowed = std::min(allowed, step_budget_ - std::min(step_work_, step_budget_));
        work_ += allowed;
        step_work_ += allowed;
        if (allowed == units) return true;
        return take_work();  // refuses, and says which budget is spent
    }
    uint64_t work() const { return work_; }
    bool budget_spent() const { return budget_spent_; }
    // A bound of the same units on the search for one step (0: none): begin_step() starts a
    // step's count; once `budget` units are spent within it, take_work() refuses and expired()
    // holds until the next begin_step().
    void set_step_budget(uint64_t budget) {
        step_budget_ = budget;
        begin_step();
    }
    void begin_step() {
        step_work_ = 0;
        step_spent_ = false;
    }
    bool step_budget_spent() const { return step_spent_; }
    bool cancelled() const {
        return cancel_ != nullptr && cancel_->load(std::memory_order_relaxed);
    }

    // Where the long producers keep their state between calls: the one set_workspace() gave
    // (the stepper's), else one the sink makes for itself on first use.
    Workspace& workspace();
    void set_workspace(Workspace* workspace) { workspace_ = workspace; }

    // A cell whose houses the singles finders should scan first (the last placement), or -1.
    // Only the order of the scan changes, never what is found.
    int focus() const { return focus_; }
    void set_focus(int cell) { focus_ = cell; }

  protected:
    virtual bool take(Step& step) = 0;
    Step& scratch() { return scratch_; }

  private:
    bool explain_;
    std::bitset<kTechniqueCount> wanted_;
    int focus_ = -1;
    Clock::time_point deadline_ = Clock::time_point::max();
    const std::atomic<bool>* cancel_ = nullptr;
    uint64_t work_budget_ = 0;
    uint64_t work_ = 0;
    bool budget_spent_ = false;
    uint64_t step_budget_ = 0;
    uint64_t step_work_ = 0;
    bool step_spent_ = false;
    Workspace* workspace_ = nullptr;
    std::unique_ptr<Workspace> own_;
    Step scratch_;
};

// Keeps the first wanted step and stops the finder.
class FirstStepSink final : public StepSink {
  public:
    explicit FirstStepSink(bool explain = true) : StepSink(explain) {}
    std::optional<Step>& step() { return step_; }
    bool first_only() const override { return true; }

  protected:
    bool take(Step& step) override {
        step_ = std::move(step);
        return false;
    }

  private:
    std::optional<Step> step_;
};

// Keeps the first wanted step in storage reused from call to call (the stepper's sink): neither a
// candidate step nor the step found allocates once the vectors have grown.
class ReusedFirstStepSink final : public StepSink {
  public:
    explicit ReusedFirstStepSink(bool explain = true) : StepSink(explain) {}
    bool first_only() const override { return true; }
    // Forgets the last step; the next finder may run.
    void clear() { found_ = false; }
    bool found() const { return found_; }
    Step& step() { return step_; }

  protected:
    bool take(Step& step) override {
        if (&step == &scratch()) {
            std::swap(step_, step);  // both keep their capacity in circulation
        } else {
            step_ = step;  // a producer's own step: copied into the kept vectors
        }
        found_ = true;
        return false;
    }

  private:
    Step step_;
    bool found_ = false;
};

// Keeps every wanted step, up to a limit (0: none).
class CollectSink final : public StepSink {
  public:
    explicit CollectSink(size_t limit = 0, bool explain = true)
        : StepSink(explain), limit_(limit) {}
    std::vector<Step>& steps() { return steps_; }
    bool first_only() const override { return limit_ == 1; }

  protected:
    bool take(Step& step) override {
        steps_.push_back(step);
        return limit_ == 0 || steps_.size() < limit_;
    }

  private:
    size_t limit_;
    std::vector<Step> steps_;
};

}  // namespace sudokit
