// The `dlx` engine beyond the shared conformance cases: the large public grids (16x16, 25x25)
// proved unique, hostile givens, shapes mixed on one engine object, and what the stats count.
#include <gtest/gtest.h>

#include "sudokit/engine.h"
#include "test_support.h"

namespace sudokit {
namespace {

const char* const kHard17 =
    ".......13....3..8..7..........2.6....3....9......1....6..5..2.4...4..7..1........";
// First of tdoku's forum-hardest set: thousands of rows tried, hundreds of guesses.
const char* const kForumHardest =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";

void expect_all_unique(const std::string& path, size_t expected_count) {
    auto engine = make_engine("dlx");
    ASSERT_NE(engine, nullptr);
    const auto lines = testing::read_lines(path);
    EXPECT_EQ(lines.size(), expected_count);
    for (const std::string& line : lines) {
        Grid puzzle = testing::grid_from_line(line);
        Result r = engine->solve(puzzle, Limits{});
        EXPECT_TRUE(r.complete()) << line;
        EXPECT_EQ(r.count, 1u) << line;
        EXPECT_TRUE(solves(puzzle, r.first)) << line;
    }
}

TEST(DlxEngine, Gecode16x16AreUnique) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku16_gecode.txt");
    expect_all_unique(path, 55);
}

TEST(DlxEngine, Generated25x25AreUnique) {
    SUDOKIT_REQUIRE_DATA(gen330, "sudoku25_gen330.txt");
    expect_all_unique(gen330, 10);
    SUDOKIT_REQUIRE_DATA(gen290, "sudoku25_gen290.txt");
    expect_all_unique(gen290, 8);
}

TEST(DlxEngine, HostileGivensGiveNoSolutionAndLeaveTheEngineSound) {
    auto engine = make_engine("dlx");
    Grid hard = testing::grid_from_line(kHard17);
    const Result before = engine->solve(hard, Limits{});
    ASSERT_EQ(before.count, 1u);

    Grid same_row = hard;
    same_row.set(0, 1);  // r1c8 holds a 1 already
    EXPECT_EQ(engine->solve(same_row, Limits{}).count, 0u);
    Grid too_big = hard;
    too_big.set(0, 10);  // no digit of a 9x9 grid
    Result r = engine->solve(too_big, Limits{});
    EXPECT_EQ(r.count, 0u);
    EXPECT_TRUE(r.complete());

    // Nothing of those solves is left behind.
    const Result after = engine->solve(hard, Limits{});
    EXPECT_EQ(after.count, 1u);
    EXPECT_EQ(after.first, before.first);
    EXPECT_EQ(after.stats.nodes, before.stats.nodes);
    EXPECT_EQ(after.stats.propagations, before.stats.propagations);
}

TEST(DlxEngine, ShapesMixedOnOneEngine) {
    auto engine = make_engine("dlx");
    const std::vector<Shape> shapes = {Shape{2, 2}, Shape{3, 3}, Shape{2, 3}, Shape{3, 2},
                                       Shape{3, 3}, Shape{4, 4}, Shape{2, 2}, Shape{1, 1}};
    for (Shape shape : shapes) {
        Limits limits;
        limits.max_solutions = 1;
        Result r = engine->solve(Grid(shape), limits);
        EXPECT_EQ(r.count, 1u) << shape.name();
        EXPECT_TRUE(is_valid_solution(r.first)) << shape.name();
    }
    Limits all;
    all.max_solutions = 1000;
    EXPECT_EQ(engine->solve(Grid(Shape{2, 2}), all).count, 288u);
}

TEST(DlxEngine, StatsMeanWhatTheyClaim) {
    auto engine = make_engine("dlx");
    // A full grid: nothing to search.
    Grid hard = testing::grid_from_line(kHard17);
    Result solved = engine->solve(hard, Limits{});
    ASSERT_EQ(solved.count, 1u);
    Result full = engine->solve(solved.first, Limits{});
    EXPECT_EQ(full.count, 1u);
    EXPECT_EQ(full.stats.nodes, 0u);
    EXPECT_EQ(full.stats.propagations, 0u);
    // Hard for brute force, but smallest-column-first never has to guess here: one row tried
    // per empty cell.
    const int empties = 81 - hard.given_count();
    EXPECT_EQ(solved.stats.nodes, static_cast<uint64_t>(empties));
    EXPECT_EQ(solved.stats.guesses, 0u);
    // A hard one: every empty cell is a row tried on the way to the solution, and a unique
    // puzzle's search tree has one failing leaf (an empty column) per guess, and its deepest
    // path is the solution's: one row per empty cell.
    hard = testing::grid_from_line(kForumHardest);
    solved = engine->solve(hard, Limits{});
    ASSERT_EQ(solved.count, 1u);
    const int hard_empties = 81 - hard.given_count();
    EXPECT_GT(solved.stats.nodes, static_cast<uint64_t>(hard_empties));
    EXPECT_GT(solved.stats.guesses, 0u);
    EXPECT_EQ(solved.stats.depth, static_cast<uint64_t>(hard_empties));
    EXPECT_GE(solved.stats.propagations, solved.stats.nodes);
    // A budget below that stops the search and says so.
    Limits tight;
    tight.node_budget = static_cast<uint64_t>(hard_empties);
    Result cut = engine->solve(hard, tight);
    EXPECT_FALSE(cut.complete());
    EXPECT_EQ(cut.stats.nodes, tight.node_budget);
}

}  // namespace
}  // namespace sudokit
