// Throughput mode: whole puzzle sets through each engine, optionally transformed, repeated until a
// minimum time has passed, on N threads (one engine each, optionally pinned). An untimed first
// pass checks every answer outside the engine and gathers the counts; the timed passes only solve.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cmath>
#include <thread>

#include "sudokit/bench.h"

namespace sudokit {

namespace {

using Clock = std::chrono::steady_clock;

// What the validation pass learns about one puzzle.
struct Checked {
    BenchVerdict outcome = BenchVerdict::unsupported;
    uint32_t count = 0;
    uint64_t guesses = 0;
    uint64_t nodes = 0;
};

// Runs whole passes over `count` puzzles on one worker per engine: one pass, or, when
// `open_ended`, passes until `min_seconds` have passed. The workers share each pass out in chunks
// and meet at a barrier after it, where one of them decides whether another pass follows. Calls
// progress on this thread while the workers run.
class PassRunner {
  public:
    PassRunner(std::vector<std::unique_ptr<Engine>>& engines, bool pin)
        : engines_(engines), pin_(pin) {}

    // Returns the number of puzzles solved (passes * count) and sets *seconds to the wall time.
    template <class Work>
    uint64_t run(size_t count, bool open_ended, double min_seconds, Work work,
                 const std::function<void(uint64_t done, double elapsed)>& progress,
                 double* seconds) {
        const size_t threads = engines_.size();
        // Chunks big enough to keep the shared counter cold, small enough to share the tail.
        const size_t chunk = std::clamp<size_t>(count / (threads * 16), 1, 64);
        std::atomic<size_t> next{0};
        std::atomic<uint64_t> done{0};
        std::atomic<bool> go{false};
        std::atomic<size_t> running{threads};
        Clock::time_point start;
        Clock::time_point stop;
        uint64_t passes = 0;
        bool last = false;
        std::barrier pass_end(static_cast<std::ptrdiff_t>(threads), [&]() noexcept {
            stop = Clock::now();
            ++passes;
            next.store(0, std::memory_order_relaxed);
            last =
                !open_ended || std::chrono::duration<double>(stop - start).count() >= min_seconds;
        });

        std::vector<std::thread> workers;
        for (size_t t = 0; t < threads; ++t) {
            workers.emplace_back([&, t] {
                std::optional<CpuPin> pinned;
                if (pin_) pinned.emplace(static_cast<int>(t));
                while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
                Engine& engine = *engines_[t];
                do {
                    while (true) {
                        const size_t first = next.fetch_add(chunk, std::memory_order_relaxed);
                        if (first >= count) break;
                        const size_t end = std::min(first + chunk, count);
                        for (size_t i = first; i < end; ++i) work(engine, i);
                        done.fetch_add(end - first, std::memory_order_relaxed);
                    }
                    pass_end.arrive_and_wait();
                } while (!last);
                running.fetch_sub(1, std::memory_order_release);
            });
        }
        start = Clock::now();
        go.store(true, std::memory_order_release);
        while (running.load(std::memory_order_acquire) > 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            if (progress)
                progress(done.load(std::memory_order_relaxed),
                         std::chrono::duration<double>(Clock::now() - start).count());
        }
        for (std::thread& w : workers) w.join();
        *seconds = std::chrono::duration<double>(stop - start).count();
        return passes * count;
    }

