// Runs the built sudokit program (SUDOKIT_BINARY) for the CLI tests and captures its stdout,
// stderr and exit code; plus the normalisation that makes the summary's timings comparable.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace sudokit::testing {

struct CliRun {
    std::string out;
    std::string err;
    int code = -1;  // exit status; 128 + signal when killed
};

inline std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

inline void write_text(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

inline std::string shell_quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

inline int exit_code_of(int status) {
    if (status == -1) return -1;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

// Runs `sudokit args...` in dir with stdin from stdin_path ("" : /dev/null).
inline CliRun run_cli(const std::vector<std::string>& args, const std::string& stdin_path = "",
                      const std::string& dir = SUDOKIT_CLI_DIR) {
    const TempDir tmp("cli");
    std::string cmd = "cd " + shell_quote(dir) + " && " + shell_quote(SUDOKIT_BINARY);
    for (const std::string& arg : args) cmd += " " + shell_quote(arg);
    cmd += " < " + shell_quote(stdin_path.empty() ? "/dev/null" : stdin_path);
    cmd += " > " + shell_quote((tmp / "out").string());
    cmd += " 2> " + shell_quote((tmp / "err").string());
    CliRun run;
    run.code = exit_code_of(std::system(cmd.c_str()));
    run.out = read_text(tmp / "out");
    run.err = read_text(tmp / "err");
    return run;
}

// The summary line's timings vary from run to run: "in 0.412 s (4.34 ms/puzzle" becomes
// "in T s (T/puzzle", and convert's "(1234567 puzzles/s)" becomes "(T puzzles/s)".
inline std::string normalize_timing(const std::string& err) {
    static const std::regex seconds(R"(in [0-9]+\.[0-9]+ s)");
    static const std::regex per_puzzle(R"([0-9]+\.[0-9]+ (ms|µs)/puzzle)");
    static const std::regex rate(R"(\([0-9]+ puzzles/s\))");
    std::string text = std::regex_replace(err, seconds, "in T s");
    text = std::regex_replace(text, per_puzzle, "T/puzzle");
    return std::regex_replace(text, rate, "(T puzzles/s)");
}

inline std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) lines.push_back(line);
    return lines;
}

}  // namespace sudokit::testing
