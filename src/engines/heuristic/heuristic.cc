// `heuristic`: the HS-solver (seed 001). A node is one digit tried (a board state the strategies
// then take to their fixpoint); a guess is a digit tried after the first at a cell; a backtrack is
// a node whose strategies found a contradiction.
#include "engines/heuristic/heuristic.h"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engines/engine_options.h"
#include "engines/heuristic/strategies.h"
#include "engines/search_guard.h"

namespace sudokit {

namespace detail {

void HeuristicTables::build(Shape s) {
    const Topology& topo = topology(s);
    shape = s;
    n = s.size();
    cells = s.cell_count();
    peer_count = topo.peer_count();
    house_cells.resize(static_cast<size_t>(3) * n * n);
    for (int h = 0; h < 3 * n; ++h) {
        auto hc = topo.house(h);
        std::copy(hc.begin(), hc.end(), house_cells.begin() + static_cast<ptrdiff_t>(h) * n);
    }
    cell_houses.resize(static_cast<size_t>(3) * cells);
    peers.resize(static_cast<size_t>(cells) * peer_count);
    cell_house_set.assign(cells, HouseSet<2>{});
    for (int c = 0; c < cells; ++c) {
        for (int h : topo.houses_of(c)) cell_house_set[c].insert(h);
        auto hs = topo.houses_of(c);
        std::copy(hs.begin(), hs.end(), cell_houses.begin() + 3 * c);
        auto ps = topo.peers(c);
        std::copy(ps.begin(), ps.end(), peers.begin() + static_cast<ptrdiff_t>(c) * peer_count);
    }
}

}  // namespace detail

namespace {

// More than any cell has (36x36 cells have 95 peers); weighs the two terms of Search::score.
constexpr int kMaxPeers = 128;

using detail::Board;
using detail::Exclusion;
using detail::Strategies;

// Depth-first search over copies of the board: level d of `states_` holds the board d digits
// tried deep, so backtracking is just moving down a level (copy-on-descent, no undo trail).
// The stacks grow to the deepest level seen and are reused by later puzzles.
template <class Mask, int kBoxRows = 0, int kBoxCols = 0>
class Search {
  public:
    Result run(const Grid& puzzle, const Limits& limits, Strategies level,
               std::span<const Exclusion> excluded, const Grid* guide) {
        Result result;
        result.first = Grid(puzzle.shape());
        board_.reset(puzzle.shape());
        board_.propagations = 0;
        stride_ = board_.stride();
        reserve_levels(1);
        const size_t max_depth = static_cast<size_t>(puzzle.cell_count()) + 1;
        if (frames_.size() < max_depth) frames_.resize(max_depth);
        two_.resize(puzzle.cell_count());
        pair_cells_.resize(puzzle.cell_count());

        Stats& stats = result.stats;
        Mask* root = state(0);
        const int loaded = board_.load(root, puzzle);
        if (loaded < 0) return result;  // givens in conflict: no solution, no search
        bool open = loaded > 0;
        for (const Exclusion& e : excluded) {
            if (e.digit < 1 || e.digit > puzzle.size() || e.cell < 0 ||
                e.cell >= puzzle.cell_count())
                continue;
            open =
                open && board_.exclude(root, e.cell, static_cast<Mask>(Mask{1} << (e.digit - 1)));
        }
        if (!open || !board_.fixpoint(root, level)) {
            stats.propagations = board_.propagations;  // the root has no solution
            return result;
        }
        detail::SearchGuard guard(limits);

        int depth = 0;
        bool fresh = true;  // the state at `depth` was just reached: pick its branching cell
        for (;;) {
            if (fresh) {
                const Mask* s = state(depth);
                const int cell = choose(s);
                if (cell < 0) {
                    if (++result.count == 1) write_solution(s, result.first);
                    if (depth == 0) break;  // the strategies alone solved it: exactly one
                    if (result.count >= limits.max_solutions) {
                        result.stop = Stop::solution_limit;
                        break;
                    }
                    --depth;
                    fresh = false;
                    continue;
                }
                const int hint = guide != nullptr ? (*guide)[cell] : 0;
                const Mask prefer =
                    hint > 0 ? static_cast<Mask>(s[cell] & (Mask{1} << (hint - 1))) : Mask{0};
                frames_[depth] = Frame{cell, s[cell], prefer, true};
            }
            Frame& f = frames_[depth];
            if (f.left == 0) {
                if (depth == 0) break;
                --depth;
                fresh = false;
                continue;
            }
            // The guide's digit first (once tried, it has left f.left), then in digit order.
            const Mask bit =
                (f.left & f.prefer) != 0 ? f.prefer : f.left & static_cast<Mask>(-f.left);
            f.left = static_cast<Mask>(f.left ^ bit);
            if (guard.must_stop(stats.nodes)) {
                result.stop = guard.stop();
                break;
            }
            ++stats.nodes;
            if (!f.first) ++stats.guesses;
            f.first = false;
            stats.depth = std::max(stats.depth, static_cast<uint64_t>(depth) + 1);
            reserve_levels(depth + 2);
            Mask* child = state(depth + 1);
            std::copy(state(depth), state(depth) + stride(), child);
            board_.start_node();
            board_.assign(child, f.cell, bit);
            if (!board_.fixpoint(child, level)) {
                fresh = false;
                continue;
            }
            ++depth;
            fresh = true;
        }
        // Each node placed its guessed digit, which is no propagation.
        stats.propagations = board_.propagations - stats.nodes;
        return result;
    }

