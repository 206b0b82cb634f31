// The `heuristic` engine (HS-solver): every strategy set gives the same counts and solutions
// (fixtures, seeded random puzzles, data sets), each set does the work its name says, options
// parse, and the limits hold for every set; the solver behind it keeps excluded digits out and
// follows a guide (the generator's checks).
#include "engines/heuristic/heuristic.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

#include "engines/heuristic/strategies.h"
#include "sudokit/engine.h"
#include "sudokit/generate.h"
#include "test_support.h"

namespace sudokit {
namespace {

constexpr const char* kSets[] = {"singles", "hidden", "intersections", "pairs"};

std::unique_ptr<Engine> make_set(const std::string& set) {
    std::string error;
    auto engine = make_engine("heuristic:strategies=" + set, &error);
    EXPECT_NE(engine, nullptr) << error;
    return engine;
}

std::vector<std::unique_ptr<Engine>> all_sets() {
    std::vector<std::unique_ptr<Engine>> engines;
    for (const char* set : kSets) engines.push_back(make_set(set));
    return engines;
}

uint64_t nodes_with(const std::string& set, const Grid& puzzle) {
    Result r = make_set(set)->solve(puzzle, Limits{});
    EXPECT_EQ(r.count, 1u) << set;
    return r.stats.nodes;
}

struct FixtureCase {
    int line = 0;
    Grid puzzle;
    uint32_t count = 0;
};

// tests/fixtures/engine_cases.txt: "[RxC ]puzzle:count[:solution]".
std::vector<FixtureCase> fixture_cases() {
    std::vector<FixtureCase> cases;
    std::ifstream in(testing::fixture_path("engine_cases.txt"));
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line[0] == '#') continue;
        std::optional<Shape> shape;
        if (size_t space = line.find(' '); space != std::string::npos) {
            shape = Shape::parse(line.substr(0, space));
            line = line.substr(space + 1);
        }
        std::stringstream fields(line);
        std::string cells, count;
        std::getline(fields, cells, ':');
        std::getline(fields, count, ':');
        Grid read = testing::grid_from_line(cells);
        Grid puzzle(shape ? *shape : read.shape());
        for (int i = 0; i < puzzle.cell_count(); ++i) puzzle.set(i, read[i]);
        cases.push_back({number, puzzle, static_cast<uint32_t>(std::stoul(count))});
    }
    return cases;
}

// Runs the strategy sets from kSets[first] on `puzzle` and checks they agree with each other
// (and with `expected_count` when given); returns the common count.
uint32_t expect_sets_agree(std::vector<std::unique_ptr<Engine>>& engines, const Grid& puzzle,
                           uint32_t max_solutions, std::optional<uint32_t> expected_count,
                           size_t first = 0) {
    Limits limits;
    limits.max_solutions = max_solutions;
    std::optional<Result> reference;
    for (size_t i = first; i < engines.size(); ++i) {
        SCOPED_TRACE(std::string("strategies=") + kSets[i]);
        Result r = engines[i]->solve(puzzle, limits);
        EXPECT_TRUE(r.answered());
        if (expected_count) {
            EXPECT_EQ(r.count, *expected_count);
        }
        if (r.count > 0) {
            EXPECT_TRUE(solves(puzzle, r.first)) << testing::grid_to_line(r.first);
        }
        if (!reference) {
            reference = r;
            continue;
        }
        EXPECT_EQ(r.count, reference->count) << testing::grid_to_line(puzzle);
        if (r.count == 1) {
            EXPECT_EQ(r.first, reference->first);
        }
    }
    return reference->count;
}

TEST(HeuristicEngine, EveryStrategySetAgreesOnTheFixtures) {
    auto engines = all_sets();
    const auto cases = fixture_cases();
    ASSERT_GE(cases.size(), 60u);
    for (const FixtureCase& c : cases) {
        SCOPED_TRACE("fixture line " + std::to_string(c.line));
        expect_sets_agree(engines, c.puzzle, c.count + 1, c.count);
    }
}

