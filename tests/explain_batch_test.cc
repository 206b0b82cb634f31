// Batches of explanations and hints: the library's checks of their options and their output in
// input order on any number of workers.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "sudokit/explain.h"
#include "test_support.h"

namespace sudokit {
namespace {

// Puzzles of the kinds a batch meets: 9x9 ones, invalid lines, a conflict, small grids.
std::vector<std::string> batch_lines() {
    std::vector<std::string> lines = {
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "not a puzzle",
        "11...............................................................................",
    };
    // Cases of the engine tests ("puzzle:count[:solution]") of the default shape of their size.
    for (const std::string& line : testing::read_lines(testing::fixture_path("engine_cases.txt"))) {
        if (line.empty() || line[0] == '#') continue;
        const std::string cells = line.substr(0, line.find(':'));
        if (cells.find(' ') == std::string::npos) lines.push_back(cells);
        if (lines.size() == 16) break;
    }
    return lines;
}

std::vector<PuzzleReader::Item> items_of(const std::vector<std::string>& lines) {
    std::vector<PuzzleReader::Item> items;
    for (size_t i = 0; i < lines.size(); ++i)
        items.push_back(read_puzzle_item(lines[i], {}, static_cast<int>(i + 1)));
    return items;
}

std::vector<std::string> explain_all(const std::vector<PuzzleReader::Item>& items,
                                     ExplainBatchOptions options) {
    size_t next = 0;
    std::vector<std::string> out;
    const BatchEnd end = run_explain_batch(
        [&](ExplainItem& item) {
            if (next == items.size()) return false;
            item.item = items[next++];
            return true;
        },
        options,
        [&](const ExplainItem& item) {
            std::string text = std::to_string(item.item.line) + ": ";
            if (!item.explained()) {
                text += "invalid";
            } else {
                text += explanation_text(item.item.puzzle.value(), *item.explanation, false);
            }
            for (const std::string& message : item.messages(options)) text += "\n! " + message;
            out.push_back(text);
            return true;
        });
    EXPECT_EQ(end, BatchEnd::done);
    return out;
}

std::vector<std::string> hint_all(const std::vector<PuzzleReader::Item>& items,
                                  HintBatchOptions options) {
    size_t next = 0;
    std::vector<std::string> out;
    run_hint_batch(
        [&](HintItem& item) {
            if (next == items.size()) return false;
            item.item = items[next++];
            return true;
        },
        options,
        [&](const HintItem& item) {
            out.push_back(std::to_string(item.item.line) + ": " +
                          std::string(hint_status_name(item.hint.status)) + " " + item.hint.text);
            return true;
        });
    return out;
}

TEST(ExplainBatch, OptionsAreCheckedByTheLibrary) {
    ExplainBatchOptions explain;
    EXPECT_FALSE(check_explain_options(explain));
    explain.order = "ns+xyz";
    const OptionCheck order = check_explain_options(explain);
    ASSERT_TRUE(order);
    EXPECT_EQ(order->field, "order");
    EXPECT_NE(order->reason.find("unknown technique 'xyz'"), std::string::npos) << order->reason;
    explain.order = "se";
    explain.mode = "sideways";
    EXPECT_EQ(check_explain_options(explain),
              (OptionError{"mode", "'sideways' is not one of first, stepdown, focus"}));
    explain.mode = "focus";
    explain.timeout_seconds = -1;
    EXPECT_EQ(check_explain_options(explain)->field, "timeout_seconds");
    explain.timeout_seconds = 0.5;
    explain.threads = -2;
    EXPECT_EQ(check_explain_options(explain)->field, "threads");

    HintBatchOptions hint;
    EXPECT_FALSE(check_hint_options(hint));
    hint.order = "easiest:nothing";
    EXPECT_EQ(check_hint_options(hint)->field, "order");
    hint.order = "thesis";
    hint.timeout_seconds = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(check_hint_options(hint)->field, "timeout_seconds");

    // The checked options become the solver's.
    explain = ExplainBatchOptions{};
    explain.order = "ns+hs";
    explain.mode = "stepdown";
    explain.max_steps = 7;
    const HumanOptions human = explain_human_options(explain);
    EXPECT_EQ(human.order,
              (std::vector<Technique>{Technique::naked_single, Technique::hidden_single_box,
                                      Technique::hidden_single_line}));
    EXPECT_EQ(human.mode, SearchMode::stepdown);
    EXPECT_EQ(human.max_steps, 7u);
}

TEST(ExplainBatch, OutputInInputOrderOnAnyNumberOfThreads) {
    const std::vector<PuzzleReader::Item> items = items_of(batch_lines());
    ExplainBatchOptions options;
    options.checks = {.verify = true, .rate = true};
    options.threads = 1;
    const std::vector<std::string> one = explain_all(items, options);
    ASSERT_EQ(one.size(), items.size());
    EXPECT_EQ(one[2], "3: invalid\n! " + items[2].puzzle.error().message());
    for (size_t i = 0; i < items.size(); ++i) {
        if (!items[i].puzzle.ok()) continue;
        const Explanation e =
            explain_puzzle(items[i].puzzle.value(), explain_human_options(options), options.checks);
        EXPECT_EQ(one[i], std::to_string(i + 1) + ": " +
                              explanation_text(items[i].puzzle.value(), e, false));
    }
    for (const int threads : {2, 4}) {
        options.threads = threads;
        options.chunk_items = 3;  // several chunks, the last one short
        EXPECT_EQ(explain_all(items, options), one) << threads << " threads";
    }

    HintBatchOptions hints;
    hints.threads = 1;
    const std::vector<std::string> hinted = hint_all(items, hints);
    ASSERT_EQ(hinted.size(), items.size());
    EXPECT_EQ(hinted[0].rfind("1: step ", 0), 0u) << hinted[0];
    EXPECT_EQ(hinted[2], "3: invalid ");
    hints.threads = 3;
    hints.chunk_items = 2;
    EXPECT_EQ(hint_all(items, hints), hinted);
}

TEST(ExplainBatch, TimeLimitIsSaidPerItem) {
    const std::vector<PuzzleReader::Item> items = items_of(
        {"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."});
    ExplainBatchOptions options;
    options.timeout_seconds = 1e-9;
    options.threads = 1;
    const std::vector<std::string> out = explain_all(items, options);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_NE(out[0].find("! line 1: the time limit of 1e-09 s ran out before the explanation "
                          "ended"),
              std::string::npos)
        << out[0];
}

}  // namespace
}  // namespace sudokit
