// Tests of the sudokit program: golden files in tests/cli/ (see tests/cli/README.md), and
// behaviour that goldens cannot pin down: same output for any thread count across chunk
// boundaries, JSON that parses, a closed pipe, the engine list, usage errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.h"
#include "sudokit/engine.h"
#include "sudokit/grid.h"
#include "test_support.h"

namespace sudokit::testing {
namespace {

namespace fs = std::filesystem;

// ---- Golden cases: <case>.args (one argument per line, '#' lines are notes), optional
// <case>.in (stdin), expected <case>.out, <case>.err (timings normalised) and <case>.code.
std::vector<std::string> golden_cases() {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(SUDOKIT_CLI_DIR)) {
        if (entry.path().extension() == ".args") names.push_back(entry.path().stem().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::vector<std::string> read_args(const fs::path& path) {
    std::vector<std::string> args;
    for (const std::string& line : split_lines(read_text(path))) {
        if (line.empty() || line[0] == '#') continue;
        args.push_back(line);
    }
    return args;
}

class CliGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(CliGolden, MatchesGoldenFiles) {
    const fs::path dir = SUDOKIT_CLI_DIR;
    const std::string name = GetParam();
    const fs::path in = dir / (name + ".in");
    const CliRun run =
        run_cli(read_args(dir / (name + ".args")), fs::exists(in) ? in.string() : std::string());
    const std::string err = normalize_timing(run.err);
    const std::string code = std::to_string(run.code) + "\n";
    const char* update = std::getenv("SUDOKIT_UPDATE_GOLDEN");
    if (update != nullptr && *update != '\0') {
        write_text(dir / (name + ".out"), run.out);
        write_text(dir / (name + ".err"), err);
        write_text(dir / (name + ".code"), code);
        GTEST_SKIP() << "golden files of " << name << " rewritten: review them (git diff)";
    }
    EXPECT_EQ(run.out, read_text(dir / (name + ".out"))) << "stdout of " << name;
    EXPECT_EQ(err, read_text(dir / (name + ".err"))) << "stderr of " << name;
    EXPECT_EQ(code, read_text(dir / (name + ".code"))) << "exit code of " << name;
}

INSTANTIATE_TEST_SUITE_P(Cli, CliGolden, ::testing::ValuesIn(golden_cases()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             return info.param;
                         });

TEST(CliGoldenSet, HasTheCases) {
    // Guards against a moved folder silently running no golden case at all.
    const auto names = golden_cases();
    EXPECT_GE(names.size(), 30u);
    for (const char* required :
         {"solve_mixed", "solve_9x9_stdin", "count_empty_4x4", "usage_no_command", "convert_to_pm",
          "explain_mixed", "hint_vague", "techniques"}) {
        EXPECT_NE(std::find(names.begin(), names.end(), required), names.end()) << required;
    }
}

// ---- Behaviour ----------------------------------------------------------------------------

std::vector<std::string> fixture_items(const std::string& name) {
    std::vector<std::string> items;
    for (const std::string& line : split_lines(read_text(fs::path(SUDOKIT_CLI_DIR) / name))) {
        if (!line.empty() && line[0] != '#') items.push_back(line);
    }
    return items;
}

// More items than one chunk of the batch runner (4096), mostly small grids so that it stays
// fast, with every kind of item from mixed.txt spread through it.
struct LongInput {
    fs::path path;
    size_t items = 0;
};

LongInput write_long_input(const fs::path& dir) {
    std::vector<std::string> small = fixture_items("puzzles_4x4.txt");
    for (const std::string& line : fixture_items("puzzles_6x6.txt")) small.push_back(line);
    const std::vector<std::string> mixed = fixture_items("mixed.txt");
    std::string text;
    LongInput input{dir / "long.txt", 0};
    for (int i = 0; i < 4500; ++i) {
        if (i % 97 == 3) {
            text += "# a comment line\n";
            continue;
        }
        text += i % 40 == 7 ? mixed[(i / 40) % mixed.size()] : small[i % small.size()];
        text += '\n';
        ++input.items;
    }
    write_text(input.path, text);
    return input;
}

TEST(CliThreads, OutputIsTheSameForAnyThreadCount) {
    const TempDir temp("cli");
    const fs::path& dir = temp.path();
    const LongInput long_input = write_long_input(dir);
    const std::string input = long_input.path.string();
    for (const std::string command : {"solve", "count"}) {
        const CliRun one =
            run_cli({command, "-q", "--engine", "backtrack", "--threads", "1", input});
        EXPECT_EQ(one.code, 1) << command;  // mixed.txt holds invalid and unsolvable items
        EXPECT_EQ(split_lines(one.out).size(), long_input.items) << command;
        for (const std::string threads : {"2", "3"}) {
            const CliRun many =
                run_cli({command, "-q", "--engine", "backtrack", "--threads", threads, input});
            EXPECT_EQ(many.code, one.code) << command << " --threads " << threads;
            EXPECT_TRUE(many.out == one.out) << command << " --threads " << threads;
            EXPECT_TRUE(many.err == one.err) << command << " --threads " << threads;
        }
    }
    fs::remove_all(dir);
}

TEST(CliThreads, ResultsKeepInputOrder) {
    const TempDir temp("cli");
    const fs::path& dir = temp.path();
    const std::string input = write_long_input(dir).path.string();
    const CliRun run = run_cli(
        {"solve", "-q", "--engine", "backtrack", "--threads", "3", "--format", "json", input});
    int previous = 0;
    size_t objects = 0;
    for (const std::string& line : split_lines(run.out)) {
        ++objects;
        const auto j = nlohmann::json::parse(line);
        const int n = j["line"].get<int>();
        EXPECT_GT(n, previous);
        previous = n;
    }
    EXPECT_EQ(previous, 4500);
    EXPECT_EQ(objects, write_long_input(dir).items);
    fs::remove_all(dir);
}

// explain and hint run their items on --threads workers, output in input order: the same bytes
// on stdout and stderr for any count (explain_mixed.txt holds invalid, stuck, conflicting and
// pencil-mark items).
TEST(CliThreads, ExplainAndHintAreTheSameForAnyThreadCount) {
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"explain", "--verify"}, std::vector<std::string>{"hint"},
          std::vector<std::string>{"explain", "-f", "json"},
          std::vector<std::string>{"hint", "-f", "json", "--vague"}}) {
        std::vector<std::string> args = command;
        for (const char* arg : {"--threads", "1", "explain_mixed.txt", "mixed.txt"})
            args.push_back(arg);
        const CliRun one = run_cli(args);
        EXPECT_EQ(one.code, 1) << command[0];
        EXPECT_GT(split_lines(one.out).size(), 10u) << command[0];
        for (const std::string threads : {"2", "3"}) {
            args[command.size() + 1] = threads;
            const CliRun many = run_cli(args);
            EXPECT_EQ(many.code, one.code) << command[0] << " --threads " << threads;
            EXPECT_EQ(many.out, one.out) << command[0] << " --threads " << threads;
            EXPECT_EQ(many.err, one.err) << command[0] << " --threads " << threads;
        }
    }
}

// --shard I/K: the K shards of a file together hold every item once, tagged with its line; put
// back in line order (as `sort -n` does) and untagged, they are the output of the whole file.
TEST(CliShard, ShardsTogetherAreTheWholeOutput) {
    const TempDir temp("cli");
    const std::string input = write_long_input(temp.path()).path.string();
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"solve", "--engine", "backtrack"},
          std::vector<std::string>{"count", "--engine", "dlx", "--format", "csv"},
          std::vector<std::string>{"rate", "--format", "csv"}}) {
        std::vector<std::string> args = command;
        for (const char* arg : {"-q", "--threads", "2"}) args.push_back(arg);
        args.push_back(input);
        const CliRun whole = run_cli(args);
        const bool csv = command.back() == "csv";
        const char separator = csv ? ',' : '\t';
        std::vector<std::pair<int, std::string>> tagged;
        std::string header;
        for (const int k : {2, 5}) {
            tagged.clear();
            for (int i = 1; i <= k; ++i) {
                std::vector<std::string> shard_args = args;
                shard_args.insert(shard_args.end() - 1,
                                  {"--shard", std::to_string(i) + "/" + std::to_string(k)});
                const CliRun shard = run_cli(shard_args);
                std::vector<std::string> lines = split_lines(shard.out);
                if (csv) {
                    ASSERT_FALSE(lines.empty());
                    header = lines.front().substr(lines.front().find(',') + 1);
                    EXPECT_EQ(lines.front().substr(0, 5), "line,") << command[0];
                    lines.erase(lines.begin());
                }
                int previous = 0;
                for (const std::string& line : lines) {
                    const size_t cut = line.find(separator);
                    ASSERT_NE(cut, std::string::npos) << line;
                    const int number = std::stoi(line.substr(0, cut));
                    EXPECT_EQ((number - 1) % k, i - 1) << command[0] << " " << i << "/" << k;
                    EXPECT_GT(number, previous);
                    previous = number;
                    tagged.emplace_back(number, line.substr(cut + 1));
                }
            }
            std::sort(tagged.begin(), tagged.end());
            std::string merged = csv ? header + "\n" : std::string();
            for (const auto& [number, line] : tagged) merged += line + "\n";
            EXPECT_TRUE(merged == whole.out) << command[0] << " in " << k << " shards";
        }
    }
}

