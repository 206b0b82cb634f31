// What every engine checks before it enters a node: the node budget (each node), and the
// deadline and cancel flag of Limits (every kClockInterval nodes, so the clock is read rarely).
// One comparison per node on the fast path: `nodes >= next_check_`.
#pragma once

#include <cstdint>

#include "sudokit/engine.h"

namespace sudokit::detail {

class SearchGuard {
  public:
    // Nodes between two looks at the clock and the cancel flag. Nodes cost from about 50 ns
    // (fast, 9x9) to a few µs (36x36), so a limit is noticed within well under a millisecond.
    static constexpr uint64_t kClockInterval = 256;

    // `interval`: nodes between looks at the clock; 1 for engines whose nodes are costly steps.
    explicit SearchGuard(const Limits& limits, uint64_t interval = kClockInterval)
        : budget_(limits.node_budget),
          deadline_(limits.deadline),
          cancel_(limits.cancel),
          interval_(interval),
          timed_(deadline_ != Clock::time_point::max() || cancel_ != nullptr) {
        // A timed search looks at once: a deadline already past stops it before any node.
        next_check_ = timed_ ? 0 : budget_ != 0 ? budget_ : UINT64_MAX;
    }

    // Called before entering a node with the nodes entered so far. True when the search must
    // stop instead; stop() then says why.
    bool must_stop(uint64_t nodes) { return nodes >= next_check_ && check(nodes); }
    Stop stop() const { return stop_; }

  private:
    bool check(uint64_t nodes) {
        if (budget_ != 0 && nodes >= budget_) {
            stop_ = Stop::node_budget;
            return true;
        }
        if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) {
            stop_ = Stop::cancelled;
            return true;
        }
        if (deadline_ != Clock::time_point::max() && Clock::now() >= deadline_) {
            stop_ = Stop::time_limit;
            return true;
        }
        plan_next(nodes);
        return false;
    }

    void plan_next(uint64_t nodes) {
        next_check_ = timed_ ? nodes + interval_ : UINT64_MAX;
        if (budget_ != 0 && budget_ < next_check_) next_check_ = budget_;
    }

    uint64_t budget_;
    Clock::time_point deadline_;
    const std::atomic<bool>* cancel_;
    uint64_t interval_;
    bool timed_;
    uint64_t next_check_ = 0;
    Stop stop_ = Stop::finished;
};

}  // namespace sudokit::detail
