// Soundness of the human solver: every step of the solving paths of seeded random puzzles, and
// every step any technique finds along the way, is checked against the known solution. A sound
// step never removes a candidate that is true in any solution, so puzzles with several
// solutions are checked too (against the one they were cut from). The uniqueness techniques
// hold only in a puzzle with one solution: the full scans run them only there, as next_step does.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <span>
#include <string>

#include "human/stepper.h"
#include "sudokit/engine.h"
#include "sudokit/generate.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

struct Tally {
    int puzzles = 0;
    int unique = 0;
    int solved = 0;
    long steps = 0;  // steps on the paths
    long found = 0;  // steps found by all techniques along the paths
    long wrong = 0;  // wrong eliminations or placements
    std::vector<int> uses = std::vector<int>(kTechniqueCount, 0);      // on the paths
    std::vector<int> found_by = std::vector<int>(kTechniqueCount, 0);  // in the full scans
};

// Counts the effects of a step that contradict the solution (reporting the first few).
int wrong_effects(const Step& step, const Grid& solution, const Grid& puzzle) {
    int wrong = 0;
    for (const Candidate& c : step.eliminations) wrong += solution[c.cell] == c.digit;
    for (const Candidate& c : step.placements) wrong += solution[c.cell] != c.digit;
    if (wrong > 0) {
        ADD_FAILURE() << "wrong step " << step_text(step, puzzle.shape()) << " in "
                      << testing::grid_to_line(puzzle);
    }
    return wrong;
}

// What check_puzzle walks and scans.
struct Checks {
    std::span<const Technique> order = easiest_order();  // the path's order
    bool full_scans = false;  // every technique's every step at every position
    double scan_below = 100;  // ... of the techniques rated below this
};

// The techniques rated below a bound, in the easiest order.
std::vector<Technique> rated_below(double bound) {
    std::vector<Technique> out;
    for (Technique t : easiest_order()) {
        if (technique_info(t).rating < bound) out.push_back(t);
    }
    return out;
}

// Walks the path of checks.order; with full scans, at every position every technique's every
// step is checked too. known_multiple: the puzzle is known to have several solutions (else
// unique or not known). The uniqueness techniques run only when the puzzle has one solution,
// as the stepper runs them.
void check_puzzle(const Grid& puzzle, const Grid& solution, bool known_multiple,
                  const Checks& checks, Tally& tally) {
    ++tally.puzzles;
    CandidateGrid grid(puzzle);
    const bool unique = !known_multiple && has_unique_solution(grid);
    tally.unique += unique;
    Stepper stepper(checks.order, SearchMode::first);
    stepper.allow_uniqueness(unique);
    stepper.allow_nested(unique);
    while (!grid.solved()) {
        if (checks.full_scans) {
            // The nested levels are left out of the full scans: each collects every chain of
            // the position with whole producers nested in it (seconds to hours where many
            // candidates are open); their steps are checked on the paths and the fixtures.
            for (const TechniqueInfo& t : all_techniques()) {
                if (t.assumes_uniqueness() && !unique) continue;
                if (t.rating >= checks.scan_below || t.nested()) continue;
                for (const Step& step : find_steps(grid, t.id)) {
                    ++tally.found;
                    ++tally.found_by[static_cast<size_t>(t.id)];
                    tally.wrong += wrong_effects(step, solution, puzzle);
                }
            }
        }
        const Step* step = stepper.next(grid);
        if (step == nullptr) break;
        ++tally.steps;
        ++tally.uses[static_cast<size_t>(step->technique)];
        tally.wrong += wrong_effects(*step, solution, puzzle);
        ASSERT_GT(apply_step(grid, *step), 0);
        // The solution's candidates are all still there.
        for (int cell = 0; cell < solution.cell_count(); ++cell) {
            ASSERT_TRUE(grid.value(cell) == solution[cell] || grid.has(cell, solution[cell]))
                << testing::grid_to_line(puzzle) << " cell " << cell;
        }
    }
    ASSERT_FALSE(grid.contradiction()) << testing::grid_to_line(puzzle);
    if (grid.solved()) {
        ++tally.solved;
        // Logic alone completes a grid only when it is the one solution.
        EXPECT_FALSE(known_multiple) << testing::grid_to_line(puzzle);
        EXPECT_EQ(grid.values(), solution);
    }
}

void report(const char* what, const Tally& t) {
    std::printf(
        "[ soundness ] %s: %d puzzles (%d unique), %d solved by logic, %ld path steps, "
        "%ld steps found by all techniques, %ld wrong\n",
        what, t.puzzles, t.unique, t.solved, t.steps, t.found, t.wrong);
    std::string uses;
    for (const TechniqueInfo& info : all_techniques()) {
        uses += " " + std::string(info.code) + "=" +
                std::to_string(t.uses[static_cast<size_t>(info.id)]);
    }
    std::printf("[ soundness ] %s path steps per technique:%s\n", what, uses.c_str());
}

