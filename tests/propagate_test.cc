// The `propagate` engine beyond the conformance suite: its options, the two stack modes of the
// Czech post giving the same search, what propagation alone solves, and the large data sets.
#include <gtest/gtest.h>

#include "sudokit/engine.h"
#include "sudokit/generate.h"
#include "test_support.h"

namespace sudokit {
namespace {

// The hard 17-clue puzzle of the Czech post (seed 004).
const char* const kCzech =
    ".......13....3..8..7..........2.6....3....9......1....6..5..2.4...4..7..1........";

std::unique_ptr<Engine> engine(std::string_view spec) {
    std::string error;
    auto e = make_engine(spec, &error);
    EXPECT_NE(e, nullptr) << spec << ": " << error;
    return e;
}

Result solve(std::string_view spec, const Grid& puzzle, Limits limits = {}) {
    auto e = engine(spec);
    if (e == nullptr) return Result{};
    return e->solve(puzzle, limits);
}

TEST(PropagateEngine, OptionsAreParsed) {
    for (const char* spec : {"propagate", "propagate:stack=prealloc", "propagate:stack=alloc",
                             "propagate:hidden=off", "propagate:stack=alloc,hidden=on"}) {
        EXPECT_NE(make_engine(spec), nullptr) << spec;
    }
    std::string error;
    EXPECT_EQ(make_engine("propagate:stack=heap", &error), nullptr);
    EXPECT_EQ(error, "engine 'propagate': stack must be prealloc or alloc, not 'heap'");
    EXPECT_EQ(make_engine("propagate:hidden=yes", &error), nullptr);
    EXPECT_EQ(error, "engine 'propagate': hidden must be on or off, not 'yes'");
    EXPECT_EQ(make_engine("propagate:depth=3", &error), nullptr);
    EXPECT_EQ(error, "unknown option 'depth' for engine 'propagate' (accepted: stack, hidden)");
}

TEST(PropagateEngine, StackModesMakeTheSameSearch) {
    // With naked singles only (the post's rules) the Czech puzzle needs tens of thousands of
    // descents; where the boards live must change nothing but the time.
    const Grid puzzle = testing::grid_from_line(kCzech);
    const Result pre = solve("propagate:stack=prealloc,hidden=off", puzzle);
    const Result alloc = solve("propagate:stack=alloc,hidden=off", puzzle);
    ASSERT_TRUE(pre.complete());
    ASSERT_TRUE(alloc.complete());
    EXPECT_EQ(pre.count, 1u);
    EXPECT_EQ(alloc.count, 1u);
    EXPECT_TRUE(solves(puzzle, pre.first));
    EXPECT_EQ(alloc.first, pre.first);
    EXPECT_GT(pre.stats.nodes, 1000u);
    EXPECT_EQ(alloc.stats.nodes, pre.stats.nodes);
    EXPECT_EQ(alloc.stats.guesses, pre.stats.guesses);
    EXPECT_EQ(alloc.stats.depth, pre.stats.depth);
    EXPECT_EQ(alloc.stats.propagations, pre.stats.propagations);
}

TEST(PropagateEngine, HiddenSinglesSolveTheCzechPuzzleWithoutGuessing) {
    const Grid puzzle = testing::grid_from_line(kCzech);
    for (const char* spec : {"propagate:stack=prealloc", "propagate:stack=alloc"}) {
        const Result r = solve(spec, puzzle);
        EXPECT_EQ(r.count, 1u) << spec;
        EXPECT_TRUE(solves(puzzle, r.first)) << spec;
        EXPECT_EQ(r.stats.nodes, 0u) << spec;
        EXPECT_GT(r.stats.propagations, 0u) << spec;
    }
}

TEST(PropagateEngine, NakedSinglesAloneSolveAnEasyPuzzle) {
    // The first grid of Norvig's essay, which his eliminate/assign solves without search.
    const Grid puzzle = testing::grid_from_line(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
    const Result r = solve("propagate:hidden=off", puzzle);
    EXPECT_EQ(r.count, 1u);
    EXPECT_TRUE(solves(puzzle, r.first));
    EXPECT_EQ(r.stats.nodes, 0u);
    EXPECT_EQ(r.stats.guesses, 0u);
}

TEST(PropagateEngine, CountsGuessesAndDeadEnds) {
    // Norvig's hardest puzzle needs search: guesses are the descents after the first at a
    // choice point, so there are fewer guesses than descents, and the deepest path is shorter
    // than the descents (some were undone).
    const Grid puzzle = testing::grid_from_line(
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.");
    const Result r = solve("propagate", puzzle);
    ASSERT_EQ(r.count, 1u);
    EXPECT_TRUE(solves(puzzle, r.first));
    EXPECT_GT(r.stats.nodes, 0u);
    EXPECT_LT(r.stats.guesses, r.stats.nodes);
    EXPECT_GT(r.stats.depth, 1u);
    EXPECT_LT(r.stats.depth, r.stats.nodes);
}

TEST(PropagateEngine, ConflictingOrOutOfRangeGivensCountZero) {
    Grid row(Shape{3, 3});
    row.set(0, 5);
    row.set(8, 5);
    Grid box(Shape{3, 3});
    box.set(0, 7);
    box.set(20, 7);
    // No conflict between givens, but r1c9 has no digit left (r1 holds 1-8, c9 holds 9).
    Grid stuck(Shape{3, 3});
    for (int c = 0; c < 8; ++c) stuck.set(c, c + 1);
    stuck.set(9 * 4 + 8, 9);
    Grid wide(Shape{2, 2});
    wide.set(3, 5);
    for (const Grid& g : {row, box, stuck, wide}) {
        for (const char* spec : {"propagate", "propagate:hidden=off"}) {
            const Result r = solve(spec, g);
            EXPECT_EQ(r.count, 0u) << spec << " " << testing::grid_to_line(g);
            EXPECT_TRUE(r.complete());
            EXPECT_EQ(r.stats.nodes, 0u);
        }
    }
}

TEST(PropagateEngine, OneByOneGrid) {
    Grid empty(Shape{1, 1});
    const Result r = solve("propagate", empty);
    EXPECT_EQ(r.count, 1u);
    EXPECT_EQ(r.first[0], 1);
    Grid given(Shape{1, 1});
    given.set(0, 1);
    EXPECT_EQ(solve("propagate", given).count, 1u);
}

TEST(PropagateEngine, BudgetStopsBothStackModes) {
    const Grid puzzle = testing::grid_from_line(kCzech);
    for (const char* spec : {"propagate:hidden=off", "propagate:stack=alloc,hidden=off"}) {
        Limits limits;
        limits.node_budget = 500;
        const Result r = solve(spec, puzzle, limits);
        EXPECT_FALSE(r.complete()) << spec;
        EXPECT_EQ(r.stats.nodes, 500u) << spec;
    }
}

TEST(PropagateEngine, OneEngineAcrossShapes) {
    // The stack grows for 25x25 and is reused by the smaller shapes after it.
    auto e = engine("propagate");
    ASSERT_NE(e, nullptr);
    // A 25x25 puzzle the test makes itself (no data set needed): a random solution with a
    // fifth of its cells blanked; dlx gives the count to expect.
    std::mt19937_64 rng(25);
    const Grid big = random_puzzle(random_solution(Shape{5, 5}, rng), 500, rng);
    const uint32_t big_count = engine("dlx")->solve(big, Limits{}).count;
    ASSERT_GE(big_count, 1u);
    const Grid nine = testing::grid_from_line(kCzech);
    const Grid four = testing::grid_from_line("....3.4.2..4.3..");
    for (int round = 0; round < 2; ++round) {
        for (const Grid* g : {&nine, &big, &four}) {
            const Result r = e->solve(*g, Limits{});
            EXPECT_EQ(r.count, g == &big ? big_count : 1u) << testing::grid_to_line(*g);
            EXPECT_TRUE(solves(*g, r.first));
        }
    }
}

// Unique large puzzles from the shared data sets (count up to 2 proves uniqueness).
void expect_unique(const std::string& path, size_t max_lines) {
    auto e = engine("propagate");
    ASSERT_NE(e, nullptr);
    const auto lines = testing::read_lines(path, max_lines);
    ASSERT_FALSE(lines.empty());
    for (const std::string& line : lines) {
        const Grid puzzle = testing::grid_from_line(line);
        const Result r = e->solve(puzzle, Limits{});
        EXPECT_TRUE(r.complete());
        EXPECT_EQ(r.count, 1u) << line;
        EXPECT_TRUE(solves(puzzle, r.first)) << line;
    }
}

TEST(PropagateEngine, Gecode16x16AreUnique) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku16_gecode.txt");
    expect_unique(path, 0);
}

TEST(PropagateEngine, Generated25x25AreUnique) {
    SUDOKIT_REQUIRE_DATA(path290, "sudoku25_gen290.txt");
    SUDOKIT_REQUIRE_DATA(path330, "sudoku25_gen330.txt");
    expect_unique(path290, 0);
    expect_unique(path330, 0);
}

TEST(PropagateEngine, Generated36x36IsUnique) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku36_gen800.txt");
    expect_unique(path, 1);
}

TEST(PropagateEngine, Hardest9x9SampleIsUnique) {
    SUDOKIT_REQUIRE_DATA(path, "tdoku_puzzles5_forum_hardest_1905_11plus.txt");
    expect_unique(path, 50);
}

}  // namespace
}  // namespace sudokit
