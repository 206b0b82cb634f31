// `heuristic`: the HS-solver (seed 001). A node is one board state after the strategies reached
// their fixpoint (the root, then each digit tried); a guess is a digit tried after the first at
// a cell; a backtrack is a node whose strategies found a contradiction.
#include "engines/heuristic/heuristic.h"

#include <algorithm>
#include <array>
#include <climits>

#include "engines/engine_options.h"
#include "engines/heuristic/strategies.h"

namespace sudokit {

namespace detail {

void HeuristicTables::build(Shape s) {
    const Topology& topo = topology(s);
    shape = s;
    n = s.size();
    cells = s.cell_count();
    stacks = n / s.box_cols;
    bands = n / s.box_rows;
    peer_count = topo.peer_count();
    house_cells.resize(static_cast<size_t>(3) * n * n);
    for (int h = 0; h < 3 * n; ++h) {
        auto hc = topo.house(h);
        std::copy(hc.begin(), hc.end(), house_cells.begin() + static_cast<ptrdiff_t>(h) * n);
    }
    cell_houses.resize(static_cast<size_t>(3) * cells);
    peers.resize(static_cast<size_t>(cells) * peer_count);
    for (int c = 0; c < cells; ++c) {
        auto hs = topo.houses_of(c);
        std::copy(hs.begin(), hs.end(), cell_houses.begin() + 3 * c);
        auto ps = topo.peers(c);
        std::copy(ps.begin(), ps.end(), peers.begin() + static_cast<ptrdiff_t>(c) * peer_count);
    }
}

}  // namespace detail

namespace {

using detail::Board;
using detail::HeuristicTables;
using detail::Strategies;

// Depth-first search over copies of the board: level d of `states_` holds the board after
// d guesses, so backtracking is just moving down a level (copy-on-descent, no undo trail).
// The stacks grow to the deepest level seen and are reused by later puzzles.
template <class Mask>
class Search {
  public:
    Result run(const HeuristicTables& t, const Grid& puzzle, const Limits& limits,
               Strategies level) {
        Result result;
        result.first = Grid(puzzle.shape());
        board_.reset(t);
        board_.propagations = 0;
        stride_ = board_.stride();
        reserve_levels(1);
        if (frames_.size() < static_cast<size_t>(t.cells) + 1) frames_.resize(t.cells + 1);

        Mask* root = state(0);
        board_.clear(root);
        for (int c = 0; c < t.cells; ++c) {
            const int d = puzzle[c];
            if (d == 0) continue;
            // Out-of-range digits and givens in conflict: no solution.
            if (d > t.n || !board_.assign(root, c, static_cast<Mask>(Mask{1} << (d - 1)))) {
                board_.forget_queue();
                return result;
            }
        }

        Stats& stats = result.stats;
        auto out_of_budget = [&] {
            return limits.node_budget != 0 && stats.nodes >= limits.node_budget;
        };
        if (out_of_budget()) {
            result.complete = false;
            board_.forget_queue();
            return result;
        }
        ++stats.nodes;
        if (!board_.fixpoint(root, level)) {
            ++stats.backtracks;
            board_.forget_queue();
            stats.propagations = board_.propagations;
            return result;
        }

        int depth = 0;
        bool fresh = true;  // the state at `depth` was just reached: pick its branching cell
        for (;;) {
            if (fresh) {
                const Mask* s = state(depth);
                const int cell = choose(s, t.cells);
                if (cell < 0) {
                    if (++result.count == 1) write_solution(s, result.first);
                    if (result.count >= limits.max_solutions || depth == 0) break;
                    --depth;
                    fresh = false;
                    continue;
                }
                frames_[depth] = Frame{cell, s[cell], true};
            }
            Frame& f = frames_[depth];
            if (f.left == 0) {
                if (depth == 0) break;
                --depth;
                fresh = false;
                continue;
            }
            const Mask bit = f.left & static_cast<Mask>(-f.left);
            f.left = static_cast<Mask>(f.left ^ bit);
            if (out_of_budget()) {
                result.complete = false;
                break;
            }
            ++stats.nodes;
            if (!f.first) ++stats.guesses;
            f.first = false;
            reserve_levels(depth + 2);
            Mask* child = state(depth + 1);
            std::copy(state(depth), state(depth) + stride_, child);
            board_.assign(child, f.cell, bit);
            if (!board_.fixpoint(child, level)) {
                ++stats.backtracks;
                board_.forget_queue();
                fresh = false;
                continue;
            }
            ++depth;
            fresh = true;
        }
        stats.propagations = board_.propagations;
        return result;
    }

