// Every engine on the fixture cases (tests/fixtures/engine_cases.txt, "[RxC
// ]puzzle:count[:solution]"): exact solution counts, valid solutions that keep the givens, limits
// honoured.
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <sstream>
#include <vector>

#include "sudokit/engine.h"
#include "sudokit/outcome.h"
#include "test_support.h"

namespace sudokit {
namespace {

struct Case {
    int line = 0;
    Grid puzzle;
    uint32_t count = 0;
    std::optional<Grid> solution;
};

Grid read_cells(Shape shape, const std::string& text) {
    Grid g = testing::grid_from_line(text);
    Grid shaped(shape);
    for (int i = 0; i < shape.cell_count() && i < g.cell_count(); ++i) shaped.set(i, g[i]);
    return shaped;
}

std::vector<Case> load_cases() {
    std::vector<Case> cases;
    std::ifstream in(testing::fixture_path("engine_cases.txt"));
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.empty() || line[0] == '#') continue;
        std::optional<Shape> shape;
        if (size_t space = line.find(' '); space != std::string::npos) {
            shape = Shape::parse(line.substr(0, space));
            line = line.substr(space + 1);
        }
        std::vector<std::string> fields;
        std::stringstream ss(line);
        for (std::string f; std::getline(ss, f, ':');) fields.push_back(f);
        EXPECT_GE(fields.size(), 2u) << "fixture line " << number;
        if (fields.size() < 2) continue;
        if (!shape) shape = Shape::for_cell_count(static_cast<int>(fields[0].size()));
        EXPECT_TRUE(shape) << "fixture line " << number;
        if (!shape) continue;
        Case c;
        c.line = number;
        c.puzzle = read_cells(*shape, fields[0]);
        c.count = static_cast<uint32_t>(std::stoul(fields[1]));
        if (fields.size() > 2) c.solution = read_cells(*shape, fields[2]);
        cases.push_back(std::move(c));
    }
    return cases;
}

class EngineConformance : public ::testing::TestWithParam<std::string_view> {};

// An engine that never guesses may stop stuck (count 0, incomplete) with a partial grid; what
// it does claim must hold: solved means the unique solution, complete with 0 means none.
void check_logic_only(const Case& c, const Result& r) {
    if (r.count == 1) {
        EXPECT_TRUE(r.complete());
        EXPECT_EQ(c.count, 1u);
        EXPECT_TRUE(solves(c.puzzle, r.first)) << testing::grid_to_line(r.first);
        if (c.solution) {
            EXPECT_EQ(r.first, *c.solution);
        }
        return;
    }
    EXPECT_EQ(r.count, 0u);
    if (r.complete()) {
        EXPECT_EQ(c.count, 0u) << "claimed no solution";
        return;
    }
    EXPECT_EQ(r.stop, Stop::stuck);
    // Stuck: the partial grid keeps the givens and, for a unique puzzle, agrees with its solution.
    for (int cell = 0; cell < c.puzzle.cell_count(); ++cell) {
        if (c.puzzle[cell] != 0) {
            EXPECT_EQ(r.first[cell], c.puzzle[cell]);
        }
        if (c.count == 1 && c.solution && r.first[cell] != 0) {
            EXPECT_EQ(r.first[cell], (*c.solution)[cell]) << "cell " << cell;
        }
    }
}

