// Tests of the generator (generate.h): random grids, symmetry orbits, clue removal and
// minimality, targets, reproducibility over threads. Every uniqueness and minimality claim is
// checked with `dlx`, not with the engines the generator counts with (fast, propagate).
#include "sudokit/generate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudokit/engine.h"
#include "sudokit/human.h"
#include "sudokit/io.h"
#include "sudokit/rate.h"

namespace sudokit {
namespace {

// Solutions up to 2, by dlx (a different engine from the generator's).
uint32_t dlx_count(const Grid& puzzle) {
    static thread_local std::unique_ptr<Engine> dlx = make_engine("dlx");
    const Result r = dlx->solve(puzzle, Limits{.max_solutions = 2});
    EXPECT_TRUE(r.answered());
    return r.count;
}

// Removing any one clue gives 2 or more solutions (dlx).
bool dlx_minimal(const Grid& puzzle) {
    Grid work = puzzle;
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        if (puzzle[cell] == 0) continue;
        work.set(cell, 0);
        if (dlx_count(work) < 2) return false;
        work.set(cell, puzzle[cell]);
    }
    return true;
}

std::vector<GeneratedPuzzle> generate_all(const GenerateOptions& options, uint64_t count,
                                          int threads = 1) {
    std::vector<GeneratedPuzzle> out;
    GenerateBatchOptions batch{options, count, threads};
    const BatchEnd end = generate_batch(batch, [&](const GeneratedPuzzle& p) {
        out.push_back(p);
        return true;
    });
    EXPECT_EQ(end, BatchEnd::done);
    return out;
}

constexpr Shape kShapes[] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 4}, {5, 5}, {6, 6}};

TEST(RandomGrid, ValidForEveryShapeAndRepeatable) {
    for (Shape shape : kShapes) {
        std::mt19937_64 a(7), b(7), c(8);
        const Grid grid = random_grid(shape, a);
        EXPECT_TRUE(is_valid_solution(grid)) << shape.name();
        EXPECT_EQ(random_grid(shape, b), grid) << shape.name();
        if (shape.size() > 4) {
            EXPECT_NE(random_grid(shape, c), grid) << shape.name();
        }
    }
}

TEST(RandomGrid, SpreadOverDigitsAndCells) {
    // Over many grids every digit appears in r1c1 and the first rows differ: no fixed pattern.
    std::mt19937_64 rng(1);
    std::set<int> corner;
    std::set<std::string> first_rows;
    for (int i = 0; i < 200; ++i) {
        const Grid grid = random_grid(Shape{3, 3}, rng);
        corner.insert(grid[0]);
        first_rows.insert(format_line(grid).substr(0, 27));
    }
    EXPECT_EQ(corner.size(), 9u);
    EXPECT_EQ(first_rows.size(), 200u);
}

TEST(Symmetry, OrbitsPartitionTheCellsAndAreClosed) {
    for (Shape shape : {Shape{2, 2}, Shape{3, 3}, Shape{3, 4}, Shape{5, 5}}) {
        for (Symmetry symmetry : all_symmetries()) {
            const auto orbits = symmetry_orbits(shape, symmetry);
            std::vector<int> seen(shape.cell_count(), 0);
            for (const auto& orbit : orbits) {
                Grid pattern(shape);
                for (int cell : orbit) {
                    ++seen[cell];
                    pattern.set(cell, 1);
                }
                // One orbit alone is a symmetric pattern.
                EXPECT_TRUE(has_symmetry(pattern, symmetry)) << symmetry_name(symmetry);
            }
            for (int cell = 0; cell < shape.cell_count(); ++cell) EXPECT_EQ(seen[cell], 1);
        }
    }
    EXPECT_EQ(symmetry_orbits(Shape{3, 3}, Symmetry::rot90).size(), 21u);  // 20 of 4 + centre
    EXPECT_EQ(symmetry_orbits(Shape{3, 3}, Symmetry::rot180).size(), 41u);
    EXPECT_EQ(symmetry_orbits(Shape{3, 3}, Symmetry::diagonal).size(), 45u);
    EXPECT_EQ(parse_symmetry("ROT180"), Symmetry::rot180);
    EXPECT_EQ(parse_symmetry("spiral"), std::nullopt);
}