TEST(HeuristicEngine, EveryStrategySetAgreesOnRandomPuzzles) {
    struct Plan {
        Shape shape;
        int puzzles, min_clues, max_clues;
    };
    const Plan plans[] = {{Shape{2, 2}, 200, 4, 10},   {Shape{2, 3}, 100, 8, 20},
                          {Shape{3, 3}, 300, 22, 40},  {Shape{3, 4}, 40, 50, 90},
                          {Shape{4, 4}, 40, 110, 200}, {Shape{5, 5}, 6, 380, 450},
                          {Shape{6, 6}, 2, 1000, 1100}};
    std::mt19937_64 rng(2024);
    auto engines = all_sets();
    for (const Plan& plan : plans) {
        SCOPED_TRACE("shape " + plan.shape.name());
        int unique = 0, multiple = 0;
        for (int i = 0; i < plan.puzzles; ++i) {
            Grid solution = random_solution(plan.shape, rng);
            int clues = std::uniform_int_distribution<int>(plan.min_clues, plan.max_clues)(rng);
            Grid puzzle = random_puzzle(solution, clues, rng);
            const uint32_t count = expect_sets_agree(engines, puzzle, 2, std::nullopt);
            ASSERT_GE(count, 1u) << testing::grid_to_line(puzzle);
            (count == 1 ? unique : multiple) += 1;
        }
        if (plan.puzzles >= 40) {
            EXPECT_GT(unique, 0);
            EXPECT_GT(multiple, 0);
        }
    }
}

TEST(HeuristicEngine, EveryStrategySetProvesTheHardDataSetsUnique) {
    SUDOKIT_REQUIRE_DATA(norvig, "norvig_top95.txt");
    SUDOKIT_REQUIRE_DATA(hardest, "tdoku_puzzles5_forum_hardest_1905_11plus.txt");
    SUDOKIT_REQUIRE_DATA(sixteen, "sudoku16_gecode.txt");
    auto engines = all_sets();
    // Naked singles alone need 10^5 nodes on some 16x16 puzzles: that set sits this one out.
    struct Part {
        std::string path;
        size_t lines;
        size_t first_set;
    };
    for (const Part& part : {Part{norvig, 20, 0}, Part{hardest, 12, 0}, Part{sixteen, 12, 1}}) {
        const auto lines = testing::read_lines(part.path, part.lines);
        ASSERT_EQ(lines.size(), part.lines) << part.path;
        for (const std::string& line : lines) {
            SCOPED_TRACE(line);
            expect_sets_agree(engines, testing::grid_from_line(line), 2, 1u, part.first_set);
        }
    }
}

