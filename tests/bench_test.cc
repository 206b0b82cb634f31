// Tests of the benchmark lab (include/sudokit/bench.h): statistics and bands, the rated puzzle
// reader, transformations, the experiment and throughput runners (backtrack on easy puzzles, no
// timing assertions) and the progress line. The report writers are in bench_report_test.cc.
#include "sudokit/bench.h"

#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>

#include "report/progress_bar.h"
#include "report/report.h"
#include "test_support.h"

namespace sudokit {
namespace {

using testing::grid_from_line;

// Easy 9x9 puzzles with one solution each (from tests/fixtures/engine_cases.txt).
constexpr const char* kEasy[] = {
    "..1....9..62.5.1......86..2.4..1..7.9.6274.............8...59.....7..8..2.3.9..4.",
    "..2..3..5...87....37..4......7...6..5....64.9.2..14.5..8......1.........6..5...83",
    "629......7....3....5126......5.91.4....3..98..3.4...2...3..5.9.4.......3........7",
};
// Two givens 1 in the first row: no solution.
const std::string kConflict = "11" + std::string(79, '.');

BenchSet easy_set(std::vector<std::optional<double>> ratings) {
    BenchSet set;
    set.name = "easy";
    for (size_t i = 0; i < ratings.size(); ++i)
        set.puzzles.push_back(
            {grid_from_line(kEasy[i % std::size(kEasy)]), ratings[i], static_cast<int>(i + 1)});
    return set;
}

// ---- Statistics ----------------------------------------------------------------------------

TEST(BenchStatistics, MedianOfOddAndEvenCounts) {
    EXPECT_DOUBLE_EQ(median({3, 1, 2}), 2);
    EXPECT_DOUBLE_EQ(median({4, 1, 3, 2}), 2.5);
    EXPECT_DOUBLE_EQ(median({10, 1}), 5.5);
    EXPECT_DOUBLE_EQ(median({7}), 7);
    EXPECT_DOUBLE_EQ(median({}), 0);
    // The middle of sorted values, not of the input order.
    EXPECT_DOUBLE_EQ(median({9, 9, 1, 1, 5, 100}), 7);
}

TEST(BenchStatistics, Mean) {
    const std::vector<double> v = {1, 2, 3, 10};
    EXPECT_DOUBLE_EQ(mean(v), 4);
    EXPECT_DOUBLE_EQ(mean(std::vector<double>{}), 0);
}

TEST(BenchStatistics, BandEdgesSurviveFloatingPoint) {
    // 2.6 / 0.1 is 25.999999999999996 in binary; the band must still be 26.
    EXPECT_EQ(band_index(2.6, 0.1), 26);
    EXPECT_EQ(band_index(2.65, 0.1), 26);
    EXPECT_EQ(band_index(2.7, 0.1), 27);
    EXPECT_EQ(band_index(2.69, 0.1), 26);
    EXPECT_EQ(band_index(0.3, 0.1), 3);
    EXPECT_EQ(band_index(1.2, 0.1), 12);
    EXPECT_EQ(band_index(11.0, 0.1), 110);
    for (int tenth = 10; tenth <= 120; ++tenth)
        EXPECT_EQ(band_index(tenth / 10.0, 0.1), tenth) << tenth / 10.0;
    // Wider bands are half-open: 3.0 opens the next one.
    EXPECT_EQ(band_index(2.99, 0.5), 5);
    EXPECT_EQ(band_index(3.0, 0.5), 6);
    EXPECT_EQ(band_index(7.1, 1.0), 7);
}

TEST(BenchStatistics, BandLabels) {
    EXPECT_EQ(band_label(26, 0.1), "2.6");
    EXPECT_EQ(band_label(3, 0.1), "0.3");
    EXPECT_EQ(band_label(5, 0.5), "2.5-3.0");
    EXPECT_EQ(band_label(2, 1.0), "2-3");
    EXPECT_EQ(band_label(10, 0.25), "2.50-2.75");
}

ExperimentResult hand_made_result() {
    // Two engines, four puzzles: ratings 1.2, 1.25 (same band), 2.6 and none.
    ExperimentResult r;
    r.set_name = "hand";
    r.engines = {"a", "b"};
    for (std::optional<double> rating :
         {std::optional(1.2), std::optional(1.25), std::optional(2.6), std::optional<double>()})
        r.puzzles.push_back({Grid(), rating, 0});
    r.warmup = 1;
    r.reps = 3;
    auto m = [](size_t e, size_t p, BenchVerdict o, std::optional<double> us) {
        Measurement x;
        x.engine = e;
        x.puzzle = p;
        x.outcome = o;
        x.median_us = us;
        return x;
    };
    r.measurements = {
        m(0, 0, BenchVerdict::solved, 10),          m(0, 1, BenchVerdict::solved, 30),
        m(0, 2, BenchVerdict::solved, 100),         m(0, 3, BenchVerdict::solved, 5),
        m(1, 0, BenchVerdict::solved, 2),           m(1, 1, BenchVerdict::unsolved, std::nullopt),
        m(1, 2, BenchVerdict::wrong, std::nullopt), m(1, 3, BenchVerdict::solved, 1),
    };
    return r;
}

TEST(BenchStatistics, SolvedByAllKeepsOnlyPuzzlesEveryEngineSolved) {
    const ExperimentResult r = hand_made_result();
    EXPECT_EQ(solved_by_all(r), (std::vector<size_t>{0, 3}));
    ExperimentResult none = r;
    none.engines.clear();
    none.measurements.clear();
    EXPECT_TRUE(solved_by_all(none).empty());
}

TEST(BenchStatistics, SummaryGroupsBandsAndLeavesOutUnsolvedTimes) {
    const ExperimentResult r = hand_made_result();
    const ExperimentSummary s = summarize(r, 0.1);
    ASSERT_EQ(s.bands.size(), 3u);
    EXPECT_EQ(s.bands[0].label, "1.2");
    EXPECT_EQ(s.bands[0].puzzles, 2u);
    EXPECT_EQ(s.bands[1].label, "2.6");
    EXPECT_EQ(s.bands[2].label, "unrated");
    EXPECT_FALSE(s.bands[2].band.has_value());

    const EngineBandStats& a12 = s.bands[0].engines[0];
    EXPECT_EQ(a12.solved, 2u);
    EXPECT_DOUBLE_EQ(*a12.mean_us, 20);
    EXPECT_DOUBLE_EQ(*a12.median_us, 20);
    const EngineBandStats& b12 = s.bands[0].engines[1];
    EXPECT_EQ(b12.solved, 1u);
    EXPECT_DOUBLE_EQ(*b12.mean_us, 2);  // the unsolved puzzle's time is left out
    const EngineBandStats& b26 = s.bands[1].engines[1];
    EXPECT_EQ(b26.solved, 0u);
    EXPECT_EQ(b26.wrong, 1u);
    EXPECT_FALSE(b26.mean_us.has_value());

    EXPECT_EQ(s.common, (std::vector<size_t>{0, 3}));
    ASSERT_EQ(s.totals.size(), 2u);
    EXPECT_DOUBLE_EQ(s.totals[0].common_total_us, 15);
    EXPECT_DOUBLE_EQ(s.totals[1].common_total_us, 3);
    EXPECT_EQ(s.totals[0].solved, 4u);
    EXPECT_EQ(s.totals[1].solved, 2u);
    EXPECT_EQ(s.totals[1].wrong, 1u);

    // Width 0.5: 1.2 and 1.25 share band 2 (1.0-1.5); 2.6 is in 2.5-3.0.
    const ExperimentSummary wide = summarize(r, 0.5);
    ASSERT_EQ(wide.bands.size(), 3u);
    EXPECT_EQ(wide.bands[0].label, "1.0-1.5");
    EXPECT_EQ(wide.bands[1].label, "2.5-3.0");
}

// ---- Rated puzzle files --------------------------------------------------------------------

TEST(BenchReader, CsvColumnEr) {
    const std::string text = std::string("puzzle,er,ep,ed,source\n") + kEasy[0] +
                             ",2.6,1.2,1.2,test\n" + kEasy[1] + ",7.1,7.1,2.0,test\r\n" + kEasy[2] +
                             ",,,,unrated\n";
    const BenchSet set = read_bench_set(text, "csv");
    EXPECT_TRUE(set.errors.empty());
    ASSERT_EQ(set.puzzles.size(), 3u);
    EXPECT_DOUBLE_EQ(*set.puzzles[0].rating, 2.6);
    EXPECT_DOUBLE_EQ(*set.puzzles[1].rating, 7.1);
    EXPECT_FALSE(set.puzzles[2].rating.has_value());
    EXPECT_EQ(set.puzzles[0].line, 2);
    EXPECT_EQ(set.puzzles[0].grid, grid_from_line(kEasy[0]));
}

TEST(BenchReader, CsvColumnErFoundByName) {
    const std::string text = std::string("puzzle,source,er\n") + kEasy[0] + ",x,3.4\n";
    const BenchSet set = read_bench_set(text, "csv");
    ASSERT_EQ(set.puzzles.size(), 1u);
    EXPECT_DOUBLE_EQ(*set.puzzles[0].rating, 3.4);
}

TEST(BenchReader, BadErIsAnError) {
    const std::string text = std::string("puzzle,er\n") + kEasy[0] + ",hard\n" + kEasy[1] + ",2\n";
    const BenchSet set = read_bench_set(text, "csv");
    ASSERT_EQ(set.errors.size(), 1u);
    EXPECT_EQ(set.errors[0].line, 2);
    ASSERT_EQ(set.puzzles.size(), 1u);
    EXPECT_DOUBLE_EQ(*set.puzzles[0].rating, 2);
}

TEST(BenchReader, SudokuExplainerEdField) {
    EXPECT_DOUBLE_EQ(*parse_ed_rating("...  ED=7.1/1.2/1.2"), 7.1);
    EXPECT_DOUBLE_EQ(*parse_ed_rating("x ED=10.4/1.2/1.2 more"), 10.4);
    EXPECT_DOUBLE_EQ(*parse_ed_rating("ED=2.0"), 2.0);
    EXPECT_FALSE(parse_ed_rating("no rating here").has_value());
    EXPECT_FALSE(parse_ed_rating("ED=/1.2/1.2").has_value());

    const std::string text = std::string("# rated by serate\n") + kEasy[0] +
                             "  ED=7.1/1.2/1.2\n\n" + kEasy[1] + "\tED=1.5/1.2/1.2\n" + kEasy[2] +
                             "\n";
    const BenchSet set = read_bench_set(text, "se");
    EXPECT_TRUE(set.errors.empty());
    ASSERT_EQ(set.puzzles.size(), 3u);
    EXPECT_DOUBLE_EQ(*set.puzzles[0].rating, 7.1);
    EXPECT_EQ(set.puzzles[0].line, 2);
    EXPECT_DOUBLE_EQ(*set.puzzles[1].rating, 1.5);
    EXPECT_EQ(set.puzzles[1].line, 4);
    EXPECT_FALSE(set.puzzles[2].rating.has_value());
}

TEST(BenchReader, PlainLinesZerosAndOtherSizes) {
    std::string zeros = kEasy[0];
    for (char& c : zeros)
        if (c == '.') c = '0';
    const std::string text = zeros + "\n....3.4.2..4.3..\n" + kEasy[1] + " # comment\n";
    const BenchSet set = read_bench_set(text, "plain");
    EXPECT_TRUE(set.errors.empty());
    ASSERT_EQ(set.puzzles.size(), 3u);
    EXPECT_EQ(set.puzzles[0].grid, grid_from_line(kEasy[0]));
    EXPECT_EQ(set.puzzles[1].grid.size(), 4);
    for (const BenchPuzzle& p : set.puzzles) EXPECT_FALSE(p.rating.has_value());
}

TEST(BenchReader, MalformedLinesAreReportedAndSkipped) {
    std::string bad_symbol = kEasy[0];
    bad_symbol[4] = 'x';
    const std::string text = std::string("123\n") + bad_symbol + "\n" + kEasy[1] + "\n" +
                             "....3.4.2..4.3.5\n";  // 5 is not a digit of a 4x4 grid
    const BenchSet set = read_bench_set(text, "bad");
    ASSERT_EQ(set.puzzles.size(), 1u);
    EXPECT_EQ(set.puzzles[0].line, 3);
    ASSERT_EQ(set.errors.size(), 3u);
    EXPECT_EQ(set.errors[0].line, 1);
    EXPECT_EQ(set.errors[1].line, 2);
    EXPECT_NE(set.errors[1].reason.find("column 5"), std::string::npos) << set.errors[1].reason;
    EXPECT_EQ(set.errors[2].line, 4);
}

TEST(BenchReader, OneCellIsSingular) {
    const BenchSet set = read_bench_set("5\n", "one");
    ASSERT_EQ(set.errors.size(), 1u);
    EXPECT_EQ(set.errors[0].reason,
              "1 cell is not a grid size this reader knows (a single-line puzzle is expected)");
}

TEST(BenchReader, LimitAndShapeOption) {
    const std::string text = std::string(kEasy[0]) + "\n" + kEasy[1] + "\n" + kEasy[2] + "\n";
    EXPECT_EQ(read_bench_set(text, "x", {.shape = std::nullopt, .limit = 2}).puzzles.size(), 2u);
    // A 36-cell line is 6x6 with 2x3 boxes unless told 3x2.
    const std::string six = ".........3455.6.......6..3.5...2...3\n";
    EXPECT_EQ(read_bench_set(six, "x").puzzles[0].grid.shape(), (Shape{2, 3}));
    EXPECT_EQ(read_bench_set(six, "x", {.shape = Shape{3, 2}}).puzzles[0].grid.shape(),
              (Shape{3, 2}));
}

TEST(BenchReader, LoadFromFile) {
    const testing::TempDir temp("bench_reader");
    const auto path = temp / "rated.txt";
    {
        std::ofstream out(path);
        out << kEasy[0] << " ED=2.6/1.2/1.2\n";
    }
    std::string error;
    auto set = load_bench_set(path, &error);
    std::filesystem::remove(path);
    ASSERT_TRUE(set) << error;
    EXPECT_EQ(set->name, path.stem().string());
    ASSERT_EQ(set->puzzles.size(), 1u);
    EXPECT_DOUBLE_EQ(*set->puzzles[0].rating, 2.6);
    EXPECT_FALSE(load_bench_set(path, &error).has_value());
    EXPECT_NE(error.find("cannot read"), std::string::npos);
}

TEST(BenchReader, SeRatedPublicData) {
    SUDOKIT_REQUIRE_DATA(path, "se_rated_public.csv");
    std::string error;
    auto set = load_bench_set(path, &error);
    ASSERT_TRUE(set) << error;
    EXPECT_TRUE(set->errors.empty());
    ASSERT_GE(set->puzzles.size(), 400u);
    std::set<int> bands;
    for (const BenchPuzzle& p : set->puzzles) {
        ASSERT_TRUE(p.rating.has_value()) << "line " << p.line;
        EXPECT_GE(*p.rating, 1.0);
        bands.insert(band_index(*p.rating, 0.1));
    }
    EXPECT_GE(bands.size(), 20u);
}

TEST(BenchReader, RatingHookFillsOnlyMissingRatings) {
    std::vector<BenchPuzzle> puzzles = easy_set({1.5, std::nullopt, std::nullopt}).puzzles;
    int calls = 0;
    const size_t rated = fill_missing_ratings(puzzles, [&](const Grid& g) {
        ++calls;
        return std::optional<double>(g.given_count() / 10.0);
    });
    EXPECT_EQ(rated, 2u);
    EXPECT_EQ(calls, 2);
    EXPECT_DOUBLE_EQ(*puzzles[0].rating, 1.5);
    EXPECT_DOUBLE_EQ(*puzzles[1].rating, puzzles[1].grid.given_count() / 10.0);
    EXPECT_EQ(fill_missing_ratings(puzzles, RatingFunction()), 0u);
}

TEST(BenchReader, SeRatingFillsOnTwoThreads) {
    // Two puzzles of `sudokit generate --seed 7` (tests/cli/generate_seed.out: ER 1.5 and 8.3).
    std::vector<BenchPuzzle> puzzles =
        read_bench_set(
            "63.28....2..6.........74.3.........9..13...7..68.1....82.5....1....2...8.94.....2\n"
            ".........5...374..8...2.67..12....3...39..54..5..............8.2.684.31.13..6....\n",
            "two")
            .puzzles;
    ASSERT_EQ(puzzles.size(), 2u);
    EXPECT_EQ(fill_missing_ratings(puzzles, se_rating_function(0), 2), 2u);
    EXPECT_DOUBLE_EQ(*puzzles[0].rating, 1.5);
    EXPECT_DOUBLE_EQ(*puzzles[1].rating, 8.3);
    // A rating cut short by its time limit leaves the puzzle unrated.
    const std::atomic<bool> cancelled{true};
    EXPECT_EQ(se_rating_function(0, &cancelled)(puzzles[1].grid), std::nullopt);
}

// ---- Transformations -----------------------------------------------------------------------

uint32_t count_solutions(Engine& engine, const Grid& g, Grid* first = nullptr) {
    Limits limits;
    limits.max_solutions = 1000;
    Result r = engine.solve(g, limits);
    EXPECT_TRUE(r.complete());
    if (first != nullptr) *first = r.first;
    return r.count;
}

TEST(BenchTransform, IdentityAndRoundTrip) {
    const Grid g = grid_from_line(kEasy[0]);
    EXPECT_EQ(GridTransform::identity(g.shape()).apply(g), g);
    std::mt19937_64 rng(7);
    bool transposed = false;
    bool moved = false;
    for (int i = 0; i < 20; ++i) {
        const GridTransform t = GridTransform::random(g.shape(), rng);
        const Grid moved_grid = t.apply(g);
        EXPECT_EQ(moved_grid.given_count(), g.given_count());
        EXPECT_EQ(t.invert(moved_grid), g);
        EXPECT_FALSE(find_conflict(moved_grid).has_value());
        transposed = transposed || t.transpose;
        moved = moved || moved_grid != g;
    }
    EXPECT_TRUE(transposed);
    EXPECT_TRUE(moved);
}

TEST(BenchTransform, NeverTransposesRectangularBoxes) {
    std::mt19937_64 rng(3);
    for (int i = 0; i < 20; ++i) EXPECT_FALSE(GridTransform::random(Shape{2, 3}, rng).transpose);
}

TEST(BenchTransform, KeepsSolutionCountsAndMapsSolutionsBack) {
    auto engine = make_engine("backtrack");
    ASSERT_NE(engine, nullptr);
    struct Case {
        Shape shape;
        const char* cells;
    };
    const Case cases[] = {
        {Shape{2, 2}, "....3.4.2..4.3.."},                      // 1 solution
        {Shape{2, 2}, "....3.4.2..4...."},                      // 6
        {Shape{2, 3}, ".......2.54......6.4...1.15.....21.."},  // 1
        {Shape{2, 3}, ".......2.5.......6.4...1.15.....21.."},  // 40
        {Shape{3, 2}, ".........3455.6.......6..3.5...2...3"},  // 1
        {Shape{3, 3}, kEasy[0]},
        {Shape{3, 3}, kEasy[1]},
        {Shape{3, 3},
         "..2..3..5...87....37..4......7...6..5....6..9.2..14.5..8......1.........6..5..."
         "83"},  // 30
    };
    std::mt19937_64 rng(2024);
    for (const Case& c : cases) {
        SCOPED_TRACE(c.cells);
        const BenchSet set = read_bench_set(c.cells, "t", {.shape = c.shape});
        ASSERT_EQ(set.puzzles.size(), 1u);
        const Grid puzzle = set.puzzles[0].grid;
        Grid solution;
        const uint32_t count = count_solutions(*engine, puzzle, &solution);
        ASSERT_GE(count, 1u);
        for (int i = 0; i < 4; ++i) {
            const GridTransform t = GridTransform::random(puzzle.shape(), rng);
            const Grid moved = t.apply(puzzle);
            Grid moved_solution;
            EXPECT_EQ(count_solutions(*engine, moved, &moved_solution), count);
            EXPECT_TRUE(is_valid_solution(t.apply(solution)));
            if (count == 1) {
                EXPECT_EQ(t.invert(moved_solution), solution);
            } else {
                EXPECT_TRUE(solves(puzzle, t.invert(moved_solution)));
            }
        }
    }
}

// ---- Experiment mode -----------------------------------------------------------------------

TEST(BenchExperiment, BacktrackOnEasyPuzzles) {
    BenchSet set = easy_set({2.6, 2.65, 7.1});
    set.puzzles.push_back({grid_from_line(kConflict), std::nullopt, 4});
    ExperimentOptions options;
    options.engines = {"backtrack"};
    options.warmup = 1;
    options.reps = 3;
    std::vector<double> fractions;
    options.progress = [&](const Progress& p) {
        fractions.push_back(p.fraction);
        EXPECT_EQ(p.label, "backtrack");
        EXPECT_EQ(p.total, 4u);
    };
    std::string error;
    auto result = run_experiment(set, options, &error);
    ASSERT_TRUE(result) << error;
    ASSERT_EQ(result->measurements.size(), 4u);
    for (size_t p = 0; p < 3; ++p) {
        const Measurement& m = result->at(0, p);
        EXPECT_EQ(m.outcome, BenchVerdict::solved) << p;
        ASSERT_TRUE(m.median_us.has_value());
        EXPECT_GT(*m.median_us, 0);
        EXPECT_GT(m.stats.nodes, 0u);
        EXPECT_EQ(m.count, 1u);
    }
    EXPECT_EQ(result->at(0, 3).outcome, BenchVerdict::unsolved);
    EXPECT_FALSE(result->at(0, 3).median_us.has_value());
    EXPECT_EQ(solved_by_all(*result), (std::vector<size_t>{0, 1, 2}));
    ASSERT_EQ(fractions.size(), 4u);
    EXPECT_DOUBLE_EQ(fractions.back(), 1.0);
    EXPECT_FALSE(result->machine.compiler.empty());
    EXPECT_EQ(result->reps, 3);

    const ExperimentSummary s = summarize(*result);
    ASSERT_EQ(s.bands.size(), 3u);  // 2.6 (two puzzles), 7.1, unrated
    EXPECT_EQ(s.bands[0].puzzles, 2u);
    EXPECT_EQ(s.bands[0].engines[0].solved, 2u);
    EXPECT_EQ(s.bands[2].engines[0].solved, 0u);
}

TEST(BenchExperiment, TimeCapKeepsAtLeastThreeTimedRuns) {
    ExperimentOptions options;
    options.engines = {"backtrack"};
    options.warmup = 5;
    options.reps = 40;
    options.max_seconds = 1e-9;  // every run is over the cap: the minimum counts are kept
    auto result = run_experiment(easy_set({1.0, 2.0}), options, nullptr);
    ASSERT_TRUE(result);
    for (size_t p = 0; p < 2; ++p) {
        EXPECT_EQ(result->at(0, p).outcome, BenchVerdict::solved);
        EXPECT_EQ(result->at(0, p).runs, kMinCappedReps);
        EXPECT_TRUE(result->at(0, p).median_us.has_value());
    }
    const std::string md = summary_markdown(*result, summarize(*result));
    EXPECT_NE(md.find("cut short: backtrack on 2 puzzles (down to 3 timed runs)"),
              std::string::npos)
        << md;

    options.max_seconds = 0;  // no cap: every timed run is made
    options.reps = 7;
    result = run_experiment(easy_set({1.0}), options, nullptr);
    ASSERT_TRUE(result);
    EXPECT_EQ(result->at(0, 0).runs, 7);
    options.max_seconds = -1;
    std::string error;
    EXPECT_FALSE(run_experiment(easy_set({1.0}), options, &error));
    EXPECT_NE(error.find("time cap"), std::string::npos);
}

TEST(BenchExperiment, BudgetHitCountsAsNotSolved) {
    ExperimentOptions options;
    options.engines = {"backtrack"};
    options.warmup = 0;
    options.reps = 1;
    options.limits.node_budget = 1;
    auto result = run_experiment(easy_set({1.0}), options, nullptr);
    ASSERT_TRUE(result);
    EXPECT_EQ(result->at(0, 0).outcome, BenchVerdict::unsolved);
    EXPECT_FALSE(result->at(0, 0).median_us.has_value());
}

TEST(BenchExperiment, RatingHookAndPin) {
    ExperimentOptions options;
    options.engines = {"backtrack", "backtrack"};
    options.warmup = 0;
    options.reps = 1;
    options.rate = [](const Grid&) { return std::optional<double>(4.2); };
    options.pin = 0;
    auto result = run_experiment(easy_set({std::nullopt, 1.5}), options, nullptr);
    ASSERT_TRUE(result);
    EXPECT_DOUBLE_EQ(*result->puzzles[0].rating, 4.2);
    EXPECT_DOUBLE_EQ(*result->puzzles[1].rating, 1.5);
    EXPECT_EQ(result->measurements.size(), 4u);
    EXPECT_EQ(result->at(1, 1).engine, 1u);
    EXPECT_EQ(result->at(1, 1).puzzle, 1u);
}

TEST(BenchExperiment, BadOptionsAreErrors) {
    std::string error;
    ExperimentOptions options;
    options.engines = {"no-such-engine"};
    EXPECT_FALSE(run_experiment(easy_set({1.0}), options, &error));
    EXPECT_NE(error.find("unknown engine"), std::string::npos) << error;
    options.engines = {"backtrack"};
    options.reps = 0;
    EXPECT_FALSE(run_experiment(easy_set({1.0}), options, &error));
    options.reps = 1;
    options.warmup = -1;
    EXPECT_FALSE(run_experiment(easy_set({1.0}), options, &error));
    options.warmup = 0;
    options.engines.clear();
    EXPECT_FALSE(run_experiment(easy_set({1.0}), options, &error));
}

TEST(BenchCpuPin, PinsAndRestores) {
    cpu_set_t before;
    ASSERT_EQ(sched_getaffinity(0, sizeof before, &before), 0);
    {
        CpuPin pin(1);
        ASSERT_TRUE(pin.ok());
        cpu_set_t now;
        ASSERT_EQ(sched_getaffinity(0, sizeof now, &now), 0);
        EXPECT_EQ(CPU_COUNT(&now), 1);
        EXPECT_TRUE(CPU_ISSET(pin.cpu(), &now));
    }
    cpu_set_t after;
    ASSERT_EQ(sched_getaffinity(0, sizeof after, &after), 0);
    EXPECT_TRUE(CPU_EQUAL(&before, &after));
}

// ---- Throughput mode -----------------------------------------------------------------------

TEST(BenchThroughput, CountsAndOnePass) {
    BenchSet set = easy_set({std::nullopt, std::nullopt, std::nullopt});
    set.puzzles.push_back({grid_from_line(kConflict), std::nullopt, 4});
    // A puzzle with 13 solutions: counted as "multiple" when counting up to two.
    set.puzzles.push_back(
        {grid_from_line("..1....9..62.5.1......86..2....1..7.9.6274.............8..."
                        "59.....7..8..2.3.9..4."),
         std::nullopt, 5});
    ThroughputOptions options;
    options.engines = {"backtrack"};
    options.threads = 2;
    options.transform = true;
    options.seed = 5;
    size_t reports = 0;
    options.progress = [&](const Progress&) { ++reports; };
    std::string error;
    auto rows = run_throughput(set, options, &error);
    ASSERT_TRUE(rows) << error;
    ASSERT_EQ(rows->size(), 1u);
    const ThroughputRow& r = rows->front();
    EXPECT_EQ(r.engine, "backtrack");
    EXPECT_EQ(r.set, "easy");
    EXPECT_EQ(r.puzzles, 5u);
    EXPECT_EQ(r.solved, 4u);
    EXPECT_EQ(r.unsolved, 1u);
    EXPECT_EQ(r.wrong, 0u);
    EXPECT_EQ(r.multiple, 1u);
    EXPECT_EQ(r.passes, 1);
    EXPECT_EQ(r.solves, 5u);
    EXPECT_EQ(r.threads, 2);
    EXPECT_GT(r.seconds, 0);
    EXPECT_GT(r.puzzles_per_second(), 0);
    EXPECT_GT(r.guesses, 0u);  // plain backtracking guesses on these
    EXPECT_DOUBLE_EQ(r.guesses_per_puzzle(), static_cast<double>(r.guesses) / 5);
    EXPECT_LE(r.no_guess_share(), 1.0);
    EXPECT_GE(reports, 1u);
}

TEST(BenchThroughput, InterleavedRoundsGiveTheMedianRound) {
    ThroughputOptions options;
    options.engines = {"backtrack", "dlx"};
    options.rounds = 3;
    std::vector<std::string> labels;
    options.progress = [&](const Progress& p) { labels.emplace_back(p.label); };
    auto rows = run_throughput(easy_set({std::nullopt, std::nullopt}), options, nullptr);
    ASSERT_TRUE(rows);
    for (const ThroughputRow& r : *rows) {
        ASSERT_EQ(r.round_us.size(), 3u) << r.engine;
        EXPECT_EQ(r.passes, 3);
        EXPECT_EQ(r.solves, 6u);
        std::vector<double> sorted = r.round_us;
        std::sort(sorted.begin(), sorted.end());
        EXPECT_DOUBLE_EQ(r.us_per_puzzle(), sorted[1]);
        EXPECT_DOUBLE_EQ(r.puzzles_per_second(), 1e6 / sorted[1]);
    }
    // Round 2 runs the engines in reverse order.
    std::vector<std::string> order;
    for (const std::string& l : labels)
        if (l.find("(round") != std::string::npos && (order.empty() || order.back() != l))
            order.push_back(l);
    EXPECT_EQ(order, (std::vector<std::string>{"backtrack (round 1/3)", "dlx (round 1/3)",
                                               "dlx (round 2/3)", "backtrack (round 2/3)",
                                               "backtrack (round 3/3)", "dlx (round 3/3)"}));
    options.rounds = 0;
    EXPECT_FALSE(run_throughput(easy_set({1.0}), options, nullptr));
}

TEST(BenchThroughput, FirstSolutionAndMinimumTime) {
    BenchSet set = easy_set({std::nullopt, std::nullopt});
    set.puzzles.push_back(
        {grid_from_line("..1....9..62.5.1......86..2....1..7.9.6274.............8..."
                        "59.....7..8..2.3.9..4."),
         std::nullopt, 3});
    ThroughputOptions options;
    options.engines = {"backtrack"};
    options.max_solutions = 1;
    options.min_seconds = 0.02;
    options.threads = 2;
    options.pin = true;
    auto rows = run_throughput(set, options, nullptr);
    ASSERT_TRUE(rows);
    const ThroughputRow& r = rows->front();
    EXPECT_EQ(r.multiple, 0u);
    EXPECT_EQ(r.solved, 3u);
    EXPECT_GE(r.passes, 1);
    EXPECT_EQ(r.solves, static_cast<uint64_t>(r.passes) * 3);  // whole passes only
    EXPECT_GE(r.seconds, 0.02);
}

TEST(BenchThroughput, NoGuessShareOnAGivenSolution) {
    // A complete grid needs no guess: share 1, zero guesses.
    BenchSet set;
    set.name = "full";
    set.puzzles.push_back(
        {grid_from_line("417369825632158947958724316825437169791586432346912758289643571573291684"
                        "164875293"),
         std::nullopt, 1});
    ThroughputOptions options;
    options.engines = {"backtrack"};
    auto rows = run_throughput(set, options, nullptr);
    ASSERT_TRUE(rows);
    EXPECT_EQ(rows->front().no_guess, 1u);
    EXPECT_DOUBLE_EQ(rows->front().no_guess_share(), 1.0);
    EXPECT_DOUBLE_EQ(rows->front().guesses_per_puzzle(), 0.0);
}

TEST(BenchThroughput, BadOptionsAreErrors) {
    std::string error;
    ThroughputOptions options;
    options.engines = {"backtrack:nope=1"};
    EXPECT_FALSE(run_throughput(easy_set({1.0}), options, &error));
    EXPECT_NE(error.find("unknown option"), std::string::npos) << error;
    options.engines = {"backtrack"};
    options.threads = 0;
    EXPECT_FALSE(run_throughput(easy_set({1.0}), options, &error));
    options.threads = 1;
    options.max_solutions = 0;
    EXPECT_FALSE(run_throughput(easy_set({1.0}), options, &error));
}

// ---- Progress ------------------------------------------------------------------------------

Progress at(double fraction) {
    Progress p;
    p.fraction = fraction;
    return p;
}

TEST(BenchProgress, LineShowsShareCountLabelAndTimeLeft) {
    const Progress p{.fraction = 0.5, .done = 120, .total = 340, .label = "backtrack"};
    const std::string line = format_progress_line(p, 10, 70);
    EXPECT_LE(line.size(), 70u);
    EXPECT_EQ(line.front(), '[');
    EXPECT_NE(line.find(" 50%"), std::string::npos) << line;
    EXPECT_NE(line.find("120/340"), std::string::npos) << line;
    EXPECT_NE(line.find("backtrack"), std::string::npos) << line;
    EXPECT_NE(line.find("ETA 10s"), std::string::npos) << line;
    // Too early to extrapolate: no time left shown.
    EXPECT_EQ(format_progress_line(at(0.001), 0.1, 70).find("ETA"), std::string::npos);
    EXPECT_NE(format_progress_line(at(0.25), 150, 70).find("ETA 7m30s"), std::string::npos);
}

TEST(BenchProgress, BarWritesOnlyWhenActive) {
    std::FILE* file = std::tmpfile();
    ASSERT_NE(file, nullptr);
    {
        ProgressBar quiet(file);  // a file is not a terminal
        EXPECT_FALSE(quiet.active());
        quiet.update(at(0.5));
    }
    EXPECT_EQ(std::ftell(file), 0);
    {
        ProgressBar bar(file, true, 60);
        EXPECT_TRUE(bar.active());
        bar.callback()({.fraction = 1.0, .done = 3, .total = 3, .label = "x"});
    }
    std::rewind(file);
    std::string text;
    for (int c; (c = std::fgetc(file)) != EOF;) text += static_cast<char>(c);
    std::fclose(file);
    EXPECT_NE(text.find("100%"), std::string::npos) << text;
    EXPECT_NE(text.find('\r'), std::string::npos);
}

}  // namespace
}  // namespace sudokit