TEST(SolutionCounter, AgreesWithDlx) {
    std::mt19937_64 rng(3);
    SolutionCounter counter;
    for (Shape shape : {Shape{2, 2}, Shape{3, 3}, Shape{3, 3}, Shape{3, 4}}) {
        for (int i = 0; i < 60; ++i) {
            const Grid solution = random_grid(shape, rng);
            Grid puzzle = random_puzzle(solution, shape.cell_count() * (20 + i % 30) / 81, rng);
            if (i % 7 == 0) puzzle.set(puzzle[0] == 0 ? 0 : 1, 0);
            const uint32_t expected = dlx_count(puzzle);
            const SolutionCount got = counter.count(puzzle);
            EXPECT_EQ(got, expected == 0   ? SolutionCount::none
                           : expected == 1 ? SolutionCount::one
                                           : SolutionCount::several);
        }
    }
    // Conflicting givens: none.
    Grid bad(Shape{3, 3});
    bad.set(0, 5);
    bad.set(1, 5);
    EXPECT_EQ(counter.count(bad), SolutionCount::none);
    EXPECT_GT(counter.checks(), 0u);
}

// Solutions up to 2 by `sat` (clause learning: the reference where dlx is slow, above 16x16).
uint32_t sat_count(const Grid& puzzle) {
    static thread_local std::unique_ptr<Engine> sat = make_engine("sat");
    const Result r = sat->solve(puzzle, Limits{.max_solutions = 2});
    EXPECT_TRUE(r.answered());
    return r.count;
}

TEST(SolutionCounter, CountAfterRemovalAgreesWithSat) {
    // Unique puzzles near their last clues (9x9, where `fast` answers, 12x12 and 16x16, where
    // the heuristic engine's search does, 20x20 and 25x25, where `large` does), then one to
    // four givens taken out at a time: the search for a solution that differs in a removed
    // cell must answer as counting to two does.
    std::mt19937_64 rng(5);
    SolutionCounter counter;
    for (Shape shape : {Shape{3, 3}, Shape{3, 4}, Shape{4, 4}, Shape{4, 5}, Shape{5, 5}}) {
        const Grid solution = random_grid(shape, rng);
        RemovalOptions partial;
        partial.minimal = false;
        partial.stop_at = shape.cell_count() * (shape.size() == 25 ? 50 : 45) / 100;
        const Grid puzzle = *remove_clues(solution, partial, rng, counter);
        ASSERT_EQ(sat_count(puzzle), 1u) << shape.name();
        std::vector<int> givens;
        for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
            if (puzzle[cell] != 0) givens.push_back(cell);
        }
        int ones = 0, severals = 0;
        for (int i = 0; i < 30; ++i) {
            std::shuffle(givens.begin(), givens.end(), rng);
            const std::span<const int> removed(givens.data(), 1 + i % 4);
            Grid smaller = puzzle;
            for (int cell : removed) smaller.set(cell, 0);
            // Guided by the solution half the time, by the puzzle before the removal otherwise.
            const Grid& before = i % 2 == 0 ? solution : puzzle;
            const SolutionCount got = counter.count_after_removal(smaller, before, removed);
            const uint32_t expected = sat_count(smaller);
            EXPECT_EQ(got, expected == 1 ? SolutionCount::one : SolutionCount::several)
                << shape.name() << " " << format_line(smaller);
            (got == SolutionCount::one ? ones : severals) += 1;
            // The solution found for the first removed cell: it keeps every other given and
            // differs there; with one cell out, there is one exactly when there are two.
            const std::optional<Grid> other =
                counter.solution_differing_at(smaller, before, removed[0]);
            if (other) {
                EXPECT_TRUE(solves(smaller, *other)) << shape.name();
                EXPECT_NE((*other)[removed[0]], before[removed[0]]) << shape.name();
            }
            if (expected == 1 || removed.size() == 1) {
                EXPECT_EQ(other.has_value(), expected == 2) << shape.name();
            }
        }
        // Both answers are exercised.
        EXPECT_GT(ones, 0) << shape.name();
        EXPECT_GT(severals, 0) << shape.name();
    }
}

