// The sudokit program at its hard edges: Ctrl-C and SIGTERM write the results
// finished before them, in order; typed at a terminal, each line is answered as soon as it is
// entered and one Ctrl-D ends the input; a file name that is not UTF-8 still gives JSON.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

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

// Runs `sudokit args` on `input` and sends `signal` once the program has spent `cpu_ticks`
// clock ticks (1/100 s) of user time: by then it is deep in the endless puzzle, however loaded
// the machine is (a fixed delay could fire while it still reads its input).
SignalledRun run_with_signal(const std::string& args, const fs::path& input, int signal,
                             int cpu_ticks) {
    const TempDir tmp("signal");
    const std::string cmd =
        shell_quote(SUDOKIT_BINARY) + " " + args + " " + shell_quote(input.string()) + " > " +
        shell_quote((tmp / "out").string()) + " 2> " + shell_quote((tmp / "err").string()) +
        " & pid=$!; while [ \"$(cut -d' ' -f14 /proc/$pid/stat 2>/dev/null || echo 1000000)\" "
        "-lt " +
        std::to_string(cpu_ticks) + " ]; do sleep 0.02; done; kill -" + std::to_string(signal) +
        " $pid; wait $pid";
    SignalledRun run;
    run.code = exit_code_of(std::system(cmd.c_str()));
    run.out = read_text(tmp / "out");
    run.err = read_text(tmp / "err");
    return run;
}

// The acceptance case: 1,000 puzzles and one that runs out of time give 1,001 lines, the
// last one the timeout marker, and exit code 1.
TEST(CliTimeout, ThousandAndOneLinesWithTheMarker) {
    const TempDir dir("timeout");
    write_text(dir / "slow.txt", easy_then_endless(1000));
    const CliRun run = run_cli(
        {"solve", "--engine", "backtrack", "--timeout", "0.5", (dir / "slow.txt").string()});
    EXPECT_EQ(run.code, 1);
    const std::vector<std::string> lines = split_lines(run.out);
    ASSERT_EQ(lines.size(), 1001u);
    for (size_t i = 0; i < 1000; ++i) EXPECT_EQ(lines[i], kSolution) << i;
    EXPECT_EQ(lines[1000], "timeout");
    EXPECT_NE(run.err.find("line 1001: the time limit of 0.5 s ran out before the search ended"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("1001 puzzles: 1000 solved, 0 multiple, 0 invalid, 0 unsolvable, 1 "
                           "timed out"),
              std::string::npos)
        << run.err;
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
                            dir / "slow.txt", SIGINT, 50);
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
        run_with_signal("count --engine backtrack --format json", dir / "slow.txt", SIGTERM, 30);
    EXPECT_EQ(run.code, 128 + SIGTERM);
    const std::vector<std::string> lines = split_lines(run.out);
    ASSERT_EQ(lines.size(), 10u) << run.err;
    for (size_t i = 0; i < lines.size(); ++i) {
        const auto j = nlohmann::json::parse(lines[i]);
        EXPECT_EQ(j["line"], i + 1);
        EXPECT_EQ(j["status"], "unique");
    }
}

// The program with its standard input on a pseudo-terminal (as when a person types) and its
// standard output on a pipe the test reads.
class TypedSession {
  public:
    explicit TypedSession(const std::vector<std::string>& args) {
        int keyboard = -1, tty = -1;
        if (openpty(&keyboard, &tty, nullptr, nullptr, nullptr) != 0) return;
        int out[2];
        if (pipe(out) != 0) return;
        pid_ = fork();
        if (pid_ == 0) {
            dup2(tty, STDIN_FILENO);
            dup2(out[1], STDOUT_FILENO);
            const int null = open("/dev/null", O_WRONLY);
            dup2(null, STDERR_FILENO);
            close(keyboard);
            close(out[0]);
            std::vector<char*> argv;
            std::string binary = SUDOKIT_BINARY;
            argv.push_back(binary.data());
            std::vector<std::string> copies = args;
            for (std::string& a : copies) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(binary.c_str(), argv.data());
            _exit(127);
        }
        close(tty);
        close(out[1]);
        keyboard_ = keyboard;
        out_ = out[0];
    }
    ~TypedSession() {
        if (keyboard_ >= 0) close(keyboard_);
        if (out_ >= 0) close(out_);
        if (pid_ > 0) wait_exit();
    }
    bool started() const { return pid_ > 0 && keyboard_ >= 0; }
    void type(const std::string& text) {
        ASSERT_EQ(write(keyboard_, text.data(), text.size()), static_cast<ssize_t>(text.size()));
    }
    // The next output line, or "(nothing)" when none comes within a few seconds.
    std::string read_line() {
        std::string line;
        char c = 0;
        while (true) {
            pollfd p{out_, POLLIN, 0};
            if (poll(&p, 1, 5000) != 1 || read(out_, &c, 1) != 1) return "(nothing)";
            if (c == '\n') return line;
            line += c;
        }
    }
    void signal(int number) const { kill(pid_, number); }
    int wait_exit() {
        int status = 0;
        if (pid_ > 0 && waitpid(pid_, &status, 0) == pid_) {
            pid_ = -1;
            return exit_code_of(status);
        }
        return -1;
    }

  private:
    pid_t pid_ = -1;
    int keyboard_ = -1;
    int out_ = -1;
};

// Before the fix nothing came until the input ended, and ending it took two Ctrl-D.
TEST(CliTerminal, EachTypedLineIsAnsweredAtOnce) {
    const std::string puzzle = kSolution.substr(0, 80) + ".";
    const std::string second = "." + kSolution.substr(1);
    for (const char* command : {"solve", "count", "hint"}) {
        SCOPED_TRACE(command);
        TypedSession session({command, "-q"});
        if (!session.started()) GTEST_SKIP() << "no pseudo-terminal here (openpty failed)";
        session.type(puzzle + "\n");
        const std::string first_answer = session.read_line();
        session.type(second + "\n");
        const std::string second_answer = session.read_line();
        session.type("\x04");  // one Ctrl-D at the start of a line ends the input
        EXPECT_EQ(session.wait_exit(), 0);
        if (std::string(command) == "solve") {
            EXPECT_EQ(first_answer, kSolution);
            EXPECT_EQ(second_answer, kSolution);
        } else if (std::string(command) == "count") {
            EXPECT_EQ(first_answer, "1");
            EXPECT_EQ(second_answer, "1");
        } else {
            EXPECT_EQ(first_answer, "Full House: r9c9=3 (box 9)");
            EXPECT_EQ(second_answer, "Full House: r1c1=4 (box 1)");
        }
    }
}

// explain at a terminal: the first puzzle's explanation comes at once, and Ctrl-C while the
// program waits for the next line ends it with what it wrote (exit 130).
TEST(CliTerminal, ExplainAnswersAtOnceAndStopsOnCtrlC) {
    TypedSession session({"explain"});
    if (!session.started()) GTEST_SKIP() << "no pseudo-terminal here (openpty failed)";
    session.type(kSolution.substr(0, 80) + ".\n");
    EXPECT_EQ(session.read_line(), "Puzzle 1 (line 1): " + kSolution.substr(0, 80) + ".");
    std::string line;
    while ((line = session.read_line()) != "(nothing)" && !line.starts_with("Solution: ")) {
    }
    EXPECT_EQ(line, "Solution: " + kSolution);
    session.signal(SIGINT);
    EXPECT_EQ(session.wait_exit(), 128 + SIGINT);
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
