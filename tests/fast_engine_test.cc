// The `fast` engine: every compiled path against the fixtures, against `backtrack` on random
// puzzles and on the public data sets; the free function against the Engine wrapper; limits.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engines/fast/fast.h"
#include "sudokit/engine.h"
#include "sudokit/generate.h"
#include "test_support.h"

namespace sudokit {
namespace {

// The paths this machine can run (kPortable always; kAvx2 and kAvx512 where the CPU has them).
std::vector<FastPath> paths() {
    std::vector<FastPath> out = {FastPath::kPortable};
    if (fast_path_available(FastPath::kAvx2)) out.push_back(FastPath::kAvx2);
    if (fast_path_available(FastPath::kAvx512)) out.push_back(FastPath::kAvx512);
    return out;
}

struct Answer {
    int count = 0;
    std::string solution;
    FastStats stats;
};

Answer solve(const std::string& puzzle, FastPath path, int max_solutions = 2, uint64_t budget = 0) {
    FastOptions options;
    options.path = path;
    options.max_solutions = max_solutions;
    options.node_budget = budget;
    Answer a;
    a.solution.assign(81, '?');
    a.count = fast_solve(puzzle.c_str(), options, a.solution.data(), &a.stats);
    return a;
}

// A solution line that is a valid grid and keeps the puzzle's givens.
bool solves_line(const std::string& puzzle, const std::string& solution) {
    return solves(testing::grid_from_line(puzzle), testing::grid_from_line(solution));
}

struct Fixture {
    std::string puzzle;
    int count;
    std::string solution;  // empty when the fixture gives none
};

std::vector<Fixture> nine_by_nine_fixtures() {
    std::vector<Fixture> out;
    std::ifstream in(testing::fixture_path("engine_cases.txt"));
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#' || line.find(' ') != std::string::npos) continue;
        std::vector<std::string> fields;
        std::stringstream ss(line);
        for (std::string f; std::getline(ss, f, ':');) fields.push_back(f);
        if (fields.size() < 2 || fields[0].size() != 81) continue;
        out.push_back({fields[0], std::stoi(fields[1]), fields.size() > 2 ? fields[2] : ""});
    }
    return out;
}

TEST(FastEngine, EveryPathMatchesTheFixtures) {
    const auto cases = nine_by_nine_fixtures();
    ASSERT_GE(cases.size(), 20u);
    for (FastPath path : paths()) {
        SCOPED_TRACE(std::string(fast_path_name(path)));
        for (const Fixture& c : cases) {
            SCOPED_TRACE(c.puzzle);
            Answer a = solve(c.puzzle, path, c.count + 1);
            EXPECT_EQ(a.stats.stop, Stop::finished);
            EXPECT_EQ(a.count, c.count);
            if (a.count > 0) {
                EXPECT_TRUE(solves_line(c.puzzle, a.solution)) << a.solution;
            }
            if (c.count == 1 && !c.solution.empty()) {
                EXPECT_EQ(a.solution, c.solution);
            }
        }
    }
}

TEST(FastEngine, FreeFunctionAgreesWithTheEngine) {
    std::string error;
    for (FastPath path : paths()) {
        auto engine = make_engine("fast:path=" + std::string(fast_path_name(path)), &error);
        ASSERT_NE(engine, nullptr) << error;
        for (const Fixture& c : nine_by_nine_fixtures()) {
            Limits limits;
            limits.max_solutions = 3;
            Result r = engine->solve(testing::grid_from_line(c.puzzle), limits);
            Answer a = solve(c.puzzle, path, 3);
            EXPECT_EQ(static_cast<int>(r.count), a.count) << c.puzzle;
            EXPECT_EQ(r.stats.nodes, a.stats.nodes) << c.puzzle;
            EXPECT_EQ(r.stats.guesses, a.stats.guesses) << c.puzzle;
            if (a.count > 0) {
                EXPECT_EQ(testing::grid_to_line(r.first), a.solution);
            }
        }
    }
    // The short form is the auto path counting up to the given limit.
    const std::string empty(81, '.');
    char solution[81];
    EXPECT_EQ(fast_solve(empty.c_str(), 2, solution, nullptr), 2);
    EXPECT_TRUE(solves_line(empty, std::string(solution, 81)));
}

TEST(FastEngine, ConflictingGivensHaveNoSolution) {
    std::string row(81, '.'), row_in_box(81, '.'), col(81, '.'), box(81, '.'), cell_dead(81, '.');
    row[0] = row[8] = '5';
    row_in_box[0] = row_in_box[1] = '5';  // one row and one box
    col[4] = col[76] = '7';               // same column, first and last band
    box[30] = box[50] = '2';              // r4c4 and r6c6: box 5, different rows and columns
    // r1c1 sees 1-8 in its row and 9 in its column: no digit left, no two givens clash.
    cell_dead = ".12345678" + std::string(72, '.');
    cell_dead[27] = '9';
    for (FastPath path : paths()) {
        for (const std::string& p : {row, row_in_box, col, box, cell_dead}) {
            Answer a = solve(p, path);
            EXPECT_EQ(a.count, 0) << p;
            EXPECT_EQ(a.stats.stop, Stop::finished);
        }
    }
}

// Random givens, most of them clashing or without a solution, some with a character that is no
// digit: every path gives the same count, solution and counters, within a node budget.
TEST(FastEngine, PathsAgreeOnRandomGivens) {
    std::mt19937_64 rng(20261207);
    const std::string others = "0x \xff";
    int without_solution = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string line(81, '.');
        const int givens = std::uniform_int_distribution<int>(0, 29)(rng);
        for (int g = 0; g < givens; ++g) line[rng() % 81] = static_cast<char>('1' + rng() % 9);
        if (i % 3 == 0) line[rng() % 81] = others[rng() % others.size()];
        const int max_solutions = 1 + static_cast<int>(rng() % 3);
        std::vector<Answer> answers;
        for (FastPath path : paths()) answers.push_back(solve(line, path, max_solutions, 2000));
        for (const Answer& a : answers) {
            EXPECT_EQ(a.count, answers[0].count) << line;
            EXPECT_EQ(a.solution, answers[0].solution) << line;
            EXPECT_EQ(a.stats.nodes, answers[0].stats.nodes) << line;
            EXPECT_EQ(a.stats.guesses, answers[0].stats.guesses) << line;
            EXPECT_EQ(a.stats.depth, answers[0].stats.depth) << line;
            EXPECT_EQ(a.stats.stop, answers[0].stats.stop) << line;
        }
        without_solution += answers[0].count == 0;
    }
    // About 70 % have no solution (14,054 with libstdc++'s distributions); the rest are solved,
    // counted or stopped by the budget.
    EXPECT_GT(without_solution, 13500);
    EXPECT_LT(without_solution, 14600);
}