  private:
    std::vector<std::unique_ptr<Engine>>& engines_;
    bool pin_;
};

}  // namespace

double ThroughputRow::puzzles_per_second() const {
    const double us = us_per_puzzle();
    return us > 0 ? 1e6 / us : 0;
}
double ThroughputRow::us_per_puzzle() const {
    if (round_us.size() > 1) return median(round_us);
    return solves > 0 ? seconds * 1e6 / static_cast<double>(solves) : 0;
}
double ThroughputRow::no_guess_share() const {
    const size_t run = puzzles - unsupported;
    return run > 0 ? static_cast<double>(no_guess) / static_cast<double>(run) : 0;
}
double ThroughputRow::guesses_per_puzzle() const {
    const size_t run = puzzles - unsupported;
    return run > 0 ? static_cast<double>(guesses) / static_cast<double>(run) : 0;
}

std::optional<std::vector<ThroughputRow>> run_throughput(const BenchSet& set,
                                                         const ThroughputOptions& options,
                                                         std::string* error) {
    std::string ignored;
    if (error == nullptr) error = &ignored;
    if (options.engines.empty()) {
        *error = "no engine to measure";
        return std::nullopt;
    }
    if (options.threads < 1 || options.max_solutions < 1 || options.rounds < 1 ||
        !(options.min_seconds >= 0)) {
        *error = "threads, max_solutions and rounds must be >= 1 and the minimum time >= 0";
        return std::nullopt;
    }
    // Every spec is checked before anything runs, so a typo does not cost a long run.
    std::vector<std::vector<std::unique_ptr<Engine>>> engines(options.engines.size());
    for (size_t e = 0; e < options.engines.size(); ++e) {
        for (int t = 0; t < options.threads; ++t) {
            auto engine = make_engine(options.engines[e], error);
            if (!engine) return std::nullopt;
            engines[e].push_back(std::move(engine));
        }
    }

    std::vector<Grid> puzzles;
    puzzles.reserve(set.puzzles.size());
    std::mt19937_64 rng(options.seed);
    for (const BenchPuzzle& p : set.puzzles)
        puzzles.push_back(
            options.transform ? GridTransform::random(p.grid.shape(), rng).apply(p.grid) : p.grid);
    const Limits limits{.max_solutions = options.max_solutions, .node_budget = options.node_budget};

    const size_t engine_count = engines.size();
    const int rounds = std::max(1, options.rounds);
    std::vector<ThroughputRow> rows(engine_count);
    std::vector<std::vector<size_t>> runnable(engine_count);
    std::vector<PassRunner> runners;
    for (size_t e = 0; e < engine_count; ++e) runners.emplace_back(engines[e], options.pin);

    // Progress: each engine's check pass is one unit, each (round, engine) timed run another.
    const double units = static_cast<double>(engine_count) * (1 + rounds);
    std::string label;
    auto reporter = [&](size_t unit, size_t n, bool timed) {
        return [&, unit, n, timed](uint64_t done, double elapsed) {
            if (!options.progress) return;
            // Timed runs end after a whole pass and the minimum time, whichever comes later.
            double within = std::min(1.0, static_cast<double>(done) / static_cast<double>(n));
            if (timed && options.min_seconds > 0)
                within = std::min(within, std::min(1.0, elapsed / options.min_seconds));
            options.progress(Progress{.fraction = (static_cast<double>(unit) + within) / units,
                                      .done = static_cast<size_t>(std::min<uint64_t>(done, n)),
                                      .total = n,
                                      .label = label});
        };
    };

    for (size_t e = 0; e < engine_count; ++e) {
        ThroughputRow& row = rows[e];
        row.engine = options.engines[e];
        row.set = set.name;
        row.puzzles = puzzles.size();
        row.threads = options.threads;
        const EngineInfo* info = find_engine(engines[e].front()->name());
        for (size_t p = 0; p < puzzles.size(); ++p) {
            if (info == nullptr || info->supports(puzzles[p].shape()))
                runnable[e].push_back(p);
            else
                ++row.unsupported;
        }
        if (runnable[e].empty()) continue;
        std::vector<Checked> checked(runnable[e].size());
        label = row.engine + " (check)";
        double seconds = 0;
        runners[e].run(
            runnable[e].size(), false, 0,
            [&](Engine& engine, size_t i) {
                const Grid& puzzle = puzzles[runnable[e][i]];
                const Result r = engine.solve(puzzle, limits);
                Checked& c = checked[i];
                c.count = r.count;
                c.guesses = r.stats.guesses;
                c.nodes = r.stats.nodes;
                c.outcome = r.count == 0              ? BenchVerdict::unsolved
                            : solves(puzzle, r.first) ? BenchVerdict::solved
                                                      : BenchVerdict::wrong;
            },
            reporter(e, runnable[e].size(), false), &seconds);
        for (const Checked& c : checked) {
            row.solved += c.outcome == BenchVerdict::solved;
            row.unsolved += c.outcome == BenchVerdict::unsolved;
            row.wrong += c.outcome == BenchVerdict::wrong;
            row.multiple += c.count >= 2;
            row.no_guess += c.outcome == BenchVerdict::solved && c.guesses == 0;
            row.guesses += c.guesses;
            row.nodes += c.nodes;
        }
    }

    // Timed rounds, engines interleaved, the order reversed every other round, so that a drift
    // of the machine (heat, a neighbour's load) spreads over all engines alike.
    for (int round = 0; round < rounds; ++round) {
        for (size_t k = 0; k < engine_count; ++k) {
            const size_t e = round % 2 == 0 ? k : engine_count - 1 - k;
            ThroughputRow& row = rows[e];
            if (runnable[e].empty()) continue;
            label = rounds > 1 ? fmt::format("{} (round {}/{})", row.engine, round + 1, rounds)
                               : row.engine + " (timed)";
            double seconds = 0;
            // A virtual call that changes the engine's state: the compiler cannot drop it.
            const uint64_t solves = runners[e].run(
                runnable[e].size(), options.min_seconds > 0, options.min_seconds,
                [&](Engine& engine, size_t i) { engine.solve(puzzles[runnable[e][i]], limits); },
                reporter(engine_count + static_cast<size_t>(round) * engine_count + k,
                         runnable[e].size(), true),
                &seconds);
            row.solves += solves;
            row.seconds += seconds;
            row.passes += static_cast<int>(solves / runnable[e].size());
            row.round_us.push_back(seconds * 1e6 / static_cast<double>(solves));
        }
    }
    if (options.progress)
        options.progress(Progress{.fraction = 1.0, .done = 0, .total = 0, .label = "done"});
    return rows;
}

}  // namespace sudokit
