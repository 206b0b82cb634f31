// The `heuristic` engine per strategy set on the public data sets: each iteration solves every
// loaded puzzle once, counting up to 2 solutions. Reported: us_per_puzzle (CPU) and nodes per
// puzzle. docs/results/heuristic-strategies.md holds the figures and how they were taken.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "sudokit/engine.h"

namespace {

using sudokit::Grid;

struct DataSet {
    const char* file;
    int puzzles;          // the first ones of the file (0: all)
    int singles_puzzles;  // naked singles alone need 10^2-10^4x the nodes: fewer, or -1 (none)
};

constexpr DataSet kDataSets[] = {
    {"tdoku_puzzles2_17_clue.txt", 3000, 200},
    {"tdoku_puzzles5_forum_hardest_1905_11plus.txt", 3000, 300},
    {"norvig_top95.txt", 0, 0},
    {"tdoku_puzzles3_magictour_top1465.txt", 0, 0},
    {"sudoku16_gecode.txt", 0, 0},
    {"sudoku25_gen290.txt", 0, -1},  // singles alone: over two minutes for the 8
    {"sudoku25_gen330.txt", 0, 0},
};
constexpr const char* kSets[] = {"singles", "hidden", "intersections", "pairs"};

std::string data_dir() {
    const char* env = std::getenv("SUDOKIT_DATA_DIR");
    return env != nullptr && *env != '\0' ? env : SUDOKIT_DEFAULT_DATA_DIR;
}

// One puzzle per line: 1-9 then A-Z for digits, anything else empty (these files are standard).
std::vector<Grid> load(const std::string& path, size_t limit) {
    std::vector<Grid> puzzles;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        auto shape = sudokit::Shape::for_cell_count(static_cast<int>(line.size()));
        if (!shape) continue;
        Grid grid(*shape);
        for (int i = 0; i < grid.cell_count(); ++i) {
            const char c = line[i];
            grid.set(i, c >= '1' && c <= '9' ? c - '0' : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 0);
        }
        puzzles.push_back(std::move(grid));
        if (limit != 0 && puzzles.size() == limit) break;
    }
    return puzzles;
}

void solve_all(benchmark::State& state, const std::string& set, const DataSet& data) {
    const int limit = set == "singles" ? data.singles_puzzles : data.puzzles;
    const std::vector<Grid> puzzles =
        load(data_dir() + "/" + data.file, static_cast<size_t>(limit));
    if (puzzles.empty()) {
        state.SkipWithError("data set not found (SUDOKIT_DATA_DIR)");
        return;
    }
    auto engine = sudokit::make_engine("heuristic:strategies=" + set);
    const sudokit::Limits limits;  // count up to 2: "unique or not"
    // Warm-up and validation: every puzzle of these sets has exactly one solution.
    uint64_t nodes = 0;
    for (const Grid& puzzle : puzzles) {
        const sudokit::Result r = engine->solve(puzzle, limits);
        if (r.count != 1 || !r.complete()) {
            state.SkipWithError("a puzzle without exactly one solution");
            return;
        }
        nodes += r.stats.nodes;
    }
    for (auto _ : state) {
        for (const Grid& puzzle : puzzles) benchmark::DoNotOptimize(engine->solve(puzzle, limits));
    }
    const double n = static_cast<double>(puzzles.size());
    state.counters["puzzles"] = n;
    state.counters["nodes_per_puzzle"] = static_cast<double>(nodes) / n;
    // Seconds per puzzle from the CPU time of the iterations (rate of puzzles, inverted).
    state.counters["s_per_puzzle"] =
        benchmark::Counter(n * static_cast<double>(state.iterations()),
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// Registered at start-up like BENCHMARK(): one benchmark per data set and strategy set, named
// heuristic/<set>/<file>; the puzzles are read when it runs.
const bool kRegistered = [] {
    for (const DataSet& data : kDataSets) {
        for (const char* set : kSets) {
            if (std::string(set) == "singles" && data.singles_puzzles < 0) continue;
            const std::string name = std::string("heuristic/") + set + "/" + data.file;
            benchmark::RegisterBenchmark(name.c_str(), [set, &data](benchmark::State& state) {
                solve_all(state, set, data);
            })->Unit(benchmark::kMillisecond);
        }
    }
    return true;
}();

}  // namespace