TEST(FastEngine, StopsAtMaxSolutions) {
    const std::string empty(81, '.');
    for (FastPath path : paths()) {
        for (int limit : {1, 2, 5, 40}) {
            Answer a = solve(empty, path, limit);
            EXPECT_EQ(a.count, limit);
            EXPECT_EQ(a.stats.stop, Stop::solution_limit);
            EXPECT_TRUE(solves_line(empty, a.solution));
        }
        EXPECT_EQ(solve(empty, path, 0).count, 1) << "a limit below 1 counts as 1";
    }
}

TEST(FastEngine, NodeBudgetIsNeverExceeded) {
    // The first of the forum's "hardest" list (2011): needs many guesses on every path.
    const std::string hard =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    for (FastPath path : paths()) {
        Answer full = solve(hard, path);
        ASSERT_EQ(full.count, 1);
        ASSERT_GT(full.stats.nodes, 10u);
        for (uint64_t budget = 1; budget < full.stats.nodes; budget += 1 + budget / 4) {
            Answer a = solve(hard, path, 2, budget);
            EXPECT_LE(a.stats.nodes, budget);
            EXPECT_EQ(a.stats.stop, Stop::node_budget) << "budget " << budget;
        }
        Answer exact = solve(hard, path, 2, full.stats.nodes);
        EXPECT_EQ(exact.stats.stop, Stop::finished);
        EXPECT_EQ(exact.count, 1);
        EXPECT_EQ(exact.solution, full.solution);
        EXPECT_EQ(exact.stats.nodes, full.stats.nodes);
    }
}

