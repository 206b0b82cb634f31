// Behaviour of `sudokit generate` that golden files cannot pin down: the same bytes on 1 and 2
// threads, ratings that `sudokit rate` repeats, puzzles that `count -e dlx` finds unique, a
// target out of reach ending in exit 1 with a message.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_runner.h"
#include "sudokit/json.h"
#include "test_support.h"

namespace sudokit::testing {
namespace {

TEST(CliGenerate, ByteIdenticalOnOneAndTwoThreads) {
    const std::vector<std::string> args = {"generate", "--seed",  "42",         "--count",
                                           "30",       "--quiet", "--histogram"};
    std::vector<std::string> one = args, two = args;
    one.insert(one.end(), {"--threads", "1"});
    two.insert(two.end(), {"--threads", "2"});
    const CliRun a = run_cli(one);
    const CliRun b = run_cli(two);
    EXPECT_EQ(a.code, 0) << a.err;
    EXPECT_EQ(b.code, 0) << b.err;
    EXPECT_EQ(split_lines(a.out).size(), 30u);
    EXPECT_EQ(a.out, b.out);
    // With a symmetry and a target too.
    const std::vector<std::string> target = {
        "generate", "--seed", "3", "-n", "4", "-q", "--rating", "6.0..7.0", "--symmetry", "mirror"};
    std::vector<std::string> t1 = target, t2 = target;
    t1.insert(t1.end(), {"-j", "1"});
    t2.insert(t2.end(), {"-j", "2"});
    const CliRun c = run_cli(t1);
    EXPECT_EQ(c.code, 0) << c.err;
    EXPECT_EQ(c.out, run_cli(t2).out);
}

TEST(CliGenerate, RatingsAreWhatRatePrints) {
    const TempDir tmp("generate");
    const CliRun gen =
        run_cli({"generate", "--seed", "8", "-n", "12", "-q", "-j", "1", "--histogram"});
    ASSERT_EQ(gen.code, 0) << gen.err;
    // rate keeps what follows the cells as a comment: give it the cells alone.
    std::string cells;
    for (const std::string& line : split_lines(gen.out)) cells += line.substr(0, 81) + "\n";
    write_text(tmp / "puzzles.txt", cells);
    const CliRun rate =
        run_cli({"rate", "-q", "-j", "1", "--histogram", (tmp / "puzzles.txt").string()});
    ASSERT_EQ(rate.code, 0) << rate.err;
    EXPECT_EQ(rate.out, gen.out);
}

TEST(CliGenerate, UniqueByDlxAndMinimal) {
    const TempDir tmp("generate");
    const CliRun gen = run_cli({"generate", "--seed", "1", "-n", "20", "-q", "--no-rating",
                                "--size", "2x3", "--symmetry", "rot180"});
    ASSERT_EQ(gen.code, 0) << gen.err;
    write_text(tmp / "puzzles.txt", gen.out);
    const CliRun count = run_cli({"count", "-q", "-e", "dlx", (tmp / "puzzles.txt").string()});
    EXPECT_EQ(count.code, 0);
    for (const std::string& line : split_lines(count.out)) EXPECT_EQ(line, "1");
    EXPECT_EQ(split_lines(count.out).size(), 20u);
}

TEST(CliGenerate, TargetOutOfReachEndsWithExitOne) {
    const CliRun run = run_cli({"generate", "--seed", "1", "-n", "2", "-j", "1", "--rating",
                                "11.0..12.0", "--timeout", "0.3"});
    EXPECT_EQ(run.code, 1);
    EXPECT_EQ(run.out, "");
    EXPECT_NE(run.err.find("puzzle 1: none found within --timeout 0.3 s (ER 11.0..12.0;"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("puzzle 2: none found"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("0 of 2 generated"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("2 not found in time"), std::string::npos) << run.err;
}

// generate's lines go to rate as they are: the new rating takes the old one's place.
TEST(CliGenerate, PipedToRateGivesTheSameLines) {
    const TempDir tmp("generate");
    const CliRun gen = run_cli({"generate", "--seed", "8", "-n", "6", "-q", "-j", "1"});
    ASSERT_EQ(gen.code, 0) << gen.err;
    write_text(tmp / "puzzles.txt", gen.out);
    const CliRun rate = run_cli({"rate", "-q", "-j", "1", (tmp / "puzzles.txt").string()});
    ASSERT_EQ(rate.code, 0) << rate.err;
    EXPECT_EQ(rate.out, gen.out);
}

TEST(CliGenerate, ImpossibleTargetsAreUsageErrors) {
    for (const std::vector<std::string>& args : {std::vector<std::string>{"--size", "1x1"},
                                                 {"--clues", "0..10"},
                                                 {"--rating", "25"},
                                                 {"--rating", "0.5"}}) {
        std::vector<std::string> all = {"generate", "--seed", "1"};
        all.insert(all.end(), args.begin(), args.end());
        const CliRun run = run_cli(all);
        EXPECT_EQ(run.code, 2) << args[0] << ' ' << args[1] << ": " << run.err;
        EXPECT_EQ(run.out, "");
    }
    const CliRun clues = run_cli({"generate", "--clues", "0..10"});
    EXPECT_NE(clues.err.find("no 9x9 puzzle with one solution has fewer than 17 clues"),
              std::string::npos)
        << clues.err;
}

// A target almost never met: a warning first, then progress lines on a stderr that is not a
// terminal (the test's file) while the puzzle is long in coming.
TEST(CliGenerate, RareTargetWarnsAndReportsProgress) {
    const CliRun run = run_cli({"generate", "--seed", "1", "-j", "1", "--rating", "11..12",
                                "--timeout", "1.5", "--progress", "0.2"});
    EXPECT_EQ(run.code, 1);
    EXPECT_NE(run.err.find("sudokit: warning: --rating: ER 10.0 and up"), std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("sudokit: generate: 0 of 1 found, "), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(" tried, "), std::string::npos) << run.err;
    // --quiet and --progress 0 keep stderr to the messages.
    const CliRun quiet = run_cli({"generate", "--seed", "1", "-j", "1", "--rating", "11..12",
                                  "--timeout", "0.5", "--progress", "0.1", "-q"});
    EXPECT_EQ(quiet.err.find("generate: 0 of 1"), std::string::npos) << quiet.err;
}

TEST(CliGenerate, NoRatingPrintsPuzzlesOnly) {
    const CliRun run = run_cli({"generate", "--seed", "4", "-n", "3", "-q", "--no-rating"});
    EXPECT_EQ(run.code, 0);
    for (const std::string& line : split_lines(run.out)) EXPECT_EQ(line.size(), 81u) << line;
}

TEST(CliGenerate, KeepingCostlyGridsChangesNothingBelow25x25) {
    // Only minimal 25x25 drops grids; elsewhere the flag is accepted and the puzzles are the same.
    for (const char* size : {"3x3", "4x4"}) {
        const std::vector<std::string> args = {"generate", "--size", size,          "--seed", "9",
                                               "-n",       "3",      "--no-rating", "-q"};
        std::vector<std::string> keep = args;
        keep.push_back("--keep-costly-grids");
        const CliRun plain = run_cli(args);
        const CliRun kept = run_cli(keep);
        ASSERT_EQ(plain.code, 0) << plain.err;
        ASSERT_EQ(kept.code, 0) << kept.err;
        EXPECT_EQ(split_lines(kept.out).size(), 3u);
        EXPECT_EQ(kept.out, plain.out) << size;
    }
}

TEST(CliGenerate, JsonLinesCarryWhatTheTextSays) {
    const std::vector<std::string> args = {"generate", "--seed", "11", "-n", "5", "-q", "-j", "1"};
    std::vector<std::string> json_args = args;
    json_args.insert(json_args.end(), {"--format", "json", "--histogram"});
    const CliRun text = run_cli(args);
    const CliRun json = run_cli(json_args);
    ASSERT_EQ(text.code, 0) << text.err;
    ASSERT_EQ(json.code, 0) << json.err;
    const std::vector<std::string> lines = split_lines(text.out);
    const std::vector<std::string> objects = split_lines(json.out);
    ASSERT_EQ(lines.size(), 5u);
    ASSERT_EQ(objects.size(), 5u);
    for (size_t i = 0; i < lines.size(); ++i) {
        const auto j = nlohmann::json::parse(objects[i]);
        EXPECT_EQ(j["index"], i + 1);  // as stderr counts them ("puzzle 1")
        EXPECT_EQ(j["status"], "found");
        EXPECT_EQ(j["seed"], 11);
        const std::string puzzle = j["puzzle"];
        const std::string solution = j["solution"];
        EXPECT_EQ(lines[i], puzzle + " ED=" + std::string(j["rating"]));
        EXPECT_EQ(solution.size(), 81u);
        int clues = 0;
        for (size_t c = 0; c < 81; ++c) {
            if (puzzle[c] == '.') continue;
            ++clues;
            EXPECT_EQ(puzzle[c], solution[c]) << "cell " << c;
        }
        EXPECT_EQ(j["clues"], clues);
        EXPECT_TRUE(j["histogram"].is_object());
        EXPECT_EQ(j["candidates"], 1);
    }
    // A puzzle not found in time is a line too, with its status.
    const CliRun missed = run_cli({"generate", "--seed", "1", "-n", "1", "-j", "1", "-q",
                                   "--rating", "11.0..12.0", "--timeout", "0.2", "-f", "json"});
    EXPECT_EQ(missed.code, 1);
    const auto j = nlohmann::json::parse(missed.out);
    EXPECT_EQ(j["status"], "timeout");
    EXPECT_TRUE(j["puzzle"].is_null());
    EXPECT_TRUE(j["er"].is_null());
}

}  // namespace
}  // namespace sudokit::testing