  private:
    struct Frame {
        int cell;
        Mask left;  // digits still to try
        bool first;
    };

    Mask* state(int level) { return states_.data() + static_cast<size_t>(level) * stride_; }

    void reserve_levels(int levels) {
        const size_t need = static_cast<size_t>(levels) * stride_;
        if (states_.size() < need) states_.resize(std::max(need, 2 * states_.size()));
    }

    // MRV: the unsolved cell with the fewest candidates, the first in row-major order on ties
    // (two is the least an unsolved cell can have once singles are at their fixpoint).
    static int choose(const Mask* s, int cells) {
        int best = -1, best_count = INT_MAX;
        for (int c = 0; c < cells; ++c) {
            const Mask m = s[c];
            if ((m & (m - 1)) == 0) continue;
            const int k = std::popcount(m);
            if (k < best_count) {
                best = c;
                best_count = k;
                if (k == 2) break;
            }
        }
        return best;
    }

    static void write_solution(const Mask* s, Grid& out) {
        for (int c = 0; c < out.cell_count(); ++c) out.set(c, std::countr_zero(s[c]) + 1);
    }

    Board<Mask> board_;
    int stride_ = 0;
    std::vector<Mask> states_;
    std::vector<Frame> frames_;
};

class HeuristicEngine final : public Engine {
  public:
    explicit HeuristicEngine(Strategies level) : level_(level) {}
    std::string_view name() const override { return "heuristic"; }

    Result solve(const Grid& puzzle, const Limits& limits) override {
        if (tables_.shape != puzzle.shape()) tables_.build(puzzle.shape());
        const int n = puzzle.size();
        if (n <= 16) return small_.run(tables_, puzzle, limits, level_);
        if (n <= 32) return medium_.run(tables_, puzzle, limits, level_);
        return large_.run(tables_, puzzle, limits, level_);
    }

  private:
    Strategies level_;
    HeuristicTables tables_;
    Search<uint16_t> small_;
    Search<uint32_t> medium_;
    Search<uint64_t> large_;
};

constexpr std::array<std::pair<std::string_view, Strategies>, 4> kStrategyNames = {{
    {"singles", Strategies::singles},
    {"hidden", Strategies::hidden},
    {"intersections", Strategies::intersections},
    {"pairs", Strategies::pairs},
}};

// The default set: the fastest on the measured 9x9 sets (docs/results/heuristic-strategies.md).
constexpr Strategies kDefaultStrategies = Strategies::intersections;

}  // namespace

EngineInfo heuristic_engine_info() {
    return EngineInfo{
        .name = "heuristic",
        .description =
            "MRV search with house bitsets and human strategies at each node (HS-solver)",
        .sizes = "all",
        .options = "strategies=singles|hidden|intersections|pairs",
        .supports = [](Shape s) { return s.valid(); },
        .make = [](std::string_view options, std::string* error) -> std::unique_ptr<Engine> {
            std::string ignored;
            if (error == nullptr) error = &ignored;
            detail::OptionList list;
            if (!detail::split_options(options, list, error)) return nullptr;
            Strategies level = kDefaultStrategies;
            for (const auto& [key, value] : list) {
                if (key != "strategies") {
                    detail::unknown_option("heuristic", key, "strategies", error);
                    return nullptr;
                }
                auto it = std::find_if(kStrategyNames.begin(), kStrategyNames.end(),
                                       [&](const auto& p) { return p.first == value; });
                if (it == kStrategyNames.end()) {
                    *error = "bad value '" + std::string(value) +
                             "' for option 'strategies' of engine 'heuristic' (accepted: "
                             "singles, hidden, intersections, pairs)";
                    return nullptr;
                }
                level = it->second;
            }
            return std::make_unique<HeuristicEngine>(level);
        },
    };
}

}  // namespace sudokit
