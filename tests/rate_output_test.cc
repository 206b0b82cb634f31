// What `rate` says beyond the numbers: pencil marks refused with a reason, what a rating cut by
// the time limit knows, --max with an early exit, the histogram's keys, and the summary line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_runner.h"
#include "sudokit/json.h"
#include "sudokit/rate.h"
#include "test_support.h"

namespace sudokit::testing {
namespace {

const char* const kPuzzle =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

TEST(RateOutput, PencilMarksAreRefusedNotRatedFromTheirSingles) {
    const CandidateGrid start{parse_puzzle(kPuzzle).value().grid};
    std::string marks_line = format_marks_line(start.marks());
    std::vector<RateItem> done;
    std::vector<std::string> texts = {kPuzzle, marks_line};
    size_t next = 0;
    run_rate_batch(
        [&](RateItem& item) {
            if (next == texts.size()) return false;
            item.item = read_puzzle_item(texts[next], {}, static_cast<int>(next) + 1);
            ++next;
            return true;
        },
        [] {
            RateBatchOptions options;
            options.threads = 1;
            return options;
        }(),
        [&](const RateItem& item) {
            done.push_back(item);
            return true;
        });
    ASSERT_EQ(done.size(), 2u);
    EXPECT_EQ(done[0].status(), "solved");
    EXPECT_FALSE(done[0].failed());
    EXPECT_FALSE(done[1].rated());
    EXPECT_EQ(done[1].status(), "unsupported");
    EXPECT_TRUE(done[1].failed());
    EXPECT_NE(done[1].message({}).find("line 2: pencil marks are not rated"), std::string::npos)
        << done[1].message({});
    const Json json = rate_item_json(done[1], "f", {}, {});
    EXPECT_EQ(json["status"], "unsupported");
    EXPECT_TRUE(json["er"].is_null());
}

TEST(RateOutput, TheReadmesHintFileIsRefusedWithAReason) {
    const CliRun run = run_cli({"rate", "hint_pair_pmgrid.txt"});
    EXPECT_EQ(run.code, 1);
    EXPECT_NE(run.out.find(" unsupported\n"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("20.0"), std::string::npos) << run.out;
    EXPECT_NE(run.err.find("pencil marks are not rated"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("1 pencil marks not rated"), std::string::npos) << run.err;
}

TEST(RateOutput, ACutRatingGivesTheHardestStepSoFarAsALowerBound) {
    Rating cut;
    cut.end = RateEnd::time_limit;
    cut.steps = 14;
    cut.se = SeRating{8.3, 1.2, 1.2};
    EXPECT_TRUE(cut.er_bound());
    EXPECT_FALSE(cut.er_known());
    EXPECT_EQ(rating_text(cut), ">=8.3/1.2/1.2");
    Rating early;  // cut before the first step: nothing known
    early.end = RateEnd::time_limit;
    EXPECT_FALSE(early.er_bound());
    EXPECT_EQ(rating_text(early), "-/-/-");
    RateItem item;
    RateBatchOptions two_seconds;
    two_seconds.timeout_seconds = 2;
    item.item = read_puzzle_item(kPuzzle);
    item.rating = cut;
    EXPECT_NE(item.message(two_seconds).find("14 steps; ER at least 8.3"), std::string::npos)
        << item.message({});
    const Json json = rate_item_json(item, "f", {}, {});
    EXPECT_EQ(json["status"], "timeout");
    EXPECT_EQ(json["rating"], ">=8.3/1.2/1.2");
    EXPECT_TRUE(json["er"].is_null());
    EXPECT_EQ(json["ep"], 1.2);
}

TEST(RateOutput, MaxWithAnEarlyExitIsAnOptionError) {
    for (bool ep : {true, false}) {
        RateBatchOptions options;
        options.rate.max_er = 3;
        options.rate.ep_only = ep;
        options.rate.ed_only = !ep;
        const OptionCheck problem = check_rate_options(options);
        ASSERT_TRUE(problem);
        EXPECT_EQ(problem->field, "max_er");
        EXPECT_EQ(problem->related, ep ? "ep_only" : "ed_only");
    }
    const CliRun run = run_cli({"rate", "--max", "3", "--ep-only", "rate_hard.txt"});
    EXPECT_EQ(run.code, 2);
    EXPECT_NE(run.err.find("--max and --ep-only: choose one"), std::string::npos) << run.err;
    EXPECT_EQ(run.out, "");
}

TEST(RateOutput, HistogramJsonIsKeyedByCodeAsTheText) {
    const Rating r = rate_puzzle(parse_puzzle(kPuzzle).value().grid);
    const Json json = histogram_json(r);
    std::string text;
    for (const auto& [code, count] : json.items()) {
        if (!text.empty()) text += ' ';
        text += code + ":" + std::to_string(count.get<int>());
    }
    EXPECT_EQ(text, histogram_text(r));
}

TEST(RateOutput, TheSummaryCountsEachItemOnce) {
    const CliRun run = run_cli({"rate", "rate_several.txt"});
    const std::vector<std::string> err = split_lines(run.err);
    ASSERT_FALSE(err.empty());
    EXPECT_TRUE(err.back().starts_with(
        "sudokit: 1 puzzle: 1 rated (1 with several solutions, 0 with none), 0 invalid in "))
        << err.back();
}

}  // namespace
}  // namespace sudokit::testing
