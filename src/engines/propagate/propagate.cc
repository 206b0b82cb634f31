// `propagate`: the engine object around PropagateSearch (search.h). It owns the tables of the
// current shape, the preallocated stack of board states and the propagation queue, and picks
// the mask width (16, 32 or 64 bits) from the side length.
#include "engines/propagate/propagate.h"

#include "engines/engine_options.h"
#include "engines/propagate/search.h"

namespace sudokit {

namespace {

using detail::PropagateOptions;
using detail::PropagateSearch;
using detail::PropagateTables;
using detail::StackMode;

class PropagateEngine final : public Engine {
  public:
    explicit PropagateEngine(const PropagateOptions& options) : options_(options) {}

    std::string_view name() const override { return "propagate"; }
    bool supports(Shape) const override { return true; }

  protected:
    Result search(const Grid& puzzle, const Limits& limits) override {
        Result result;
        result.first = Grid(puzzle.shape());
        use_shape(puzzle.shape());
        const int n = puzzle.size();
        if (puzzle.shape() == Shape{3, 3}) {
            run<uint16_t, 9, 20>(puzzle, limits, result);
        } else if (n <= 16) {
            run<uint16_t>(puzzle, limits, result);
        } else if (n <= 32) {
            run<uint32_t>(puzzle, limits, result);
        } else {
            run<uint64_t>(puzzle, limits, result);
        }
        return result;
    }

  private:
    template <typename Mask, int kN = 0, int kPeers = 0>
    void run(const Grid& puzzle, const Limits& limits, Result& result) {
        // Depth never exceeds the empty cells, so cells + 1 boards always suffice (alloc mode
        // keeps only the root here). The stack only grows: a smaller shape later reuses it.
        const size_t boards = options_.stack == StackMode::kPrealloc ? tables_.cells + 1 : 1;
        const size_t words = boards * detail::board_words<Mask>(tables_.n);
        if (words > stack_words_) {
            stack_ = std::make_unique_for_overwrite<uint64_t[]>(words);
            stack_words_ = words;
        }
        PropagateSearch<Mask, kN, kPeers>(tables_, options_, stack_.get(), queue_.get(), limits,
                                          result)
            .run(puzzle);
    }

    // Rebuilds the tables when the shape changes (16-bit copies of the shared Topology).
    void use_shape(Shape shape) {
        if (shape == shape_ && tables_.n != 0) return;
        shape_ = shape;
        const Topology& topo = topology(shape);
        tables_.n = topo.size();
        tables_.cells = topo.cell_count();
        tables_.peer_count = topo.peer_count();
        tables_.peers =
            std::make_unique<uint16_t[]>(static_cast<size_t>(tables_.cells) * tables_.peer_count);
        for (int cell = 0; cell < tables_.cells; ++cell) {
            auto peers = topo.peers(cell);
            for (int i = 0; i < tables_.peer_count; ++i) {
                tables_.peers[static_cast<size_t>(cell) * tables_.peer_count + i] =
                    static_cast<uint16_t>(peers[i]);
            }
        }
        tables_.house_cells =
            std::make_unique<uint16_t[]>(static_cast<size_t>(topo.house_count()) * tables_.n);
        for (int h = 0; h < topo.house_count(); ++h) {
            auto cells = topo.house(h);
            for (int i = 0; i < tables_.n; ++i) {
                tables_.house_cells[static_cast<size_t>(h) * tables_.n + i] =
                    static_cast<uint16_t>(cells[i]);
            }
        }
        tables_.cell_houses = std::make_unique<uint8_t[]>(3 * static_cast<size_t>(tables_.cells));
        tables_.house_bits = std::make_unique<uint64_t[]>(2 * static_cast<size_t>(tables_.cells));
        for (int cell = 0; cell < tables_.cells; ++cell) {
            for (int k = 0; k < 3; ++k) {
                const int h = topo.houses_of(cell)[k];
                tables_.cell_houses[3 * cell + k] = static_cast<uint8_t>(h);
                tables_.house_bits[2 * cell + h / 64] |= uint64_t{1} << (h % 64);
            }
        }
        queue_ = std::make_unique<uint16_t[]>(tables_.cells);
    }

    const PropagateOptions options_;
    Shape shape_;
    PropagateTables tables_;
    std::unique_ptr<uint64_t[]> stack_;  // preallocated boards (also the root in alloc mode)
    size_t stack_words_ = 0;
    std::unique_ptr<uint16_t[]> queue_;
};

constexpr std::string_view kStackValues[] = {"prealloc", "alloc"};
constexpr std::string_view kOnOff[] = {"on", "off"};
constexpr EngineOption kPropagateOptions[] = {
    {.name = "stack",
     .values = kStackValues,
     .syntax = "",
     .default_value = "prealloc",
     .help = "the boards of the search: one preallocated stack, or a new board per node"},
    {.name = "hidden",
     .values = kOnOff,
     .syntax = "",
     .default_value = "on",
     .help = "hidden singles in the propagation, besides naked singles"},
};

std::unique_ptr<Engine> make_propagate(std::string_view text, std::string* error) {
    detail::OptionValues values;
    if (!detail::parse_engine_options("propagate", kPropagateOptions, text, values, error))
        return nullptr;
    PropagateOptions options;
    options.stack = values["stack"] == "alloc" ? StackMode::kAlloc : StackMode::kPrealloc;
    options.hidden = values["hidden"] == "on";
    return std::make_unique<PropagateEngine>(options);
}

}  // namespace

EngineInfo propagate_engine_info() {
    return EngineInfo{
        .name = "propagate",
        .description = "singles propagation + MRV branching on a preallocated stack of boards",
        .sizes = "all",
        .options = kPropagateOptions,
        .supports = [](Shape s) { return s.valid(); },
        .make = make_propagate,
    };
}

}  // namespace sudokit
