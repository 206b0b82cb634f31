// The rating (include/sudokit/rate.h): SE's loop against SE's own step lists and ratings, the
// early exits, the timeout, other shapes, SE's number format, the batch in input order.
#include "sudokit/rate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "se_path_reader.h"
#include "test_support.h"

namespace sudokit {
namespace {

// "1.5/1.2/1.2" of a finished rating.
std::string text_of(const Rating& rating) { return rating_text(rating); }

TEST(Rate, SeNumberFormat) {
    EXPECT_EQ(se_rating_text(1.2), "1.2");
    EXPECT_EQ(se_rating_text(6.699999999999999), "6.7");  // X-chain 6.6 + 0.1
    EXPECT_EQ(se_rating_text(6.6 + 0.1), "6.7");
    EXPECT_EQ(se_rating_text(20.0), "20.0");
    EXPECT_EQ(se_rating_text(0.0), "0.0");
    EXPECT_EQ(se_rating_text(7.04), "7.0");  // (int)(7.09 * 10) = 70
    EXPECT_EQ(se_rating_text(7.05), "7.1");
    EXPECT_EQ(se_tenths(4.4), 44);
}

// The se_paths files whose whole path sudokit reproduces today (no chain step): their headers'
// ER/EP/ED, and the --path layout field by field.
TEST(Rate, SePathsFilesRateAsTheirHeaders) {
    auto dir = testing::data_dir();
    if (!dir || !std::filesystem::is_directory(*dir + "/se_paths")) {
        if (testing::in_ci()) FAIL() << "se_paths not found, and CI=true: this test must run";
        GTEST_SKIP() << "se_paths not found (../shared/data or $SUDOKIT_DATA_DIR): skipped";
    }
    for (const char* name : {"1.5_1.txt", "2.0_1.txt", "2.6_1.txt", "3.4_1.txt", "4.2_1.txt",
                             "4.5_1.txt", "5.6_1.txt"}) {
        SCOPED_TRACE(name);
        const testing::SePath se = testing::read_se_path(*dir + "/se_paths/" + name);
        ASSERT_EQ(se.puzzle.size(), 81u);
        const Rating rating = rate_puzzle(testing::grid_from_line(se.puzzle));
        EXPECT_EQ(rating.end, RateEnd::solved);
        EXPECT_EQ(rating.solutions, SolutionCount::one);
        EXPECT_EQ(text_of(rating), se.rating);
        // The path kept for --path is the same path, and gives the same numbers.
        RateOptions keep;
        keep.keep_path = true;
        const Rating kept = rate_puzzle(testing::grid_from_line(se.puzzle), keep);
        EXPECT_EQ(kept.se, rating.se);
        EXPECT_EQ(static_cast<int>(kept.path.size()), rating.steps);
        const std::string text = rate_path_text(kept.path, Shape{3, 3});
        EXPECT_EQ(static_cast<int>(std::count(text.begin(), text.end(), '\n')), rating.steps);
        // Field by field as SE's file, except the technique name and text (sudokit's own) and
        // the order of the elimination groups: the rounded rating, the placement, the
        // eliminations (as a set of "C5-79" groups), the complexity ("-": no chain here), the
        // exact double.
        auto fields_of = [](const std::string& lines) {
            std::vector<std::vector<std::string>> rows;
            std::stringstream in(lines);
            for (std::string line; std::getline(in, line);) {
                if (line.empty() || line[0] == '#') continue;
                std::vector<std::string> f;
                std::stringstream ss(line);
                for (std::string field; std::getline(ss, field, '|');) {
                    const size_t a = field.find_first_not_of(' ');
                    const size_t b = field.find_last_not_of(' ');
                    f.push_back(a == std::string::npos ? "" : field.substr(a, b - a + 1));
                }
                if (f.size() == 8) {
                    std::stringstream groups(f[5]);
                    std::vector<std::string> g;
                    for (std::string item; groups >> item;) g.push_back(item);
                    std::sort(g.begin(), g.end());
                    f[5].clear();
                    for (const std::string& item : g) f[5] += item + " ";
                }
                rows.push_back(f);
            }
            return rows;
        };
        std::ifstream file(*dir + "/se_paths/" + name);
        std::stringstream se_text;
        se_text << file.rdbuf();
        const auto ours = fields_of(text);
        const auto theirs = fields_of(se_text.str());
        ASSERT_EQ(ours.size(), theirs.size());
        for (size_t i = 0; i < ours.size(); ++i) {
            ASSERT_EQ(ours[i].size(), 8u);
            ASSERT_EQ(theirs[i].size(), 8u);
            for (size_t f : {0u, 1u, 4u, 5u, 6u, 7u})
                EXPECT_EQ(ours[i][f], theirs[i][f]) << "step " << i + 1 << " field " << f;
        }
    }
}

// "3.0-3.9", "10+".
std::string band_name(int low) {
    return low >= 10 ? std::string("10+    ")
                     : std::to_string(low) + ".0-" + std::to_string(low) + ".9";
}

struct Band {
    int total = 0, er = 0, ep = 0, ed = 0, all = 0;
    double seconds = 0;
};

// Agreement with serate 1.2.1.3 on the public rated set, per band of SE's ER, and every mismatch
// printed. Asserted: issue 12's acceptance (ER exact on at least 95 %, within 0.1 on at least
// 98 %, EP and ED exact on at least 95 %), and every puzzle SE rates at most 5.9 exact (its path
// never reaches a chain). On the release build all 435 agree (docs/results/rate.md); the time
// limit per puzzle keeps a slow build (ASan) from stalling on the nested chains.
TEST(Rate, AgreementWithSeOnThePublicSet) {
    SUDOKIT_REQUIRE_DATA(csv, "se_rated_public.csv");
    std::ifstream in(csv);
    std::string text;
    std::getline(in, text);
    ASSERT_EQ(text.rfind("puzzle,er,ep,ed", 0), 0u) << text;
    std::map<int, Band> bands;  // by the integer part of SE's ER (10 and above together)
    int total = 0, ep_ed = 0, er_exact = 0, er_near = 0, ep_exact = 0, ed_exact = 0;
    while (std::getline(in, text)) {
        std::vector<std::string> f;
        std::stringstream ss(text);
        for (std::string field; std::getline(ss, field, ',');) f.push_back(field);
        if (f.size() < 4 || f[0].size() != 81) continue;
        const double se_er = std::stod(f[1]);
        RateOptions options;
        // A puzzle the se order cannot finish yet may take long on the chains: bounded.
        options.deadline = Clock::now() + std::chrono::seconds(5);
        const auto start = std::chrono::steady_clock::now();
        const Rating r = rate_puzzle(testing::grid_from_line(f[0]), options);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        Band& band = bands[std::min(10, static_cast<int>(se_er))];
        ++band.total;
        ++total;
        band.seconds += seconds;
        const bool er = r.er_known() && se_rating_text(r.se.er) == f[1];
        const bool ep = r.ep_known() && se_rating_text(r.se.ep) == f[2];
        const bool ed = r.ed_known() && se_rating_text(r.se.ed) == f[3];
        band.er += er;
        band.ep += ep;
        band.ed += ed;
        band.all += er && ep && ed;
        ep_ed += ep && ed;
        er_exact += er;
        ep_exact += ep;
        ed_exact += ed;
        er_near += r.er_known() && std::abs(se_tenths(r.se.er) - se_tenths(se_er)) <= 1;
        if (!(er && ep && ed)) {
            std::printf("[ se mismatch  ] %s: SE %s/%s/%s, sudokit %s (%s)\n", f[0].c_str(),
                        f[1].c_str(), f[2].c_str(), f[3].c_str(), rating_text(r).c_str(),
                        std::string(rate_end_name(r.end)).c_str());
        }
        if (se_tenths(se_er) <= 59) {
            EXPECT_TRUE(er && ep && ed)
                << f[0] << ": SE " << f[1] << "/" << f[2] << "/" << f[3] << ", sudokit "
                << rating_text(r) << " (" << rate_end_name(r.end) << ")";
        }
    }
    for (const auto& [low, b] : bands) {
        std::printf(
            "[ se agreement ] ER %s: %3d puzzles, ER %3d, EP %3d, ED %3d, all three %3d "
            "exact; %.2f ms/puzzle\n",
            band_name(low).c_str(), b.total, b.er, b.ep, b.ed, b.all, 1000 * b.seconds / b.total);
    }
    EXPECT_GT(total, 400);
    EXPECT_GE(ep_ed * 100, total * 95) << "EP and ED agree on " << ep_ed << " of " << total;
    EXPECT_GE(er_exact * 100, total * 95) << "ER exact on " << er_exact << " of " << total;
    EXPECT_GE(er_near * 100, total * 98) << "ER within 0.1 on " << er_near << " of " << total;
    EXPECT_GE(ep_exact * 100, total * 95) << "EP exact on " << ep_exact << " of " << total;
    EXPECT_GE(ed_exact * 100, total * 95) << "ED exact on " << ed_exact << " of " << total;
}

// A puzzle SE rates 2.8/2.8/2.6 (se_rated_public.csv, magictour_top1465): its first step is
// Pointing 2.6 (no placement), a Claiming 2.8 comes before the first placement.
constexpr const char* kPointingFirst =
    "..3......4.6.......8.231..62...9..715.......8....4...3....7...........9...1.68..7";

TEST(Rate, EarlyExits) {
    const Grid grid = testing::grid_from_line(kPointingFirst);
    const Rating full = rate_puzzle(grid);
    ASSERT_EQ(full.end, RateEnd::solved);
    EXPECT_EQ(rating_text(full), "2.8/2.8/2.6");

    RateOptions max;
    max.max_er = 2.6;
    const Rating capped = rate_puzzle(grid, max);
    EXPECT_EQ(capped.end, RateEnd::max_passed);
    EXPECT_EQ(se_rating_text(capped.se.er), "2.8");
    EXPECT_LT(capped.steps, full.steps);
    EXPECT_EQ(rating_text(capped, max).substr(0, 5), ">2.6/");

    max.max_er = 2.8;  // never passed (strictly): the whole rating
    const Rating uncapped = rate_puzzle(grid, max);
    EXPECT_EQ(uncapped.end, RateEnd::solved);
    EXPECT_EQ(uncapped.se, full.se);

    RateOptions ep;
    ep.ep_only = true;
    const Rating ep_rating = rate_puzzle(grid, ep);
    EXPECT_EQ(ep_rating.end, RateEnd::ep_known);
    EXPECT_EQ(rating_text(ep_rating), "-/2.8/2.6");
    EXPECT_LT(ep_rating.steps, full.steps);

    RateOptions ed;
    ed.ed_only = true;
    const Rating ed_rating = rate_puzzle(grid, ed);
    EXPECT_EQ(ed_rating.end, RateEnd::ed_known);
    EXPECT_EQ(ed_rating.steps, 1);
    EXPECT_EQ(rating_text(ed_rating), "-/-/2.6");
}

TEST(Rate, DeadlineAndCancelEndTheRating) {
    const Grid grid = testing::grid_from_line(kPointingFirst);
    RateOptions late;
    late.deadline = Clock::now() - std::chrono::seconds(1);
    const Rating timed_out = rate_puzzle(grid, late);
    EXPECT_EQ(timed_out.end, RateEnd::time_limit);
    EXPECT_FALSE(timed_out.complete());
    EXPECT_EQ(rating_text(timed_out), "-/-/-");

    std::atomic<bool> cancel{true};
    RateOptions cancelled;
    cancelled.cancel = &cancel;
    EXPECT_EQ(rate_puzzle(grid, cancelled).end, RateEnd::interrupted);
}

TEST(Rate, EdgeCases) {
    // No empty cell: no step; 0.0/0.0/0.0 (SE prints the integer cast of -infinity).
    const Grid solved = testing::grid_from_line(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    const Rating r = rate_puzzle(solved);
    EXPECT_EQ(r.end, RateEnd::solved);
    EXPECT_EQ(r.steps, 0);
    EXPECT_EQ(rating_text(r), "0.0/0.0/0.0");

    // Several solutions: rated all the same, and said.
    const Grid several = testing::grid_from_line(
        "9..7..54.8..564.........7.2....9...8...18..5.7.....6...9..5....2.54...1..4.......");
    const Rating s = rate_puzzle(several);
    EXPECT_EQ(s.solutions, SolutionCount::several);
    EXPECT_TRUE(s.complete());
}

TEST(Rate, OtherShapes) {
    // A 4x4 and a 16x16 of the CLI fixtures: rated by the same loop, singles at least.
    for (const char* file : {"puzzles_4x4.txt", "puzzles_16x16.txt", "puzzles_6x6.txt"}) {
        const std::vector<std::string> lines =
            testing::read_lines(std::string(SUDOKIT_CLI_DIR) + "/" + file, 2);
        ASSERT_FALSE(lines.empty()) << file;
        for (const std::string& line : lines) {
            const std::string cells = line.substr(0, line.find(' '));
            const Rating r = rate_puzzle(testing::grid_from_line(cells));
            EXPECT_TRUE(r.end == RateEnd::solved || r.end == RateEnd::stuck) << line;
            EXPECT_EQ(r.solutions, SolutionCount::one) << line;
            EXPECT_GE(r.se.ed, 1.0) << line;
            EXPECT_GE(r.se.er, r.se.ep) << line;
            EXPECT_GE(r.se.ep, r.se.ed) << line;
        }
    }
}

// The batch hands the items on in input order whatever the thread count: --threads 2 prints
// what --threads 1 prints, byte for byte.
TEST(Rate, CliThreadsTwoIsByteIdenticalToOne) {
    SUDOKIT_REQUIRE_DATA(csv, "se_rated_public.csv");
    const testing::TempDir tmp("rate");
    std::ifstream in(csv);
    std::string text, lines;
    std::getline(in, text);
    // Puzzles SE rates at most 4.4: their paths never reach the chaining producers, so that the
    // test stays fast (and far from --timeout) whatever techniques merge later.
    for (int taken = 0; taken < 120 && std::getline(in, text);) {
        const size_t comma = text.find(',');
        if (comma == std::string::npos || std::stod(text.substr(comma + 1)) > 4.4) continue;
        lines += text.substr(0, comma) + "\n";
        ++taken;
    }
    lines += "not a puzzle\n";
    testing::write_text(tmp / "in.txt", lines);
    const std::string file = (tmp / "in.txt").string();
    for (const char* format : {"text", "csv", "json"}) {
        const testing::CliRun one = testing::run_cli(
            {"rate", "--quiet", "--timeout", "5", "--histogram", "-f", format, "-j", "1", file});
        const testing::CliRun two = testing::run_cli(
            {"rate", "--quiet", "--timeout", "5", "--histogram", "-f", format, "-j", "2", file});
        EXPECT_EQ(one.code, 1) << format;  // the invalid line
        EXPECT_EQ(two.code, one.code) << format;
        EXPECT_EQ(two.out, one.out) << format;
        EXPECT_EQ(two.err, one.err) << format;
        const size_t expected_lines = 121 + (std::string(format) == "csv" ? 1 : 0);
        EXPECT_EQ(static_cast<size_t>(std::count(one.out.begin(), one.out.end(), '\n')),
                  expected_lines)
            << format;
    }
}

}  // namespace
}  // namespace sudokit
