// The `fast` engine's search, generic over the board that holds a position and its rules:
// depth-first on a preallocated stack of states (depth <= 81: each guess places a cell), the
// propagation to a fixpoint at each node, a choice point's branches in order, the last one in
// the frame's own state. Included by fast_core.h; each path compiles it for its own target.
//
// A Board provides: a State type (trivially copyable), and
//   bool setup(const char* puzzle, State& root)     givens in; false when two givens clash
//                                                   (or true, leaving that to propagate)
//   void exclude(State& root, std::span<const Exclusion>)
//   bool propagate(State& s)                        to the fixpoint; false on a contradiction
//   bool solved(const State& s) const               after propagate(s) returned true
//   int choose(const State& s, Branch* out)         after propagate(s); the branches, 2 to 9
//   void enter(State& s, const Branch& branch)      s (at its fixpoint) takes the branch
//   void write_solution(const State& s, char* out81) const
#pragma once

#include <algorithm>
#include <cstdint>

#include "engines/fast/fast.h"
#include "engines/search_guard.h"

namespace sudokit::detail {
// Internal linkage, as everything the paths compile (see fast_core.h).
namespace {  // NOLINT(google-build-namespaces)

template <class Board>
class FastSearch {
  public:
    int run(const char* puzzle, const FastOptions& options, char* solution, FastStats* stats) {
        max_solutions_ = options.max_solutions < 1 ? 1 : options.max_solutions;
        guard_ = SearchGuard(Limits{.max_solutions = 0,
                                    .node_budget = options.node_budget,
                                    .deadline = options.deadline,
                                    .cancel = options.cancel});
        solution_ = solution;
        stats_ = FastStats{};
        count_ = 0;
        if (board_.setup(puzzle, stack_[0])) {
            board_.exclude(stack_[0], options.excluded);
            search(0, 0);
        }
        if (stats != nullptr) *stats = stats_;
        return count_;
    }

  private:
    using State = typename Board::State;
    using Branch = typename Board::Branch;

    bool take_node() {
        if (guard_.must_stop(stats_.nodes)) {
            stats_.stop = guard_.stop();
            return false;
        }
        ++stats_.nodes;
        return true;
    }

    // False when the search must stop: enough solutions or the budget is spent. `depth` is the
    // frame on the stack, `path` the branches in force (the last branch of a choice runs in its
    // parent's frame, so a path can be longer than the stack).
    bool search(int depth, uint64_t path) {
        State& s = stack_[depth];
        for (;;) {
            if (!board_.propagate(s)) return true;
            if (board_.solved(s)) {
                if (count_++ == 0 && solution_ != nullptr) board_.write_solution(s, solution_);
                if (count_ < max_solutions_) return true;
                // Solved by the root's propagation alone, the count is exact.
                if (stats_.nodes != 0) stats_.stop = Stop::solution_limit;
                return false;
            }
            Branch branches[9];
            const int n = board_.choose(s, branches);
            for (int i = 0; i + 1 < n; ++i) {
                if (!take_node()) return false;
                if (i > 0) ++stats_.guesses;
                stats_.depth = std::max(stats_.depth, path + 1);
                State& child = stack_[depth + 1];
                child = s;
                board_.enter(child, branches[i]);
                if (!search(depth + 1, path + 1)) return false;
            }
            // The last branch runs in this frame's state.
            if (!take_node()) return false;
            ++stats_.guesses;
            stats_.depth = std::max(stats_.depth, ++path);
            board_.enter(s, branches[n - 1]);
        }
    }

    State stack_[82];
    Board board_;
    int max_solutions_ = 2;
    SearchGuard guard_{Limits{}};
    char* solution_ = nullptr;
    int count_ = 0;
    FastStats stats_;
};

}  // namespace
}  // namespace sudokit::detail