// --threads above the number of cores gets the number of cores (1000
// threads made a 0.1 s batch take 2.6 s); the summary names the threads that ran.
TEST(CliThreads, ThreadsAreCappedAtTheCores) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const std::string threads = cores == 1 ? "1 thread)" : std::to_string(cores) + " threads)";
    for (const std::string command : {"solve", "count"}) {
        const CliRun run = run_cli({command, "--engine", "backtrack", "--threads", "4096",
                                    "puzzles_4x4.txt", "puzzles_6x6.txt"});
        EXPECT_EQ(run.code, 0) << command;
        EXPECT_NE(run.err.find(", " + threads), std::string::npos) << command << ": " << run.err;
    }
}

TEST(CliJson, SolveObjectsParseAndAgreeWithTheInput) {
    const CliRun run = run_cli({"solve", "-q", "--engine", "backtrack", "--format", "json",
                                "--threads", "2", "mixed.txt"});
    EXPECT_EQ(run.code, 1);
    const std::vector<std::string> lines = split_lines(run.out);
    const std::vector<std::pair<int, std::string>> expected = {
        {2, "unique"},      {3, "invalid"},  {4, "invalid"}, {6, "invalid"},
        {7, "no-solution"}, {8, "multiple"}, {9, "unique"},  {10, "unique"}};
    ASSERT_EQ(lines.size(), expected.size());
    for (size_t i = 0; i < lines.size(); ++i) {
        const nlohmann::json j = nlohmann::json::parse(lines[i]);
        SCOPED_TRACE(lines[i]);
        EXPECT_EQ(j["file"], "mixed.txt");
        EXPECT_EQ(j["line"].get<int>(), expected[i].first);
        EXPECT_EQ(j["status"], expected[i].second);
        EXPECT_EQ(j["engine"], "backtrack");
        if (expected[i].second == "unique") {
            const Grid puzzle = grid_from_line(j["puzzle"].get<std::string>());
            const Grid solution = grid_from_line(j["solution"].get<std::string>());
            EXPECT_TRUE(solves(puzzle, solution));
            EXPECT_EQ(j["count"], 1);
            EXPECT_EQ(j["unique"], true);
            EXPECT_GT(j["stats"]["nodes"].get<uint64_t>(), 0u);
            EXPECT_TRUE(j["error"].is_null());
        } else {
            EXPECT_TRUE(j["solution"].is_null());
            EXPECT_TRUE(j["error"].is_string());
        }
        if (expected[i].second == "invalid") {
            // What was read stays, so that the item can be found.
            EXPECT_TRUE(j["puzzle"].is_string());
            EXPECT_FALSE(j["puzzle"].get<std::string>().empty());
            EXPECT_TRUE(j["stats"].is_null());
        }
        if (j["line"] == 6) {
            EXPECT_EQ(j["comment"], "conflict");
            EXPECT_EQ(j["puzzle"].get<std::string>().substr(0, 10), "99.7..54.8");
        }
        if (expected[i].second == "multiple") {
            EXPECT_EQ(j["count"], 2);
            EXPECT_EQ(j["unique"], false);
        }
    }
}