TEST(HeuristicEngine, EachStrategySetDoesItsOwnWork) {
    // One blank per row: naked singles alone finish it at the root, with no node (the root is
    // none, engine.h).
    Grid nakeds = testing::grid_from_line(
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
    for (int row = 0; row < 9; ++row) nakeds.set(row * 9 + (row * 4) % 9, 0);
    EXPECT_EQ(nodes_with("singles", nakeds), 0u);
    for (const char* set : kSets) {
        // Nine placements, nothing else to do: propagations counts exactly those.
        Result r = make_set(set)->solve(nakeds, Limits{});
        EXPECT_EQ(r.stats.propagations, 9u) << set;
        EXPECT_EQ(r.stats.guesses, 0u) << set;
    }
    // 17-clue puzzles found by this engine: the first needs hidden singles to be solved without
    // guessing, the second also pointing/claiming, the third also pairs.
    const Grid hidden = testing::grid_from_line(
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....");
    EXPECT_GT(nodes_with("singles", hidden), 0u);
    EXPECT_EQ(nodes_with("hidden", hidden), 0u);
    const Grid locked = testing::grid_from_line(
        ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2..8.91....");
    EXPECT_GT(nodes_with("hidden", locked), 0u);
    EXPECT_EQ(nodes_with("intersections", locked), 0u);
    const Grid paired = testing::grid_from_line(
        ".................1.....2.3.....4...5..2.1...6..3..78.....9.32...1.....4..5.......");
    EXPECT_GT(nodes_with("intersections", paired), 0u);
    EXPECT_EQ(nodes_with("pairs", paired), 0u);
    // Stronger sets never need more search on these.
    for (const Grid* g : {&hidden, &locked, &paired}) {
        uint64_t previous = UINT64_MAX;
        for (const char* set : kSets) {
            const uint64_t nodes = nodes_with(set, *g);
            EXPECT_LE(nodes, previous) << set;
            previous = nodes;
        }
    }
}

TEST(HeuristicEngine, StatsAddUp) {
    // The first puzzle of the forum's hardest list (rated 11+): every set has to guess.
    const Grid hard = testing::grid_from_line(
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6");
    for (const char* set : kSets) {
        SCOPED_TRACE(set);
        Result r = make_set(set)->solve(hard, Limits{});
        ASSERT_EQ(r.count, 1u);
        EXPECT_GT(r.stats.nodes, 1u);
        EXPECT_GT(r.stats.guesses, 0u);
        EXPECT_GT(r.stats.propagations, 0u);
        // Every node but the root is a first try or a guess at some cell.
        EXPECT_LT(r.stats.guesses, r.stats.nodes);
        EXPECT_LE(r.stats.depth, r.stats.nodes);
        EXPECT_GT(r.stats.depth, 0u);
    }
}

TEST(HeuristicEngine, LimitsHoldForEveryStrategySet) {
    // Every set needs hundreds of nodes here (the Czech post's puzzle falls to intersections at
    // the root, so it cannot test a budget for the stronger sets).
    const Grid hard = testing::grid_from_line(
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6");
    for (const char* set : kSets) {
        SCOPED_TRACE(set);
        auto engine = make_set(set);
        Result full = engine->solve(hard, Limits{});
        ASSERT_TRUE(full.complete());
        ASSERT_GT(full.stats.nodes, 100u);
        for (uint64_t budget :
             std::initializer_list<uint64_t>{1, 2, 5, 50, full.stats.nodes - 1, full.stats.nodes}) {
            Limits limits;
            limits.node_budget = budget;
            Result r = engine->solve(hard, limits);
            EXPECT_LE(r.stats.nodes, budget);
            EXPECT_EQ(r.complete(), full.stats.nodes <= budget) << "budget " << budget;
        }
        // The empty 4x4 grid has 288 solutions; counting stops where asked.
        Limits some;
        some.max_solutions = 5;
        Result r = engine->solve(Grid(Shape{2, 2}), some);
        EXPECT_EQ(r.count, 5u);
        EXPECT_TRUE(solves(Grid(Shape{2, 2}), r.first));
        some.max_solutions = 1000;
        EXPECT_EQ(engine->solve(Grid(Shape{2, 2}), some).count, 288u);
    }
}

TEST(HeuristicEngine, ImpossibleGridsHaveNoSolution) {
    // Givens in conflict: two 5s in column 1.
    Grid conflict(Shape{3, 3});
    conflict.set(0, 5);
    conflict.set(63, 5);
    // An empty cell that no digit fits: row 1 holds 1-8 and column 9 holds the 9.
    Grid dead(Shape{3, 3});
    for (int c = 0; c < 8; ++c) dead.set(c, c + 1);
    dead.set(9 + 8, 9);
    // A digit with no place in a house while every empty cell keeps candidates: 1s in rows 1-2
    // and columns 1-2 block box 1, whose last cell holds a 2 (a hidden-single contradiction).
    Grid no_place = testing::grid_from_line(
        "...1...........1....2......1...........................1.........................");
    for (const char* set : kSets) {
        SCOPED_TRACE(set);
        auto engine = make_set(set);
        for (const Grid* g : {&conflict, &dead, &no_place}) {
            Result r = engine->solve(*g, Limits{});
            EXPECT_EQ(r.count, 0u) << testing::grid_to_line(*g);
            EXPECT_TRUE(r.complete());
        }
        EXPECT_EQ(engine->solve(conflict, Limits{}).stats.nodes, 0u);
    }
}

TEST(HeuristicEngine, OptionsAreParsed) {
    std::string error;
    EXPECT_NE(make_engine("heuristic", &error), nullptr) << error;
    for (const char* set : kSets) {
        EXPECT_NE(make_engine(std::string("heuristic:strategies=") + set, &error), nullptr)
            << error;
    }
    EXPECT_EQ(make_engine("heuristic:strategies=quads", &error), nullptr);
    EXPECT_EQ(error,
              "engine 'heuristic': strategies must be singles, hidden, intersections or pairs, "
              "not 'quads'");
    EXPECT_EQ(make_engine("heuristic:depth=3", &error), nullptr);
    EXPECT_EQ(error, "unknown option 'depth' for engine 'heuristic' (accepted: strategies)");
    const EngineInfo* info = find_engine("heuristic");
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(engine_options_text(*info), "strategies=singles|hidden|intersections|pairs");
    EXPECT_TRUE(info->supports(Shape{6, 6}));
    EXPECT_TRUE(info->supports(Shape{2, 3}));
}

}  // namespace
}  // namespace sudokit

namespace sudokit {
namespace {

// The solver behind the engine, as the generator asks it (SolutionCounter::count_after_removal):
// an exclusion keeps a digit out of a cell, and a guide decides which solution comes first.
TEST(HeuristicSolver, ExclusionsAndGuide) {
    std::mt19937_64 rng(21);
    SolutionCounter counter;
    auto dlx = make_engine("dlx");
    for (Shape shape : {Shape{3, 4}, Shape{4, 4}}) {
        SCOPED_TRACE(shape.name());
        const Grid solution = random_grid(shape, rng);
        RemovalOptions partial;
        partial.minimal = false;
        partial.stop_at = shape.cell_count() * 45 / 100;
        const Grid puzzle = *remove_clues(solution, partial, rng, counter);
        detail::HeuristicSolver solver(detail::Strategies::pairs);
        const Limits first{.max_solutions = 1};
        // Without exclusions it finds the one solution.
        Result plain = solver.solve(puzzle, first);
        ASSERT_EQ(plain.count, 1u);
        EXPECT_EQ(plain.first, solution);
        std::vector<int> givens, empty;
        for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
            (puzzle[cell] != 0 ? givens : empty).push_back(cell);
        }
        // A unique puzzle has no solution without one of its solution's digits, given or not.
        for (int cell : {givens.front(), empty.front(), empty.back()}) {
            const detail::Exclusion out[] = {{.cell = cell, .digit = solution[cell]}};
            const Result r = solver.solve(puzzle, first, out);
            EXPECT_EQ(r.count, 0u) << "r" << cell / shape.size() + 1;
            EXPECT_TRUE(r.complete());
        }
        // Out-of-range exclusions are ignored.
        const detail::Exclusion ignored[] = {{.cell = empty.front(), .digit = 0},
                                             {.cell = puzzle.cell_count(), .digit = 1}};
        EXPECT_EQ(solver.solve(puzzle, first, ignored).count, 1u);
        // One given taken out at a time: the solution without its digit there exists exactly
        // when counting finds two, it keeps the givens and differs there, and the guide picks
        // which of two solutions comes first.
        std::shuffle(givens.begin(), givens.end(), rng);
        int ones = 0, severals = 0;
        for (int i = 0; i < 40; ++i) {
            const int cell = givens[i];
            Grid smaller = puzzle;
            smaller.set(cell, 0);
            const Result counted = dlx->solve(smaller, Limits{.max_solutions = 2});
            const detail::Exclusion out[] = {{.cell = cell, .digit = solution[cell]}};
            const Result other = solver.solve(smaller, first, out, &solution);
            ASSERT_TRUE(other.answered());
            if (counted.count == 1) {
                EXPECT_EQ(other.count, 0u);
                ++ones;
                continue;
            }
            ++severals;
            ASSERT_EQ(other.count, 1u);
            EXPECT_TRUE(solves(smaller, other.first));
            EXPECT_NE(other.first[cell], solution[cell]);
            EXPECT_EQ(solver.solve(smaller, first, {}, &solution).first, solution);
            EXPECT_EQ(solver.solve(smaller, first, {}, &other.first).first, other.first);
        }
        EXPECT_GT(ones, 0);
        EXPECT_GT(severals, 0);
    }
}

}  // namespace
}  // namespace sudokit