TEST_P(EngineConformance, ExactCountsOnFixtures) {
    const EngineInfo* info = find_engine(GetParam());
    ASSERT_NE(info, nullptr);
    auto engine = make_engine(info->name);
    ASSERT_NE(engine, nullptr);
    const auto cases = load_cases();
    ASSERT_GE(cases.size(), 60u);
    int run = 0;
    for (const Case& c : cases) {
        if (!info->supports(c.puzzle.shape())) continue;
        ++run;
        Limits limits;
        limits.max_solutions = c.count + 1;  // so finding too many shows
        Result r = engine->solve(c.puzzle, limits);
        SCOPED_TRACE("fixture line " + std::to_string(c.line));
        if (info->logic_only) {
            check_logic_only(c, r);
            continue;
        }
        ASSERT_TRUE(r.complete()) << stop_name(r.stop);
        EXPECT_EQ(r.count, c.count);
        if (r.count > 0) {
            EXPECT_TRUE(solves(c.puzzle, r.first)) << testing::grid_to_line(r.first);
        }
        if (c.count == 1 && c.solution) {
            EXPECT_EQ(r.first, *c.solution);
        }
        // Stopping at the first solution.
        if (c.count >= 2) {
            limits.max_solutions = 1;
            Result one = engine->solve(c.puzzle, limits);
            EXPECT_EQ(one.count, 1u);
            EXPECT_EQ(one.stop, Stop::solution_limit);
            EXPECT_TRUE(solves(c.puzzle, one.first));
        }
    }
    EXPECT_GT(run, 0);
}

TEST_P(EngineConformance, NodeBudgetIsHonoured) {
    auto engine = make_engine(GetParam());
    ASSERT_NE(engine, nullptr);
    const EngineInfo* info = find_engine(GetParam());
    // Counting 500 solutions of the empty grid needs many search nodes in every search engine
    // (a hard puzzle would not do: strong propagation solves some of them without a node).
    Grid empty(Shape{3, 3});
    if (!info->supports(empty.shape())) GTEST_SKIP() << "engine does not take 9x9";
    Limits unlimited;
    unlimited.max_solutions = 500;
    Result full = engine->solve(empty, unlimited);
    if (info->logic_only && full.stop == Stop::stuck) {
        // Stuck engines are still bound by the budget.
        Limits limits;
        limits.node_budget = 1;
        EXPECT_LE(engine->solve(empty, limits).stats.nodes, 1u);
        return;
    }
    ASSERT_EQ(full.stop, Stop::solution_limit);
    ASSERT_EQ(full.count, 500u);
    ASSERT_GT(full.stats.nodes, 10u);
    for (uint64_t budget : {1ull, 3ull, 10ull}) {
        Limits limits = unlimited;
        limits.node_budget = budget;
        Result r = engine->solve(empty, limits);
        EXPECT_LE(r.stats.nodes, budget);
        EXPECT_EQ(r.stop, Stop::node_budget) << "budget " << budget;
        EXPECT_LT(r.count, 500u);
    }
    // A budget larger than the whole search changes nothing.
    Limits roomy = unlimited;
    roomy.node_budget = full.stats.nodes + 1;
    Result r = engine->solve(empty, roomy);
    EXPECT_EQ(r.stop, Stop::solution_limit);
    EXPECT_EQ(r.count, 500u);
    EXPECT_EQ(r.first, full.first);
}

TEST_P(EngineConformance, SameAnswerWhenReused) {
    // Engines keep scratch state between calls; a later solve must not see an earlier one. One
    // engine solves every case, last to first, then the first it solved again: each case is
    // solved after others (the one solved first, also after itself).
    auto engine = make_engine(GetParam());
    ASSERT_NE(engine, nullptr);
    const auto cases = load_cases();
    const EngineInfo* info = find_engine(GetParam());
    std::vector<const Case*> order;
    for (auto it = cases.rbegin(); it != cases.rend(); ++it) {
        if (info->supports(it->puzzle.shape()) && it->puzzle.size() <= 12) order.push_back(&*it);
    }
    ASSERT_FALSE(order.empty());
    order.push_back(order.front());
    for (const Case* c : order) {
        Limits limits;
        limits.max_solutions = c->count + 1;
        Result r = engine->solve(c->puzzle, limits);
        if (info->logic_only) {
            // The same answer as a fresh engine gives.
            Result fresh = make_engine(GetParam())->solve(c->puzzle, limits);
            EXPECT_EQ(r.count, fresh.count) << "line " << c->line;
            EXPECT_EQ(r.first, fresh.first) << "line " << c->line;
            continue;
        }
        EXPECT_EQ(r.count, c->count) << "line " << c->line;
    }
}