TEST(CliJson, CountAndConvertObjectsParse) {
    const CliRun count = run_cli({"count", "-q", "--limit", "4", "--format", "json", "mixed.txt"});
    for (const std::string& line : split_lines(count.out)) {
        const nlohmann::json j = nlohmann::json::parse(line);
        EXPECT_EQ(j["limit"], 4);
        if (j["status"] == "unique") {
            EXPECT_EQ(j["count"], 1);
            EXPECT_EQ(j["complete"], true);
        }
        if (j["status"] == "multiple") {
            // The count reached the limit: at least that many, never complete (defect 9).
            EXPECT_EQ(j["count"].get<int>(), 4);
            EXPECT_EQ(j["complete"], false);
        }
    }
    EXPECT_EQ(split_lines(count.out).size(), 8u);
    const CliRun convert = run_cli({"convert", "-q", "--to", "json", "puzzles_16x16.txt"});
    EXPECT_EQ(convert.code, 0);
    const std::vector<std::string> lines = split_lines(convert.out);
    ASSERT_EQ(lines.size(), 2u);
    for (const std::string& line : lines) {
        const nlohmann::json j = nlohmann::json::parse(line);
        EXPECT_EQ(j["shape"], "4x4");
        EXPECT_EQ(j["puzzle"].get<std::string>().size(), 256u);
        EXPECT_EQ(grid_from_line(j["puzzle"].get<std::string>()).given_count(),
                  j["givens"].get<int>());
    }
}