// Solutions of a 9x9 grid, counted up to 2 by a small MRV search over house bitmasks (the
// test's own oracle, much faster than brute force on sparse puzzles); the first two are kept.
struct Count {
    int solutions = 0;
    Grid found[2];
    uint16_t used[27] = {};  // digits placed per row, column, box (bit d-1)
};

int box_index(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

void search(Grid& g, Count& count) {
    int best = -1, best_size = 10;
    unsigned best_set = 0;
    for (int cell = 0; cell < 81 && best_size > 1; ++cell) {
        if (g[cell] != 0) continue;
        const unsigned allowed = 0x1FFu & ~(count.used[cell / 9] | count.used[9 + cell % 9] |
                                            count.used[18 + box_index(cell)]);
        const int size = std::popcount(allowed);
        if (size < best_size) {
            best = cell;
            best_size = size;
            best_set = allowed;
        }
    }
    if (best < 0) {
        count.found[count.solutions++] = g;
        return;
    }
    const int houses[3] = {best / 9, 9 + best % 9, 18 + box_index(best)};
    for (unsigned set = best_set; set != 0 && count.solutions < 2; set &= set - 1) {
        const unsigned bit = set & -set;
        g.set(best, std::countr_zero(bit) + 1);
        for (int h : houses) count.used[h] |= static_cast<uint16_t>(bit);
        search(g, count);
        for (int h : houses) count.used[h] &= static_cast<uint16_t>(~bit);
    }
    g.set(best, 0);
}

int count_solutions(const Grid& puzzle, Count& count) {
    Grid work = puzzle;
    for (int cell = 0; cell < 81; ++cell) {
        if (puzzle[cell] == 0) continue;
        const uint16_t bit = static_cast<uint16_t>(1u << (puzzle[cell] - 1));
        count.used[cell / 9] |= bit;
        count.used[9 + cell % 9] |= bit;
        count.used[18 + box_index(cell)] |= bit;
    }
    search(work, count);
    return count.solutions;
}

// A puzzle cut from `solution` with `clues` givens, then given more clues until it is unique:
// each time, a cell where a second solution differs from ours becomes a given.
Grid unique_puzzle(const Grid& solution, int clues, bool minimal, std::mt19937_64& rng) {
    Grid puzzle = random_puzzle(solution, clues, rng);
    while (true) {
        Count count;
        if (count_solutions(puzzle, count) == 1) break;
        const Grid& other = count.found[0] == solution ? count.found[1] : count.found[0];
        int add = 0;
        while (other[add] == solution[add]) ++add;
        puzzle.set(add, solution[add]);
    }
    if (!minimal) return puzzle;
    // Then givens go while it stays unique (12 tries, in random order): sparser puzzles are
    // harder, and the tries are what this test spends most of its time on.
    std::vector<int> givens;
    for (int cell = 0; cell < 81; ++cell) {
        if (puzzle[cell] != 0) givens.push_back(cell);
    }
    std::shuffle(givens.begin(), givens.end(), rng);
    givens.resize(std::min<size_t>(givens.size(), 12));
    for (int cell : givens) {
        puzzle.set(cell, 0);
        Count count;
        if (count_solutions(puzzle, count) != 1) puzzle.set(cell, solution[cell]);
    }
    return puzzle;
}

TEST(HumanSoundness, TwoThousandNineByNinePaths) {
    std::mt19937_64 rng(2024);
    Tally tally;
    for (int i = 0; i < 2000; ++i) {
        const Grid solution = random_solution(Shape{3, 3}, rng);
        // From 22-28 givens, completed to unique puzzles.
        const int clues = std::uniform_int_distribution<int>(22, 28)(rng);
        const Grid puzzle = unique_puzzle(solution, clues, i % 2 == 0, rng);
        // Every path is walked; every finder's full scan runs on every 8th puzzle, the chains'
        // (which collect every chain of the position) on every 32nd, to stay fast.
        check_puzzle(puzzle, solution, false,
                     Checks{.full_scans = i % 8 == 0, .scan_below = i % 32 == 0 ? 100 : 6.5},
                     tally);
        if (::testing::Test::HasFatalFailure()) return;
    }
    report("9x9", tally);
    EXPECT_EQ(tally.wrong, 0);
    EXPECT_EQ(tally.unique, 2000);
    // Every finder's steps were checked, and the paths needed more than subsets (with the
    // chains, logic alone solves every puzzle of this set).
    int hard_steps = 0;
    for (const TechniqueInfo& t : all_techniques()) {
        if (!t.nested()) {
            EXPECT_GT(tally.found_by[static_cast<size_t>(t.id)], 0) << t.name;
        }
        if (t.rating >= 6.0) hard_steps += tally.uses[static_cast<size_t>(t.id)];
    }
    EXPECT_EQ(tally.solved, tally.puzzles);
    EXPECT_GT(hard_steps, 0);
}

struct Plan {
    Shape shape;
    int puzzles;
    int min_clues;
    int max_clues;
    int unique;  // of the puzzles (random cuts, mostly with several solutions)
};

TEST(HumanSoundness, OtherShapes) {
    const std::vector<Technique> no_chains = rated_below(6.5);
    for (const Plan& plan :
         {Plan{{2, 2}, 300, 4, 8, 134}, Plan{{2, 3}, 300, 8, 16, 34}, Plan{{3, 4}, 30, 50, 80, 2},
          Plan{{4, 4}, 20, 100, 140, 0}, Plan{{5, 5}, 2, 300, 360, 0}}) {
        std::mt19937_64 rng(plan.shape.size());
        Tally tally;
        for (int i = 0; i < plan.puzzles; ++i) {
            const Grid solution = random_solution(plan.shape, rng);
            const int clues =
                std::uniform_int_distribution<int>(plan.min_clues, plan.max_clues)(rng);
            const Grid puzzle = random_puzzle(solution, clues, rng);
            // Uniqueness is not needed for soundness (and a solved path proves it). A puzzle
            // with several solutions ends stuck after every technique of the order has failed:
            // on 12x12 and up the chains would make that the whole cost of the test, so they
            // are left to HumanSoundness.ChainsOnSixteenBySixteen.
            const bool small = plan.shape.size() <= 9;
            check_puzzle(puzzle, solution, false,
                         Checks{.order = small ? std::span<const Technique>(easiest_order())
                                               : std::span<const Technique>(no_chains),
                                .full_scans = plan.shape.size() <= 16,
                                .scan_below = small ? 100 : 6.5},
                         tally);
            if (::testing::Test::HasFatalFailure()) return;
        }
        report(plan.shape.name().c_str(), tally);
        EXPECT_EQ(tally.wrong, 0) << plan.shape.name();
        EXPECT_GT(tally.steps, 0) << plan.shape.name();
        // Every puzzle with one solution is solved by logic alone (the others end stuck).
        EXPECT_EQ(tally.unique, plan.unique) << plan.shape.name();
        EXPECT_EQ(tally.solved, tally.unique) << plan.shape.name();
    }
}

}  // namespace
}  // namespace sudokit

