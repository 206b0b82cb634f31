// Micro-benchmark of the `dlx` engine: µs per 9x9 puzzle, counting up to 2 solutions, one
// thread, cycling through the first 4000 puzzles of two tdoku sets (easy 17-clue, hardest).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "sudokit/engine.h"

namespace {

using sudokit::Grid;

// The first `count` 81-cell lines of a data file ('1'-'9' digits, anything else empty).
std::vector<Grid> load_9x9(const std::string& name, size_t count) {
    const char* env = std::getenv("SUDOKIT_DATA_DIR");
    const std::string dir = env != nullptr && *env != '\0' ? env : SUDOKIT_DEFAULT_DATA_DIR;
    std::ifstream in(dir + "/" + name);
    std::vector<Grid> puzzles;
    for (std::string line; puzzles.size() < count && std::getline(in, line);) {
        if (line.size() < 81 || line[0] == '#') continue;
        Grid grid;
        for (int cell = 0; cell < 81; ++cell) {
            const char c = line[cell];
            grid.set(cell, c >= '1' && c <= '9' ? c - '0' : 0);
        }
        puzzles.push_back(grid);
    }
    return puzzles;
}

void solve_set(benchmark::State& state, const char* file) {
    const std::vector<Grid> puzzles = load_9x9(file, 4000);
    if (puzzles.empty()) {
        state.SkipWithError("data set not found (set SUDOKIT_DATA_DIR)");
        return;
    }
    auto engine = sudokit::make_engine("dlx");
    size_t next = 0;
    for (auto _ : state) {
        sudokit::Result result = engine->solve(puzzles[next], sudokit::Limits{});
        benchmark::DoNotOptimize(result.count);
        if (++next == puzzles.size()) next = 0;
    }
    state.SetItemsProcessed(state.iterations());
}

BENCHMARK_CAPTURE(solve_set, tdoku_17_clue, "tdoku_puzzles2_17_clue.txt")
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(1.0)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK_CAPTURE(solve_set, tdoku_forum_hardest, "tdoku_puzzles5_forum_hardest_1905_11plus.txt")
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(2.0)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

}  // namespace