TEST(FastEngine, PathsAgreeWithBacktrackOnRandomPuzzles) {
    std::mt19937_64 rng(20240917);
    auto reference = make_engine("backtrack");
    int unique = 0, multiple = 0, compared = 0;
    for (int i = 0; i < 400; ++i) {
        Grid solution = random_solution(Shape{3, 3}, rng);
        const int clues = std::uniform_int_distribution<int>(18, 40)(rng);
        Grid puzzle = random_puzzle(solution, clues, rng);
        const std::string line = testing::grid_to_line(puzzle);
        std::vector<Answer> answers;
        for (FastPath path : paths()) answers.push_back(solve(line, path, 3));
        for (const Answer& a : answers) {
            ASSERT_GE(a.count, 1) << line;
            ASSERT_TRUE(solves_line(line, a.solution)) << line;
            // The paths run the same search: same answers, same counters.
            EXPECT_EQ(a.count, answers[0].count) << line;
            EXPECT_EQ(a.solution, answers[0].solution) << line;
            EXPECT_EQ(a.stats.nodes, answers[0].stats.nodes) << line;
        }
        Limits limits;
        limits.max_solutions = 3;
        limits.node_budget = 300'000;
        Result r = reference->solve(puzzle, limits);
        if (!r.answered()) continue;
        ++compared;
        EXPECT_EQ(static_cast<int>(r.count), answers[0].count) << line;
        if (r.count == 1) {
            EXPECT_EQ(testing::grid_to_line(r.first), answers[0].solution);
        }
        (r.count == 1 ? unique : multiple) += 1;
    }
    EXPECT_GT(compared, 200);
    EXPECT_GT(unique, 0);
    EXPECT_GT(multiple, 0);
}

// Excluded digits (the generator's "a solution that differs in a removed cell"), on every
// path: a unique puzzle has no solution without one of its solution's digits, given or not;
// a minimal puzzle with a clue taken out has a solution without that clue's digit there.
// Entries out of range are ignored.
TEST(FastEngine, ExcludedDigitsStayOut) {
    std::mt19937_64 rng(77);
    SolutionCounter counter;
    auto dlx = make_engine("dlx");
    for (int round = 0; round < 6; ++round) {
        const Grid solution = random_grid(Shape{3, 3}, rng);
        const Grid puzzle = minimize(solution, rng, counter);
        const std::string line = testing::grid_to_line(puzzle);
        for (FastPath path : paths()) {
            FastOptions options;
            options.path = path;
            options.max_solutions = 1;
            std::string found(81, '?');
            const detail::Exclusion ignored[] = {{.cell = 81, .digit = 1}, {.cell = 0, .digit = 0}};
            options.excluded = ignored;
            EXPECT_EQ(fast_solve(line.c_str(), options, found.data(), nullptr), 1) << line;
            for (int cell = 0; cell < 81; ++cell) {
                const detail::Exclusion out[] = {{.cell = cell, .digit = solution[cell]}};
                options.excluded = out;
                FastStats stats;
                EXPECT_EQ(fast_solve(line.c_str(), options, found.data(), &stats), 0)
                    << line << " cell " << cell;
                EXPECT_EQ(stats.stop, Stop::finished);
            }
            for (int cell = 0; cell < 81; ++cell) {
                if (puzzle[cell] == 0) continue;
                Grid smaller = puzzle;
                smaller.set(cell, 0);
                const std::string smaller_line = testing::grid_to_line(smaller);
                const detail::Exclusion out[] = {{.cell = cell, .digit = solution[cell]}};
                options.excluded = out;
                const int got = fast_solve(smaller_line.c_str(), options, found.data(), nullptr);
                // The puzzle is minimal: without any of its clues it has two solutions.
                ASSERT_EQ(dlx->solve(smaller, Limits{.max_solutions = 2}).count, 2u);
                ASSERT_EQ(got, 1) << smaller_line;
                EXPECT_TRUE(solves_line(smaller_line, found)) << smaller_line;
                EXPECT_NE(found[cell], '0' + solution[cell]) << smaller_line;
            }
        }
    }
}

