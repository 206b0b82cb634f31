// The static implication graph's filters (human/techniques/chain_reach.h) let the chaining
// producers skip work that finds nothing. Each must be an upper bound of what it filters:
//   - the bound from the outer grid's graph (a chain through a new link, a cell or region
//     chain whose branches meet), against each reduced grid's own graph;
//   - the cycle filter, against every cycle the static producer finds along three paths.
// And a nested run left out takes the work units a full run takes, at once, as the calls one
// by one would count them.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "human/step_sink.h"
#include "human/techniques.h"
#include "human/techniques/chain_engine.h"
#include "human/techniques/chain_reach.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

using detail::Chainer;
using detail::Pid;
using detail::StaticReach;

// The links `reduced` has and `outer` lacks, as pairs of on potentials: a cell left with two
// candidates of more, a digit left with two places in a house of more.
std::vector<std::pair<Pid, Pid>> new_links(const Chainer& c, const CandidateGrid& outer,
                                           const CandidateGrid& reduced) {
    std::vector<std::pair<Pid, Pid>> links;
    const int n = reduced.size();
    for (int cell = 0; cell < n * n; ++cell) {
        const DigitSet left = reduced.candidates(cell);
        if (left.size() != 2 || outer.candidates(cell).size() == 2) continue;
        std::vector<int> digits(left.begin(), left.end());
        links.push_back({c.pid(cell, digits[0], true), c.pid(cell, digits[1], true)});
    }
    const Topology& topo = reduced.topology();
    for (int house = 0; house < topo.house_count(); ++house) {
        for (int d = 1; d <= n; ++d) {
            std::vector<int> cells;
            for (int cell : topo.house(house)) {
                if (reduced.has(cell, d)) cells.push_back(cell);
            }
            int before = 0;
            for (int cell : topo.house(house)) before += outer.has(cell, d);
            if (cells.size() == 2 && before != 2)
                links.push_back({c.pid(cells[0], d, true), c.pid(cells[1], d, true)});
        }
    }
    return links;
}

// What reduced_chain_through_new_link bounds, asked of reduced's own graph: both ends of some new
// link reach the off potential of one candidate of reduced.
bool chain_through_new_link(Chainer& c, const CandidateGrid& outer, const CandidateGrid& reduced) {
    StaticReach own;
    EXPECT_TRUE(own.build(c, reduced));
    const int n = reduced.size();
    for (auto [p, q] : new_links(c, outer, reduced)) {
        for (int cell = 0; cell < n * n; ++cell) {
            for (int d : reduced.candidates(cell)) {
                const Pid off = c.pid(cell, d, false);
                if (own.reaches(p, off) && own.reaches(q, off)) return true;
            }
        }
    }
    return false;
}

// The branch starts of every cell chain (a cell of three candidates or more) and region chain
// (a digit of two places or more in a house) of the static multiple producer on `grid`.
std::vector<std::vector<Pid>> chain_starts(const Chainer& c, const CandidateGrid& grid) {
    std::vector<std::vector<Pid>> all;
    const Topology& topo = grid.topology();
    for (int cell = 0; cell < 81; ++cell) {
        if (grid.candidates(cell).size() < 3) continue;
        all.emplace_back();
        for (int d : grid.candidates(cell)) all.back().push_back(c.pid(cell, d, true));
    }
    for (int house = 0; house < topo.house_count(); ++house) {
        for (int d = 1; d <= 9; ++d) {
            std::vector<Pid> starts;
            for (int cell : topo.house(house)) {
                if (grid.has(cell, d)) starts.push_back(c.pid(cell, d, true));
            }
            if (starts.size() >= 2) all.push_back(starts);
        }
    }
    return all;
}

TEST(HumanChainReach, NewLinkFilterBoundsTheReducedGridsOwnGraph) {
    const SolvePath path = testing::unexplained_path(testing::kSe104Puzzle);
    ASSERT_EQ(path.end, PathEnd::solved);
    CandidateGrid outer(testing::grid_from_line(testing::kSe104Puzzle));
    std::mt19937 random(2026);
    int reductions = 0, without_links = 0, with_chain = 0, passed = 0;
    int chains = 0, own_meets = 0, bounded_meets = 0;
    for (size_t i = 0; i < path.steps.size(); ++i) {
        Chainer c;
        c.begin(outer);
        StaticReach reach;
        ASSERT_TRUE(reach.build(c, outer));
        std::vector<std::pair<int, int>> removable;  // candidates of cells with two or more
        for (int cell = 0; cell < 81; ++cell) {
            if (outer.candidates(cell).size() < 2) continue;
            for (int d : outer.candidates(cell)) removable.push_back({cell, d});
        }
        // Reduced grids of 1 to 16 removals (a cell keeps one candidate at least).
        for (int r = 0; r < 40 && !removable.empty(); ++r) {
            CandidateGrid reduced = outer;
            const int removals = 1 + static_cast<int>(random() % 16);
            for (int k = 0; k < removals; ++k) {
                const auto [cell, d] = removable[random() % removable.size()];
                if (reduced.candidates(cell).size() > 1) reduced.eliminate(cell, d);
            }
            const bool exact = chain_through_new_link(c, outer, reduced);
            reach.begin_reduced(outer, reduced);
            const bool filter = reach.reduced_chain_through_new_link();
            // Every cell's and every region's branches: the bounded meet holds where the reduced
            // grid's own graph meets.
            StaticReach own;
            ASSERT_TRUE(own.build(c, reduced));
            for (const std::vector<Pid>& starts : chain_starts(c, reduced)) {
                const bool meets = own.meet(starts);
                EXPECT_TRUE(reach.reduced_meet(starts) || !meets)
                    << "step " << i << " reduction " << r;
                ++chains;
                own_meets += meets;
                bounded_meets += reach.reduced_meet(starts);
            }
            EXPECT_TRUE(filter || !exact) << "step " << i << " reduction " << r;
            const bool no_links = new_links(c, outer, reduced).empty();
            if (no_links) {
                EXPECT_FALSE(filter) << "step " << i << " reduction " << r;
            }
            ++reductions;
            without_links += no_links;
            with_chain += exact;
            passed += filter;
        }
        apply_step(outer, path.steps[i]);
    }
    // Both outcomes occur, and the bound is near the exact test: most reductions with new links
    // but no chain through one are filtered out.
    EXPECT_GT(with_chain, 0);
    EXPECT_GT(reductions - passed, without_links);
    EXPECT_GT(own_meets, 0);
    // The bound is near the exact test here too (about 5 % more chains pass it).
    EXPECT_LT(bounded_meets - own_meets, chains / 10);
    RecordProperty("reductions", reductions);
    RecordProperty("with_chain", with_chain);
    RecordProperty("passed", passed);
    RecordProperty("without_links", without_links);
    RecordProperty("chains", chains);
    RecordProperty("own_meets", own_meets);
    RecordProperty("bounded_meets", bounded_meets);
}

