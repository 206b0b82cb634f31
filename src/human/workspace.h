// Workspace: the reusable state of the human solver's searches, owned by whoever runs them (a
// Stepper, a Rater, a sink), never by a thread or a static. Finders stay pure functions of the
// position and the sink; the sink hands them its workspace (StepSink::workspace), where the
// chaining producers keep their scratch, their last result and the memos of nested results and
// level-1 rules, the unique loop search its pools, and the aligned exclusions their last position
// without one. Each part is made on first use, so a workspace that never meets a chain costs
// nothing. One workspace serves one search at a time: many puzzles are solved at once from many
// threads with one workspace (one Stepper) each.
//
// Memory is bounded: the scratch grows with the grid's size, not with the number of puzzles, and
// the memos empty themselves past their caps (chains.cc).
#pragma once

#include <memory>

namespace sudokit {

class Engine;

namespace detail {
struct ChainState;    // chains.cc
struct LoopState;     // unique_loops.cc
struct AlignedState;  // aligned_exclusion.cc
struct ChainStateDelete {
    void operator()(ChainState* state) const;
};
struct LoopStateDelete {
    void operator()(LoopState* state) const;
};
struct AlignedStateDelete {
    void operator()(AlignedState* state) const;
};
ChainState* new_chain_state();
LoopState* new_loop_state();
AlignedState* new_aligned_state();
}  // namespace detail

class Workspace {
  public:
    Workspace();
    ~Workspace();
    Workspace(const Workspace&) = delete;
    Workspace& operator=(const Workspace&) = delete;

    // The chaining producers' scratch, last results and memos.
    detail::ChainState& chains() {
        if (chains_ == nullptr) chains_.reset(detail::new_chain_state());
        return *chains_;
    }
    // The unique loop search's pools.
    detail::LoopState& loops() {
        if (loops_ == nullptr) loops_.reset(detail::new_loop_state());
        return *loops_;
    }
    // The aligned exclusions' last positions without an exclusion.
    detail::AlignedState& aligned() {
        if (aligned_ == nullptr) aligned_.reset(detail::new_aligned_state());
        return *aligned_;
    }
    // The complete search of the uniqueness check (make_auto_engine).
    Engine& engine();

  private:
    std::unique_ptr<detail::ChainState, detail::ChainStateDelete> chains_;
    std::unique_ptr<detail::LoopState, detail::LoopStateDelete> loops_;
    std::unique_ptr<detail::AlignedState, detail::AlignedStateDelete> aligned_;
    std::unique_ptr<Engine> engine_;
};

}  // namespace sudokit
