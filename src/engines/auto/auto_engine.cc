// `auto`: delegates each puzzle to the engine measured fastest for its shape (docs/results/):
// `fast` for 9x9, `large` from 16 digits up (docs/results/large-grids.md: the hard 16x16 and
// minimal 25x25 puzzles need its probing, easy ones stay under a millisecond), `propagate` for
// the small shapes. It makes them itself, not through the registry: the human solver and the
// rating use it from below the registry's layer.
#include "engines/auto/auto_engine.h"

#include "engines/engine_options.h"
#include "engines/fast/fast.h"
#include "engines/large/large.h"
#include "engines/propagate/propagate.h"

namespace sudokit {

namespace {

class AutoEngine final : public Engine {
  public:
    std::string_view name() const override { return "auto"; }
    bool supports(Shape) const override { return true; }

  protected:
    Result search(const Grid& puzzle, const Limits& limits) override {
        return pick(puzzle.shape()).solve(puzzle, limits);
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

    // Made on first use, kept for the next puzzles (engines keep scratch state).
    std::unique_ptr<Engine> nine_;
    std::unique_ptr<Engine> large_;
    std::unique_ptr<Engine> other_;
};

}  // namespace

EngineInfo auto_engine_info() {
    return EngineInfo{
        .name = "auto",
        .description =
            "the best engine for the shape: fast for 9x9, large from 16x16, else propagate",
        .sizes = "all",
        .options = {},
        .supports = [](Shape s) { return s.valid(); },
        .make = [](std::string_view options, std::string* error) -> std::unique_ptr<Engine> {
            detail::OptionValues values;
            if (!detail::parse_engine_options("auto", {}, options, values, error)) return nullptr;
            return make_auto_engine();
        },
    };
}

std::unique_ptr<Engine> make_auto_engine() { return std::make_unique<AutoEngine>(); }

}  // namespace sudokit
