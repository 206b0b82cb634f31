// The library's batch runner and outcomes (include/sudokit/batch.h, outcome.h): input order on
// any thread count and chunk size, a cancel that keeps the finished prefix, tallies, messages,
// and the JSON of items, whatever bytes the input holds.
#include "sudokit/batch.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "sudokit/json.h"
#include "sudokit/outcome.h"
#include "test_support.h"

namespace sudokit {
namespace {

const std::string kSolution =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

// Items from lines, in order; source = the line's index.
struct Lines {
    std::vector<std::string> lines;
    size_t next = 0;
    bool operator()(BatchItem& item) {
        if (next == lines.size()) return false;
        item.source = static_cast<int>(next);
        item.item = PuzzleReader::Item(static_cast<int>(next + 1),
                                       parse_puzzle(lines[next], {}, static_cast<int>(next + 1)));
        ++next;
        return true;
    }
};

std::vector<std::string> mixed_lines(int copies) {
    std::vector<std::string> lines;
    for (int i = 0; i < copies; ++i) {
        std::string unique = kSolution;
        unique[i % 81] = '.';
        lines.push_back(unique + " # unique " + std::to_string(i));
        lines.push_back(std::string(81, '.'));               // several
        lines.push_back("12345678" + std::string(73, '.'));  // fine so far...
        lines.back()[8 + 9 * 4] = '9';                       // ...r1c9 has no digit: none
        lines.push_back("oops " + std::to_string(i));        // invalid
        lines.push_back(std::string(16, '.'));               // 4x4: unsupported by fast
    }
    return lines;
}

TEST(Batch, ThreadsCapAtTheCores) {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    EXPECT_EQ(batch_threads(0), cores);
    EXPECT_EQ(batch_threads(-3), cores);
    EXPECT_EQ(batch_threads(1), 1);
    EXPECT_EQ(batch_threads(1000), cores);
    EXPECT_EQ(batch_threads(4096), cores);
}

TEST(Batch, OutcomesInInputOrderForAnyThreadsAndChunks) {
    const std::vector<std::string> lines = mixed_lines(40);
    std::vector<Outcome> reference;
    for (int threads : {1, 2, 8}) {
        for (size_t chunk : {size_t{1}, size_t{7}, size_t{4096}}) {
            SCOPED_TRACE(std::to_string(threads) + " threads, chunk " + std::to_string(chunk));
            BatchOptions options;
            options.solve.engine = "fast";
            options.threads = threads;
            options.chunk_items = chunk;
            Lines input{lines};
            std::vector<Outcome> seen;
            BatchTally tally;
            const BatchEnd end = run_batch(std::ref(input), options, [&](const BatchItem& item) {
                EXPECT_EQ(item.source, static_cast<int>(seen.size()));
                seen.push_back(item.outcome);
                tally.add(item);
                return true;
            });
            EXPECT_EQ(end, BatchEnd::done);
            ASSERT_EQ(seen.size(), lines.size());
            if (reference.empty()) reference = seen;
            EXPECT_EQ(seen, reference);
            EXPECT_EQ(tally.items, lines.size());
            EXPECT_EQ(tally[Outcome::unique], 40u);
            EXPECT_EQ(tally[Outcome::several], 40u);
            EXPECT_EQ(tally[Outcome::none], 40u);
            EXPECT_EQ(tally[Outcome::invalid], 40u);
            EXPECT_EQ(tally[Outcome::unsupported], 40u);
            EXPECT_TRUE(tally.any_failure(Task::solve));
        }
    }
    EXPECT_EQ(reference[0], Outcome::unique);
    EXPECT_EQ(reference[1], Outcome::several);
    EXPECT_EQ(reference[2], Outcome::none);
    EXPECT_EQ(reference[3], Outcome::invalid);
    EXPECT_EQ(reference[4], Outcome::unsupported);
}

TEST(Batch, TheConsumerCanStop) {
    Lines input{mixed_lines(5)};
    BatchOptions options;
    int seen = 0;
    EXPECT_EQ(run_batch(std::ref(input), options, [&](const BatchItem&) { return ++seen < 3; }),
              BatchEnd::stopped);
    EXPECT_EQ(seen, 3);
}

TEST(Batch, CancelHandsOnTheFinishedPrefixOnly) {
    // 30 quick puzzles, then counting the empty 9x9 grid's solutions, which never ends: only a
    // cancel stops it, and the batch hands on the 30 before it, in order, and nothing after.
    std::vector<std::string> lines;
    for (int i = 0; i < 30; ++i) lines.push_back(kSolution.substr(0, 80) + ".");
    lines.push_back(std::string(81, '.'));
    for (int i = 0; i < 30; ++i) lines.push_back(kSolution);
    for (int threads : {1, 2}) {
        std::atomic<bool> cancel{false};
        BatchOptions options;
        options.solve.engine = "dlx";
        options.solve.max_solutions = 4'000'000'000u;
        options.threads = threads;
        options.cancel = &cancel;
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            cancel = true;
        });
        Lines input{lines};
        std::vector<int> sources;
        const BatchEnd end = run_batch(std::ref(input), options, [&](const BatchItem& item) {
            sources.push_back(item.source);
            EXPECT_EQ(item.outcome, Outcome::unique);
            return true;
        });
        stopper.join();
        EXPECT_EQ(end, BatchEnd::interrupted);
        ASSERT_EQ(sources.size(), 30u) << threads << " threads";
        for (int i = 0; i < 30; ++i) EXPECT_EQ(sources[i], i);
    }
}