TEST(Generate, MinimalTwentyByTwentyIsMinimalBySat) {
    std::mt19937_64 rng(9);
    SolutionCounter counter;
    const Grid solution = random_grid(Shape{4, 5}, rng);
    const Grid minimal = minimize(solution, rng, counter);
    EXPECT_TRUE(is_minimal(minimal, counter));
    EXPECT_TRUE(solves(minimal, solution));
    EXPECT_EQ(sat_count(minimal), 1u);
    Grid work = minimal;
    for (int cell = 0; cell < minimal.cell_count(); ++cell) {
        if (minimal[cell] == 0) continue;
        work.set(cell, 0);
        EXPECT_EQ(sat_count(work), 2u) << "r" << cell / 20 + 1 << "c" << cell % 20 + 1;
        work.set(cell, minimal[cell]);
    }
}

TEST(Generate, MinimalNineByNineUniqueAndMinimalByDlx) {
    GenerateOptions options;
    options.seed = 11;
    options.rate = false;
    const auto puzzles = generate_all(options, 40);
    ASSERT_EQ(puzzles.size(), 40u);
    for (const GeneratedPuzzle& p : puzzles) {
        ASSERT_TRUE(p.found());
        EXPECT_EQ(dlx_count(p.puzzle), 1u) << format_line(p.puzzle);
        EXPECT_TRUE(dlx_minimal(p.puzzle)) << format_line(p.puzzle);
        EXPECT_TRUE(solves(p.puzzle, p.solution));
        EXPECT_LE(p.puzzle.given_count(), 36);
    }
}

TEST(Generate, EverySymmetryAsAsked) {
    for (Symmetry symmetry : all_symmetries()) {
        GenerateOptions options;
        options.seed = 5;
        options.rate = false;
        options.symmetry = symmetry;
        for (const GeneratedPuzzle& p : generate_all(options, 4)) {
            ASSERT_TRUE(p.found());
            const std::string line = format_line(p.puzzle);
            EXPECT_TRUE(has_symmetry(p.puzzle, symmetry)) << symmetry_name(symmetry) << line;
            EXPECT_EQ(dlx_count(p.puzzle), 1u) << line;
            // --minimal with a symmetry is minimal clue by clue, not just orbit by orbit.
            EXPECT_TRUE(dlx_minimal(p.puzzle)) << symmetry_name(symmetry) << line;
        }
    }
}

TEST(Generate, SymmetricMinimalAboveNineByNine) {
    // 12x12 (as 16x16) with a symmetry of pairs comes from the local search on one grid
    // (SymmetricMinimizer): symmetric, unique and minimal clue by clue by dlx; the same on one
    // and two threads.
    struct Case {
        Shape shape;
        Symmetry symmetry;
        uint64_t count;
    };
    for (const Case& c :
         {Case{{3, 4}, Symmetry::rot180, 2}, Case{{4, 3}, Symmetry::mirror, 1},
          Case{{3, 4}, Symmetry::diagonal, 1}, Case{{4, 3}, Symmetry::antidiagonal, 1}}) {
        GenerateOptions options;
        options.shape = c.shape;
        options.symmetry = c.symmetry;
        options.seed = 4;
        options.rate = false;
        const auto puzzles = generate_all(options, c.count, 1);
        for (const GeneratedPuzzle& p : puzzles) {
            ASSERT_TRUE(p.found());
            const std::string line = format_line(p.puzzle);
            EXPECT_TRUE(has_symmetry(p.puzzle, c.symmetry)) << symmetry_name(c.symmetry) << line;
            EXPECT_TRUE(solves(p.puzzle, p.solution)) << line;
            EXPECT_EQ(dlx_count(p.puzzle), 1u) << line;
            EXPECT_TRUE(dlx_minimal(p.puzzle)) << symmetry_name(c.symmetry) << line;
        }
        if (c.count > 1) {
            const auto two = generate_all(options, c.count, 2);
            for (size_t i = 0; i < puzzles.size(); ++i) EXPECT_EQ(two[i].puzzle, puzzles[i].puzzle);
        }
    }
}

