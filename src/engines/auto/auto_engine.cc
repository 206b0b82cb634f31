// `auto`: delegates each puzzle to the engine measured fastest for its shape (docs/results/):
// `fast` for 9x9, `large` from 16 digits up (docs/results/large-grids.md: the hard 16x16 and
// minimal 25x25 puzzles need its probing, easy ones stay under a millisecond), `propagate` for
// the small shapes; from 25 digits up, optionally, another engine after a node budget (the
// registry's `auto` hands over to `sat`). It makes the engines itself, not through the
// registry: the human solver uses it from below the registry's layer.
#include "engines/auto/auto_engine.h"

#include "engines/fast/fast.h"
#include "engines/large/large.h"
#include "engines/propagate/propagate.h"

namespace sudokit {

namespace {

class AutoEngine final : public Engine {
  public:
    AutoEngine(uint64_t take_over_after, EngineMaker take_over)
        : take_over_after_(take_over_after), take_over_(take_over) {}
    std::string_view name() const override { return "auto"; }
    bool supports(Shape) const override { return true; }

  protected:
    Result search(const Grid& puzzle, const Limits& limits) override {
        const Shape shape = puzzle.shape();
        // A budget counts one engine's nodes; the engine taking over counts on by solving
        // again per solution, so a longer count stays in `large`.
        if (take_over_ == nullptr || shape.size() < kTakeOverFrom || limits.max_solutions > 2 ||
            limits.node_budget != 0) {
            return pick(shape).solve(puzzle, limits);
        }
        Limits first = limits;
        first.node_budget = take_over_after_;
        // This `large` gives the search up early when its estimated size says the budget
        // will not do (docs/results/large-grids.md, "Giving up early").
        if (!large_forecast_) large_forecast_ = large_engine_info().make("forecast=on", nullptr);
        const Result partial = large_forecast_->solve(puzzle, first);
        if (partial.stop != Stop::node_budget) return partial;
        if (!taker_) taker_ = take_over_();
        Result result = taker_->solve(puzzle, limits);
        result.stats += partial.stats;
        return result;
    }

  private:
    Engine& pick(Shape shape) {
        if (shape == Shape{3, 3}) {
            if (!nine_) nine_ = fast_engine_info().make("", nullptr);
            return *nine_;
        }
        if (shape.size() >= kLargeFrom) {
            if (!large_) large_ = large_engine_info().make("", nullptr);
            return *large_;
        }
        if (!other_) other_ = propagate_engine_info().make("", nullptr);
        return *other_;
    }

    // Sides from which `large` takes over from `propagate`.
    static constexpr int kLargeFrom = 16;
    // Sides from which a long count goes on in another engine: on 16x16 `large` settles every
    // puzzle of the data sets within a millisecond.
    static constexpr int kTakeOverFrom = 25;
    static_assert(kTakeOverFrom >= kLargeFrom, "the count that hands over starts in `large`");

    uint64_t take_over_after_;
    EngineMaker take_over_;
    // Made on first use, kept for the next puzzles (engines keep scratch state).
    std::unique_ptr<Engine> nine_;
    std::unique_ptr<Engine> large_;
    std::unique_ptr<Engine> large_forecast_;  // the first part of a count that may hand over
    std::unique_ptr<Engine> other_;
    std::unique_ptr<Engine> taker_;
};

}  // namespace

std::unique_ptr<Engine> make_auto_engine() { return std::make_unique<AutoEngine>(0, nullptr); }

std::unique_ptr<Engine> make_auto_engine(uint64_t take_over_after, EngineMaker take_over) {
    return std::make_unique<AutoEngine>(take_over_after, take_over);
}

}  // namespace sudokit
