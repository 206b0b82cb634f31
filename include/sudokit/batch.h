// Ordered, parallel batches: puzzles are read a chunk at a time (memory stays flat however long
// the input), solved across worker threads, each with its own engine (engines are not
// thread-safe), and handed back in input order, whatever the thread count. Every front end (the
// CLI, the Python module, the web server) runs its batches through here.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>

#include "sudokit/engine.h"
#include "sudokit/io.h"
#include "sudokit/outcome.h"

namespace sudokit {

// The worker threads a batch uses for a request: 0 or less means every core; more than the
// cores is capped at the cores (extra threads only contend for them and cost start-up time).
int batch_threads(int requested);

struct BatchOptions {
    SolveOptions solve;         // the engine (checked by the caller: make_engine succeeds)
    int threads = 0;            // see batch_threads; 1 solves on the calling thread
    size_t chunk_items = 4096;  // items read before they are solved; 1: each as it comes
    // Set (from another thread or a signal handler) to stop: running searches end at once, and
    // the items finished before the first unfinished one are still handed on, in order.
    const std::atomic<bool>* cancel = nullptr;
};

// One input item and what became of it.
struct BatchItem {
    int source = 0;  // the caller's tag for where the item came from (e.g. which file)
    PuzzleReader::Item item;
    Result result;  // valid when ran()
    Outcome outcome = Outcome::invalid;

    bool ran() const { return item.puzzle.ok() && outcome != Outcome::unsupported; }
    const Puzzle& puzzle() const { return item.puzzle.value(); }
    // The reason on stderr for an item, with its line ("line 5: no solution"; the parser's
    // "line 3, column 7: ..." for invalid input); "" when the outcome is an answer to `task`.
    std::string message(Task task, const SolveOptions& options) const;
};

// How a batch ended.
enum class BatchEnd : uint8_t {
    done,         // every item was handed on
    stopped,      // the consumer returned false
    interrupted,  // BatchOptions::cancel was set
};

// Fills an item (source and item) and returns true, or returns false at the end of the input.
using BatchInput = std::function<bool(BatchItem& item)>;
// Receives each item in input order; returns false to stop.
using BatchOutput = std::function<bool(const BatchItem& item)>;

// Runs every item of `input` through the engine of options.solve and hands it to `output` in
// input order. `chunk_done` (optional) is called after each chunk's items were handed on (to
// flush output); returning false stops the batch.
BatchEnd run_batch(const BatchInput& input, const BatchOptions& options, const BatchOutput& output,
                   const std::function<bool()>& chunk_done = {});

// The machinery of run_batch for any per-item work (a rating, ...): up to chunk_items items are
// read with `read(slot)` (false: end of input), then `work(slot)` runs on each slot of the chunk
// on batch_threads(threads) workers (on the calling thread when 1) and returns false when it
// did not finish (cancelled); then `emit(slot)` hands each slot on in input order (false stops
// the batch) and `chunk_done` is called. After a cancel the slots finished before the first
// unfinished one are still handed on. `reserve(n)` is called once with the chunk size, so that
// the caller can size its slot storage before any call names a slot.
BatchEnd run_ordered_batch(size_t chunk_items, int threads, const std::atomic<bool>* cancel,
                           const std::function<void(size_t count)>& reserve,
                           const std::function<bool(size_t slot)>& read,
                           const std::function<bool(size_t slot)>& work,
                           const std::function<bool(size_t slot)>& emit,
                           const std::function<bool()>& chunk_done = {});

// Counts of a batch's outcomes and the engines' counters summed.
struct BatchTally {
    size_t items = 0;
    std::array<size_t, kOutcomeCount> by_outcome{};
    Stats stats;  // summed over every item the engine ran on

    void add(const BatchItem& item);
    size_t operator[](Outcome outcome) const { return by_outcome[static_cast<size_t>(outcome)]; }
    bool any_failure(Task task) const;
};

}  // namespace sudokit