namespace sudokit {
namespace {

// Chains on 16x16, which no published tool offers: unique puzzles cut from random grids (a
// second solution found by an engine is ruled out by giving the cell where it differs), solved
// with every technique; every step of the path is checked. Full scans stop below the chains.
TEST(HumanSoundness, ChainsOnSixteenBySixteen) {
    std::mt19937_64 rng(16);
    const Shape shape{4, 4};
    auto engine = make_engine("propagate");
    const std::vector<Technique> below_nested = testing::order_below_nested();
    Tally tally;
    for (int i = 0; i < 3; ++i) {
        const Grid solution = random_solution(shape, rng);
        Grid puzzle = random_puzzle(solution, 140, rng);
        while (true) {
            const Result r = engine->solve(puzzle, Limits{.max_solutions = 2});
            ASSERT_TRUE(r.answered());
            if (r.count == 1) break;
            // r.first is one solution; if it is ours, look for the other by excluding it.
            const Grid& other = r.first;
            int add = -1;
            for (int cell = 0; cell < shape.cell_count() && add < 0; ++cell) {
                if (other[cell] != solution[cell]) add = cell;
            }
            if (add < 0) {
                // The engine found ours first: give a random empty cell instead.
                std::vector<int> empty;
                for (int cell = 0; cell < shape.cell_count(); ++cell) {
                    if (puzzle[cell] == 0) empty.push_back(cell);
                }
                add = empty[std::uniform_int_distribution<size_t>(0, empty.size() - 1)(rng)];
            }
            puzzle.set(add, solution[add]);
        }
        // Then givens go while it stays unique: sparser puzzles need harder techniques.
        std::vector<int> givens;
        for (int cell = 0; cell < shape.cell_count(); ++cell) {
            if (puzzle[cell] != 0) givens.push_back(cell);
        }
        std::shuffle(givens.begin(), givens.end(), rng);
        for (int cell : givens) {
            puzzle.set(cell, 0);
            const Result r =
                engine->solve(puzzle, Limits{.max_solutions = 2, .node_budget = 20000});
            if (!r.complete() || r.count != 1) puzzle.set(cell, solution[cell]);
        }
        // Every technique below the nested levels (which on 16x16 can search for minutes).
        check_puzzle(puzzle, solution, false,
                     Checks{.order = below_nested, .full_scans = i < 2, .scan_below = 6.5}, tally);
        if (::testing::Test::HasFatalFailure()) return;
    }
    report("16x16 unique", tally);
    EXPECT_EQ(tally.wrong, 0);
    // The paths used chains (a puzzle left stuck needs the nested levels).
    int chain_steps = 0;
    for (const TechniqueInfo& t : all_techniques()) {
        if (t.rating >= 6.5) chain_steps += tally.uses[static_cast<size_t>(t.id)];
    }
    EXPECT_GT(chain_steps, 0);
    // Two of the three are solved; the third needs the nested levels, left out here.
    EXPECT_EQ(tally.unique, 3);
    EXPECT_EQ(tally.solved, 2);
}

}  // namespace
}  // namespace sudokit