TEST(Generate, OtherShapes) {
    struct Case {
        Shape shape;
        Symmetry symmetry;
        uint64_t count;
    };
    for (const Case& c : {Case{{2, 2}, Symmetry::none, 10}, Case{{2, 3}, Symmetry::rot180, 6},
                          Case{{3, 2}, Symmetry::mirror, 6}, Case{{3, 4}, Symmetry::none, 2},
                          Case{{4, 4}, Symmetry::none, 1}}) {
        GenerateOptions options;
        options.shape = c.shape;
        options.symmetry = c.symmetry;
        options.seed = 9;
        options.rate = false;
        for (const GeneratedPuzzle& p : generate_all(options, c.count)) {
            ASSERT_TRUE(p.found());
            EXPECT_EQ(p.puzzle.shape(), c.shape);
            EXPECT_TRUE(has_symmetry(p.puzzle, c.symmetry));
            EXPECT_EQ(dlx_count(p.puzzle), 1u) << format_line(p.puzzle);
            if (c.shape.size() <= 12) {
                EXPECT_TRUE(dlx_minimal(p.puzzle)) << format_line(p.puzzle);
            }
        }
    }
}

TEST(Generate, LargeGridUniqueNotMinimal) {
    // 25x25: unique, not minimal by default (default_minimal), stopped at the clue bound.
    GenerateOptions options;
    options.shape = Shape{5, 5};
    options.seed = 2;
    options.rate = false;
    options.target.max_clues = 480;
    EXPECT_FALSE(default_minimal(options.shape));
    const auto puzzles = generate_all(options, 1);
    ASSERT_TRUE(puzzles[0].found());
    EXPECT_LE(puzzles[0].puzzle.given_count(), 480);
    EXPECT_EQ(dlx_count(puzzles[0].puzzle), 1u);
}

TEST(Generate, ReproducibleOnOneAndTwoThreads) {
    GenerateOptions options;
    options.seed = 123;
    options.symmetry = Symmetry::rot180;
    const auto one = generate_all(options, 24, 1);
    const auto two = generate_all(options, 24, 2);
    ASSERT_EQ(one.size(), two.size());
    for (size_t i = 0; i < one.size(); ++i) {
        EXPECT_EQ(one[i].index, i);
        EXPECT_EQ(two[i].index, i);
        EXPECT_EQ(one[i].puzzle, two[i].puzzle) << i;
        EXPECT_EQ(one[i].rating.se, two[i].rating.se) << i;
    }
    // Another seed gives other puzzles; puzzle i does not depend on the ones before it.
    options.seed = 124;
    EXPECT_NE(generate_all(options, 1)[0].puzzle, one[0].puzzle);
    GenerateOptions again;
    again.symmetry = Symmetry::rot180;
    again.seed = 123;
    Generator generator(again);
    EXPECT_EQ(generator.generate(5).puzzle, one[5].puzzle);
}

TEST(Generate, RatingsAreRateOutput) {
    GenerateOptions options;
    options.seed = 77;
    for (const GeneratedPuzzle& p : generate_all(options, 10)) {
        ASSERT_TRUE(p.rated);
        const Rating again = rate_puzzle(p.puzzle);
        EXPECT_EQ(rating_text(p.rating), rating_text(again));
        EXPECT_EQ(p.rating.counts, again.counts);
    }
}

TEST(Generate, RatingBand) {
    GenerateOptions options;
    options.seed = 4;
    options.target.min_er = 3.0;
    options.target.max_er = 4.5;
    for (const GeneratedPuzzle& p : generate_all(options, 3)) {
        ASSERT_TRUE(p.found());
        ASSERT_TRUE(p.rated);
        EXPECT_GE(se_tenths(p.rating.se.er), 30);
        EXPECT_LE(se_tenths(p.rating.se.er), 45);
        EXPECT_EQ(rate_puzzle(p.puzzle).se, p.rating.se);
        EXPECT_EQ(dlx_count(p.puzzle), 1u);
        EXPECT_TRUE(dlx_minimal(p.puzzle));
    }
}

