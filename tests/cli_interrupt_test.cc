// The sudokit program under signals and odd file names (issue 10): Ctrl-C and SIGTERM write the
// results finished before them, in order; a file name that is not UTF-8 still gives JSON.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_runner.h"
#include "test_support.h"

namespace sudokit::testing {
namespace {

namespace fs = std::filesystem;

const std::string kSolution =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

// `easy` puzzles (the solution with two cells blanked: one solution, instant for any engine),
// then one that brute force cannot finish: r9c9 has no candidate, which the row-major search
// only finds after trying every filling of the cells before it.
std::string easy_then_endless(int easy) {
    std::string text;
    for (int i = 0; i < easy; ++i) {
        std::string puzzle = kSolution;
        puzzle[i % 81] = '.';
        puzzle[(i * 7 + 3) % 81] = '.';
        text += puzzle + "\n";
    }
    std::string dead(81, '.');
    for (int c = 0; c < 4; ++c) dead[72 + c] = static_cast<char>('1' + c);
    for (int r = 0; r < 4; ++r) dead[r * 9 + 8] = static_cast<char>('5' + r);
    dead[60] = '9';
    return text + dead + "\n";
}

struct SignalledRun {
    std::string out;
    std::string err;
    int code = -1;
};

// Runs `sudokit args` on `input` and sends `signal` after `seconds`.
SignalledRun run_with_signal(const std::string& args, const fs::path& input, int signal,
                             double seconds) {
    const TempDir tmp("signal");
    const std::string cmd =
        "timeout --preserve-status -s " + std::to_string(signal) + " " + std::to_string(seconds) +
        " " + shell_quote(SUDOKIT_BINARY) + " " + args + " " + shell_quote(input.string()) + " > " +
        shell_quote((tmp / "out").string()) + " 2> " + shell_quote((tmp / "err").string());
    SignalledRun run;
    run.code = exit_code_of(std::system(cmd.c_str()));
    run.out = read_text(tmp / "out");
    run.err = read_text(tmp / "err");
    return run;
}

// Before the fix an interrupt wrote nothing: the whole chunk of 4096 items waited for its
// slowest puzzle.
TEST(CliInterrupt, CtrlCWritesTheFinishedResultsInOrder) {
    const TempDir dir("interrupt");
    write_text(dir / "slow.txt", easy_then_endless(1000));
    for (const char* threads : {"1", "2"}) {
        SCOPED_TRACE(std::string("threads ") + threads);
        const SignalledRun run =
            run_with_signal(std::string("solve --engine backtrack --threads ") + threads,
                            dir / "slow.txt", SIGINT, 2.0);
        EXPECT_EQ(run.code, 128 + SIGINT);
        const std::vector<std::string> lines = split_lines(run.out);
        ASSERT_EQ(lines.size(), 1000u) << run.err;
        for (const std::string& line : lines) EXPECT_EQ(line, kSolution);
        EXPECT_NE(run.err.find("1000 puzzles: 1000 solved"), std::string::npos) << run.err;
        EXPECT_NE(run.err.find("; interrupted"), std::string::npos) << run.err;
    }
}

TEST(CliInterrupt, SigtermToo) {
    const TempDir dir("interrupt");
    write_text(dir / "slow.txt", easy_then_endless(10));
    const SignalledRun run =
        run_with_signal("count --engine backtrack --format json", dir / "slow.txt", SIGTERM, 1.0);
    EXPECT_EQ(run.code, 128 + SIGTERM);
    const std::vector<std::string> lines = split_lines(run.out);
    ASSERT_EQ(lines.size(), 10u) << run.err;
    for (size_t i = 0; i < lines.size(); ++i) {
        const auto j = nlohmann::json::parse(lines[i]);
        EXPECT_EQ(j["line"], i + 1);
        EXPECT_EQ(j["status"], "unique");
    }
}

// A Latin-1 file name (not UTF-8) went into the JSON "file" field and aborted the output.
TEST(CliJsonBytes, LatinOneFileNameStillGivesJson) {
    const TempDir dir("latin1");
    const fs::path file = dir / "caf\xe9.txt";
    write_text(file, kSolution.substr(0, 80) + ".\n");
    const CliRun run = run_cli({"solve", "-q", "--format", "json", file.string()});
    EXPECT_EQ(run.code, 0) << run.err;
    const std::vector<std::string> lines = split_lines(run.out);
    ASSERT_EQ(lines.size(), 1u);
    const auto j = nlohmann::json::parse(lines[0]);
    EXPECT_EQ(j["solution"], kSolution);
    EXPECT_NE(j["file"].get<std::string>().find("caf\xEF\xBF\xBD.txt"), std::string::npos);
}

}  // namespace
}  // namespace sudokit::testing
