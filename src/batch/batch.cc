// The chunked, parallel, order-keeping batch runner (oneTBB), one engine per worker thread.
#include "sudokit/batch.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace sudokit {

int batch_threads(int requested) {
    const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    return requested <= 0 ? cores : std::min(requested, cores);
}

namespace {

bool cancelled(const std::atomic<bool>* flag) {
    return flag != nullptr && flag->load(std::memory_order_relaxed);
}

// Solves one item (unless its input is invalid) and sets its outcome.
void solve_item(BatchItem& item, Engine& engine, const SolveOptions& options) {
    if (!item.item.puzzle.ok()) {
        item.outcome = Outcome::invalid;
        return;
    }
    item.result = engine.solve(item.puzzle().grid, options.limits());
    item.outcome = outcome_of(item.result);
}

}  // namespace

std::string BatchItem::message(Task task, const SolveOptions& options) const {
    if (!item.puzzle.ok()) return item.puzzle.error().message();
    if (!is_failure(outcome, task)) return "";
    return fmt::format("line {}: {}", item.line,
                       outcome_reason(outcome, result, options, puzzle().grid.shape()));
}

BatchEnd run_batch(const BatchInput& input, const BatchOptions& options, const BatchOutput& output,
                   const std::function<bool()>& chunk_done) {
    SolveOptions solve = options.solve;
    solve.cancel = options.cancel;
    auto new_engine = [&] { return make_engine(solve.engine); };
    const int threads = batch_threads(options.threads);
    const size_t chunk_items = std::max<size_t>(options.chunk_items, 1);

    std::unique_ptr<Engine> own_engine;  // the calling thread's
    tbb::enumerable_thread_specific<std::unique_ptr<Engine>> worker_engines;
    std::optional<tbb::task_arena> arena;
    if (threads > 1) arena.emplace(threads);

    // An item not reached before a cancel keeps Outcome::interrupted.
    auto run_one = [&](BatchItem& item, Engine& engine) {
        if (cancelled(options.cancel)) return;
        solve_item(item, engine, solve);
    };

    std::vector<BatchItem> items(chunk_items);
    for (;;) {
        size_t count = 0;
        while (count < chunk_items && !cancelled(options.cancel)) {
            // The slot's old result stays until the solve overwrites it: resetting it would
            // allocate a grid per item for nothing.
            BatchItem& item = items[count];
            if (!input(item)) break;
            item.outcome = Outcome::interrupted;
            ++count;
        }
        if (count == 0) return cancelled(options.cancel) ? BatchEnd::interrupted : BatchEnd::done;
        if (!arena || count < 2) {
            if (own_engine == nullptr) own_engine = new_engine();
            for (size_t i = 0; i < count; ++i) run_one(items[i], *own_engine);
        } else {
            arena->execute([&] {
                tbb::parallel_for(tbb::blocked_range<size_t>(0, count),
                                  [&](const tbb::blocked_range<size_t>& range) {
                                      std::unique_ptr<Engine>& engine = worker_engines.local();
                                      if (engine == nullptr) engine = new_engine();
                                      for (size_t i = range.begin(); i != range.end(); ++i)
                                          run_one(items[i], *engine);
                                  });
            });
        }
        for (size_t i = 0; i < count; ++i) {
            if (items[i].outcome == Outcome::interrupted) {
                if (chunk_done) chunk_done();
                return BatchEnd::interrupted;
            }
            if (!output(items[i])) return BatchEnd::stopped;
        }
        if (chunk_done && !chunk_done()) return BatchEnd::stopped;
    }
}

void BatchTally::add(const BatchItem& item) {
    ++items;
    ++by_outcome[static_cast<size_t>(item.outcome)];
    if (item.ran()) stats += item.result.stats;
}

bool BatchTally::any_failure(Task task) const {
    for (size_t i = 0; i < kOutcomeCount; ++i) {
        if (by_outcome[i] != 0 && is_failure(static_cast<Outcome>(i), task)) return true;
    }
    return false;
}

}  // namespace sudokit
