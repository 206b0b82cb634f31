// The generator's speed, one thread (docs/results/generate.md): minimal 9x9, minimal 16x16 (also
// with a half-turn, as 12x12) and unique 25x25 puzzles, a puzzle per Sudoku Explainer band and
// per technique target. One iteration is one puzzle (Generator::generate, seed 1, indexes 0, 1,
// 2, ...); the counters add the median and mean CPU seconds per puzzle, the candidates tried
// and the clues per puzzle.
// Release preset:
//   build/release/bench/sudokit_bench --benchmark_filter=Generate
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sudokit/generate.h"

namespace {

using sudokit::GeneratedPuzzle;
using sudokit::GenerateOptions;
using sudokit::Generator;
using sudokit::Shape;
using sudokit::Technique;

// CPU seconds of this thread: the machine is shared, and a puzzle's wall time would count the
// other builds' time slices.
double thread_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

void generate_puzzles(benchmark::State& state, const GenerateOptions& options) {
    Generator generator(options);
    std::vector<double> seconds;
    uint64_t index = 0, candidates = 0, clues = 0;
    for (auto _ : state) {
        const double start = thread_seconds();
        const GeneratedPuzzle p = generator.generate(index++);
        seconds.push_back(thread_seconds() - start);
        if (!p.found()) {
            state.SkipWithError("a puzzle was not found");
            return;
        }
        candidates += p.candidates;
        clues += static_cast<uint64_t>(p.puzzle.given_count());
    }
    std::sort(seconds.begin(), seconds.end());
    const double n = static_cast<double>(seconds.size());
    double total = 0;
    for (double s : seconds) total += s;
    state.SetItemsProcessed(static_cast<int64_t>(seconds.size()));
    state.counters["median_s"] = seconds[seconds.size() / 2];
    state.counters["mean_s"] = total / n;
    state.counters["tried/puzzle"] = static_cast<double>(candidates) / n;
    state.counters["clues"] = static_cast<double>(clues) / n;
}

GenerateOptions plain(Shape shape) {
    GenerateOptions o;
    o.shape = shape;
    o.seed = 1;
    o.rate = false;
    return o;
}

GenerateOptions band(double lo, double hi) {
    GenerateOptions o = plain(Shape{3, 3});
    o.target.min_er = lo;
    o.target.max_er = hi;
    return o;
}

GenerateOptions needing(Shape shape, Technique technique) {
    GenerateOptions o = plain(shape);
    o.target.technique = technique;
    return o;
}

const bool kRegistered = [] {
    benchmark::RegisterBenchmark("Generate/minimal_9x9", generate_puzzles, plain(Shape{3, 3}))
        ->Unit(benchmark::kMicrosecond)
        ->MinTime(2);
    GenerateOptions rated = plain(Shape{3, 3});
    rated.rate = true;
    benchmark::RegisterBenchmark("Generate/minimal_9x9_rated", generate_puzzles, rated)
        ->Unit(benchmark::kMicrosecond)
        ->MinTime(2);
    benchmark::RegisterBenchmark("Generate/minimal_16x16", generate_puzzles, plain(Shape{4, 4}))
        ->Unit(benchmark::kMillisecond)
        ->Iterations(50);
    // Minimal clue by clue with a half-turn: the local search on one grid (SymmetricMinimizer).
    for (Shape shape : {Shape{3, 4}, Shape{4, 4}}) {
        GenerateOptions symmetric = plain(shape);
        symmetric.symmetry = sudokit::Symmetry::rot180;
        benchmark::RegisterBenchmark(
            fmt::format("Generate/minimal_{0}x{0}_rot180", shape.size()).c_str(), generate_puzzles,
            symmetric)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(shape.size() == 16 ? 10 : 20);
    }
    benchmark::RegisterBenchmark("Generate/unique_25x25", generate_puzzles, plain(Shape{5, 5}))
        ->Unit(benchmark::kMillisecond)
        ->Iterations(20);
    struct Band {
        const char* name;
        double lo, hi;
        int puzzles;
    };
    for (const Band& b : {Band{"2.0-3.0", 2.0, 3.0, 100}, Band{"4.0-5.0", 4.0, 5.0, 100},
                          Band{"6.0-7.0", 6.0, 7.0, 100}, Band{"7.0-8.0", 7.0, 8.0, 100},
                          Band{"8.0-9.0", 8.0, 9.0, 50}, Band{"9.0-10.0", 9.0, 10.0, 20}}) {
        benchmark::RegisterBenchmark((std::string("Generate/SE_") + b.name).c_str(),
                                     generate_puzzles, band(b.lo, b.hi))
            ->Unit(benchmark::kMillisecond)
            ->Iterations(b.puzzles);
    }
    for (Technique t :
         {Technique::x_wing, Technique::xy_wing, Technique::unique_rectangle, Technique::x_cycle}) {
        benchmark::RegisterBenchmark(
            (std::string("Generate/needs_") + std::string(technique_info(t).code)).c_str(),
            generate_puzzles, needing(Shape{3, 3}, t))
            ->Unit(benchmark::kMillisecond)
            ->Iterations(30);
    }
    for (Technique t : {Technique::pointing, Technique::naked_pair, Technique::x_wing}) {
        benchmark::RegisterBenchmark(
            (std::string("Generate/16x16_needs_") + std::string(technique_info(t).code)).c_str(),
            generate_puzzles, needing(Shape{4, 4}, t))
            ->Unit(benchmark::kMillisecond)
            ->Iterations(10);
    }
    return true;
}();

}  // namespace
