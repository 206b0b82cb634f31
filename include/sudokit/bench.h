// The benchmark lab: the thesis experiment (warm-up, timed runs, median; seed 000,
// docs/background.md 1) and throughput runs over whole puzzle sets, with rated puzzle files,
// difficulty bands and reports (CSV, Markdown, SVG charts, one HTML page). Engine-agnostic:
// everything goes through engine.h.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/engine.h"
#include "sudokit/grid.h"

namespace sudokit {

// ---- Rated puzzle files ---------------------------------------------------------------------
// A puzzle to measure, with its difficulty when known (Sudoku Explainer ER, 1.0 .. 11+).
struct BenchPuzzle {
    Grid grid;
    std::optional<double> rating;
    int line = 0;  // 1-based input line, 0 when not read from text
};

struct BenchReadError {
    int line = 0;
    std::string reason;
};

// A data set: its puzzles in input order and the lines that could not be read (skipped).
struct BenchSet {
    std::string name;  // the file's stem, e.g. "se_rated_public"
    std::vector<BenchPuzzle> puzzles;
    std::vector<BenchReadError> errors;
};

struct BenchReadOptions {
    std::optional<Shape> shape;  // otherwise the usual shape for the cell count
    size_t limit = 0;            // read at most this many puzzles (0: all)
};

// Reads single-line puzzles in the default alphabet of their size (1-9 with '.' or '0' empty for
// 9x9; 1-9A-Z for larger grids; 0-9A-Z for 36x36). The puzzle is the first field of the line
// (it ends at ',', ';', a space or a tab). The rating is taken from the column named `er` when the
// file starts with a CSV header whose first field is "puzzle" (se_rated_public.csv:
// `puzzle,er,ep,ed,source`), else from an `ED=er/ep/ed` field as Sudoku Explainer writes it.
// Blank lines and lines starting with '#' are skipped. Multi-line grids and other alphabets are
// io.h's business (PuzzleReader), not this reader's.
BenchSet read_bench_set(std::string_view text, std::string name,
                        const BenchReadOptions& options = {});
// The same from a file; nullopt (and *error) when it cannot be read.
std::optional<BenchSet> load_bench_set(const std::filesystem::path& path, std::string* error,
                                       const BenchReadOptions& options = {});
// The ER of an `ED=7.1/1.2/1.2` field anywhere in the line (`ED=7.1` alone also counts).
std::optional<double> parse_ed_rating(std::string_view line);

// Computes a rating for a puzzle whose input has none (the project's rater, when it has one).
using RatingFunction = std::function<std::optional<double>(const Grid&)>;
// Rates the puzzles that have no rating yet on batch_threads(threads) threads (`rate` must be
// safe to call from several at once); returns how many got one.
size_t fill_missing_ratings(std::span<BenchPuzzle> puzzles, const RatingFunction& rate,
                            int threads = 1);
// Sudoku Explainer's ER as `sudokit rate` computes it (rate_puzzle), in SE's printed tenths;
// nullopt when the rating does not end within `timeout_seconds` (0: no limit) or `cancel` is
// set, so such a puzzle stays unrated rather than stalling a benchmark.
RatingFunction se_rating_function(double timeout_seconds,
                                  const std::atomic<bool>* cancel = nullptr);

// ---- Statistics and difficulty bands --------------------------------------------------------
// Median (the mean of the two middle values for an even count); 0 for no values.
double median(std::vector<double> values);
double mean(std::span<const double> values);
// The band of a rating: floor(rating / width), robust to floating point (2.6 with width 0.1 is
// band 26, not 25). Width must be > 0.
int band_index(double rating, double width);
// "2.6" for width 0.1; "2.5-3.0" for wider bands (half-open: 3.0 is in the next band).
std::string band_label(int band, double width);

// ---- Progress -------------------------------------------------------------------------------
// Reported by the runners on the calling thread, after each unit of work.
struct Progress {
    double fraction = 0;     // 0..1 of the whole run
    size_t done = 0;         // units done in the current phase (puzzles)
    size_t total = 0;        // units in the current phase
    std::string_view label;  // what runs now, e.g. the engine spec
};
using ProgressCallback = std::function<void(const Progress&)>;

// ---- Machine --------------------------------------------------------------------------------
struct MachineInfo {
    std::string cpu_model;  // /proc/cpuinfo "model name", or "unknown"
    unsigned cores = 0;     // hardware threads
    std::string compiler;   // "GCC 12.2.0", "clang 16.0.6"
    std::string
        build_type;    // CMake build type and what the compiler saw ("RelWithDebInfo, -O, NDEBUG")
    std::string date;  // UTC, "2025-05-01 14:03 UTC"
};
MachineInfo describe_machine();

// Pins the calling thread to the index-th CPU it may run on (modulo their number) until the
// guard dies, then restores the former set. Linux only; elsewhere ok() is false.
class CpuPin {
  public:
    explicit CpuPin(int index);
    ~CpuPin();
    CpuPin(const CpuPin&) = delete;
    CpuPin& operator=(const CpuPin&) = delete;
    bool ok() const { return ok_; }
    int cpu() const { return cpu_; }  // the CPU number pinned to, -1 when not pinned