// The easiest order's path solves the puzzle, uses the technique and nothing rated above it.
void expect_needs(const Grid& puzzle, Technique technique) {
    const SolvePath path = solve_path(puzzle, HumanOptions{.explain = false});
    ASSERT_EQ(path.end, PathEnd::solved) << format_line(puzzle);
    const PathSummary summary = summarize(path);
    EXPECT_GT(summary.counts[static_cast<size_t>(technique)], 0) << format_line(puzzle);
    for (const Step& step : path.steps) {
        EXPECT_LE(technique_info(step.technique).rating, technique_info(technique).rating)
            << technique_info(step.technique).name << " in " << format_line(puzzle);
    }
}

TEST(Generate, TechniqueTargets) {
    for (Technique technique :
         {Technique::x_wing, Technique::xy_wing, Technique::unique_rectangle}) {
        GenerateOptions options;
        options.seed = 21;
        options.rate = false;
        options.target.technique = technique;
        for (const GeneratedPuzzle& p : generate_all(options, 3)) {
            ASSERT_TRUE(p.found());
            EXPECT_EQ(dlx_count(p.puzzle), 1u);
            expect_needs(p.puzzle, technique);
        }
    }
    // Minimal as well when asked.
    GenerateOptions options;
    options.seed = 22;
    options.rate = false;
    options.minimal = true;
    options.target.technique = Technique::x_wing;
    for (const GeneratedPuzzle& p : generate_all(options, 2)) {
        ASSERT_TRUE(p.found());
        expect_needs(p.puzzle, Technique::x_wing);
        EXPECT_TRUE(dlx_minimal(p.puzzle));
    }
}

// SE's side of a technique target: `rate` gives the technique's rating, with it on the path.
TEST(Generate, TechniqueTargetsRateAtTheTechnique) {
    for (Technique technique : {Technique::naked_single, Technique::claiming, Technique::naked_pair,
                                Technique::hidden_pair}) {
        GenerateOptions options;
        options.seed = 3;
        options.rate = false;
        options.target.technique = technique;
        for (const GeneratedPuzzle& p : generate_all(options, 4, 2)) {
            ASSERT_TRUE(p.found());
            const Rating rating = rate_puzzle(p.puzzle);
            EXPECT_EQ(se_tenths(rating.se.er), se_tenths(technique_info(technique).rating))
                << technique_info(technique).code << ": " << format_line(p.puzzle);
            EXPECT_GT(rating.counts[static_cast<size_t>(technique)], 0) << format_line(p.puzzle);
            expect_needs(p.puzzle, technique);
        }
    }
}

TEST(Generate, TechniqueTargetOnSixteenBySixteen) {
    GenerateOptions options;
    options.shape = Shape{4, 4};
    options.seed = 16;
    options.rate = false;
    options.target.technique = Technique::pointing;
    const auto puzzles = generate_all(options, 1);
    ASSERT_TRUE(puzzles[0].found());
    EXPECT_EQ(dlx_count(puzzles[0].puzzle), 1u);
    expect_needs(puzzles[0].puzzle, Technique::pointing);
}

TEST(Generate, ClueRange) {
    GenerateOptions options;
    options.seed = 8;
    options.rate = false;
    options.target.min_clues = 26;
    options.target.max_clues = 27;
    for (const GeneratedPuzzle& p : generate_all(options, 4)) {
        ASSERT_TRUE(p.found());
        EXPECT_GE(p.puzzle.given_count(), 26);
        EXPECT_LE(p.puzzle.given_count(), 27);
    }
    options.minimal = false;
    options.target.min_clues = 0;
    options.target.max_clues = 40;
    for (const GeneratedPuzzle& p : generate_all(options, 4)) {
        ASSERT_TRUE(p.found());
        EXPECT_EQ(p.puzzle.given_count(), 40);  // removal stops at the bound
        EXPECT_EQ(dlx_count(p.puzzle), 1u);
    }
}