// explain's objects carry the whole path; on 16x16 the step texts write digits 10..16 as A..G,
// the JSON digits stay numbers.
TEST(CliJson, ExplainObjectsHoldTheWholePath) {
    const CliRun run = run_cli({"explain", "-q", "--format", "json", "puzzles_16x16.txt"});
    EXPECT_EQ(run.code, 0) << run.err;
    const std::vector<std::string> lines = split_lines(run.out);
    ASSERT_EQ(lines.size(), 2u);
    int letters = 0;
    for (const std::string& line : lines) {
        const nlohmann::json j = nlohmann::json::parse(line);
        EXPECT_EQ(j["status"], "solved");
        EXPECT_EQ(j["end"], "solved");
        EXPECT_EQ(j["solutions"], 1);
        EXPECT_EQ(j["steps"].size(), j["summary"]["steps"].get<size_t>());
        const Grid puzzle = grid_from_line(j["puzzle"].get<std::string>());
        EXPECT_EQ(j["steps"].size(), static_cast<size_t>(256 - puzzle.given_count()));
        for (const nlohmann::json& step : j["steps"]) {
            ASSERT_EQ(step["placements"].size(), 1u);
            const int digit = step["placements"][0]["digit"].get<int>();
            const std::string placed =
                step["placements"][0]["name"].get<std::string>() + "=" +
                static_cast<char>(digit < 10 ? '0' + digit : 'A' + digit - 10);
            EXPECT_NE(step["text"].get<std::string>().find(placed), std::string::npos)
                << step["text"] << " lacks " << placed;
            letters += digit >= 10;
        }
    }
    EXPECT_GT(letters, 0);
}