  private:
    bool ok_ = false;
    int cpu_ = -1;
    std::vector<unsigned char> saved_;  // the former affinity mask (cpu_set_t bytes)
};

// ---- Experiment mode (the thesis method) ----------------------------------------------------
// The fewest timed runs kept for a median when ExperimentOptions::max_seconds cuts a cell short.
inline constexpr int kMinCappedReps = 3;
struct ExperimentOptions {
    std::vector<std::string> engines;  // engine specs, e.g. "backtrack", "propagate:stack=alloc"
    int warmup = 10;                   // untimed runs per (engine, puzzle)
    int reps = 40;                     // timed runs; their median is kept
    // Time cap per (engine, puzzle), 0 = none: warm-up stops once its runs took this long
    // (after at least one), and so do the timed runs (after at least kMinCappedReps). Lets
    // slow engines such as backtrack join a full run without hours on a few hard puzzles.
    double max_seconds = 0;
    // The thesis's solve(grid) -> grid: the first solution. Set max_solutions = 2 to time
    // "solve and prove unique" instead.
    Limits limits{.max_solutions = 1, .node_budget = 0};
    RatingFunction rate;        // rates puzzles that came without a rating (optional)
    int rate_threads = 0;       // threads for those ratings (see batch_threads)
    std::optional<int> pin;     // pin the run to this CPU index (see CpuPin)
    ProgressCallback progress;  // optional
};

enum class BenchVerdict {
    solved,       // a complete grid that keeps the givens and breaks no rule
    unsolved,     // no solution given (count 0, budget hit, a human engine stuck)
    wrong,        // the engine claimed a solution that does not solve the puzzle
    unsupported,  // the engine does not take this shape (not run)
};
std::string_view verdict_name(BenchVerdict outcome);

// One (engine, puzzle) cell of the experiment.
struct Measurement {
    size_t engine = 0;  // index into ExperimentResult::engines
    size_t puzzle = 0;  // index into ExperimentResult::puzzles
    BenchVerdict outcome = BenchVerdict::unsolved;
    std::optional<double> median_us;  // set only when solved
    int runs = 0;                     // timed runs made (fewer than reps under max_seconds)
    uint32_t count = 0;               // of the last run
    Stats stats;                      // of the last run
};

struct ExperimentResult {
    std::string set_name;
    std::vector<std::string> engines;
    std::vector<BenchPuzzle> puzzles;       // ratings filled in by ExperimentOptions::rate
    std::vector<Measurement> measurements;  // engine-major: engines.size() * puzzles.size()
    int warmup = 0;
    int reps = 0;
    double max_seconds = 0;
    Limits limits;
    MachineInfo machine;
    double seconds = 0;  // wall time of the whole run
    // Puzzles that came without a rating and got one from ExperimentOptions::rate, and those
    // left unrated (no rating function, or it gave none).
    size_t rated_here = 0;
    size_t unrated = 0;

