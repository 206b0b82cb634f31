// Throughput of the `fast` engine's free function on the public data sets, per set and path:
// one iteration is one puzzle counted up to 2 solutions (file order, cycled), single thread.
// Part of sudokit_bench (bench/CMakeLists.txt); build the release preset; data: ../shared/data.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "engines/fast/fast.h"

namespace {

using sudokit::FastOptions;
using sudokit::FastPath;
using sudokit::FastStats;

// ../shared/data, or $SUDOKIT_DATA_DIR when set.
std::string data_dir() {
    const char* env = std::getenv("SUDOKIT_DATA_DIR");
    return env != nullptr && *env != '\0' ? env : SUDOKIT_DEFAULT_DATA_DIR;
}

std::vector<std::string> load(const std::string& name) {
    std::ifstream in(data_dir() + "/" + name);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) {
        if (line.size() >= 81 && line[0] != '#') out.push_back(line.substr(0, 81));
    }
    return out;
}

void solve_set(benchmark::State& state, const char* file, FastPath path) {
    if (!sudokit::fast_path_available(path)) {
        state.SkipWithError("path not available on this CPU");
        return;
    }
    const auto puzzles = load(file);
    if (puzzles.empty()) {
        state.SkipWithError("data set not found");
        return;
    }
    FastOptions options;
    options.max_solutions = 2;
    options.path = path;
    // Validation pass (also the warm-up): every puzzle has a solution. Timing starts after it.
    uint64_t nodes = 0;
    for (const std::string& p : puzzles) {
        FastStats stats;
        if (sudokit::fast_solve(p.c_str(), options, nullptr, &stats) < 1) {
            state.SkipWithError(("no solution found for " + p).c_str());
            return;
        }
        nodes += stats.nodes;
    }
    size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            sudokit::fast_solve(puzzles[i].c_str(), options, nullptr, nullptr));
        if (++i == puzzles.size()) i = 0;
    }
    state.counters["puzzles"] = static_cast<double>(puzzles.size());
    state.counters["branches/puzzle"] =
        static_cast<double>(nodes - puzzles.size()) / static_cast<double>(puzzles.size());
}

constexpr const char* kSets[] = {
    "tdoku_puzzles2_17_clue.txt",
    "tdoku_puzzles7_serg_benchmark.txt",
    "tdoku_puzzles3_magictour_top1465.txt",
    "norvig_top95.txt",
    "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
    "tdoku_puzzles6_forum_hardest_1106.txt",
};

const bool kRegistered = [] {
    for (const char* set : kSets) {
        for (FastPath path : {FastPath::kAvx512, FastPath::kAvx2, FastPath::kPortable}) {
            const std::string name =
                "fast/" + std::string(sudokit::fast_path_name(path)) + "/" + set;
            benchmark::RegisterBenchmark(name.c_str(), solve_set, set, path)
                ->Unit(benchmark::kMicrosecond)
                ->MinTime(1.0);
        }
    }
    return true;
}();

}  // namespace
