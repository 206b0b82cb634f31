// The README's examples run as printed: every file a `$ sudokit ...` example names exists in the
// repository, and the command is no usage error (issue 10: the README named a missing file).
#include <gtest/gtest.h>

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

// The words after "$ sudokit" on each example line that reads no here-string.
std::vector<std::vector<std::string>> readme_commands() {
    std::vector<std::vector<std::string>> commands;
    for (const std::string& line : split_lines(read_text(kRoot / "README.md"))) {
        if (!line.starts_with("$ sudokit ") || line.find("<<<") != std::string::npos) continue;
        std::istringstream words(line.substr(10));
        std::vector<std::string> args;
        for (std::string word; words >> word;) args.push_back(word);
        commands.push_back(args);
    }
    return commands;
}

TEST(Readme, ExamplesNameFilesThatExistAndRun) {
    const auto commands = readme_commands();
    ASSERT_GE(commands.size(), 4u);
    int files = 0;
    for (const auto& args : commands) {
        SCOPED_TRACE("sudokit " + args.front());
        for (const std::string& arg : args) {
            if (arg.starts_with("-") || arg.find('.') == std::string::npos) continue;
            if (arg.starts_with("../shared/")) continue;  // the public data sets, not ours
            EXPECT_TRUE(fs::exists(kRoot / arg)) << arg << " is named by the README";
            ++files;
        }
        const CliRun run = run_cli(args, "", kRoot.string());
        EXPECT_NE(run.code, 2) << run.err;
    }
    EXPECT_GE(files, 3);
}

}  // namespace
}  // namespace sudokit::testing
