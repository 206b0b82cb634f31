// `sudokit bench` end to end: the program on a small rated file writes the report folder, prints
// the summary or the throughput table, and answers bad options with exit code 2.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "report/report.h"
#include "sudokit/bench.h"
#include "test_support.h"

namespace sudokit {
namespace {

namespace fs = std::filesystem;

class BenchCli : public ::testing::Test {
  protected:
    void SetUp() override {
        // Two puzzles of se_rated_public.csv with the ratings `sudokit rate` gives them, which
        // backtracking solves in a few thousand nodes.
        std::ofstream(dir_ / "easy.csv")
            << "puzzle,er,ep,ed,source\n"
               "..7..6.5359..4...638.....94.....42..93.....7.6.8.7...........3....859.......6...2"
               ",2.6,1.2,1.2,test\n"
               "..6.4..1.8..9.63..2....8.4.4...8.9.6..3...7..9......83..7..98.....2..4..6........"
               ",7.1,1.2,1.2,test\n";
    }

    // Runs the program with these arguments; returns the exit code, stdout in *out.
    int run(const std::string& args, std::string* out) {
        const fs::path stdout_file = dir_ / "stdout.txt";
        const std::string command = std::string(SUDOKIT_BINARY) + " bench " + args + " > " +
                                    stdout_file.string() + " 2> " + (dir_ / "stderr.txt").string();
        const int status = std::system(command.c_str());
        std::ifstream in(stdout_file);
        std::stringstream text;
        text << in.rdbuf();
        *out = text.str();
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

    testing::TempDir dir_{"bench_cli"};
};

TEST_F(BenchCli, ExperimentWritesTheReport) {
    std::string out;
    const fs::path report = dir_ / "report";
    ASSERT_EQ(run((dir_ / "easy.csv").string() + " -e backtrack --warmup 0 --reps 2 -q -o " +
                      report.string(),
                  &out),
              0);
    EXPECT_NE(out.find("## Total time on the puzzles all engines solved"), std::string::npos)
        << out;
    EXPECT_NE(out.find("| 7.1 | 1 | 100.0% (1) |"), std::string::npos) << out;
    for (std::string_view file : {kResultsCsv, kSummaryMarkdown, kTotalTimeSvg, kBandTimeLinearSvg,
                                  kBandTimeLogSvg, kSolvedShareSvg, kIndexHtml})
        EXPECT_TRUE(fs::is_regular_file(report / file)) << file;
}

// A file without ratings gets sudokit's SE rating for its bands (issue 12).
TEST_F(BenchCli, PuzzlesWithoutRatingAreRated) {
    std::ofstream(dir_ / "plain.txt")
        << "63.28....2..6.........74.3.........9..13...7..68.1....82.5....1....2...8.94.....2\n"
           ".........5...374..8...2.67..12....3...39..54..5..............8.2.684.31.13..6....\n";
    std::string out;
    const std::string common = (dir_ / "plain.txt").string() +
                               " -e fast --warmup 0 --reps 1 -q -o " + (dir_ / "r").string();
    ASSERT_EQ(run(common, &out), 0);
    EXPECT_NE(out.find("Ratings: 2 by sudokit's Sudoku Explainer rating"), std::string::npos)
        << out;
    // Two puzzles of `sudokit generate --seed 7` (tests/cli/generate_seed.out: ER 1.5 and 8.3).
    EXPECT_NE(out.find("| 1.5 | 1 | 100.0% (1) |"), std::string::npos) << out;
    EXPECT_NE(out.find("| 8.3 | 1 | 100.0% (1) |"), std::string::npos) << out;
    ASSERT_EQ(run(common + " --no-rating", &out), 0);
    EXPECT_NE(out.find("Ratings: 2 unrated."), std::string::npos) << out;
    ASSERT_EQ(run((dir_ / "easy.csv").string() + " -e fast --warmup 0 --reps 1 -q -o " +
                      (dir_ / "r").string(),
                  &out),
              0);
    EXPECT_NE(out.find("Ratings: 2 from the input."), std::string::npos) << out;
}

// Issue 10, defect 16: the report's path is joined, not pasted: "-o report/" printed
// "report//index.html".
TEST_F(BenchCli, ReportPathIsJoined) {
    std::string out;
    const std::string report = (dir_ / "report").string() + "/";
    ASSERT_EQ(
        run((dir_ / "easy.csv").string() + " -e backtrack --warmup 0 --reps 2 -o " + report, &out),
        0);
    std::ifstream in(dir_ / "stderr.txt");
    std::stringstream err;
    err << in.rdbuf();
    EXPECT_NE(err.str().find("; report in " + report + "index.html\n"), std::string::npos)
        << err.str();
    EXPECT_TRUE(fs::is_regular_file(dir_ / "report" / kIndexHtml));
    // A folder that cannot be one is a usage error before the run, not an error after it.
    EXPECT_EQ(run((dir_ / "easy.csv").string() + " -o ''", &out), 2);
    EXPECT_EQ(run((dir_ / "easy.csv").string() + " -o " + (dir_ / "easy.csv").string(), &out), 2);
}

TEST_F(BenchCli, ThroughputCsv) {
    std::string out;
    ASSERT_EQ(
        run((dir_ / "easy.csv").string() + " -e backtrack --throughput --csv --transform -j 2 -q",
            &out),
        0);
    std::istringstream lines(out);
    std::string header, row, extra;
    std::getline(lines, header);
    std::getline(lines, row);
    EXPECT_EQ(header.rfind("engine,set,puzzles,threads,", 0), 0u) << out;
    // Two threads, or one on a single core (--threads is capped at the cores).
    const std::string threads = std::thread::hardware_concurrency() == 1 ? "1" : "2";
    EXPECT_EQ(row.rfind("backtrack,easy,2," + threads + ",1,", 0), 0u) << out;
    EXPECT_FALSE(std::getline(lines, extra)) << out;
}

// Issue 10, defect 6: --threads above the number of cores gets the number of cores (-j 4096
// took seconds to start and stop its threads), and the row names the threads that ran.
TEST_F(BenchCli, ThreadsAreCappedAtTheCores) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    std::string out;
    ASSERT_EQ(
        run((dir_ / "easy.csv").string() + " -e backtrack --throughput --csv -j 4096 -q", &out), 0)
        << out;
    EXPECT_NE(out.find("\nbacktrack,easy,2," + std::to_string(cores) + ",1,"), std::string::npos)
        << out;
}

TEST_F(BenchCli, UsageErrorsExitTwo) {
    std::string out;
    EXPECT_EQ(run((dir_ / "easy.csv").string() + " --reps 0", &out), 2);
    EXPECT_EQ(run((dir_ / "easy.csv").string() + " -e no-such-engine", &out), 2);
    EXPECT_EQ(run((dir_ / "missing.txt").string(), &out), 2);
}

// Issue 10, defect 2: -e takes one value per use, so the file after it is read as a file (not
// taken as a second engine), and -e repeated still measures several engines.
TEST_F(BenchCli, EngineOptionTakesOneValue) {
    const std::string file = (dir_ / "easy.csv").string();
    std::string out;
    ASSERT_EQ(run("--throughput --csv -q -e backtrack " + file, &out), 0) << out;
    EXPECT_NE(out.find("\nbacktrack,easy,2,"), std::string::npos) << out;
    ASSERT_EQ(run("--throughput --csv -q -e backtrack -e dlx " + file, &out), 0) << out;
    EXPECT_NE(out.find("\nbacktrack,easy,2,"), std::string::npos) << out;
    EXPECT_NE(out.find("\ndlx,easy,2,"), std::string::npos) << out;
}

// Issue 10, defect 12: a whole number is read in decimal, leading zeros and all (CLI11 alone
// reads 010 as octal 8).
TEST_F(BenchCli, WholeNumbersAreDecimal) {
    std::ofstream twelve(dir_ / "twelve.txt");
    for (int i = 0; i < 12; ++i)
        twelve << "..1....9..62.5.1......86..2.4..1..7.9.6274.............8...59.....7..8..2.3.9.."
                  "4.\n";
    twelve.close();
    std::string out;
    ASSERT_EQ(
        run((dir_ / "twelve.txt").string() + " --throughput --csv -q -e backtrack --limit 010",
            &out),
        0)
        << out;
    EXPECT_NE(out.find("\nbacktrack,twelve,10,"), std::string::npos) << out;
}

TEST_F(BenchCli, UnreadableLinesExitOne) {
    std::ofstream(dir_ / "easy.csv", std::ios::app) << "not a puzzle\n";
    std::string out;
    EXPECT_EQ(run((dir_ / "easy.csv").string() + " --throughput -q", &out), 1);
    EXPECT_NE(out.find("| backtrack | easy |"), std::string::npos) << out;
}

}  // namespace
}  // namespace sudokit
