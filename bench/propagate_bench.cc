// Benchmarks of the `propagate` engine: the Czech post's stack comparison (seed 004) and the
// throughput on the shared data sets, counting up to 2 solutions. See docs/results/.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "sudokit/engine.h"

namespace sudokit {
namespace {

// One puzzle per line: 1-9 then A-Z ('0'-'9','A'-'Z' for digits 1..36 in 36x36 files), any
// other character empty. Nothing when the length is no standard cell count.
std::optional<Grid> parse_line(std::string line) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    auto shape = Shape::for_cell_count(static_cast<int>(line.size()));
    if (!shape) return std::nullopt;
    const int shift = shape->size() == 36 ? 1 : 0;
    Grid grid(*shape);
    for (int i = 0; i < grid.cell_count(); ++i) {
        const char c = line[i];
        int d = 0;
        if (c >= '0' && c <= '9') d = c - '0' + shift;
        if (c >= 'A' && c <= 'Z') d = c - 'A' + 10 + shift;
        grid.set(i, d > shape->size() ? 0 : d);
    }
    return grid;
}

std::vector<Grid> read_puzzles(const std::string& path, size_t max) {
    std::vector<Grid> puzzles;
    std::ifstream in(path);
    for (std::string line; puzzles.size() < max && std::getline(in, line);) {
        if (auto grid = parse_line(line)) puzzles.push_back(*grid);
    }
    return puzzles;
}

std::string data_path(const std::string& name) {
    const char* env = std::getenv("SUDOKIT_DATA_DIR");
    return std::string(env != nullptr && *env != '\0' ? env : SUDOKIT_DEFAULT_DATA_DIR) + "/" +
           name;
}

void solve_all(benchmark::State& state, const std::string& spec, const std::vector<Grid>& puzzles) {
    auto engine = make_engine(spec);
    if (engine == nullptr || puzzles.empty()) {
        state.SkipWithError("no engine or no puzzles (data set missing?)");
        return;
    }
    Stats total;
    uint64_t solved = 0;
    size_t next = 0;
    for (auto _ : state) {
        Result r = engine->solve(puzzles[next], Limits{});
        benchmark::DoNotOptimize(r.count);
        total += r.stats;
        solved += r.count == 1;
        next = next + 1 == puzzles.size() ? 0 : next + 1;
    }
    // Time per iteration is time per puzzle; these are per puzzle as well.
    const auto avg = benchmark::Counter::kAvgIterations;
    state.counters["nodes"] = benchmark::Counter(static_cast<double>(total.nodes), avg);
    state.counters["unique"] = benchmark::Counter(static_cast<double>(solved), avg);
}

// The post's comparison: one puzzle, the same search on both stacks. hidden=off gives the
// post's rules (naked singles only); with hidden singles the puzzle needs no descent at all.
const char* const kCzech =
    ".......13....3..8..7..........2.6....3....9......1....6..5..2.4...4..7..1........";

void BM_PropagateStack(benchmark::State& state, const std::string& spec) {
    solve_all(state, spec, {*parse_line(kCzech)});
}

// Puzzles per data set: enough for a stable mean, few enough for a short run.
void BM_PropagateSet(benchmark::State& state, const std::string& file, size_t max) {
    solve_all(state, "propagate", read_puzzles(data_path(file), max));
}

BENCHMARK_CAPTURE(BM_PropagateStack, prealloc_naked,
                  std::string("propagate:stack=prealloc,hidden=off"));
BENCHMARK_CAPTURE(BM_PropagateStack, alloc_naked, std::string("propagate:stack=alloc,hidden=off"));
BENCHMARK_CAPTURE(BM_PropagateStack, prealloc, std::string("propagate:stack=prealloc"));
BENCHMARK_CAPTURE(BM_PropagateStack, alloc, std::string("propagate:stack=alloc"));

BENCHMARK_CAPTURE(BM_PropagateSet, 17_clue, std::string("tdoku_puzzles2_17_clue.txt"), 5000);
BENCHMARK_CAPTURE(BM_PropagateSet, forum_hardest_11plus,
                  std::string("tdoku_puzzles5_forum_hardest_1905_11plus.txt"), 2000);
BENCHMARK_CAPTURE(BM_PropagateSet, gecode_16x16, std::string("sudoku16_gecode.txt"), 100);
BENCHMARK_CAPTURE(BM_PropagateSet, gen290_25x25, std::string("sudoku25_gen290.txt"), 100);
BENCHMARK_CAPTURE(BM_PropagateSet, gen330_25x25, std::string("sudoku25_gen330.txt"), 100);

}  // namespace
}  // namespace sudokit
