// Progress on stderr at a terminal: rate, solve, count, explain and hint on a file draw the bar
// that generate and bench draw (report/progress_bar.h), and erase it; stdout gets only the
// results.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_support.h"

namespace sudokit::testing {
namespace {

const char* const kPuzzle =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

struct TerminalRun {
    bool started = false;
    std::string err;  // what the program wrote to its terminal stderr
    int code = -1;
};

// Runs sudokit with stderr on a pseudo-terminal, stdout to `out_path` and stdin from /dev/null.
TerminalRun run_with_terminal_stderr(const std::vector<std::string>& args,
                                     const std::string& out_path) {
    TerminalRun run;
    int master = -1, slave = -1;
    if (openpty(&master, &slave, nullptr, nullptr, nullptr) != 0) return run;
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(slave, STDERR_FILENO);
        const int in = open("/dev/null", O_RDONLY);
        dup2(in, STDIN_FILENO);
        const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(out, STDOUT_FILENO);
        close(master);
        std::string binary = SUDOKIT_BINARY;
        std::vector<std::string> copies = args;
        std::vector<char*> argv{binary.data()};
        for (std::string& a : copies) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(binary.c_str(), argv.data());
        _exit(127);
    }
    close(slave);
    run.started = pid > 0;
    char buffer[4096];
    for (;;) {
        const ssize_t n = read(master, buffer, sizeof buffer);
        if (n <= 0) break;  // EIO once the program has exited and closed the terminal
        run.err.append(buffer, static_cast<size_t>(n));
    }
    close(master);
    int status = 0;
    if (pid > 0 && waitpid(pid, &status, 0) == pid) run.code = exit_code_of(status);
    return run;
}

TEST(CliProgress, EveryCommandThatReadsFilesDrawsABarAtATerminal) {
    const TempDir dir("progress");
    const std::string file = (dir / "puzzles.txt").string();
    std::string text;
    for (int i = 0; i < 40; ++i) text += std::string(kPuzzle) + "\n";
    write_text(file, text);
    const std::string out = (dir / "out.txt").string();
    for (const char* command : {"rate", "solve", "count", "explain", "hint"}) {
        SCOPED_TRACE(command);
        const TerminalRun run = run_with_terminal_stderr({command, "--quiet", file}, out);
        if (!run.started) GTEST_SKIP() << "no pseudo-terminal here (openpty failed)";
        EXPECT_EQ(run.code, 0) << run.err;
        // The last state is always drawn, then erased.
        EXPECT_NE(run.err.find("100% 40 puzzles"), std::string::npos) << run.err;
        EXPECT_NE(run.err.find("\r\033[K"), std::string::npos) << run.err;
        const size_t lines = split_lines(read_text(out)).size();
        // explain writes several lines per puzzle.
        if (std::string(command) == "explain") {
            EXPECT_GT(lines, 40u);
        } else {
            EXPECT_EQ(lines, 40u);
        }
    }
    // Not a terminal: nothing but the results and the summary.
    const CliRun piped = run_cli({"rate", file});
    EXPECT_EQ(piped.err.find('\r'), std::string::npos) << piped.err;
}

// Typed at a terminal, the run's seconds are mostly the typing: the summary gives no time per
// puzzle (it used to divide the idle time by the puzzles).
TEST(CliTerminalSummary, NoTimePerPuzzleForTypedInput) {
    const TempDir dir("typed");
    const std::string err_path = (dir / "err.txt").string();
    for (const char* command : {"solve", "count", "rate"}) {
        SCOPED_TRACE(command);
        int keyboard = -1, tty = -1;
        if (openpty(&keyboard, &tty, nullptr, nullptr, nullptr) != 0)
            GTEST_SKIP() << "no pseudo-terminal here (openpty failed)";
        const pid_t pid = fork();
        if (pid == 0) {
            dup2(tty, STDIN_FILENO);
            const int null = open("/dev/null", O_WRONLY);
            dup2(null, STDOUT_FILENO);
            const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(err, STDERR_FILENO);
            close(keyboard);
            std::string binary = SUDOKIT_BINARY;
            std::string name = command;
            char* argv[] = {binary.data(), name.data(), nullptr};
            execv(binary.c_str(), argv);
            _exit(127);
        }
        close(tty);
        const std::string typed = std::string(kPuzzle) + "\n\x04";
        ASSERT_EQ(write(keyboard, typed.data(), typed.size()), static_cast<ssize_t>(typed.size()));
        int status = 0;
        ASSERT_EQ(waitpid(pid, &status, 0), pid);
        close(keyboard);
        EXPECT_EQ(exit_code_of(status), 0);
        const std::string err = read_text(err_path);
        EXPECT_NE(err.find("(typed at a terminal, "), std::string::npos) << err;
        EXPECT_EQ(err.find("/puzzle"), std::string::npos) << err;
    }
}

}  // namespace
}  // namespace sudokit::testing