    const Measurement& at(size_t engine, size_t puzzle) const {
        return measurements[engine * puzzles.size() + puzzle];
    }
};

// Runs every engine on every puzzle. Nullopt (and *error) when an engine spec is bad or
// warmup/reps/max_seconds are out of range (warmup >= 0, reps >= 1, max_seconds >= 0).
std::optional<ExperimentResult> run_experiment(const BenchSet& set,
                                               const ExperimentOptions& options,
                                               std::string* error);

// Indices of the puzzles every engine solved (the thesis compares total times on these).
std::vector<size_t> solved_by_all(const ExperimentResult& result);

// The per-engine figures of one band (times over the puzzles the engine solved there).
struct EngineBandStats {
    size_t solved = 0;
    size_t wrong = 0;
    std::optional<double> mean_us;
    std::optional<double> median_us;
};
struct BandSummary {
    std::optional<int> band;  // nullopt: the puzzles without a rating
    std::string label;        // band_label, or "unrated"
    size_t puzzles = 0;
    std::vector<EngineBandStats> engines;  // parallel to ExperimentResult::engines
};
struct EngineTotals {
    size_t solved = 0;           // over all puzzles
    size_t wrong = 0;            // over all puzzles
    double common_total_us = 0;  // sum of medians over solved_by_all
};
struct ExperimentSummary {
    double band_width = 0.1;
    std::vector<BandSummary> bands;    // ascending, "unrated" last
    std::vector<size_t> common;        // solved_by_all
    std::vector<EngineTotals> totals;  // parallel to ExperimentResult::engines
};
ExperimentSummary summarize(const ExperimentResult& result, double band_width = 0.1);

// ---- Throughput mode ------------------------------------------------------------------------
struct ThroughputOptions {
    std::vector<std::string> engines;
    uint32_t max_solutions = 2;  // 2: count up to two (is it unique?); 1: first solution
    uint64_t node_budget = 0;
    // Random validity-preserving transformation of each puzzle (one per puzzle, made before
    // timing, the same for every engine), so no engine profits from the file's orientation.
    bool transform = false;
    uint64_t seed = 1;
    double min_seconds = 0;  // repeat the timed pass over the set until this much time passed
    // Timed rounds: each round runs every engine in turn (min_seconds each), in reverse order
    // every other round; a row's time is then the median of its rounds.
    int rounds = 1;
    int threads = 1;   // each thread its own engine; puzzles are shared out in chunks
    bool pin = false;  // pin thread i to the i-th CPU (CpuPin)
    ProgressCallback progress;
};

// One engine on one data set. Counts come from the untimed validation pass (which also warms
// up); the time from the timed passes.
struct ThroughputRow {
    std::string engine;
    std::string set;
    size_t puzzles = 0;      // in the set
    size_t solved = 0;       // a valid solution given
    size_t unsolved = 0;     // none given (count 0 or budget hit)
    size_t wrong = 0;        // an invalid solution given
    size_t multiple = 0;     // count >= 2 (only when max_solutions >= 2)
    size_t unsupported = 0;  // of a shape the engine does not take (not run, not timed)
    size_t no_guess = 0;     // solved with stats.guesses == 0
    uint64_t guesses = 0;    // validation pass total
    uint64_t nodes = 0;      // validation pass total
    int threads = 1;
    int passes = 0;                // timed passes over the set (of the puzzles the engine takes)
    uint64_t solves = 0;           // timed solve calls: passes * (puzzles - unsupported)
    double seconds = 0;            // wall time of the timed passes
    std::vector<double> round_us;  // µs per puzzle in each timed round

    // From the median round when there are several rounds, else from all timed passes.
    double puzzles_per_second() const;
    double us_per_puzzle() const;       // wall time per puzzle (threads overlap)
    double no_guess_share() const;      // of the puzzles run
    double guesses_per_puzzle() const;  // of the puzzles run
};

// One row per engine, in the order given. Nullopt (and *error) on a bad spec or option.
std::optional<std::vector<ThroughputRow>> run_throughput(const BenchSet& set,
                                                         const ThroughputOptions& options,
                                                         std::string* error);
// ---- Transformations ------------------------------------------------------------------------
// A validity-preserving transformation of grids of one shape: cell (r, c) of the result holds
// digit_map[v] where v is the source cell (row_map[r], col_map[c]) of the grid, transposed
// first when `transpose` (square boxes only). Solution counts are kept.
struct GridTransform {
    Shape shape;
    std::vector<int> digit_map;  // [0] = 0; a permutation of 1..N
    std::vector<int> row_map;    // keeps bands: rows permuted within bands, bands permuted
    std::vector<int> col_map;    // keeps stacks likewise
    bool transpose = false;

    static GridTransform identity(Shape shape);
    // Digit relabelling, rows within bands, columns within stacks, bands, stacks, and transpose
    // (when box_rows == box_cols), each drawn from rng.
    static GridTransform random(Shape shape, std::mt19937_64& rng);

    // Both take grids of `shape` only.
    Grid apply(const Grid& grid) const;
    // The grid that apply() maps to `grid`: invert(apply(g)) == g.
    Grid invert(const Grid& grid) const;
};

}  // namespace sudokit
