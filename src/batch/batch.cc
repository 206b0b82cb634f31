// The chunked, parallel, order-keeping batch runner (oneTBB), one engine per worker thread.
#include "sudokit/batch.h"

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "core/tsan.h"

namespace sudokit {

int batch_threads(int requested) {
    const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    return requested <= 0 ? cores : std::min(requested, cores);
}

namespace {

// Runs run_one(i) for every slot i < count on `lanes` workers, each taking the next slot from a
// shared counter until none is left (work sharing: a slow puzzle holds up one worker only).
// Under ThreadSanitizer the workers are std::threads, whose start and join it sees: Debian's
// libtbb.so is not built with it, so the hand-offs inside TBB are invisible to it and every
// slot a worker wrote would be reported. What the workers do is checked all the same.
template <class RunOne>
void share_slots([[maybe_unused]] tbb::task_arena& arena, int lanes, size_t count,
                 const RunOne& run_one) {
    std::atomic<size_t> next{0};
    auto lane = [&] {
        for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < count;) run_one(i);
    };
#ifdef SUDOKIT_TSAN
    std::vector<std::thread> workers;
    for (int l = 1; l < lanes; ++l) workers.emplace_back(lane);
    lane();
    for (std::thread& worker : workers) worker.join();
#else
    arena.execute([&] { tbb::parallel_for(0, lanes, [&](int) { lane(); }); });
#endif
}

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

BatchEnd run_ordered_batch(size_t chunk_items, int threads, const std::atomic<bool>* cancel,
                           const std::function<void(size_t count)>& reserve,
                           const std::function<bool(size_t slot)>& read,
                           const std::function<bool(size_t slot)>& work,
                           const std::function<bool(size_t slot)>& emit,
                           const std::function<bool()>& chunk_done) {
    threads = batch_threads(threads);
    chunk_items = std::max<size_t>(chunk_items, 1);
    std::optional<tbb::task_arena> arena;
    if (threads > 1) arena.emplace(threads);
    reserve(chunk_items);
    // done[i]: slot i finished (a slot not reached before a cancel stays unfinished).
    std::vector<char> done(chunk_items);
    auto run_one = [&](size_t i) {
        if (cancelled(cancel)) return;
        done[i] = work(i) ? 1 : 0;
    };
    for (;;) {
        size_t count = 0;
        while (count < chunk_items && !cancelled(cancel)) {
            if (!read(count)) break;
            done[count] = 0;
            ++count;
        }
        if (count == 0) return cancelled(cancel) ? BatchEnd::interrupted : BatchEnd::done;
        if (!arena || count < 2) {
            for (size_t i = 0; i < count; ++i) run_one(i);
        } else {
            share_slots(*arena, static_cast<int>(std::min<size_t>(threads, count)), count, run_one);
        }
        for (size_t i = 0; i < count; ++i) {
            if (!done[i]) {
                if (chunk_done) chunk_done();
                return BatchEnd::interrupted;
            }
            if (!emit(i)) return BatchEnd::stopped;
        }
        if (chunk_done && !chunk_done()) return BatchEnd::stopped;
    }
}

BatchEnd run_batch(const BatchInput& input, const BatchOptions& options, const BatchOutput& output,
                   const std::function<bool()>& chunk_done) {
    SolveOptions solve = options.solve;
    solve.cancel = options.cancel;
    auto new_engine = [&] { return make_engine(solve.engine); };
    // One engine per worker thread (the calling thread's among them).
    tbb::enumerable_thread_specific<std::unique_ptr<Engine>> engines;
    std::vector<BatchItem> items;
    return run_ordered_batch(
        options.chunk_items, options.threads, options.cancel,
        [&](size_t count) { items.resize(count); },
        [&](size_t slot) {
            // The slot's old result stays until the solve overwrites it: resetting it would
            // allocate a grid per item for nothing.
            BatchItem& item = items[slot];
            if (!input(item)) return false;
            item.outcome = Outcome::interrupted;
            return true;
        },
        [&](size_t slot) {
            std::unique_ptr<Engine>& engine = engines.local();
            if (engine == nullptr) engine = new_engine();
            solve_item(items[slot], *engine, solve);
            // A search the cancel flag stopped is not finished.
            return items[slot].outcome != Outcome::interrupted;
        },
        [&](size_t slot) { return output(items[slot]); }, chunk_done);
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