TEST(Generate, TimeoutEndsThePuzzle) {
    GenerateOptions options;
    options.seed = 1;
    options.target.min_er = 11.0;  // out of reach of random puzzles
    options.target.max_er = 12.0;
    options.timeout_seconds = 0.2;
    Generator generator(options);
    const auto start = Clock::now();
    const GeneratedPuzzle p = generator.generate(0);
    EXPECT_EQ(p.end, GenerateEnd::time_limit);
    EXPECT_FALSE(p.found());
    EXPECT_LT(std::chrono::duration<double>(Clock::now() - start).count(), 5.0);
    // A cancel flag ends it too.
    std::atomic<bool> cancel{true};
    options.timeout_seconds = 0;
    options.cancel = &cancel;
    EXPECT_EQ(Generator(options).generate(0).end, GenerateEnd::interrupted);
}

TEST(Generate, MinimizeAnyUniquePuzzle) {
    std::mt19937_64 rng(31);
    SolutionCounter counter;
    const Grid solution = random_grid(Shape{3, 3}, rng);
    RemovalOptions partial;
    partial.minimal = false;
    partial.stop_at = 45;
    const Grid puzzle = *remove_clues(solution, partial, rng, counter);
    EXPECT_EQ(puzzle.given_count(), 45);
    EXPECT_FALSE(is_minimal(puzzle, counter));
    const Grid minimal = minimize(puzzle, rng, counter);
    EXPECT_TRUE(is_minimal(minimal, counter));
    EXPECT_TRUE(dlx_minimal(minimal));
    EXPECT_TRUE(solves(minimal, solution));
    for (int cell = 0; cell < 81; ++cell) {
        if (minimal[cell] != 0) {
            EXPECT_EQ(minimal[cell], puzzle[cell]);
        }
    }
}

TEST(Generate, RemovalGivesUpOnAHeavyStartOnly) {
    // The same grid and removal order each time: with no limit; with a limit its work stays
    // under (the whole removal's work within all its checks); with one node less, which its
    // last searches pass; with that limit on a window that ends just before the check that
    // passes it; and with a second limit beside that one.
    std::mt19937_64 grid_rng(41);
    const Grid solution = random_grid(Shape{3, 3}, grid_rng);
    const auto removal = [&](std::vector<WorkLimit> limits, SolutionCounter& counter) {
        std::mt19937_64 rng(42);
        RemovalOptions options;
        options.work_limits = std::move(limits);
        return remove_clues(solution, options, rng, counter);
    };
    SolutionCounter free_counter, light_counter, heavy_counter;
    const std::optional<Grid> free = removal({}, free_counter);
    ASSERT_TRUE(free.has_value());
    const uint64_t whole_work = free_counter.work();
    const int whole_checks = static_cast<int>(free_counter.checks());
    ASSERT_GT(whole_work, 0u);
    EXPECT_GT(whole_checks, 20);
    EXPECT_TRUE(is_minimal(*free, free_counter));
    EXPECT_EQ(removal({{whole_checks, whole_work}}, light_counter), free);
    EXPECT_EQ(removal({{whole_checks, whole_work - 1}}, heavy_counter), std::nullopt);
    // It stops at the first check that passes the limit, with the work of the whole removal.
    EXPECT_LE(heavy_counter.checks(), static_cast<uint64_t>(whole_checks));
    EXPECT_EQ(heavy_counter.work(), whole_work);
    const int last_light = static_cast<int>(heavy_counter.checks()) - 1;
    SolutionCounter one_less, second, second_light;
    EXPECT_EQ(removal({{last_light, whole_work - 1}}, one_less), free);
    // A second limit applies on its own: the last searches pass one node less than the whole
    // work within any window that holds them.
    EXPECT_EQ(removal({{last_light, whole_work - 1}, {whole_checks, whole_work - 1}}, second),
              std::nullopt);
    EXPECT_EQ(removal({{last_light, whole_work - 1}, {whole_checks, whole_work}}, second_light),
              free);
}

