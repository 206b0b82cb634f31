// generate_batch: workers take the next puzzle index from a counter and the calling thread hands
// the puzzles on in index order as they complete. Not run_ordered_batch: its chunks end in a
// barrier, and the time per puzzle of a target varies a thousandfold, so workers would idle;
// here a worker only waits when it is a window of puzzles ahead of the output.
#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "sudokit/batch.h"
#include "sudokit/generate.h"

namespace sudokit {

BatchEnd generate_batch(const GenerateBatchOptions& options,
                        const std::function<bool(const GeneratedPuzzle& puzzle)>& output) {
    // Checked here, on the caller's thread: a worker's Generator would throw where nothing
    // catches it.
    if (const OptionCheck problem = check_generate_options(options.generate))
        throw std::invalid_argument(option_error_text(*problem));
    const uint64_t count = options.count;
    if (count == 0) return BatchEnd::done;
    const int threads = static_cast<int>(std::min<uint64_t>(batch_threads(options.threads), count));
    // The workers stop on this flag: set by the caller's cancel (copied over by the output
    // thread) or when the output says stop.
    std::atomic<bool> stop{false};
    GenerateOptions generate = options.generate;
    const std::atomic<bool>* user_cancel = generate.cancel;
    generate.cancel = &stop;
    const uint64_t window = 64ull * static_cast<uint64_t>(threads);

    std::mutex mutex;
    std::condition_variable ready_cv;  // a puzzle is ready, or a worker ended
    std::condition_variable room_cv;   // the output moved on
    std::map<uint64_t, GeneratedPuzzle> ready;
    uint64_t next = 0;     // the next index to hand out (under mutex)
    uint64_t emitted = 0;  // puzzles handed on (under mutex)
    int running = threads;

    const auto work = [&] {
        Generator generator(generate);
        for (;;) {
            uint64_t index = 0;
            {
                std::unique_lock lock(mutex);
                room_cv.wait(
                    lock, [&] { return stop.load() || next >= count || next < emitted + window; });
                if (stop.load() || next >= count) break;
                index = next++;
            }
            GeneratedPuzzle puzzle = generator.generate(index);
            std::lock_guard lock(mutex);
            ready.emplace(index, std::move(puzzle));
            ready_cv.notify_all();
        }
        std::lock_guard lock(mutex);
        --running;
        ready_cv.notify_all();
    };
    std::vector<std::thread> workers;
    workers.reserve(threads);
    for (int i = 0; i < threads; ++i) workers.emplace_back(work);

    BatchEnd end = BatchEnd::done;
    std::unique_lock lock(mutex);
    while (emitted < count) {
        auto it = ready.find(emitted);
        if (it == ready.end()) {
            if (user_cancel != nullptr && user_cancel->load()) stop = true;
            if (running == 0) {  // stopped before this puzzle was made
                end = BatchEnd::interrupted;
                break;
            }
            // Wakes at least every 50 ms to look at the caller's cancel flag.
            ready_cv.wait_for(lock, std::chrono::milliseconds(50));
            continue;
        }
        GeneratedPuzzle puzzle = std::move(it->second);
        ready.erase(it);
        if (puzzle.end == GenerateEnd::interrupted) {
            end = BatchEnd::interrupted;
            break;
        }
        ++emitted;
        room_cv.notify_all();
        lock.unlock();
        const bool go_on = output(puzzle);
        lock.lock();
        if (!go_on) {
            end = BatchEnd::stopped;
            break;
        }
    }
    stop = true;
    room_cv.notify_all();
    lock.unlock();
    for (std::thread& worker : workers) worker.join();
    return end;
}

}  // namespace sudokit
