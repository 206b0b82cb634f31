// Clue removal: orbits of givens taken out in random order while the puzzle keeps one solution
// (and passes the caller's test), minimize, and the minimality check. Removing a clue never
// removes solutions, so one pass over the orbits leaves a puzzle none of whose orbits can go.
#include <vector>

#include "generate/random.h"
#include "sudokit/generate.h"

namespace sudokit {

namespace {

// Whether every cell of `cells` (empty in `puzzle`) has only its solution digit left given the
// other givens: then the puzzle is as unique as before without them, no search needed.
bool forced_by_peers(const Grid& puzzle, std::span<const int> cells) {
    const Topology& topo = puzzle.topology();
    const uint64_t all = DigitSet::all(puzzle.size()).bits();
    for (int cell : cells) {
        uint64_t seen = 0;
        for (int peer : topo.peers(cell)) {
            if (puzzle[peer] != 0) seen |= uint64_t{1} << (puzzle[peer] - 1);
        }
        // N - 1 digits among the peers leave one; it must be the solution's. (A bit test, not
        // std::popcount: without -mpopcnt that is a library call, 7% of a 9x9 puzzle's time.)
        const uint64_t left = all & ~seen;
        if (left == 0 || (left & (left - 1)) != 0) return false;
    }
    return true;
}

}  // namespace

std::optional<Grid> remove_clues(const Grid& puzzle, const RemovalOptions& options,
                                 std::mt19937_64& rng, SolutionCounter& counter) {
    Grid out = puzzle;
    const Grid solution_values = puzzle;  // the givens to put back
    std::vector<std::vector<int>> orbits = symmetry_orbits(puzzle.shape(), options.symmetry);
    detail::shuffle_span(std::span<std::vector<int>>(orbits), rng);
    int clues = puzzle.given_count();
    const uint64_t checks_before = counter.checks();
    const uint64_t work_before = counter.work();
    std::vector<int> cells;
    for (const std::vector<int>& orbit : orbits) {
        if (!options.minimal && options.stop_at > 0 && clues <= options.stop_at) break;
        cells.clear();
        for (int cell : orbit) {
            if (out[cell] != 0) cells.push_back(cell);
        }
        if (cells.empty() || clues - static_cast<int>(cells.size()) < options.min_clues) continue;
        for (int cell : cells) out.set(cell, 0);
        bool keep = forced_by_peers(out, cells);
        if (!keep) {
            const SolutionCount count = counter.count_after_removal(
                out, solution_values, cells, options.minimal ? 0 : options.node_budget);
            if (count == SolutionCount::unknown && counter.out_of_time()) {
                for (int cell : cells) out.set(cell, solution_values[cell]);
                return out;
            }
            keep = count == SolutionCount::one;
        }
        if (keep && options.accept) keep = options.accept(out);
        // The work only grows: giving up at the first check that passes a limit drops the same
        // starts as looking at the limit's last check alone, sooner.
        const uint64_t checks = counter.checks() - checks_before;
        const uint64_t work = counter.work() - work_before;
        for (const WorkLimit& limit : options.work_limits) {
            if (checks <= static_cast<uint64_t>(limit.checks) && work > limit.work)
                return std::nullopt;
        }
        if (keep) {
            clues -= static_cast<int>(cells.size());
        } else {
            for (int cell : cells) out.set(cell, solution_values[cell]);
        }
    }
    return out;
}

Grid minimize(const Grid& puzzle, std::mt19937_64& rng, SolutionCounter& counter) {
    return *remove_clues(puzzle, RemovalOptions{}, rng, counter);
}

std::optional<int> removable_clue(const Grid& puzzle, SolutionCounter& counter) {
    Grid work = puzzle;
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        const int value = puzzle[cell];
        if (value == 0) continue;
        work.set(cell, 0);
        const int one[] = {cell};
        if (forced_by_peers(work, one) ||
            counter.count_after_removal(work, puzzle, one) == SolutionCount::one)
            return cell;
        work.set(cell, value);
    }
    return std::nullopt;
}

bool is_minimal(const Grid& puzzle, SolutionCounter& counter) {
    return !removable_clue(puzzle, counter).has_value();
}

}  // namespace sudokit
