// The README's examples run as printed, so that the documentation cannot drift from the program.
// Every `$ ...` line in a code block is an example: it runs from the repository root in bash
// (a here-string is its stdin), with `sudokit` the built program and `build/release/python` this
// build's Python package. Where the README shows what an example prints, the output (stdout,
// then stderr) must match it line by line: a line of only "..." stands for any number of lines,
// "…" within a line for any text, and the summary's timings and thread count are masked on both
// sides. Every file an example names exists in the repository, and no example is a usage error.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"

namespace sudokit::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = fs::path(SUDOKIT_CLI_DIR).parent_path().parent_path();

struct Example {
    int line = 0;                    // of the `$` line in README.md
    std::string command;             // after "$ "
    std::vector<std::string> shown;  // the lines after it up to the next `$` or the block's end
};

std::string trim_right(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
    return s;
}

std::vector<Example> readme_examples() {
    std::vector<Example> examples;
    bool in_block = false, open = false;  // open: the lines go to the last example
    int number = 0;
    for (const std::string& raw : split_lines(read_text(kRoot / "README.md"))) {
        ++number;
        const std::string line = trim_right(raw);
        if (line.starts_with("```")) {
            in_block = !in_block;
            open = false;
            if (!in_block) {
                while (!examples.empty() && !examples.back().shown.empty() &&
                       examples.back().shown.back().empty())
                    examples.back().shown.pop_back();
            }
            continue;
        }
        if (!in_block) continue;
        if (line.starts_with("$ ")) {
            // The blank lines that separate two examples belong to neither.
            while (!examples.empty() && !examples.back().shown.empty() &&
                   examples.back().shown.back().empty())
                examples.back().shown.pop_back();
            examples.push_back(Example{number, line.substr(2), {}});
            open = true;
        } else if (open) {
            examples.back().shown.push_back(line);
        }
    }
    return examples;
}

bool is_skip(const std::string& line) {
    const size_t start = line.find_first_not_of(' ');
    return start != std::string::npos && line.substr(start) == "...";
}

// "…" in `pattern` stands for any text.
bool line_matches(const std::string& pattern, const std::string& text) {
    static const std::string kAny = "…";
    std::vector<std::string> pieces;
    for (size_t at = 0;;) {
        const size_t next = pattern.find(kAny, at);
        pieces.push_back(pattern.substr(at, next == std::string::npos ? next : next - at));
        if (next == std::string::npos) break;
        at = next + kAny.size();
    }
    if (pieces.size() == 1) return pattern == text;
    if (!text.starts_with(pieces.front())) return false;
    size_t at = pieces.front().size();
    for (size_t i = 1; i + 1 < pieces.size(); ++i) {
        const size_t found = text.find(pieces[i], at);
        if (found == std::string::npos) return false;
        at = found + pieces[i].size();
    }
    return text.size() >= at + pieces.back().size() && text.ends_with(pieces.back());
}

bool lines_match(const std::vector<std::string>& shown, size_t i,
                 const std::vector<std::string>& actual, size_t j) {
    if (i == shown.size()) return j == actual.size();
    if (is_skip(shown[i])) {
        for (size_t k = j; k <= actual.size(); ++k) {
            if (lines_match(shown, i + 1, actual, k)) return true;
        }
        return false;
    }
    return j < actual.size() && line_matches(shown[i], actual[j]) &&
           lines_match(shown, i + 1, actual, j + 1);
}

// The summary's seconds, time per puzzle and thread count change from run to run and machine to
// machine.
std::string mask(const std::string& line) {
    static const std::regex threads(R"([0-9]+ threads?\b)");
    return std::regex_replace(normalize_timing(line), threads, "N threads");
}

// The words of a command up to its here-string, for the files it names.
std::vector<std::string> words_of(const std::string& command) {
    std::istringstream in(command.substr(0, command.find("<<<")));
    std::vector<std::string> words;
    for (std::string word; in >> word;) words.push_back(word);
    return words;
}

bool python_package_built() {
    const fs::path package = fs::path(SUDOKIT_PYTHON_DIR) / "sudokit";
    if (!fs::is_directory(package) || !fs::exists("/usr/bin/python3")) return false;
    for (const auto& entry : fs::directory_iterator(package)) {
        if (entry.path().filename().string().starts_with("_sudokit")) return true;
    }
    return false;
}