// A puzzle logic alone solves in many steps (Norvig's first of top95).
const char* const kFirstFixture =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

// The empty 9x9 grid has about 6.7e21 solutions: counting them never ends, so only a limit can
// stop the search. Logic-only engines get stuck at once instead, and are skipped.
Limits endless_count() {
    Limits limits;
    limits.max_solutions = 4'000'000'000u;
    return limits;
}

TEST_P(EngineConformance, DeadlineStopsTheSearch) {
    const EngineInfo* info = find_engine(GetParam());
    auto engine = make_engine(GetParam());
    ASSERT_NE(engine, nullptr);
    const Grid empty(Shape{3, 3});
    if (info->logic_only) {
        // No endless search to stop: a passed deadline stops it before its first step.
        const Result late =
            engine->solve(testing::grid_from_line(kFirstFixture), Limits{.deadline = Clock::now()});
        EXPECT_EQ(late.stop, Stop::time_limit);
        EXPECT_EQ(late.stats.nodes, 0u);
        return;
    }
    Limits limits = endless_count();
    limits.deadline = Limits::deadline_after(0.05);
    const Result r = engine->solve(empty, limits);
    EXPECT_EQ(r.stop, Stop::time_limit);
    EXPECT_GT(r.stats.nodes, 0u);
    EXPECT_GE(r.count, 2u);
    EXPECT_EQ(outcome_of(r), Outcome::time_limit);  // the count asked for is not known

    // A deadline already passed stops before the first node.
    limits.deadline = Clock::now();
    const Result late = engine->solve(empty, limits);
    EXPECT_EQ(late.stop, Stop::time_limit);
    EXPECT_EQ(late.stats.nodes, 0u);
    EXPECT_EQ(outcome_of(late), Outcome::time_limit);
}

TEST_P(EngineConformance, CancelFlagStopsTheSearch) {
    const EngineInfo* info = find_engine(GetParam());
    auto engine = make_engine(GetParam());
    ASSERT_NE(engine, nullptr);
    std::atomic<bool> cancel{true};
    Limits limits = endless_count();
    limits.cancel = &cancel;
    // A logic-only engine has no endless search: the flag stops it before its first step.
    const Result r = engine->solve(
        info->logic_only ? testing::grid_from_line(kFirstFixture) : Grid(Shape{3, 3}), limits);
    EXPECT_EQ(r.stop, Stop::cancelled);
    EXPECT_EQ(outcome_of(r), Outcome::interrupted);
}

// Every engine, every shape it does not solve: an outcome, never a read past the grid.
TEST_P(EngineConformance, UnsupportedShapeIsAnOutcome) {
    const EngineInfo* info = find_engine(GetParam());
    auto engine = make_engine(GetParam());
    ASSERT_NE(engine, nullptr);
    for (Shape shape : {Shape{1, 1}, Shape{2, 2}, Shape{2, 3}, Shape{3, 3}, Shape{3, 4},
                        Shape{4, 4}, Shape{0, 3}, Shape{7, 7}}) {
        SCOPED_TRACE(shape.name());
        Grid grid(shape);
        const Result r = engine->solve(grid, Limits{});
        const bool supported = shape.valid() && info->supports(shape);
        EXPECT_EQ(engine->supports(shape) && shape.valid(), supported);
        if (supported) {
            EXPECT_NE(r.stop, Stop::unsupported);
            continue;
        }
        EXPECT_EQ(r.stop, Stop::unsupported);
        EXPECT_EQ(r.count, 0u);
        EXPECT_EQ(r.stats, Stats{});
        EXPECT_EQ(outcome_of(r), Outcome::unsupported);
    }
}

