// The sudokit program on the public data sets (skipped when ../shared/data is absent): solutions
// that keep the givens, solution counts, and 16x16 files read and written back unchanged.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "sudokit/engine.h"
#include "sudokit/grid.h"
#include "test_support.h"

namespace sudokit::testing {
namespace {

namespace fs = std::filesystem;

// Norvig's top95 with plain backtracking. Backtracking needs 400 million nodes for the whole
// set even with --first (minutes under the sanitizers), so each puzzle gets a budget of 200,000
// nodes: 44 of the 95 are solved within it, and every line is a solution that keeps the givens
// or the marker `unfinished`, in input order.
TEST(CliData, Top95BacktrackSolutionsKeepTheGivens) {
    SUDOKIT_REQUIRE_DATA(path, "norvig_top95.txt");
    const CliRun run =
        run_cli({"solve", "--first", "-q", "--engine", "backtrack", "--budget", "200000", path});
    EXPECT_EQ(run.code, 1);  // some are unfinished
    const std::vector<std::string> puzzles = read_lines(path);
    const std::vector<std::string> results = split_lines(run.out);
    ASSERT_EQ(puzzles.size(), 95u);
    ASSERT_EQ(results.size(), puzzles.size());
    size_t solved = 0;
    for (size_t i = 0; i < puzzles.size(); ++i) {
        if (results[i] == "unfinished") continue;
        ++solved;
        EXPECT_TRUE(solves(grid_from_line(puzzles[i]), grid_from_line(results[i])))
            << "line " << i + 1 << ": " << results[i];
    }
    EXPECT_EQ(solved, 44u);
    EXPECT_EQ(split_lines(run.err).size(), 95u - solved);  // one message per unfinished line
}

// The whole of top95 with the default engine (auto), uniqueness checked.
TEST(CliData, Top95DefaultEngineSolvesEveryPuzzleUniquely) {
    SUDOKIT_REQUIRE_DATA(path, "norvig_top95.txt");
    const CliRun run = run_cli({"solve", "-q", path});
    EXPECT_EQ(run.code, 0);
    EXPECT_EQ(run.err, "");
    const std::vector<std::string> puzzles = read_lines(path);
    const std::vector<std::string> solutions = split_lines(run.out);
    ASSERT_EQ(solutions.size(), puzzles.size());
    for (size_t i = 0; i < puzzles.size(); ++i) {
        EXPECT_TRUE(solves(grid_from_line(puzzles[i]), grid_from_line(solutions[i])))
            << "line " << i + 1 << ": " << solutions[i];
    }
}

// Serg's benchmark holds only puzzles with two or more solutions.
TEST(CliData, SergBenchmarkCountsTwo) {
    SUDOKIT_REQUIRE_DATA(path, "tdoku_puzzles7_serg_benchmark.txt");
    const TempDir temp("cli");
    const fs::path& dir = temp.path();
    std::string text;
    for (const std::string& line : read_lines(path, 200)) text += line + "\n";
    write_text(dir / "serg200.txt", text);
    const CliRun run = run_cli({"count", "--limit", "2", "-q", (dir / "serg200.txt").string()});
    EXPECT_EQ(run.code, 0);
    EXPECT_EQ(run.err, "");
    const std::vector<std::string> counts = split_lines(run.out);
    ASSERT_EQ(counts.size(), 200u);
    // The search stops at the limit: at least two, which the count says.
    for (size_t i = 0; i < counts.size(); ++i) EXPECT_EQ(counts[i], ">=2") << "line " << i + 1;
    fs::remove_all(dir);
}

// Backtracking needs minutes for these 16x16 puzzles, so they are read and written back
// instead: line -> grid -> line and line -> csv -> line give the input again (csv keeps the
// empty comment column as a ',' comment); pencil marks read back as the cells with one
// candidate, so the givens are kept and naked singles become givens.
TEST(CliData, Gecode16x16RoundTrips) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku16_gecode.txt");
    const std::vector<std::string> lines = read_lines(path);
    ASSERT_EQ(lines.size(), 55u);
    std::string expected;
    for (const std::string& line : lines) expected += line + "\n";
    const CliRun direct = run_cli({"convert", "-q", path});
    EXPECT_EQ(direct.code, 0);
    EXPECT_EQ(direct.out, expected);

    const TempDir temp("cli");
    const fs::path& dir = temp.path();
    for (const std::string format : {"grid", "csv", "pm", "pmgrid", "json"}) {
        const CliRun there = run_cli({"convert", "-q", "--to", format, path});
        EXPECT_EQ(there.code, 0) << format << ": " << there.err;
        if (format == "json") continue;  // JSON is an output format only
        write_text(dir / "converted.txt", there.out);
        const CliRun back = run_cli({"convert", "-q", (dir / "converted.txt").string()});
        EXPECT_EQ(back.code, 0) << format << ": " << back.err;
        const std::vector<std::string> back_lines = split_lines(back.out);
        ASSERT_EQ(back_lines.size(), lines.size()) << format;
        for (size_t i = 0; i < lines.size(); ++i) {
            if (format == "grid") {
                EXPECT_EQ(back_lines[i], lines[i]) << format << " line " << i + 1;
            } else if (format == "csv") {
                EXPECT_EQ(back_lines[i], lines[i] + ",") << format << " line " << i + 1;
            } else {
                const Grid original = grid_from_line(lines[i]);
                const Grid marked = grid_from_line(back_lines[i]);
                EXPECT_GE(marked.given_count(), original.given_count());
                for (int cell = 0; cell < original.cell_count(); ++cell) {
                    if (original[cell] != 0) {
                        EXPECT_EQ(marked[cell], original[cell]) << format << " line " << i + 1;
                    }
                }
                EXPECT_FALSE(find_conflict(marked).has_value()) << format << " line " << i + 1;
            }
        }
    }
    fs::remove_all(dir);
}

// With a node budget every 16x16 puzzle is either solved correctly or marked unfinished.
TEST(CliData, Gecode16x16UnderABudget) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku16_gecode.txt");
    const CliRun run =
        run_cli({"solve", "--first", "-q", "--engine", "backtrack", "--budget", "20000", path});
    const std::vector<std::string> puzzles = read_lines(path);
    const std::vector<std::string> results = split_lines(run.out);
    ASSERT_EQ(results.size(), puzzles.size());
    bool any_unfinished = false;
    for (size_t i = 0; i < results.size(); ++i) {
        if (results[i] == "unfinished") {
            any_unfinished = true;
            continue;
        }
        EXPECT_TRUE(solves(grid_from_line(puzzles[i]), grid_from_line(results[i])))
            << "line " << i + 1;
    }
    EXPECT_EQ(run.code, any_unfinished ? 1 : 0);
}

}  // namespace
}  // namespace sudokit::testing
