// `fast`: the Engine wrapper around fast_solve, the choice of the compiled path, and the registry
// entry. A node is one branch entered (engine.h).
#include <array>
#include <string>

#include "engines/engine_options.h"
#include "engines/fast/fast.h"
#include "engines/fast/fast_paths.h"

namespace sudokit {

namespace {

bool cpu_has_avx2() {
#if defined(__x86_64__)
    static const bool has = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
               __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
    }();
    return has;
#else
    return false;
#endif
}

bool cpu_has_avx512() {
#if defined(__x86_64__)
    static const bool has = [] {
        __builtin_cpu_init();
        return cpu_has_avx2() && __builtin_cpu_supports("avx512f") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512dq");
    }();
    return has;
#else
    return false;
#endif
}

// What a path needs of the CPU, for the message when it is asked for and missing.
std::string_view cpu_requirement(FastPath path) {
    return path == FastPath::kAvx512 ? "AVX2, BMI2 and AVX-512 F, VL, BW and DQ" : "AVX2 and BMI2";
}

class FastEngine final : public Engine {
  public:
    explicit FastEngine(FastPath path) : path_(path) {}

    std::string_view name() const override { return "fast"; }
    bool supports(Shape shape) const override { return shape == Shape{3, 3}; }

  protected:
    // Only 9x9 grids reach here (Engine::solve checks the shape).
    Result search(const Grid& puzzle, const Limits& limits) override {
        Result result;
        result.first = Grid(puzzle.shape());
        std::array<char, 81> text{};
        std::array<char, 81> solution{};
        for (int i = 0; i < 81; ++i) {
            const int v = puzzle[i];
            // A value above 9 cannot be placed: such a grid has no solution.
            if (v > 9) return result;
            text[i] = static_cast<char>(v == 0 ? '.' : '0' + v);
        }
        FastOptions options;
        options.max_solutions = static_cast<int>(
            limits.max_solutions > 1'000'000'000u ? 1'000'000'000u : limits.max_solutions);
        options.node_budget = limits.node_budget;
        options.deadline = limits.deadline;
        options.cancel = limits.cancel;
        options.path = path_;
        FastStats stats;
        const int count = fast_solve(text.data(), options, solution.data(), &stats);
        result.count = static_cast<uint32_t>(count);
        result.stop = stats.stop;
        result.stats.nodes = stats.nodes;
        result.stats.guesses = stats.guesses;
        result.stats.depth = stats.depth;
        if (count > 0) {
            for (int i = 0; i < 81; ++i) result.first.set(i, solution[i] - '0');
        }
        return result;
    }

  private:
    FastPath path_;
};

}  // namespace

bool fast_path_available(FastPath path) {
    switch (path) {
        case FastPath::kAvx2:
            return cpu_has_avx2();
        case FastPath::kAvx512:
            return cpu_has_avx512();
        case FastPath::kAuto:
        case FastPath::kPortable:
            return true;
    }
    return false;
}

FastPath fast_best_path() {
    if (cpu_has_avx512()) return FastPath::kAvx512;
    return cpu_has_avx2() ? FastPath::kAvx2 : FastPath::kPortable;
}

std::string_view fast_path_name(FastPath path) {
    switch (path) {
        case FastPath::kAuto:
            return "auto";
        case FastPath::kPortable:
            return "portable";
        case FastPath::kAvx2:
            return "avx2";
        case FastPath::kAvx512:
            return "avx512";
    }
    return "?";
}

int fast_solve(const char* puzzle81, const FastOptions& options, char* solution81,
               FastStats* stats) {
    FastPath path = options.path == FastPath::kAuto ? fast_best_path() : options.path;
#if defined(__x86_64__)
    if (path == FastPath::kAvx512 && cpu_has_avx512()) {
        return detail::fast_solve_avx512(puzzle81, options, solution81, stats);
    }
    if (path == FastPath::kAvx2 && cpu_has_avx2()) {
        return detail::fast_solve_avx2(puzzle81, options, solution81, stats);
    }
#endif
    return detail::fast_solve_portable(puzzle81, options, solution81, stats);
}

int fast_solve(const char* puzzle81, int max_solutions, char* solution81, FastStats* stats) {
    FastOptions options;
    options.max_solutions = max_solutions;
    return fast_solve(puzzle81, options, solution81, stats);
}

namespace {

constexpr std::string_view kPaths[] = {"auto", "portable", "avx2", "avx512"};
constexpr EngineOption kFastOptions[] = {
    {.name = "path",
     .values = kPaths,
     .syntax = "",
     .default_value = "auto",
     .help = "the code path: chosen by the CPU (auto), portable C++, AVX2 and BMI2, or AVX-512 "
             "(every rule on all words at once)"},
};

}  // namespace

EngineInfo fast_engine_info() {
    return EngineInfo{
        .name = "fast",
        .description = "band bitboards (27 bits per digit and band), singles, locked candidates",
        .sizes = "9x9",
        .options = kFastOptions,
        .supports =
            [](Shape s) {
                return s == Shape{3, 3};
            },
        .make = [](std::string_view options, std::string* error) -> std::unique_ptr<Engine> {
            detail::OptionValues values;
            if (!detail::parse_engine_options(fast_engine_info(), options, values, error))
                return nullptr;
            FastPath path = FastPath::kAuto;
            for (FastPath named : {FastPath::kPortable, FastPath::kAvx2, FastPath::kAvx512}) {
                if (values["path"] == fast_path_name(named)) path = named;
            }
            if (!fast_path_available(path)) {
                if (error != nullptr) {
                    *error = "engine 'fast': path " + std::string(fast_path_name(path)) +
                             " needs a CPU with " + std::string(cpu_requirement(path));
                }
                return nullptr;
            }
            return std::make_unique<FastEngine>(path);
        },
    };
}

}  // namespace sudokit
