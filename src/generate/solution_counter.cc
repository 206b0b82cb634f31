// The generator's uniqueness check: counting to 2 with the fastest engine for the shape (the
// `fast` bitboard solver's free function for 9x9, no allocation per call; `heuristic` with its
// pair rules up to 16x16 and `propagate` above), one object reused for every check. After a
// removal, a search for a solution that differs in a removed cell: `fast` with the old digit
// excluded for 9x9, `heuristic` with its pair rules up to 16x16, above it `large` first, then
// `sat` for the few checks it does not finish within a node budget. The same search, asked for
// the solution it finds, gives the symmetric minimizer its witnesses.
#include <array>
#include <atomic>

#include "engines/fast/fast.h"
#include "engines/heuristic/heuristic.h"
#include "engines/heuristic/strategies.h"
#include "engines/large/large.h"
#include "engines/sat/sat.h"
#include "sudokit/generate.h"

namespace sudokit {

namespace {

// After this many `large` nodes (about 0.5 s on 25x25) a check goes to `sat`: the few checks
// that need more take `large` 10-20 s and CaDiCaL 1-5 s (clause learning wins on the hardest),
// while most finish in `large` within 100 nodes, far below CaDiCaL's start-up cost.
constexpr uint64_t kLargeNodesBeforeSat = 2000;

// A 9x9 grid as `fast` reads it; false when a value is no 9x9 digit (no solution then).
bool to_text(const Grid& puzzle, std::array<char, 81>& text) {
    for (int i = 0; i < 81; ++i) {
        const int v = puzzle[i];
        if (v > 9) return false;
        text[i] = static_cast<char>(v == 0 ? '.' : '0' + v);
    }
    return true;
}

}  // namespace

SolutionCounter::SolutionCounter() = default;
SolutionCounter::~SolutionCounter() = default;

void SolutionCounter::set_limits(Clock::time_point deadline, const std::atomic<bool>* cancel) {
    deadline_ = deadline;
    cancel_ = cancel;
}

bool SolutionCounter::out_of_time() const {
    if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) return true;
    return deadline_ != Clock::time_point::max() && Clock::now() >= deadline_;
}

std::string_view SolutionCounter::engine_for(Shape shape) {
    if (shape == Shape{3, 3}) return "fast";
    // Measured on the generator's checks (docs/results/generate.md): up to 16x16 the heuristic
    // engine's pair rules cut the search enough to be 10x faster than propagate on sparse
    // 16x16 grids; above it propagate, whose cheaper nodes do better under the node budget.
    return shape.size() <= 16 ? "heuristic:strategies=pairs" : "propagate";
}

SolutionCount SolutionCounter::count(const Grid& puzzle, uint64_t node_budget) {
    ++checks_;
    if (puzzle.shape() == Shape{3, 3}) {
        if (!to_text(puzzle, text_)) return SolutionCount::none;
        FastOptions options;
        options.max_solutions = 2;
        options.node_budget = node_budget;
        options.deadline = deadline_;
        options.cancel = cancel_;
        FastStats stats;
        const int count = fast_solve(text_.data(), options, nullptr, &stats);
        work_ += stats.nodes;
        if (count >= 2) return SolutionCount::several;
        if (stats.stop != Stop::finished) return SolutionCount::unknown;
        return count == 1 ? SolutionCount::one : SolutionCount::none;
    }
    const std::string_view spec = engine_for(puzzle.shape());
    if (other_ == nullptr || other_spec_ != spec) {
        other_ = make_engine(spec);
        other_spec_ = spec;
    }
    const Result result = other_->solve(puzzle, Limits{.max_solutions = 2,
                                                       .node_budget = node_budget,
                                                       .deadline = deadline_,
                                                       .cancel = cancel_});
    work_ += result.stats.nodes;
    if (result.count >= 2) return SolutionCount::several;
    if (!result.complete()) return SolutionCount::unknown;
    return result.count == 1 ? SolutionCount::one : SolutionCount::none;
}

SolutionCount SolutionCounter::count_after_removal(const Grid& smaller, const Grid& before,
                                                   std::span<const int> removed,
                                                   uint64_t node_budget) {
    // A budgeted check keeps its meaning (the budget is one count's nodes): above 16x16
    // `large`'s nodes cost milliseconds where propagate's cost microseconds.
    if (node_budget != 0) return count(smaller, node_budget);
    ++checks_;
    if (smaller.shape() == Shape{3, 3} && !to_text(smaller, text_)) return SolutionCount::none;
    for (int cell : removed) {
        const Result result = search_without(smaller, before, cell);
        if (result.count > 0) return SolutionCount::several;
        if (!result.complete()) return SolutionCount::unknown;
    }
    return SolutionCount::one;
}

std::optional<Grid> SolutionCounter::solution_differing_at(const Grid& puzzle, const Grid& solution,
                                                           int cell) {
    ++checks_;
    if (puzzle.shape() == Shape{3, 3} && !to_text(puzzle, text_)) return std::nullopt;
    Result result = search_without(puzzle, solution, cell);
    if (result.count == 0) return std::nullopt;
    return std::move(result.first);
}

Result SolutionCounter::search_without(const Grid& puzzle, const Grid& guide, int cell) {
    const detail::Exclusion old_digit[] = {{.cell = cell, .digit = guide[cell]}};
    const Limits limits{.max_solutions = 1, .deadline = deadline_, .cancel = cancel_};
    if (puzzle.shape() == Shape{3, 3}) {
        // text_ holds the puzzle (the callers wrote it).
        FastOptions options;
        options.max_solutions = 1;
        options.deadline = deadline_;
        options.cancel = cancel_;
        options.excluded = old_digit;
        FastStats stats;
        std::array<char, 81> solution{};
        Result result;
        result.count =
            static_cast<uint32_t>(fast_solve(text_.data(), options, solution.data(), &stats));
        result.stop = stats.stop;
        result.stats.nodes = stats.nodes;
        work_ += stats.nodes;
        if (result.count > 0) {
            result.first = Grid(puzzle.shape());
            for (int i = 0; i < 81; ++i) result.first.set(i, solution[i] - '0');
        }
        return result;
    }
    if (puzzle.size() <= 16) {
        // The engine that counts up to 16x16, asked for a solution without the cell's old digit
        // (docs/results/generate.md: minimal 16x16 in under 0.6 of the time of counting).
        if (heuristic_ == nullptr)
            heuristic_ = std::make_unique<detail::HeuristicSolver>(detail::Strategies::pairs);
        Result result = heuristic_->solve(puzzle, limits, old_digit, &guide);
        work_ += result.stats.nodes;
        return result;
    }
    if (large_ == nullptr) large_ = std::make_unique<detail::LargeSolver>();
    // Both branch toward `guide`'s digits first (sat: its phases): on near-minimal 25x25
    // puzzles that found the second solutions 3-4x sooner, though they still differ from the
    // first in 100-200 of some 350 empty cells.
    Limits first_try = limits;
    first_try.node_budget = kLargeNodesBeforeSat;
    Result result = large_->solve(puzzle, first_try, {}, old_digit, &guide);
    work_ += result.stats.nodes;
    if (result.stop == Stop::node_budget) {
        result = detail::sat_solve_excluding(puzzle, old_digit, &guide, limits);
        work_ += result.stats.nodes / 2;
    }
    return result;
}

}  // namespace sudokit
