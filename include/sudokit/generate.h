// The generator (docs/generate.md): random complete grids, symmetric clue removal that keeps one
// solution, minimality, and the search for puzzles at a Sudoku Explainer rating or needing a
// technique. Randomness always comes from the caller (an RNG or a seed), so results repeat:
// puzzle i of a run is a function of (seed, i, options) alone, whatever the thread count.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/batch.h"
#include "sudokit/engine.h"
#include "sudokit/grid.h"
#include "sudokit/human.h"
#include "sudokit/option_error.h"
#include "sudokit/rate.h"

namespace sudokit {

// ---- Random grids ------------------------------------------------------------------------------
// A random complete grid, well spread over all grids of the shape: a randomised search (fewest
// candidates first, ties and digits in random order, restarts) whose result is relabelled and
// has its bands, stacks, rows inside bands and columns inside stacks permuted at random (and,
// for square boxes, is transposed half the time). The same RNG state gives the same grid with
// every standard library.
Grid random_grid(Shape shape, std::mt19937_64& rng);

// The seeded test fixtures' grid (kept as it was: tests are tuned on its sequence). Shapes up to
// 16x16 come from a randomized search; larger ones from a pattern grid shuffled by
// validity-preserving transformations, which covers few grids: the generator uses random_grid.
Grid random_solution(Shape shape, std::mt19937_64& rng);
// `solution` with cells blanked in random order until only `clues` givens remain. The result
// may have several solutions.
Grid random_puzzle(const Grid& solution, int clues, std::mt19937_64& rng);

// ---- Symmetry of the givens ------------------------------------------------------------------
enum class Symmetry : uint8_t {
    none,
    rot180,        // half-turn about the centre
    rot90,         // quarter-turn: orbits of 4 cells (1 at the centre of an odd side)
    mirror,        // left-right: column c and column N+1-c
    diagonal,      // the main diagonal r1c1..rNcN: rXcY and rYcX
    antidiagonal,  // the other diagonal r1cN..rNc1
};
std::span<const Symmetry> all_symmetries();
std::string_view symmetry_name(Symmetry symmetry);  // "none", "rot180", ...
// A name of symmetry_name, any case; nullopt otherwise.
std::optional<Symmetry> parse_symmetry(std::string_view text);
// The orbits of the cells (every cell in exactly one, each orbit starting at its lowest cell).
std::vector<std::vector<int>> symmetry_orbits(Shape shape, Symmetry symmetry);
// Whether the pattern of givens maps onto itself.
bool has_symmetry(const Grid& puzzle, Symmetry symmetry);

namespace detail {
class LargeSolver;      // the `large` engine's search (src/engines/large/large.h)
class HeuristicSolver;  // the `heuristic` engine's search (src/engines/heuristic/heuristic.h)
}  // namespace detail

// ---- Uniqueness -------------------------------------------------------------------------------
// Counts solutions up to 2 with the fastest engine for the shape: the `fast` solver's free
// function for 9x9 (no allocation per check), `heuristic:strategies=pairs` up to 16x16 and
// `propagate` above (engine_for). After a removal (count_after_removal) it looks for a solution
// that differs in a removed cell instead: with `fast` for 9x9, the heuristic engine's search up
// to 16x16, and above it with `large`, then `sat` for the few checks `large` does not finish
// within 2,000 nodes. One object per thread, reused for every check.
class SolutionCounter {
  public:
    SolutionCounter();
    ~SolutionCounter();
    SolutionCounter(const SolutionCounter&) = delete;
    SolutionCounter& operator=(const SolutionCounter&) = delete;

    // A deadline and cancel flag for every later check (a check they stop is `unknown`).
    void set_limits(Clock::time_point deadline, const std::atomic<bool>* cancel = nullptr);
    // one, several, none; unknown when the node budget (0: none), the deadline or the cancel
    // flag stopped the search first.
    SolutionCount count(const Grid& puzzle, uint64_t node_budget = 0);
    // The count of `smaller`: a puzzle with one solution with the givens of `removed` emptied.
    // `before` holds each removed cell's old given (the puzzle before the removal, or its
    // solution: its other digits guide the search). A second solution must differ from the
    // first in a removed cell, so each removed cell is searched without its old digit: a
    // search for any solution, smaller than counting to two. With a node budget (0: none) it
    // is count().
    SolutionCount count_after_removal(const Grid& smaller, const Grid& before,
                                      std::span<const int> removed, uint64_t node_budget = 0);
    // A solution of `puzzle` whose digit in `cell` is not `solution`'s (whose other digits guide
    // the search): a witness that the clue in `cell` cannot go, or an alternative after a
    // removal. Nullopt when there is none, or when the limits cut the search (out_of_time()).
    std::optional<Grid> solution_differing_at(const Grid& puzzle, const Grid& solution, int cell);
    bool unique(const Grid& puzzle) { return count(puzzle) == SolutionCount::one; }
    // Whether the deadline passed or the cancel flag is set.
    bool out_of_time() const;
    uint64_t checks() const { return checks_; }  // count() and count_after_removal() calls so far
    // The search work of those checks: the engines' nodes, a CaDiCaL conflict counting as half a
    // node (on 25x25 a conflict costs about half of a `large` node).
    uint64_t work() const { return work_; }
    // The engine spec that counts for a shape: "fast", "heuristic:strategies=pairs" or
    // "propagate".
    static std::string_view engine_for(Shape shape);