TEST(Batch, TimeoutIsPerPuzzleAndTheBatchGoesOn) {
    std::vector<std::string> lines = {kSolution.substr(0, 80) + ".", std::string(81, '.'),
                                      kSolution};
    BatchOptions options;
    options.solve.engine = "dlx";
    options.solve.max_solutions = 4'000'000'000u;
    options.solve.timeout_seconds = 0.05;
    Lines input{lines};
    std::vector<Outcome> seen;
    run_batch(std::ref(input), options, [&](const BatchItem& item) {
        seen.push_back(item.outcome);
        return true;
    });
    EXPECT_EQ(seen, (std::vector<Outcome>{Outcome::unique, Outcome::time_limit, Outcome::unique}));
}

TEST(Outcome, FromResults) {
    Result r;
    r.count = 1;
    EXPECT_EQ(outcome_of(r), Outcome::unique);
    r.stop = Stop::solution_limit;
    EXPECT_EQ(outcome_of(r), Outcome::found);
    r.count = 2;
    EXPECT_EQ(outcome_of(r), Outcome::several);
    r.stop = Stop::node_budget;
    EXPECT_EQ(outcome_of(r), Outcome::node_budget);  // the count asked for is not known
    r.count = 1;
    EXPECT_EQ(outcome_of(r), Outcome::node_budget);  // one found says nothing of a second
    r.count = 0;
    r.stop = Stop::finished;
    EXPECT_EQ(outcome_of(r), Outcome::none);
    r.stop = Stop::time_limit;
    EXPECT_EQ(outcome_of(r), Outcome::time_limit);
    r.stop = Stop::cancelled;
    EXPECT_EQ(outcome_of(r), Outcome::interrupted);
    r.stop = Stop::stuck;
    EXPECT_EQ(outcome_of(r), Outcome::stuck);
    r.stop = Stop::unsupported;
    EXPECT_EQ(outcome_of(r), Outcome::unsupported);

    EXPECT_FALSE(is_failure(Outcome::several, Task::count));
    EXPECT_TRUE(is_failure(Outcome::several, Task::solve));
    EXPECT_TRUE(is_failure(Outcome::none, Task::count));
    EXPECT_FALSE(is_failure(Outcome::found, Task::solve));
}

TEST(Outcome, MessagesSayWhatHappened) {
    SolveOptions options;
    options.engine = "fast";
    options.node_budget = 1;
    options.timeout_seconds = 0.5;
    const Shape nine{3, 3};
    Result r;
    EXPECT_EQ(outcome_reason(Outcome::none, r, options, nine), "no solution");
    EXPECT_EQ(outcome_reason(Outcome::several, r, options, nine), "more than one solution");
    EXPECT_EQ(outcome_reason(Outcome::node_budget, r, options, nine),
              "the node budget of 1 node ran out before the search ended");
    EXPECT_EQ(outcome_reason(Outcome::time_limit, r, options, nine),
              "the time limit of 0.5 s ran out before the search ended");
    EXPECT_EQ(outcome_reason(Outcome::unsupported, r, options, Shape{2, 2}),
              "engine 'fast' does not solve 4x4 grids (sizes: 9x9)");
    EXPECT_EQ(outcome_reason(Outcome::interrupted, r, options, nine),
              "interrupted before the search ended");
    EXPECT_EQ(outcome_reason(Outcome::unique, r, options, nine), "");

    // A stuck human engine: logic cannot finish, and the technique the next step needs.
    auto human = make_engine("human:order=ns");
    const Result stuck = human->solve(
        testing::grid_from_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"),
        Limits{});
    ASSERT_EQ(outcome_of(stuck), Outcome::stuck);
    EXPECT_EQ(stuck.needed_technique, "Hidden Single (box)");
    options.engine = "human:order=ns";
    EXPECT_EQ(outcome_reason(Outcome::stuck, stuck, options, nine),
              "logic alone cannot finish (stuck with 64 of 81 cells empty); the next step needs "
              "Hidden Single (box), which the engine's techniques leave out");
}

TEST(BatchJson, InvalidBytesNeverStopTheOutput) {
    BatchItem item;
    item.item = PuzzleReader::Item(3, parse_puzzle(kSolution + " # caf\xe9", {}, 3));
    auto engine = make_engine("auto");
    item.result = engine->solve(item.puzzle().grid, Limits{});
    item.outcome = outcome_of(item.result);
    const Json j = solve_item_json(item, "na\xefve.txt", SolveOptions{});
    const std::string text = json_text(j);
    EXPECT_NE(text.find("\"comment\":\"caf\xEF\xBF\xBD\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"file\":\"na\xEF\xBF\xBDve.txt\""), std::string::npos) << text;
    EXPECT_EQ(j["status"], "unique");
}

TEST(BatchJson, InvalidItemsKeepWhatWasRead) {
    BatchItem item;
    const std::string line = kSolution.substr(0, 40) + "x" + kSolution.substr(41) + " # the x";
    item.item = PuzzleReader::Item(7, parse_puzzle(line, {}, 7));
    item.item.text = line;
    item.item.comment = " # the x";
    const Json j = count_item_json(item, "f.txt", SolveOptions{});
    EXPECT_EQ(j["status"], "invalid");
    EXPECT_EQ(j["puzzle"], line);
    EXPECT_EQ(j["comment"], "the x");
    EXPECT_TRUE(j["error"].get<std::string>().starts_with("line 7, column 41"));
}

}  // namespace
}  // namespace sudokit
