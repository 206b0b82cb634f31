// Experiment mode, the thesis method (seed 000, docs/background.md 1): per (engine, puzzle) some
// untimed warm-up runs, then timed runs of the single solve call, of which the median is kept.
// Answers are checked outside the engine (grid.h's solves), and a puzzle not solved keeps no time.
#include <chrono>

#include "sudokit/bench.h"

namespace sudokit {

namespace {

BenchVerdict judge(const Grid& puzzle, const Result& result) {
    if (result.count == 0) return BenchVerdict::unsolved;
    return solves(puzzle, result.first) ? BenchVerdict::solved : BenchVerdict::wrong;
}

// The worse of two outcomes of the same (engine, puzzle): one bad run spoils the cell.
BenchVerdict worse(BenchVerdict a, BenchVerdict b) {
    if (a == BenchVerdict::wrong || b == BenchVerdict::wrong) return BenchVerdict::wrong;
    if (a == BenchVerdict::unsolved || b == BenchVerdict::unsolved) return BenchVerdict::unsolved;
    return a;
}

Measurement measure(Engine& engine, size_t e, size_t p, const Grid& puzzle,
                    const ExperimentOptions& options, std::vector<double>& times) {
    Measurement m;
    m.engine = e;
    m.puzzle = p;
    m.outcome = BenchVerdict::solved;
    const double cap_us = options.max_seconds * 1e6;
    const auto capped = [&](double spent_us, int runs, int at_least) {
        return cap_us > 0 && runs >= at_least && spent_us >= cap_us;
    };
    Result result;
    double warm_us = 0;
    for (int i = 0; i < options.warmup && !capped(warm_us, i, 1); ++i) {
        const auto start = std::chrono::steady_clock::now();
        result = engine.solve(puzzle, options.limits);
        warm_us +=
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                .count();
        m.outcome = worse(m.outcome, judge(puzzle, result));
    }
    times.clear();
    double timed_us = 0;
    for (int i = 0; i < options.reps && !capped(timed_us, i, kMinCappedReps); ++i) {
        const auto start = std::chrono::steady_clock::now();
        result = engine.solve(puzzle, options.limits);
        const auto stop = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
        timed_us += times.back();
        // Checked outside the timed call, on every run: an engine must not be right by luck.
        m.outcome = worse(m.outcome, judge(puzzle, result));
    }
    m.runs = static_cast<int>(times.size());
    m.count = result.count;
    m.stats = result.stats;
    if (m.outcome == BenchVerdict::solved) m.median_us = median(times);
    return m;
}

}  // namespace

std::optional<ExperimentResult> run_experiment(const BenchSet& set,
                                               const ExperimentOptions& options,
                                               std::string* error) {
    std::string ignored;
    if (error == nullptr) error = &ignored;
    if (options.warmup < 0 || options.reps < 1 || options.max_seconds < 0) {
        *error = "warm-up runs must be >= 0, timed runs >= 1 and the time cap >= 0";
        return std::nullopt;
    }
    if (options.engines.empty()) {
        *error = "no engine to measure";
        return std::nullopt;
    }
    std::vector<std::unique_ptr<Engine>> engines;
    std::vector<const EngineInfo*> infos;
    for (const std::string& spec : options.engines) {
        auto engine = make_engine(spec, error);
        if (!engine) return std::nullopt;
        infos.push_back(find_engine(engine->name()));
        engines.push_back(std::move(engine));
    }

    const auto start = std::chrono::steady_clock::now();
    ExperimentResult result;
    result.set_name = set.name;
    result.engines = options.engines;
    result.puzzles = set.puzzles;
    result.warmup = options.warmup;
    result.reps = options.reps;
    result.max_seconds = options.max_seconds;
    result.limits = options.limits;
    result.machine = describe_machine();
    result.rated_here = fill_missing_ratings(result.puzzles, options.rate, options.rate_threads);
    for (const BenchPuzzle& p : result.puzzles) result.unrated += !p.rating;

    std::optional<CpuPin> pin;
    if (options.pin) pin.emplace(*options.pin);

    const size_t puzzles = result.puzzles.size();
    const size_t units = engines.size() * puzzles;
    result.measurements.reserve(units);
    std::vector<double> times;
    times.reserve(options.reps);
    for (size_t e = 0; e < engines.size(); ++e) {
        for (size_t p = 0; p < puzzles; ++p) {
            const Grid& grid = result.puzzles[p].grid;
            if (infos[e] != nullptr && !infos[e]->supports(grid.shape())) {
                Measurement m;
                m.engine = e;
                m.puzzle = p;
                m.outcome = BenchVerdict::unsupported;
                result.measurements.push_back(m);
            } else {
                result.measurements.push_back(measure(*engines[e], e, p, grid, options, times));
            }
            if (options.progress) {
                const size_t done = e * puzzles + p + 1;
                options.progress(Progress{
                    .fraction = static_cast<double>(done) / static_cast<double>(units),
                    .done = p + 1,
                    .total = puzzles,
                    .label = result.engines[e],
                });
            }
        }
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace sudokit
