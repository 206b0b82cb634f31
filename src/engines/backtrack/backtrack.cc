// `backtrack`: plain depth-first search over the empty cells in row-major order, digits 1..N in
// ascending order (the thesis's "totalsökning"). Iterative, so deep 36x36 searches need no stack.
// A node is one digit placed; a guess is a digit tried after the first at a cell; a dead end
// (backtrack) is a node after which the next empty cell has no digit left.
#include "engines/backtrack/backtrack.h"

#include <array>
#include <bit>
#include <vector>

#include "engines/engine_options.h"
#include "engines/search_guard.h"

namespace sudokit {

namespace {

class BacktrackEngine final : public Engine {
  public:
    std::string_view name() const override { return "backtrack"; }
    bool supports(Shape) const override { return true; }

  protected:
    Result search(const Grid& puzzle, const Limits& limits) override {
        Result result;
        result.first = Grid(puzzle.shape());
        const Topology& topo = puzzle.topology();
        const int n = puzzle.size();
        if (find_conflict(puzzle)) return result;

        used_.assign(3 * n, 0);
        empties_.clear();
        for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
            int d = puzzle[cell];
            if (d == 0) {
                empties_.push_back(cell);
                continue;
            }
            if (d > n) return result;
            for (int h : topo.houses_of(cell)) used_[h] |= uint64_t{1} << (d - 1);
        }
        work_ = puzzle;
        const uint64_t all = DigitSet::all(n).bits();
        const int depth = static_cast<int>(empties_.size());
        if (depth == 0) {
            result.count = 1;
            result.first = work_;
            return result;
        }
        remaining_.assign(depth, 0);
        houses_.resize(depth);
        for (int i = 0; i < depth; ++i) {
            auto hs = topo.houses_of(empties_[i]);
            houses_[i] = {hs[0], hs[1], hs[2]};
        }
        auto allowed = [&](int level) {
            const auto& h = houses_[level];
            return all & ~(used_[h[0]] | used_[h[1]] | used_[h[2]]);
        };
        auto toggle = [&](int level, int digit) {
            const auto& h = houses_[level];
            const uint64_t bit = uint64_t{1} << (digit - 1);
            used_[h[0]] ^= bit;
            used_[h[1]] ^= bit;
            used_[h[2]] ^= bit;
        };

        Stats& stats = result.stats;
        detail::SearchGuard guard(limits);
        int level = 0;
        remaining_[0] = allowed(0);
        first_try_.assign(depth, true);
        while (true) {
            if (remaining_[level] == 0) {
                if (level == 0) break;
                --level;
                toggle(level, work_[empties_[level]]);
                work_.set(empties_[level], 0);
                continue;
            }
            const int digit = std::countr_zero(remaining_[level]) + 1;
            remaining_[level] &= remaining_[level] - 1;
            if (guard.must_stop(stats.nodes)) {
                result.stop = guard.stop();
                break;
            }
            ++stats.nodes;
            if (!first_try_[level]) ++stats.guesses;
            first_try_[level] = false;
            stats.depth = std::max(stats.depth, static_cast<uint64_t>(level) + 1);
            work_.set(empties_[level], digit);
            if (level + 1 == depth) {
                if (++result.count == 1) result.first = work_;
                work_.set(empties_[level], 0);
                if (result.count >= limits.max_solutions) {
                    result.stop = Stop::solution_limit;
                    break;
                }
                continue;
            }
            toggle(level, digit);
            ++level;
            remaining_[level] = allowed(level);
            first_try_[level] = true;
        }
        return result;
    }

  private:
    Grid work_;
    std::vector<uint64_t> used_;  // digits placed per house
    std::vector<int> empties_;
    std::vector<uint64_t> remaining_;  // digits still to try per level
    std::vector<std::array<int, 3>> houses_;
    std::vector<bool> first_try_;
};

}  // namespace

EngineInfo backtrack_engine_info() {
    return EngineInfo{
        .name = "backtrack",
        .description = "plain backtracking: first empty cell, digits ascending (the thesis's TS)",
        .sizes = "all",
        .options = {},
        .supports = [](Shape s) { return s.valid(); },
        .make = [](std::string_view options, std::string* error) -> std::unique_ptr<Engine> {
            detail::OptionValues values;
            if (!detail::parse_engine_options("backtrack", {}, options, values, error))
                return nullptr;
            return std::make_unique<BacktrackEngine>();
        },
    };
}

}  // namespace sudokit