// A cycle that eliminates something does so through each of its on potentials: every on
// potential of every cycle the static producer finds passes cycle_may_eliminate (the filter
// that skips a start's cycle search). Positions of the paths of three puzzles of the public
// SE-rated set (ER 8.4, 7.1 and 7.1).
TEST(HumanChainReach, EveryCycleFoundPassesTheCycleFilter) {
    const char* const lines[] = {
        "..75...311......4.9..4..68....7.8....9.14..53..4.5......58...2..8.2.51..7........",
        "...2..7.6.....614.4....8.2.38.....9...53.1.......6....5..9.23..2......7..79......",
        "..7........48........123..5...91...46....29...1....2..4.........7....1.9...3.68.."};
    int cycles = 0, on_nodes = 0;
    for (const char* line : lines) {
        const SolvePath path = testing::unexplained_path(line);
        CandidateGrid grid(testing::grid_from_line(line));
        for (size_t i = 0; i < path.steps.size(); ++i) {
            CollectSink sink(0, true);
            finder_of(Technique::bidirectional_cycle)(grid, sink);
            Chainer c;
            c.begin(grid);
            StaticReach reach;
            ASSERT_TRUE(reach.build(c, grid));
            for (const Step& step : sink.steps()) {
                if (step.technique != Technique::x_cycle && step.technique != Technique::y_cycle &&
                    step.technique != Technique::bidirectional_cycle)
                    continue;
                ++cycles;
                for (const ChainNode& node : step.explanation.nodes) {
                    if (!node.on) continue;
                    ++on_nodes;
                    EXPECT_TRUE(reach.cycle_may_eliminate(
                        c.pid(node.candidate.cell, node.candidate.digit, true)))
                        << line << " step " << i;
                }
            }
            apply_step(grid, path.steps[i]);
        }
    }
    EXPECT_GT(cycles, 20);
    RecordProperty("cycles", cycles);
    RecordProperty("on_nodes", on_nodes);
}

// The units a skipped nested run takes are those a full run takes, at every position of a
// path (the top-level producers with an unbounded sink count them).
TEST(HumanChainReach, SkippedRunsTakeTheUnitsOfAFullRun) {
    const SolvePath path = testing::unexplained_path(testing::kSe104Puzzle);
    ASSERT_EQ(path.end, PathEnd::solved);
    CandidateGrid grid(testing::grid_from_line(testing::kSe104Puzzle));
    for (size_t i = 0; i < path.steps.size(); ++i) {
        CollectSink static_sink(0, false), multiple_sink(0, false);
        finder_of(Technique::forcing_chain)(grid, static_sink);
        finder_of(Technique::cell_forcing_chains)(grid, multiple_sink);
        EXPECT_EQ(static_sink.work(), detail::static_chain_units(grid)) << "step " << i;
        EXPECT_EQ(multiple_sink.work(), detail::multiple_chain_units(grid)) << "step " << i;
        apply_step(grid, path.steps[i]);
    }
}

// take_work(units) leaves the sink as `units` calls of take_work() would.
TEST(HumanChainReach, BulkWorkUnitsCountAsSingleOnes) {
    for (uint64_t budget : {0, 5, 12}) {
        for (uint64_t step_budget : {0, 4, 9}) {
            for (uint64_t first : {0, 3}) {
                for (uint64_t units : {1, 2, 7, 20}) {
                    CollectSink one_by_one(0, false), bulk(0, false);
                    for (StepSink* sink :
                         {static_cast<StepSink*>(&one_by_one), static_cast<StepSink*>(&bulk)}) {
                        sink->set_work_budget(budget);
                        sink->set_step_budget(step_budget);
                        for (uint64_t k = 0; k < first; ++k) sink->take_work();
                    }
                    bool all = true;
                    for (uint64_t k = 0; k < units && all; ++k) all = one_by_one.take_work();
                    EXPECT_EQ(bulk.take_work(units), all);
                    EXPECT_EQ(bulk.work(), one_by_one.work());
                    EXPECT_EQ(bulk.budget_spent(), one_by_one.budget_spent());
                    EXPECT_EQ(bulk.step_budget_spent(), one_by_one.step_budget_spent());
                    EXPECT_EQ(bulk.expired(), one_by_one.expired());
                }
            }
        }
    }
}

}  // namespace
}  // namespace sudokit
