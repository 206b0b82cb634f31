// The generator under a deadline: a puzzle it reports found is one solution and minimal (checked
// with dlx, an engine the generator does not count with), and a seed gives the same puzzles with
// or without a deadline, on one thread or two: a puzzle or a timeout, never another puzzle.
// The deadlines are tiny so that the limits cut checks in every phase; what the test asserts
// does not depend on how many puzzles the machine's speed lets through.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sudokit/engine.h"
#include "sudokit/generate.h"
#include "sudokit/io.h"
#include "sudokit/rate.h"

namespace sudokit {
namespace {

uint32_t dlx_count(const Grid& puzzle) {
    static thread_local std::unique_ptr<Engine> dlx = make_engine("dlx");
    const Result r = dlx->solve(puzzle, Limits{.max_solutions = 2});
    EXPECT_TRUE(r.answered());
    return r.count;
}

// The first given whose removal keeps one solution (dlx), or -1.
int dlx_removable(const Grid& puzzle) {
    Grid work = puzzle;
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        if (puzzle[cell] == 0) continue;
        work.set(cell, 0);
        if (dlx_count(work) < 2) return cell;
        work.set(cell, puzzle[cell]);
    }
    return -1;
}

std::vector<GeneratedPuzzle> run(const GenerateOptions& options, uint64_t count, int threads) {
    std::vector<GeneratedPuzzle> out;
    const BatchEnd end = generate_batch(GenerateBatchOptions{options, count, threads},
                                        [&](const GeneratedPuzzle& p) {
                                            out.push_back(p);
                                            return true;
                                        });
    EXPECT_EQ(end, BatchEnd::done);
    return out;
}

// Every found puzzle of runs under tiny deadlines is unique, minimal clue by clue and symmetric.
void expect_found_are_minimal(Shape shape, std::initializer_list<double> timeouts, uint64_t count) {
    for (Symmetry symmetry : all_symmetries()) {
        for (double timeout : timeouts) {
            GenerateOptions options;
            options.shape = shape;
            options.symmetry = symmetry;
            options.seed = 1;
            options.rate = false;
            options.timeout_seconds = timeout;
            for (const GeneratedPuzzle& p : run(options, count, 2)) {
                if (!p.found()) {
                    EXPECT_EQ(p.end, GenerateEnd::time_limit);
                    continue;
                }
                const std::string text = format_line(p.puzzle);
                ASSERT_EQ(dlx_count(p.puzzle), 1u) << symmetry_name(symmetry) << ' ' << text;
                EXPECT_TRUE(solves(p.puzzle, p.solution)) << text;
                EXPECT_TRUE(has_symmetry(p.puzzle, symmetry)) << text;
                EXPECT_EQ(dlx_removable(p.puzzle), -1)
                    << symmetry_name(symmetry) << " timeout " << timeout << ": " << text;
            }
        }
    }
}

TEST(GenerateDeadline, FoundNineByNineAreUniqueAndMinimal) {
    expect_found_are_minimal(Shape{3, 3}, {0.0005, 0.002, 0.01}, 40);
}

TEST(GenerateDeadline, FoundSixteenBySixteenAreUniqueAndMinimal) {
    expect_found_are_minimal(Shape{4, 4}, {0.05, 0.3}, 2);
}

// Each puzzle of a run with a deadline is the run's puzzle without one (and its rating), or a
// timeout; on one thread and on two alike.
void expect_same_or_timeout(GenerateOptions options, uint64_t count, double timeout) {
    options.timeout_seconds = 0;
    const std::vector<GeneratedPuzzle> reference = run(options, count, 1);
    options.timeout_seconds = timeout;
    for (int threads : {1, 2}) {
        const std::vector<GeneratedPuzzle> cut = run(options, count, threads);
        ASSERT_EQ(cut.size(), reference.size());
        for (size_t i = 0; i < cut.size(); ++i) {
            ASSERT_TRUE(reference[i].found());
            EXPECT_EQ(cut[i].index, i);
            if (!cut[i].found()) continue;
            EXPECT_EQ(cut[i].puzzle, reference[i].puzzle) << "puzzle " << i << ", " << threads;
            EXPECT_EQ(cut[i].rated, reference[i].rated) << i;
            EXPECT_EQ(rating_text(cut[i].rating), rating_text(reference[i].rating)) << i;
        }
    }
}

TEST(GenerateDeadline, SeedGivesTheSamePuzzlesOrTimeouts) {
    GenerateOptions options;
    options.seed = 5;
    for (Symmetry symmetry : {Symmetry::none, Symmetry::rot180, Symmetry::rot90}) {
        options.symmetry = symmetry;
        expect_same_or_timeout(options, 30, 0.001);
    }
    options.symmetry = Symmetry::none;
    options.target.min_er = 3.0;
    options.target.max_er = 5.0;
    expect_same_or_timeout(options, 6, 0.01);
    options.target = {};
    options.target.technique = Technique::x_wing;
    expect_same_or_timeout(options, 6, 0.01);
}

}  // namespace
}  // namespace sudokit