TEST(Generate, OptionChecks) {
    GenerateOptions o;
    EXPECT_FALSE(check_generate_options(o));
    o.target.min_clues = 90;
    EXPECT_TRUE(check_generate_options(o));
    o.target = {};
    o.target.min_er = 5;
    o.target.max_er = 3;
    EXPECT_TRUE(check_generate_options(o));
    o.target = {};
    o.target.technique = Technique::direct_pointing;
    EXPECT_TRUE(check_generate_options(o));
    o.target.technique = Technique::xy_wing;
    o.target.max_er = 3.0;
    EXPECT_TRUE(check_generate_options(o));
    // The library refuses such options before any work, on the caller's thread.
    EXPECT_THROW(Generator{o}, std::invalid_argument);
    EXPECT_THROW(
        generate_batch(GenerateBatchOptions{o, 4, 2}, [](const GeneratedPuzzle&) { return true; }),
        std::invalid_argument);
    o.target = {};
    o.timeout_seconds = -1;
    EXPECT_TRUE(check_generate_options(o));
}

// What cannot exist is refused before any work; what almost never happens is a warning.
TEST(Generate, ImpossibleTargetsAreRefused) {
    const auto field = [](const GenerateOptions& o) {
        const OptionCheck problem = check_generate_options(o);
        return problem ? problem->field : std::string("none");
    };
    GenerateOptions o;
    o.shape = Shape{1, 1};
    EXPECT_EQ(field(o), "shape");
    o = {};
    o.target.max_clues = 16;  // no 9x9 puzzle with one solution has 16 clues
    EXPECT_EQ(field(o), "max_clues");
    o.target.max_clues = 17;
    EXPECT_EQ(field(o), "none");
    EXPECT_EQ(fewest_unique_clues(Shape{2, 2}), 4);
    EXPECT_EQ(fewest_unique_clues(Shape{3, 2}), 8);
    EXPECT_EQ(fewest_unique_clues(Shape{4, 4}), 15);
    o.shape = Shape{2, 2};
    o.target.max_clues = 3;
    EXPECT_EQ(field(o), "max_clues");
    o = {};
    o.target.min_er = 0.5;  // below a Full House
    EXPECT_EQ(field(o), "min_er");
    o.target.min_er = 0;
    o.target.max_er = 0.9;
    EXPECT_EQ(field(o), "max_er");
    o.target.max_er = 0;
    o.target.min_er = 20.5;  // above "no step applies"
    EXPECT_EQ(field(o), "min_er");
    o.target.min_er = 20.0;
    EXPECT_EQ(field(o), "none");
    // A technique target rates its technique: a band must hold it.
    o = {};
    o.target.technique = Technique::x_wing;
    o.target.min_er = 3.3;
    EXPECT_EQ(field(o), "technique");
    o.target.min_er = 3.2;
    EXPECT_EQ(field(o), "none");

    const auto warned = [](const GenerateOptions& options) {
        std::string fields;
        for (const OptionError& w : generate_option_warnings(options)) fields += w.field + ' ';
        return fields;
    };
    o = {};
    EXPECT_EQ(warned(o), "");
    o.target.min_er = 11.0;
    o.target.max_er = 12.0;
    o.target.min_clues = 40;
    o.target.max_clues = 50;
    EXPECT_EQ(warned(o), "min_er min_clues ");
    o = {};
    o.target.min_er = o.target.max_er = 1.0;
    EXPECT_EQ(warned(o), "max_er ");
    o.minimal = false;  // a non-minimal puzzle with many clues rates 1.0
    EXPECT_EQ(warned(o), "");
    o = {};
    o.target.max_clues = 20;
    EXPECT_EQ(warned(o), "max_clues ");
}

// A live count of the candidates tried, for progress while a puzzle is long in coming.
TEST(Generate, TriedCounterFollowsCandidates) {
    std::atomic<uint64_t> tried{0};
    GenerateOptions options;
    options.seed = 4;
    options.rate = false;
    options.target.technique = Technique::x_wing;
    options.tried = &tried;
    uint64_t candidates = 0;
    for (const GeneratedPuzzle& p : generate_all(options, 3, 2)) candidates += p.candidates;
    EXPECT_GT(candidates, 3u);
    EXPECT_EQ(tried.load(), candidates);
}

}  // namespace
}  // namespace sudokit