// engine.h defines the counters once: the root is no node, guesses and dead ends are nodes.
TEST_P(EngineConformance, CountersFollowTheirDefinitions) {
    const EngineInfo* info = find_engine(GetParam());
    auto engine = make_engine(GetParam());
    ASSERT_NE(engine, nullptr);
    for (const Case& c : load_cases()) {
        if (!info->supports(c.puzzle.shape())) continue;
        Limits limits;
        limits.max_solutions = c.count + 1;
        const Result r = engine->solve(c.puzzle, limits);
        SCOPED_TRACE("fixture line " + std::to_string(c.line));
        EXPECT_LE(r.stats.guesses, r.stats.nodes);
        EXPECT_LE(r.stats.depth, r.stats.nodes);
    }
    // Givens in conflict: no search at all.
    Grid conflict(Shape{3, 3});
    conflict.set(0, 1);
    conflict.set(1, 1);
    const Result none = engine->solve(conflict, Limits{});
    EXPECT_EQ(none.count, 0u);
    EXPECT_EQ(none.stats.nodes, 0u);
    EXPECT_EQ(none.stats.depth, 0u);
    // A full grid: the root is the solution, with no node and no dead end.
    const Grid full = testing::grid_from_line(
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
    const Result one = engine->solve(full, Limits{});
    EXPECT_EQ(one.count, 1u);
    EXPECT_EQ(one.stats.nodes, 0u);
    EXPECT_EQ(one.stats.depth, 0u);
}

// Dead ends need no counter of their own: every leaf of a complete search is a solution or a
// dead end, so they are guesses + 1 - solutions. The depth tells what the others do not: how
// many choices were in force at once. The backtrack engine fills one empty cell per level, so
// on the empty 4x4 grid its deepest path holds all 16 cells; a search that propagates holds far
// fewer choices at once, and never more than it entered.
TEST(EngineStats, DepthIsTheDeepestPathNotACountOfLeaves) {
    Limits limits;
    limits.max_solutions = 1000;
    const Result brute = make_engine("backtrack")->solve(Grid(Shape{2, 2}), limits);
    ASSERT_EQ(brute.count, 288u);
    ASSERT_TRUE(brute.complete());
    EXPECT_EQ(brute.stats.depth, 16u);
    for (const char* name : {"dlx", "propagate", "heuristic"}) {
        SCOPED_TRACE(name);
        const Result r = make_engine(name)->solve(Grid(Shape{2, 2}), limits);
        ASSERT_EQ(r.count, 288u);
        EXPECT_GT(r.stats.depth, 0u);
        EXPECT_LE(r.stats.depth, 16u);
        EXPECT_LT(r.stats.depth, r.stats.nodes);
    }
    // One of Norvig's top95 that the 9x9 engine's propagation does not solve: it guesses, but
    // only a few choices are in force at once.
    const Grid hard = testing::grid_from_line(
        "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....");
    const Result fast = make_engine("fast")->solve(hard, Limits{});
    ASSERT_EQ(fast.count, 1u);
    EXPECT_GT(fast.stats.depth, 0u);
    EXPECT_LE(fast.stats.depth, fast.stats.nodes);
    EXPECT_LT(fast.stats.depth, 20u);
}

std::vector<std::string_view> engine_names() {
    std::vector<std::string_view> names;
    for (const EngineInfo& info : all_engines()) names.push_back(info.name);
    return names;
}

INSTANTIATE_TEST_SUITE_P(AllEngines, EngineConformance, ::testing::ValuesIn(engine_names()),
                         [](const auto& info) { return std::string(info.param); });

TEST(Registry, UnknownEngineAndOptionsAreReported) {
    std::string error;
    EXPECT_EQ(make_engine("nosuch", &error), nullptr);
    EXPECT_NE(error.find("unknown engine 'nosuch'"), std::string::npos) << error;
    EXPECT_EQ(make_engine("backtrack:speed=11", &error), nullptr);
    EXPECT_EQ(error, "unknown option 'speed' for engine 'backtrack'");
    EXPECT_EQ(make_engine("backtrack:oops", &error), nullptr);
    EXPECT_EQ(error, "engine option 'oops' needs the form key=value");
    for (const EngineInfo& info : all_engines()) {
        EXPECT_FALSE(info.description.empty());
        EXPECT_FALSE(info.sizes.empty());
    }
}

}  // namespace
}  // namespace sudokit