TEST(CliJson, HintObjectsParse) {
    const CliRun run = run_cli({"hint", "-q", "--format", "json", "hint_positions.txt"});
    EXPECT_EQ(run.code, 1);  // the malformed line
    const std::vector<std::string> lines = split_lines(run.out);
    ASSERT_EQ(lines.size(), 5u);
    const std::vector<std::string> statuses = {"step", "step", "step", "solved", "invalid"};
    for (size_t i = 0; i < lines.size(); ++i) {
        const nlohmann::json j = nlohmann::json::parse(lines[i]);
        EXPECT_EQ(j["status"], statuses[i]) << lines[i];
        if (j["status"] == "step") {
            // The text is the step's, with a note where the position has several solutions.
            EXPECT_TRUE(
                j["text"].get<std::string>().starts_with(j["step"]["text"].get<std::string>()))
                << lines[i];
        }
        EXPECT_EQ(j["marks"].is_null(), i != 1 && i != 2) << lines[i];
    }
}

// `sudokit ... | head -n 1`: the reader goes away; the program stops without a message, a
// partial line or a summary.
TEST(CliPipe, ClosedPipeStopsQuietly) {
    const TempDir temp("cli");
    const fs::path& dir = temp.path();
    const std::string puzzle = fixture_items("puzzles_4x4.txt")[0];
    std::string text;
    for (int i = 0; i < 100000; ++i) text += puzzle + "\n";
    write_text(dir / "big.txt", text);
    for (const std::string command : {"solve --threads 2", "convert"}) {
        const std::string cmd = "( " + shell_quote(SUDOKIT_BINARY) + " " + command + " " +
                                shell_quote((dir / "big.txt").string()) + " 2> " +
                                shell_quote((dir / "err").string()) + "; echo $? > " +
                                shell_quote((dir / "code").string()) + " ) | head -n 1 > " +
                                shell_quote((dir / "out").string());
        ASSERT_EQ(exit_code_of(std::system(cmd.c_str())), 0) << cmd;
        const std::string first = command == "convert" ? puzzle : "3412123423414123";
        EXPECT_EQ(read_text(dir / "out"), first + "\n") << command;
        EXPECT_EQ(read_text(dir / "err"), "") << command;
        EXPECT_EQ(read_text(dir / "code"), "1\n") << command;
    }
    fs::remove_all(dir);
}

// `sudokit solve < /tmp`: the shell opens the folder, reading it fails (EISDIR). That is an
// input that could not be read, not an empty one: named on stderr, exit 1, for every command
// that reads puzzles.
TEST(CliInput, UnreadableStdinIsAnError) {
    const TempDir folder("cli_stdin");
    for (const std::string command : {"solve", "count", "convert", "explain", "hint"}) {
        const CliRun run = run_cli({command, "--quiet"}, folder.path().string());
        EXPECT_EQ(run.out, "") << command;
        EXPECT_EQ(run.err, "sudokit: stdin: cannot read: Is a directory\n") << command;
        EXPECT_EQ(run.code, 1) << command;
    }
}

TEST(CliEngines, ListsEveryRegisteredEngine) {
    const CliRun run = run_cli({"engines"});
    EXPECT_EQ(run.code, 0);
    EXPECT_EQ(run.err, "");
    for (const EngineInfo& info : all_engines()) {
        EXPECT_NE(run.out.find(std::string(info.name) + " "), std::string::npos) << info.name;
        EXPECT_NE(run.out.find(std::string(info.description)), std::string::npos) << info.name;
        if (!info.options.empty()) {
            EXPECT_NE(run.out.find(engine_options_text(info)), std::string::npos) << info.name;
        }
    }
    EXPECT_NE(run.out.find("default: "), std::string::npos);
}

TEST(CliUsage, BadEngineSpecsAreUsageErrors) {
    const CliRun unknown = run_cli({"solve", "--engine", "nope", "puzzles_4x4.txt"});
    EXPECT_EQ(unknown.code, 2);
    EXPECT_EQ(unknown.out, "");
    EXPECT_NE(unknown.err.find("unknown engine 'nope'"), std::string::npos) << unknown.err;
    const CliRun option = run_cli({"count", "--engine", "backtrack:depth=3", "puzzles_4x4.txt"});
    EXPECT_EQ(option.code, 2);
    EXPECT_EQ(option.out, "");
    EXPECT_NE(option.err.find("unknown option 'depth'"), std::string::npos) << option.err;
}