  private:
    // A search for one solution without guide[cell] in `cell`, guide's digits tried first; 9x9
    // reads the puzzle from text_.
    Result search_without(const Grid& puzzle, const Grid& guide, int cell);

    std::unique_ptr<Engine> other_;               // made on first use for a shape other than 9x9
    std::unique_ptr<detail::LargeSolver> large_;  // made on first use above 16x16
    std::unique_ptr<detail::HeuristicSolver> heuristic_;  // made on first use up to 16x16
    std::string_view other_spec_;
    std::array<char, 81> text_{};
    Clock::time_point deadline_ = Clock::time_point::max();
    const std::atomic<bool>* cancel_ = nullptr;
    uint64_t checks_ = 0;
    uint64_t work_ = 0;
};

// ---- Clue removal
// --------------------------------------------------------------------------------
// A bound on the work (SolutionCounter::work) of a removal's first checks.
struct WorkLimit {
    int checks = 0;     // within the removal's first this many checks,
    uint64_t work = 0;  // its work may not pass this
};
struct RemovalOptions {
    Symmetry symmetry = Symmetry::none;  // orbits go (and stay) together
    // Try every orbit: none of the result's orbits can go without a second solution (with
    // Symmetry::none: the result is minimal). False: stop once at most stop_at clues remain,
    // and give each check a node budget (a check that runs out keeps its clues).
    bool minimal = true;
    int min_clues = 0;         // never fewer givens than this
    int stop_at = 0;           // !minimal: stop at this many clues or fewer (0: go on)
    uint64_t node_budget = 0;  // !minimal: nodes per check (0: none)
    // An extra test of every removal (it already keeps one solution); false puts it back.
    std::function<bool(const Grid& puzzle)> accept;
    // Give up on a start whose checks run heavy: a removal whose work passes one of these
    // limits stops there (none: never).
    std::vector<WorkLimit> work_limits;
};
// Removes orbits of givens of `puzzle`, which must have one solution (a complete grid is the
// usual start), in random order while it keeps one solution. Stops early, returning what it
// has, when the counter's deadline passes or its cancel flag is set; nullopt when it gives up
// on a heavy start (RemovalOptions::work_limits).
std::optional<Grid> remove_clues(const Grid& puzzle, const RemovalOptions& options,
                                 std::mt19937_64& rng, SolutionCounter& counter);
// A minimal puzzle from a puzzle with one solution: givens removed in random order while it
// stays unique (removing any remaining given then gives 2 or more solutions).
Grid minimize(const Grid& puzzle, std::mt19937_64& rng, SolutionCounter& counter);
// Whether removing any one given of a puzzle with one solution gives several solutions.
bool is_minimal(const Grid& puzzle, SolutionCounter& counter);
// The first given (row-major) whose removal leaves a puzzle with one solution; nullopt when the
// puzzle is minimal. A check the counter's limits cut is taken as "not removable", so with a
// deadline or cancel flag set, both answers hold only if counter.out_of_time() is still false
// afterwards.
std::optional<int> removable_clue(const Grid& puzzle, SolutionCounter& counter);

// ---- Targets
// ------------------------------------------------------------------------------------- What a
// generated puzzle must satisfy beyond one solution.
struct GenerateTarget {
    // SE's ER in this band, in SE's printed tenths, both ends included; 0: no bound.
    double min_er = 0;
    double max_er = 0;
    // "Needs an X-Wing", on both orders: Sudoku Explainer's rating path (rate_puzzle, what
    // `sudokit rate` prints) uses the technique and its ER is the technique's rating, in SE's
    // tenths (so no step rates above it: for techniques whose steps carry bonuses, such as
    // chains' length and loops' size, the base form only); and the path of the easiest order
    // (HumanOptions' default, explain's) uses it and nothing rated above it.
    std::optional<Technique> technique;
    int min_clues = 0;  // 0: no bound
    int max_clues = 0;  // 0: no bound
    bool rated() const { return min_er > 0 || max_er > 0; }
};

// ---- Generation
// ----------------------------------------------------------------------------------
struct GenerateOptions {
    Shape shape{3, 3};
    Symmetry symmetry = Symmetry::none;
    // Minimal puzzles (removing any clue gives several solutions). nullopt: default_minimal,
    // except with a technique target, whose puzzles are by default minimal for the technique
    // instead: clue removal keeps a removal only while logic up to it still solves the puzzle.
    std::optional<bool> minimal;
    // Minimal 25x25 without symmetry: false drops a grid whose first uniqueness checks cost
    // much and draws another, about 4x less time per puzzle on average; the puzzles made are
    // then those whose uniqueness is cheap to prove, easier for a search to solve (clue counts
    // as before). true keeps every grid drawn. Other shapes keep every grid either way.
    bool keep_costly_grids = false;
    GenerateTarget target;
    bool rate = true;  // rate each puzzle (SE's ER/EP/ED, rate_puzzle as `sudokit rate` does)
    uint64_t seed = 0;
    double timeout_seconds = 0;  // per puzzle; 0: none
    const std::atomic<bool>* cancel = nullptr;
    // When set, incremented for every candidate puzzle judged (GeneratedPuzzle::candidates, as
    // they happen): a front end's progress while a puzzle is long in coming.
    std::atomic<uint64_t>* tried = nullptr;
};
// Minimal by default up to 16x16; from 25x25 on, unique but not minimal (a minimal 25x25 costs
// hundreds of uniqueness proofs on sparse grids).
bool default_minimal(Shape shape);
// The fewest clues a puzzle of the shape with one solution can have, as far as it is proved:
// 4 for 4x4, 8 for 6x6, 17 for 9x9; N - 1 for the others (with two digits absent from the
// clues, swapping them gives a second solution).
int fewest_unique_clues(Shape shape);
// The first option that cannot work, or nothing: also a shape of side 1, fewer clues than
// fewest_unique_clues, ratings outside SE's scale (1.0 to 20.0) and, with a technique, a band
// that does not hold the technique's rating. Fields: "shape", "min_clues", "max_clues",
// "min_er", "max_er" (the target's), "technique", "timeout_seconds"; e.g. {"max_clues", "a 9x9
// grid has 81 cells"}.
OptionCheck check_generate_options(const GenerateOptions& options);
// Targets that can exist but that random puzzles almost never meet (a run then goes on until
// its timeout, or for ever without one), each as the field and why, for the front ends to warn:
// ER 10.0 and up, ER 1.0 with minimal puzzles, 9x9 minimal puzzles outside 21..28 clues.
std::vector<OptionError> generate_option_warnings(const GenerateOptions& options);

enum class GenerateEnd : uint8_t {
    found,        // the puzzle meets every target, proved before the limits passed
    time_limit,   // GenerateOptions::timeout_seconds ran out first (a puzzle whose uniqueness,
                  // minimality, target or rating was not settled in time is never found)
    interrupted,  // the cancel flag was set
};
std::string_view generate_end_name(GenerateEnd end);  // "found", "timeout", "interrupted"

struct GeneratedPuzzle {
    uint64_t index = 0;
    GenerateEnd end = GenerateEnd::found;
    Grid puzzle;    // when found
    Grid solution;  // when found
    bool rated = false;
    Rating rating;  // when rated: rate_puzzle's, exactly what `sudokit rate` prints
    // Candidate puzzles made (a grid's removal, a dropped one included, a local-search move),
    // whether or not they then met the clue bounds, symmetric minimality and the target.
    uint64_t candidates = 0;
    double seconds = 0;  // time spent on this puzzle
    bool found() const { return end == GenerateEnd::found; }
};

// Makes puzzles one at a time on the calling thread. One object per thread; it keeps the
// solution counter and scratch state from puzzle to puzzle. Throws std::invalid_argument when
// check_generate_options finds a problem (its option_error_text).
class Generator {
  public:
    explicit Generator(GenerateOptions options);
    ~Generator();
    Generator(const Generator&) = delete;
    Generator& operator=(const Generator&) = delete;

    // Puzzle `index` of the run: the same for the same options (seed included), whatever was
    // generated before. Ends time_limit or interrupted (with no puzzle) when the options say.
    GeneratedPuzzle generate(uint64_t index);

  private:
    struct State;
    std::unique_ptr<State> state_;
};

struct GenerateBatchOptions {
    GenerateOptions generate;
    uint64_t count = 1;
    int threads = 1;  // see batch_threads (0: every core)
};
// Generates puzzles 0..count-1 on batch_threads(threads) workers, each with its own Generator,
// and hands each to `output` in index order as soon as it and every one before it are done, so
// the output is the same for any thread count. `output` returns false to stop. Puzzles that end
// time_limit are handed on like the others; after a cancel the puzzles finished before the
// first unfinished one are handed on and the batch ends interrupted. Throws
// std::invalid_argument (before any work) when check_generate_options finds a problem (its
// option_error_text).
BatchEnd generate_batch(const GenerateBatchOptions& options,
                        const std::function<bool(const GeneratedPuzzle& puzzle)>& output);

}  // namespace sudokit
