// StepSink: where a finder delivers the steps it finds. The sink decides whether the finder goes
// on (collect all) or stops at the first (what the stepper wants), so finders need no flags.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "sudokit/human.h"

namespace sudokit {

class StepSink {
  public:
    virtual ~StepSink() = default;
    // Takes one step; false asks the finder to stop at once.
    virtual bool add(Step&& step) = 0;

    // A cell whose houses the singles finders should scan first (the last placement), or -1.
    // Only the order of the scan changes, never what is found.
    int focus() const { return focus_; }
    void set_focus(int cell) { focus_ = cell; }

  private:
    int focus_ = -1;
};

// Keeps the first step and stops the finder.
class FirstStepSink final : public StepSink {
  public:
    bool add(Step&& step) override {
        step_ = std::move(step);
        return false;
    }
    std::optional<Step>& step() { return step_; }

  private:
    std::optional<Step> step_;
};

// Keeps every step, up to a limit (0: none).
class CollectSink final : public StepSink {
  public:
    explicit CollectSink(size_t limit = 0) : limit_(limit) {}
    bool add(Step&& step) override {
        steps_.push_back(std::move(step));
        return limit_ == 0 || steps_.size() < limit_;
    }
    std::vector<Step>& steps() { return steps_; }

  private:
    size_t limit_;
    std::vector<Step> steps_;
};

}  // namespace sudokit