// A whole-number option refuses a negative, fractional, overflowing or
// non-numeric value with a usage error that names the range (CLI11 alone wrapped -1 around to
// 2^64-1 and took 99999999999999999999 as 2^64-1).
TEST(CliUsage, WholeNumberOptionsRefuseWhatIsNotInTheirRange) {
    const std::string u64 = "18446744073709551615";
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"solve", "--budget", "-1"}, "--budget: '-1' is not a whole number from 0 to " + u64},
        {{"count", "--budget", "99999999999999999999"},
         "--budget: '99999999999999999999' is not a whole number from 0 to " + u64},
        {{"solve", "--budget", "1.5"}, "--budget: '1.5' is not a whole number from 0 to " + u64},
        {{"solve", "--budget", "many"},
         "--budget: 'many' is not a number (expected a whole number from 0 to " + u64 + ")"},
        {{"solve", "--threads", "-1"}, "--threads: '-1' is not a whole number from 0 to 4096"},
        {{"count", "-j", "abc"},
         "--threads: 'abc' is not a number (expected a whole number from 0 to 4096)"},
        {{"bench", "--limit", "-1"}, "--limit: '-1' is not a whole number from 0 to " + u64},
        {{"bench", "--budget", "-1"}, "--budget: '-1' is not a whole number from 0 to " + u64},
        {{"bench", "--seed", "-1"}, "--seed: '-1' is not a whole number from 0 to " + u64},
        {{"bench", "--warmup", "-1"}, "--warmup: '-1' is not a whole number from 0 to 1000000"},
        {{"bench", "--reps", "0"}, "--reps: '0' is not a whole number from 1 to 1000000"},
        {{"bench", "--solutions", "-1"},
         "--solutions: '-1' is not a whole number from 1 to 1000000"},
        {{"bench", "--rounds", "0x10"},
         "--rounds: '0x10' is not a number (expected a whole number from 1 to 100000)"},
        {{"bench", "-j", "0"}, "--threads: '0' is not a whole number from 1 to 4096"},
        {{"explain", "--max-steps", "-1"},
         "--max-steps: '-1' is not a whole number from 0 to 18446744073709551615"},
        {{"count", "--limit", "0"}, "--limit: '0' is not a whole number from 1 to 4294967295"},
        {{"solve", "--timeout", "-1"}, "--timeout: '-1' is not a number of seconds >= 0"},
        {{"hint", "--timeout", "soon"}, "--timeout: 'soon' is not a number of seconds >= 0"},
    };
    // In a scratch folder: a bench that wrongly ran would write its report there.
    const TempDir temp("cli_numbers");
    for (const auto& [args, message] : cases) {
        std::vector<std::string> argv = args;
        argv.push_back((fs::path(SUDOKIT_CLI_DIR) / "puzzles_4x4.txt").string());
        const CliRun run = run_cli(argv, "", temp.path().string());
        EXPECT_EQ(run.code, 2) << args[0] << " " << args[1] << " " << args[2];
        EXPECT_EQ(run.out, "") << args[0] << " " << args[1] << " " << args[2];
        EXPECT_EQ(run.err, "sudokit: " + message + "\nRun with --help for more information.\n");
    }
}

// A bad real number gets a readable message (CLI11's range printed
// DBL_MAX with 310 digits), and NaN or infinity is no number of seconds.
TEST(CliUsage, RealNumberOptionsSayWhatTheyExpect) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"bench", "--max-time", "-1"}, "--max-time: '-1' is not a number of seconds >= 0"},
        {{"bench", "--max-time", "nan"}, "--max-time: 'nan' is not a number of seconds >= 0"},
        {{"bench", "--min-time", "inf"}, "--min-time: 'inf' is not a number of seconds >= 0"},
        {{"bench", "--min-time", "soon"}, "--min-time: 'soon' is not a number of seconds >= 0"},
        {{"bench", "--band-width", "0"}, "--band-width: '0' is not a number > 0"},
        {{"bench", "--band-width", "-0.5"}, "--band-width: '-0.5' is not a number > 0"},
    };
    // In a scratch folder: a bench that wrongly ran would write its report there.
    const TempDir temp("cli_reals");
    for (const auto& [args, message] : cases) {
        std::vector<std::string> argv = args;
        argv.push_back((fs::path(SUDOKIT_CLI_DIR) / "puzzles_4x4.txt").string());
        const CliRun run = run_cli(argv, "", temp.path().string());
        EXPECT_EQ(run.code, 2) << args[1] << " " << args[2];
        EXPECT_EQ(run.err, "sudokit: " + message + "\nRun with --help for more information.\n");
    }
}

