#include "generate/symmetric_minimal.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>

#include "generate/random.h"

namespace sudokit::detail {

namespace {

// Moves tried on one grid at most, and in a row without fewer loose clues, before a new grid
// is drawn; orbits put back at most in one move. On 16x16 with a half-turn 34 of 40 grids ended
// minimal within these limits, in 1.8 s per puzzle (docs/results/generate.md, "Symmetric
// minimal puzzles above 9x9").
constexpr int kMaxMoves = 400;
constexpr int kStaleMoves = 80;
constexpr int kMaxOrbitsBack = 8;
// One move in this many may leave one loose clue more.
constexpr uint64_t kWorseOneIn = 5;

// Whether `other` agrees with every clue of `puzzle` outside `cells`.
bool agrees_except(const Grid& other, const Grid& puzzle, std::span<const int> cells) {
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        if (puzzle[cell] == 0 || other[cell] == puzzle[cell]) continue;
        if (std::find(cells.begin(), cells.end(), cell) == cells.end()) return false;
    }
    return true;
}

}  // namespace

SymmetricMinimizer::SymmetricMinimizer(const std::vector<std::vector<int>>& orbits,
                                       const std::vector<int>& orbit_of)
    : orbits_(orbits), orbit_of_(orbit_of) {}

bool SymmetricMinimizer::run(Grid& puzzle, const Grid& solution, std::mt19937_64& rng,
                             SolutionCounter& counter) {
    solution_ = &solution;
    rng_ = &rng;
    counter_ = &counter;
    witness_.assign(puzzle.cell_count(), std::nullopt);
    alternative_.assign(orbits_.size(), std::nullopt);
    std::optional<std::vector<int>> loose = loose_clues(puzzle, SIZE_MAX);
    if (!loose) return false;
    Grid current = puzzle;
    int stale = 0;
    for (int moves = 0; !loose->empty(); ++moves) {
        if (moves == kMaxMoves || stale == kStaleMoves) return false;
        ++stale;
        const int clue = (*loose)[draw_below(rng, loose->size())];
        std::optional<Grid> next = move(current, orbit_of_[clue]);
        if (counter.out_of_time()) return false;
        if (!next) continue;
        const size_t allowed = loose->size() + (draw_below(rng, kWorseOneIn) == 0 ? 1 : 0);
        std::optional<std::vector<int>> next_loose = loose_clues(*next, allowed);
        if (!next_loose) return false;
        if (next_loose->size() > allowed) continue;
        if (next_loose->size() < loose->size()) stale = 0;
        current = std::move(*next);
        loose = std::move(next_loose);
    }
    puzzle = std::move(current);
    return true;
}

std::optional<std::vector<int>> SymmetricMinimizer::loose_clues(const Grid& puzzle, size_t cap) {
    std::vector<int> loose;
    Grid smaller = puzzle;
    for (int cell = 0; cell < puzzle.cell_count() && loose.size() <= cap; ++cell) {
        if (puzzle[cell] == 0) continue;
        const int self[] = {cell};
        const std::optional<Grid>& known = witness_[cell];
        if (known && (*known)[cell] != puzzle[cell] && agrees_except(*known, puzzle, self))
            continue;
        smaller.set(cell, 0);
        std::optional<Grid> other = counter_->solution_differing_at(smaller, *solution_, cell);
        smaller.set(cell, puzzle[cell]);
        if (counter_->out_of_time()) return std::nullopt;
        if (other) {
            witness_[cell] = std::move(other);
        } else {
            loose.push_back(cell);
        }
    }
    return loose;
}

std::optional<Grid> SymmetricMinimizer::move(const Grid& puzzle, int out) {
    Grid next = puzzle;
    for (int cell : orbits_[out]) next.set(cell, 0);
    // The puzzle had one solution, so every solution now differs from it in orbit `out`; each
    // orbit put back is one where the solution found differs too, which rules that one out.
    for (int back = 0;; ++back) {
        std::optional<Grid> other;
        for (int cell : orbits_[out]) {
            other = counter_->solution_differing_at(next, *solution_, cell);
            if (other || counter_->out_of_time()) break;
        }
        if (counter_->out_of_time()) return std::nullopt;
        if (!other) break;  // unique again
        if (back == kMaxOrbitsBack) return std::nullopt;
        std::vector<int> choices;
        for (int i = 0; i < static_cast<int>(orbits_.size()); ++i) {
            if (i == out || next[orbits_[i][0]] != 0) continue;
            for (int cell : orbits_[i]) {
                if ((*other)[cell] != (*solution_)[cell]) {
                    choices.push_back(i);
                    break;
                }
            }
        }
        if (choices.empty()) return std::nullopt;
        for (int cell : orbits_[choices[draw_below(*rng_, choices.size())]])
            next.set(cell, (*solution_)[cell]);
    }
    if (!remove_orbits(next)) return std::nullopt;
    return next;
}

bool SymmetricMinimizer::remove_orbits(Grid& puzzle) {
    std::vector<int> order;
    for (int i = 0; i < static_cast<int>(orbits_.size()); ++i) {
        if (puzzle[orbits_[i][0]] != 0) order.push_back(i);
    }
    shuffle_span(std::span<int>(order), *rng_);
    Grid smaller = puzzle;
    for (int orbit : order) {
        // A solution known to differ from the puzzle's only in this orbit's cells keeps it.
        bool needed = alternative_[orbit] && agrees_outside(*alternative_[orbit], puzzle, orbit);
        for (int cell : orbits_[orbit]) {
            needed = needed || (witness_[cell] && agrees_outside(*witness_[cell], puzzle, orbit));
        }
        if (needed) continue;
        for (int cell : orbits_[orbit]) smaller.set(cell, 0);
        for (int cell : orbits_[orbit]) {
            std::optional<Grid> other = counter_->solution_differing_at(smaller, *solution_, cell);
            if (counter_->out_of_time()) return false;
            if (other) {
                alternative_[orbit] = std::move(other);
                needed = true;
                break;
            }
        }
        if (needed) {
            for (int cell : orbits_[orbit]) smaller.set(cell, puzzle[cell]);
        } else {
            puzzle = smaller;
        }
    }
    return true;
}

bool SymmetricMinimizer::agrees_outside(const Grid& other, const Grid& puzzle, int orbit) const {
    // Any solution other than the puzzle's own that agrees with its clues outside the orbit
    // differs inside it (the puzzle has one solution).
    return agrees_except(other, puzzle, orbits_[orbit]);
}

}  // namespace sudokit::detail