  private:
    struct Frame {
        int cell;
        Mask left;    // digits still to try
        Mask prefer;  // the guide's digit, tried first; 0 without one
        bool first;
    };

    Mask* state(int level) { return states_.data() + static_cast<size_t>(level) * stride(); }
    int stride() const {
        if constexpr (kBoxRows > 0) {
            constexpr int kN = kBoxRows * kBoxCols;
            return kN * kN + 3 * kN;
        }
        return stride_;
    }

    void reserve_levels(int levels) {
        const size_t need = static_cast<size_t>(levels) * stride();
        if (states_.size() < need) states_.resize(std::max(need, 2 * states_.size()));
    }

    // MRV: an unsolved cell with the fewest candidates; -1 when every cell is solved. Ties go
    // to the best score(), then to the first cell in row-major order.
    int choose(const Mask* s) {
        const int cells = board_.cells();
        // Most nodes have cells with two candidates: find those with bit tricks alone (popcount
        // is a library call on baseline x86-64), then score only them.
        int pairs = 0;
        bool open = false;
        for (int c = 0; c < cells; ++c) {
            const Mask m = s[c];
            const Mask rest = static_cast<Mask>(m & (m - 1));
            const bool two = rest != 0 && (rest & (rest - 1)) == 0;
            open |= rest != 0;
            two_[c] = two;
            pair_cells_[pairs] = static_cast<uint16_t>(c);
            pairs += two;
        }
        if (!open) return -1;
        int best = -1, best_score = -1;
        for (int i = 0; i < pairs; ++i) {
            const int k = score(s, pair_cells_[i]);
            if (k > best_score) {
                best = pair_cells_[i];
                best_score = k;
            }
        }
        if (best >= 0) return best;
        int best_count = INT_MAX;
        for (int c = 0; c < cells; ++c) {
            const int count = std::popcount(s[c]);
            if (count < 2 || count > best_count) continue;
            const int k = score(s, c);
            if (count < best_count || k > best_score) {
                best = c;
                best_count = count;
                best_score = k;
            }
        }
        return best;
    }

    // How far a guess at `cell` propagates: first the two-candidate peers that share a candidate
    // with it (whichever digit the guess places, those holding it become naked singles at once),
    // then all the peers that share one (a solved peer never does). Against row-major order
    // alone this cuts the nodes by 42% on the forum's hardest 9x9 puzzles and by 55% on the
    // 25x25 puzzles with 290 clues, where the plain peer count (the second term alone) made
    // them six times as many. Reads two_[] as choose() left it.
    int score(const Mask* s, int cell) const {
        const Mask m = s[cell];
        const uint16_t* p = board_.peers(cell);
        int linked = 0, shared = 0;
        for (int i = 0; i < board_.peer_count(); ++i) {
            const bool shares = (s[p[i]] & m) != 0;
            shared += shares;
            linked += shares & two_[p[i]];
        }
        return linked * (kMaxPeers + 1) + shared;
    }