TEST(FastEngine, OptionsAreChecked) {
    std::string error;
    EXPECT_NE(make_engine("fast:path=portable", &error), nullptr);
    EXPECT_NE(make_engine("fast:path=auto", &error), nullptr);
    EXPECT_EQ(make_engine("fast:path=sse9", &error), nullptr);
    EXPECT_NE(error.find("path must be auto, portable, avx2 or avx512"), std::string::npos)
        << error;
    EXPECT_EQ(make_engine("fast:speed=1", &error), nullptr);
    EXPECT_EQ(error, "unknown option 'speed' for engine 'fast' (accepted: path)");
    const EngineInfo* info = find_engine("fast");
    ASSERT_NE(info, nullptr);
    EXPECT_TRUE(info->supports(Shape{3, 3}));
    EXPECT_FALSE(info->supports(Shape{2, 2}));
    EXPECT_FALSE(info->supports(Shape{4, 4}));
}

// Every puzzle of a data file (up to `limit`) has `count` solutions on every path, and the
// unique ones a valid solution that keeps the givens; every path visits as many nodes as the
// portable one (the boards reach the same fixpoints).
void check_data(const std::string& path_name, size_t limit, int count) {
    const auto lines = testing::read_lines(path_name, limit);
    ASSERT_FALSE(lines.empty());
    std::vector<uint64_t> portable_nodes;
    for (FastPath path : paths()) {
        int wrong = 0, other_nodes = 0;
        for (size_t i = 0; i < lines.size(); ++i) {
            const std::string puzzle = lines[i].substr(0, 81);
            Answer a = solve(puzzle, path, 2);
            const bool ok = a.count == count && a.stats.stop != Stop::node_budget &&
                            solves_line(puzzle, a.solution);
            if (!ok && ++wrong <= 5) {
                ADD_FAILURE() << fast_path_name(path) << ": " << puzzle << " -> count " << a.count;
            }
            if (path == FastPath::kPortable) {
                portable_nodes.push_back(a.stats.nodes);
            } else if (a.stats.nodes != portable_nodes[i] && ++other_nodes <= 5) {
                ADD_FAILURE() << fast_path_name(path) << ": " << puzzle << " -> " << a.stats.nodes
                              << " nodes, portable " << portable_nodes[i];
            }
        }
        EXPECT_EQ(wrong, 0) << fast_path_name(path) << " on " << lines.size() << " puzzles";
        EXPECT_EQ(other_nodes, 0) << fast_path_name(path) << " on " << lines.size() << " puzzles";
    }
}

TEST(FastEngineData, NorvigTop95) {
    SUDOKIT_REQUIRE_DATA(file, "norvig_top95.txt");
    check_data(file, 0, 1);
}

TEST(FastEngineData, SeventeenClueFirst3000) {
    SUDOKIT_REQUIRE_DATA(file, "tdoku_puzzles2_17_clue.txt");
    check_data(file, 3000, 1);
}

TEST(FastEngineData, ForumHardestFirst200) {
    SUDOKIT_REQUIRE_DATA(file, "tdoku_puzzles6_forum_hardest_1106.txt");
    check_data(file, 200, 1);
}

TEST(FastEngineData, SergBenchmarkFirst2000HaveTwoSolutions) {
    SUDOKIT_REQUIRE_DATA(file, "tdoku_puzzles7_serg_benchmark.txt");
    check_data(file, 2000, 2);
}

}  // namespace
}  // namespace sudokit