// bench checks its file operands and --size like the other commands (it
// called a folder "no such file").
TEST(CliUsage, BenchOperandsAreCheckedLikeTheOthers) {
    const TempDir temp("cli_bench_operands");
    const CliRun folder = run_cli({"bench", temp.path().string()});
    EXPECT_EQ(folder.code, 2);
    EXPECT_EQ(folder.err, "sudokit: files: '" + temp.path().string() +
                              "' is a directory\nRun with --help for more information.\n");
    const CliRun bench_size = run_cli({"bench", "--size", "3", "puzzles_4x4.txt"});
    const CliRun solve_size = run_cli({"solve", "--size", "3", "puzzles_4x4.txt"});
    EXPECT_EQ(bench_size.code, 2);
    EXPECT_EQ(bench_size.err, solve_size.err);
}

// An option the command does not have is named, not its value taken for a missing file.
TEST(CliUsage, UnknownOptionIsNamedNotTakenForAFile) {
    for (const char* command : {"solve", "explain", "hint", "rate", "bench"}) {
        const CliRun run = run_cli({command, "--no-such-option", "1", "mixed.txt"});
        EXPECT_EQ(run.code, 2) << command;
        EXPECT_EQ(run.err,
                  "sudokit: The following argument was not expected: --no-such-option\n"
                  "Run with --help for more information.\n")
            << command;
    }
    const CliRun missing = run_cli({"explain", "--threads", "1", "no-such-file.txt"});
    EXPECT_EQ(missing.code, 2);
    EXPECT_EQ(missing.err,
              "sudokit: files: no such file: 'no-such-file.txt'\nRun with --help for more "
              "information.\n");
}

// Every help fits in 100 columns (descriptions wrapped under their option),
// shows no CLI11 internals ("--first{false}", "0.000000") and no stale text.
TEST(CliUsage, HelpIsReadable) {
    for (const std::string command : {"", "solve", "count", "convert", "engines", "bench",
                                      "explain", "hint", "techniques", "generate"}) {
        const CliRun run = run_cli(command.empty() ? std::vector<std::string>{"--help"}
                                                   : std::vector<std::string>{command, "--help"});
        EXPECT_EQ(run.code, 0) << command;
        for (const std::string& line : split_lines(run.out)) {
            // Columns, not bytes: UTF-8 continuation bytes take none.
            const auto columns = std::count_if(line.begin(), line.end(), [](char c) {
                return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
            });
            EXPECT_LE(columns, 100) << command << ": " << line;
            // An option line holds "NAMES TYPE", then two spaces or more before the description:
            // "--mode first|stepdown|focus after a step" ran the two together.
            if (line.rfind("  -", 0) == 0) {
                const std::string left = line.substr(2, line.find("  ", 2) - 2);
                EXPECT_LE(std::count(left.begin(), left.end(), ' '), 1) << command << ": " << line;
            }
        }
        for (const char* bad : {"{false}", "{true}", "0.000000", "while there is no auto"})
            EXPECT_EQ(run.out.find(bad), std::string::npos) << command << ": " << bad;
    }
}

TEST(CliUsage, EveryCommandHasHelp) {
    for (const std::string command : {"solve", "count", "convert", "engines", "explain", "hint",
                                      "techniques", "rate", "generate"}) {
        const CliRun run = run_cli({command, "--help"});
        EXPECT_EQ(run.code, 0) << command;
        EXPECT_NE(run.out.find("Usage: sudokit " + command), std::string::npos) << run.out;
    }
}

}  // namespace
}  // namespace sudokit::testing