    static void write_solution(const Mask* s, Grid& out) {
        for (int c = 0; c < out.cell_count(); ++c) out.set(c, std::countr_zero(s[c]) + 1);
    }

    Board<Mask, kBoxRows, kBoxCols> board_;
    int stride_ = 0;
    std::vector<Mask> states_;
    std::vector<Frame> frames_;
    std::vector<uint8_t> two_;          // scratch for choose(): cells with two candidates
    std::vector<uint16_t> pair_cells_;  // and their list
};

}  // namespace

// The usual 9x9, 16x16 and 25x25 shapes get compile-time sizes; the rest share the generic code
// by mask width.
struct detail::HeuristicSolver::Searches {
    Search<uint16_t, 3, 3> nine;
    Search<uint16_t, 4, 4> sixteen;
    Search<uint32_t, 5, 5> twenty_five;
    Search<uint16_t> small;
    Search<uint32_t> medium;
    Search<uint64_t> large;
};

detail::HeuristicSolver::HeuristicSolver(Strategies level)
    : level_(level), searches_(std::make_unique<Searches>()) {}
detail::HeuristicSolver::~HeuristicSolver() = default;

Result detail::HeuristicSolver::solve(const Grid& puzzle, const Limits& limits,
                                      std::span<const Exclusion> excluded, const Grid* guide) {
    Searches& s = *searches_;
    const int n = puzzle.size();
    const Shape shape = puzzle.shape();
    if (shape == Shape{3, 3}) return s.nine.run(puzzle, limits, level_, excluded, guide);
    if (shape == Shape{4, 4}) return s.sixteen.run(puzzle, limits, level_, excluded, guide);
    if (shape == Shape{5, 5}) return s.twenty_five.run(puzzle, limits, level_, excluded, guide);
    if (n <= 16) return s.small.run(puzzle, limits, level_, excluded, guide);
    if (n <= 32) return s.medium.run(puzzle, limits, level_, excluded, guide);
    return s.large.run(puzzle, limits, level_, excluded, guide);
}

namespace {

class HeuristicEngine final : public Engine {
  public:
    explicit HeuristicEngine(Strategies level) : solver_(level) {}
    std::string_view name() const override { return "heuristic"; }
    bool supports(Shape) const override { return true; }

  protected:
    Result search(const Grid& puzzle, const Limits& limits) override {
        return solver_.solve(puzzle, limits);
    }

  private:
    detail::HeuristicSolver solver_;
};

// The default set: the fastest on the measured 9x9, 16x16 and 25x25 sets
// (docs/results/heuristic-strategies.md).
constexpr Strategies kDefaultStrategies = Strategies::intersections;

// The option's values, in the order of Strategies (each adds to the one before).
constexpr std::string_view kStrategyValues[] = {"singles", "hidden", "intersections", "pairs"};
constexpr EngineOption kHeuristicOptions[] = {
    {.name = "strategies",
     .values = kStrategyValues,
     .syntax = "",
     .default_value = kStrategyValues[static_cast<size_t>(kDefaultStrategies)],
     .help = "the human strategies at each node: each value adds to the one before"},
};

}  // namespace

EngineInfo heuristic_engine_info() {
    return EngineInfo{
        .name = "heuristic",
        .description =
            "MRV search with house bitsets and human strategies at each node (HS-solver)",
        .sizes = "all",
        .options = kHeuristicOptions,
        .supports = [](Shape s) { return s.valid(); },
        .make = [](std::string_view options, std::string* error) -> std::unique_ptr<Engine> {
            detail::OptionValues values;
            if (!detail::parse_engine_options(heuristic_engine_info(), options, values, error))
                return nullptr;
            const auto it = std::ranges::find(kStrategyValues, values["strategies"]);
            const auto level = static_cast<Strategies>(it - std::begin(kStrategyValues));
            return std::make_unique<HeuristicEngine>(level);
        },
    };
}

}  // namespace sudokit
