// The chunked, parallel, order-keeping batch runner (oneTBB), one engine per worker thread.
#include "sudokit/batch.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

namespace sudokit::cli {

namespace {

// Items read before solving them: enough to keep every core busy, small enough that memory does
// not grow with the input.
constexpr size_t kChunkItems = 4096;

std::string_view engine_name_of(std::string_view spec) { return spec.substr(0, spec.find(':')); }

}  // namespace

bool run_batch(InputSet& input, const BatchConfig& config, Output& out,
               const std::function<bool(const Job&)>& emit) {
    const EngineInfo* info = find_engine(engine_name_of(config.engine_spec));
    auto new_engine = [&] { return make_engine(config.engine_spec); };
    auto solve_one = [&](Job& job, Engine& engine) {
        if (!job.item.puzzle.ok()) return;
        const Grid& grid = job.puzzle().grid;
        if (info == nullptr || !info->supports(grid.shape())) {
            job.supported = false;
            return;
        }
        job.result = engine.solve(grid, config.limits);
    };

    std::unique_ptr<Engine> own_engine;  // the calling thread's
    tbb::enumerable_thread_specific<std::unique_ptr<Engine>> worker_engines;
    // --threads may ask for more threads than there are cores; TBB's default cap (one worker
    // per core) would otherwise warn on stderr and run fewer.
    std::optional<tbb::global_control> thread_cap;
    std::optional<tbb::task_arena> arena;
    if (config.threads > 1) {
        thread_cap.emplace(tbb::global_control::max_allowed_parallelism,
                           static_cast<size_t>(config.threads));
        arena.emplace(config.threads);
    }

    std::vector<Job> jobs;
    jobs.reserve(kChunkItems);
    bool more = true;
    while (more) {
        jobs.clear();
        while (jobs.size() < kChunkItems) {
            std::optional<InputSet::Entry> entry = input.next();
            if (!entry) {
                more = false;
                break;
            }
            jobs.push_back(Job{entry->source, std::move(entry->item), Result{}, true});
        }
        if (!arena || jobs.size() < 2) {
            if (own_engine == nullptr) own_engine = new_engine();
            for (Job& job : jobs) solve_one(job, *own_engine);
        } else {
            arena->execute([&] {
                tbb::parallel_for(tbb::blocked_range<size_t>(0, jobs.size()),
                                  [&](const tbb::blocked_range<size_t>& range) {
                                      std::unique_ptr<Engine>& engine = worker_engines.local();
                                      if (engine == nullptr) engine = new_engine();
                                      for (size_t i = range.begin(); i != range.end(); ++i)
                                          solve_one(jobs[i], *engine);
                                  });
            });
        }
        for (const Job& job : jobs) {
            if (!emit(job)) return false;
        }
        if (!out.flush()) return false;
    }
    return true;
}

std::string problem_message(const Job& job, Status status, const BatchConfig& config) {
    const int line = job.item.line;
    switch (status) {
        case Status::solved:
        case Status::counted:
            return "";
        case Status::invalid:
            return job.item.puzzle.error().message();
        case Status::no_solution:
            return fmt::format("line {}: no solution", line);
        case Status::multiple:
            return fmt::format("line {}: more than one solution", line);
        case Status::unfinished:
            return fmt::format(
                "line {}: the node budget of {} nodes ran out before the search ended", line,
                config.limits.node_budget);
        case Status::unsupported: {
            const int n = job.puzzle().grid.size();
            const std::string_view name = engine_name_of(config.engine_spec);
            const EngineInfo* info = find_engine(name);
            return fmt::format("line {}: engine '{}' does not solve {}x{} grids (sizes: {})", line,
                               name, n, n, info != nullptr ? info->sizes : "none");
        }
    }
    return "";
}

bool run_tallied_batch(InputSet& input, const BatchConfig& config, Output& out, Format format,
                       const JobWriters& writers, const std::function<Status(const Job&)>& classify,
                       Tally& tally, double* seconds) {
    const auto& write = format == Format::json   ? writers.json
                        : format == Format::grid ? writers.grid
                        : format == Format::csv  ? writers.csv
                                                 : writers.line;
    const auto start = std::chrono::steady_clock::now();
    const bool written = run_batch(input, config, out, [&](const Job& job) {
        const Status status = classify(job);
        tally.add(status);
        if (job.ran()) tally.stats += job.result.stats;
        if (is_failure(status))
            print_error(input.source_name(job.source), problem_message(job, status, config));
        write(out.text(), job, status);
        return out.flush_if_full();
    });
    if (!written || !out.flush()) {
        report_write_error(out.error());
        return false;
    }
    *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return true;
}

}  // namespace sudokit::cli