// The command as bash runs it here: the built program for `sudokit`, this build's package for
// the release build's.
std::string runnable(const std::string& command) {
    if (command.starts_with("sudokit ")) return shell_quote(SUDOKIT_BINARY) + command.substr(7);
    std::string out = command;
    static const std::string release = "build/release/python";
    for (size_t at; (at = out.find(release)) != std::string::npos;)
        out.replace(at, release.size(), SUDOKIT_PYTHON_DIR);
    return out;
}

CliRun run_in_bash(const std::string& command) {
    const TempDir tmp("readme");
    write_text(tmp / "example.sh", "cd " + shell_quote(kRoot.string()) + "\n" + command + "\n");
    const std::string cmd = "bash " + shell_quote((tmp / "example.sh").string()) +
                            " < /dev/null > " + shell_quote((tmp / "out").string()) + " 2> " +
                            shell_quote((tmp / "err").string());
    CliRun run;
    run.code = exit_code_of(std::system(cmd.c_str()));
    run.out = read_text(tmp / "out");
    run.err = read_text(tmp / "err");
    return run;
}

TEST(Readme, ExamplesPrintWhatTheReadmeShows) {
    const std::vector<Example> examples = readme_examples();
    ASSERT_GE(examples.size(), 15u);
    int files = 0, compared = 0;
    for (const Example& example : examples) {
        SCOPED_TRACE("README.md line " + std::to_string(example.line) + ": $ " + example.command);
        const bool python = example.command.find("python3") != std::string::npos;
        if (python && !python_package_built()) {
            std::printf("[ readme ] line %d skipped: the Python package is not built here\n",
                        example.line);
            continue;
        }
        if (!python) {
            ASSERT_TRUE(example.command.starts_with("sudokit ")) << "an example runs sudokit";
            for (const std::string& word : words_of(example.command)) {
                if (word.starts_with("-") || word.find('.') == std::string::npos) continue;
                if (word.starts_with("../shared/")) continue;  // the public data sets, not ours
                EXPECT_TRUE(fs::exists(kRoot / word)) << word << " is named by the README";
                ++files;
            }
        }
        const CliRun run = run_in_bash(runnable(example.command));
        EXPECT_NE(run.code, 2) << run.err;
        if (example.shown.empty()) continue;
        ++compared;
        // The blank lines that end a stream (explain's after each puzzle) cannot be shown at the
        // end of a code block.
        std::vector<std::string> actual;
        for (const std::string* stream : {&run.out, &run.err}) {
            const size_t first = actual.size();
            for (const std::string& line : split_lines(*stream))
                actual.push_back(mask(trim_right(line)));
            while (actual.size() > first && actual.back().empty()) actual.pop_back();
        }
        std::vector<std::string> shown;
        for (const std::string& line : example.shown) shown.push_back(mask(line));
        EXPECT_TRUE(lines_match(shown, 0, actual, 0)) << "the README shows:\n"
                                                      <<
            [&] {
                std::string text;
                for (const std::string& line : example.shown) text += "  " + line + "\n";
                return text;
            }() << "the program prints (stdout, then stderr):\n"
                                                      <<
            [&] {
                std::string text;
                for (const std::string& line : split_lines(run.out + run.err))
                    text += "  " + line + "\n";
                return text;
            }();
    }
    EXPECT_GE(files, 5);
    EXPECT_GE(compared, 10);
}

// The matcher itself: what it lets through and what it does not.
TEST(Readme, ShownOutputMatcher) {
    EXPECT_TRUE(line_matches("a…c", "abbbc"));
    EXPECT_TRUE(line_matches("a…c", "ac"));
    EXPECT_FALSE(line_matches("a…c", "abd"));
    EXPECT_FALSE(line_matches("ab…b", "ab"));
    EXPECT_TRUE(line_matches("4.....8.5", "4.....8.5"));
    EXPECT_FALSE(line_matches("4.....8.5", "4.1...8.5"));
    const std::vector<std::string> actual = {"one", "two", "three", "four"};
    EXPECT_TRUE(lines_match({"one", "...", "four"}, 0, actual, 0));
    EXPECT_TRUE(lines_match({"...", "three", " ..."}, 0, actual, 0));
    EXPECT_TRUE(lines_match({"one", "two", "...", "three", "four"}, 0, actual, 0));
    EXPECT_FALSE(lines_match({"one", "three", "..."}, 0, actual, 0));
    EXPECT_FALSE(lines_match({"one", "two", "three"}, 0, actual, 0));
    EXPECT_EQ(mask("sudokit: 9 puzzles in 0.003 s (327.93 µs/puzzle, engine auto, 2 threads)"),
              "sudokit: 9 puzzles in T s (T/puzzle, engine auto, N threads)");
}

}  // namespace
}  // namespace sudokit::testing
