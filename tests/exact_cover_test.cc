// The generic exact-cover core (src/engines/dlx/exact_cover.h): Knuth's example from "Dancing
// Links", a small matrix with several solutions checked against brute force, the link checker
// after construction, cover/uncover, selections and stopped searches, and the limits.
#include "engines/dlx/exact_cover.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

namespace sudokit::detail {
namespace {

using Rows = std::vector<std::vector<int>>;
using Solution = std::vector<int>;  // row ids, ascending

ExactCover build(int columns, const Rows& rows) {
    ExactCover matrix(columns);
    for (const auto& row : rows) EXPECT_TRUE(matrix.add_row(row));
    return matrix;
}

// Every solution the search reports, each sorted, in the order found.
std::vector<Solution> all_solutions(ExactCover& matrix, ExactCoverLimits limits = {}) {
    std::vector<Solution> found;
    matrix.search(limits, [&](std::span<const int> rows) {
        Solution s(rows.begin(), rows.end());
        std::sort(s.begin(), s.end());
        found.push_back(s);
    });
    return found;
}

// Exact covers by trying every subset of rows (small matrices only).
std::set<Solution> brute_force(int columns, const Rows& rows) {
    std::set<Solution> out;
    for (uint32_t mask = 0; mask < (1u << rows.size()); ++mask) {
        std::vector<int> hits(columns, 0);
        Solution s;
        for (size_t r = 0; r < rows.size(); ++r) {
            if ((mask >> r & 1) == 0) continue;
            s.push_back(static_cast<int>(r));
            for (int c : rows[r]) ++hits[c];
        }
        if (std::all_of(hits.begin(), hits.end(), [](int h) { return h == 1; })) out.insert(s);
    }
    return out;
}

// Knuth's example: columns A..G, six rows, the one cover is rows 3, 4, 0 ({A,D} {B,G} {C,E,F}).
constexpr int kA = 0, kB = 1, kC = 2, kD = 3, kE = 4, kF = 5, kG = 6;
const Rows kKnuthRows = {
    {kC, kE, kF}, {kA, kD, kG}, {kB, kC, kF}, {kA, kD}, {kB, kG}, {kD, kE, kG},
};

// Several covers of 4 columns (six; the brute force below lists them).
const Rows kSeveralRows = {
    {0}, {1}, {2}, {3}, {0, 1}, {2, 3}, {0, 1, 2, 3}, {1, 2},
};

TEST(ExactCover, KnuthExampleHasItsOneSolution) {
    ExactCover matrix = build(7, kKnuthRows);
    EXPECT_EQ(matrix.column_count(), 7);
    EXPECT_EQ(matrix.row_count(), 6);
    EXPECT_EQ(matrix.check_links(), "");
    EXPECT_EQ(matrix.column_size(kA), 2);
    EXPECT_EQ(matrix.column_size(kD), 3);
    EXPECT_EQ(matrix.column_size(kG), 3);

    auto found = all_solutions(matrix);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0], (Solution{0, 3, 4}));
    EXPECT_EQ(matrix.check_links(), "");
}

TEST(ExactCover, KnuthExampleCounters) {
    // Worked by hand: A is the first smallest column; row 1 {A,D,G} leaves B with row 2 only,
    // which empties E (dead end); row 3 {A,D} then leads to E (row 0), B (row 4) and the cover.
    ExactCover matrix = build(7, kKnuthRows);
    ExactCoverResult r = matrix.search({});
    EXPECT_EQ(r.solutions, 1u);
    EXPECT_EQ(r.stop, Stop::finished);
    EXPECT_EQ(r.counters.nodes, 5u);    // rows 1, 2, 3, 0, 4
    EXPECT_EQ(r.counters.guesses, 1u);  // row 3 after row 1 at the top
    EXPECT_EQ(r.counters.depth, 3u);    // rows 3, 0, 4 held at once
    EXPECT_GT(r.counters.updates, r.counters.nodes);
}

TEST(ExactCover, CoverAndUncoverKeepTheLinksConsistent) {
    ExactCover matrix = build(7, kKnuthRows);
    matrix.cover(kA);  // hides rows 1 and 3
    EXPECT_EQ(matrix.check_links(), "");
    EXPECT_FALSE(matrix.is_active(kA));
    EXPECT_EQ(matrix.column_size(kD), 1);  // row 5 left
    EXPECT_EQ(matrix.column_size(kG), 2);  // rows 4, 5
    matrix.cover(kG);                      // hides rows 4 and 5
    EXPECT_EQ(matrix.check_links(), "");
    EXPECT_EQ(matrix.column_size(kD), 0);
    EXPECT_EQ(matrix.column_size(kB), 1);  // row 2
    matrix.uncover(kG);
    EXPECT_EQ(matrix.check_links(), "");
    EXPECT_EQ(matrix.column_size(kD), 1);
    matrix.uncover(kA);
    EXPECT_EQ(matrix.check_links(), "");
    EXPECT_TRUE(matrix.is_active(kA));
    EXPECT_EQ(matrix.column_size(kD), 3);
    EXPECT_EQ(matrix.column_size(kG), 3);
}

TEST(ExactCover, CheckerCatchesBrokenLinks) {
    // Uncovering out of order (not last-in first-out) corrupts the links; so does uncovering a
    // column twice. The checker must notice both.
    ExactCover twice = build(7, kKnuthRows);
    twice.cover(kA);
    twice.uncover(kA);
    twice.uncover(kA);
    EXPECT_NE(twice.check_links(), "");

    ExactCover order = build(7, kKnuthRows);
    order.cover(kA);
    order.cover(kG);
    order.uncover(kA);
    EXPECT_NE(order.check_links(), "");
}

TEST(ExactCover, ListsEverySolutionOfASmallMatrix) {
    ExactCover matrix = build(4, kSeveralRows);
    auto found = all_solutions(matrix);
    std::set<Solution> unique(found.begin(), found.end());
    EXPECT_EQ(unique.size(), found.size()) << "a solution was reported twice";
    const std::set<Solution> expected = {
        {0, 1, 2, 3}, {2, 3, 4}, {0, 1, 5}, {4, 5}, {6}, {0, 3, 7},
    };
    EXPECT_EQ(unique, expected);
    EXPECT_EQ(brute_force(4, kSeveralRows), expected);
    EXPECT_EQ(matrix.check_links(), "");
}

TEST(ExactCover, StopsAtMaxSolutionsAndRestoresTheLinks) {
    ExactCover matrix = build(4, kSeveralRows);
    for (uint64_t limit = 1; limit <= 7; ++limit) {
        ExactCoverLimits limits;
        limits.max_solutions = limit;
        ExactCoverResult r = matrix.search(limits);
        EXPECT_EQ(r.solutions, std::min<uint64_t>(limit, 6));
        EXPECT_EQ(r.stop, limit < 7 ? Stop::solution_limit : Stop::finished);
        EXPECT_EQ(matrix.check_links(), "") << "after stopping at " << limit;
    }
}

TEST(ExactCover, NodeBudgetStopsTheSearch) {
    ExactCover matrix = build(4, kSeveralRows);
    const ExactCoverResult full = matrix.search({});
    ASSERT_EQ(full.solutions, 6u);
    ASSERT_GT(full.counters.nodes, 3u);
    for (uint64_t budget = 1; budget < full.counters.nodes; ++budget) {
        ExactCoverLimits limits;
        limits.node_budget = budget;
        ExactCoverResult r = matrix.search(limits);
        EXPECT_EQ(r.stop, Stop::node_budget) << budget;
        EXPECT_EQ(r.counters.nodes, budget);
        EXPECT_LT(r.solutions, 6u);
        EXPECT_EQ(matrix.check_links(), "") << "after budget " << budget;
    }
    ExactCoverLimits exact;
    exact.node_budget = full.counters.nodes;
    ExactCoverResult r = matrix.search(exact);
    EXPECT_EQ(r.stop, Stop::finished);
    EXPECT_EQ(r.solutions, 6u);
}

TEST(ExactCover, SelectedRowsAreInEverySolution) {
    ExactCover matrix = build(4, kSeveralRows);
    ASSERT_TRUE(matrix.select(4));          // {0,1}
    EXPECT_FALSE(matrix.select(7));         // {1,2} meets column 1
    EXPECT_FALSE(matrix.select(6));         // everything
    EXPECT_FALSE(matrix.select(8));         // no such row
    EXPECT_EQ(matrix.selected_count(), 1);  // the refused ones changed nothing
    EXPECT_EQ(matrix.check_links(), "");
    std::vector<std::vector<int>> seen;
    matrix.search({},
                  [&](std::span<const int> rows) { seen.emplace_back(rows.begin(), rows.end()); });
    ASSERT_EQ(seen.size(), 2u);
    for (const auto& rows : seen) EXPECT_EQ(rows.front(), 4);  // selected rows come first
    EXPECT_EQ(matrix.check_links(), "");
    matrix.unselect_all();
    EXPECT_EQ(matrix.selected_count(), 0);
    EXPECT_EQ(matrix.check_links(), "");
    EXPECT_EQ(matrix.search({}).solutions, 6u);
}

TEST(ExactCover, ResetRestoresTheBuiltLinks) {
    ExactCover matrix = build(7, kKnuthRows);
    for (int round = 0; round < 3; ++round) {
        ASSERT_TRUE(matrix.select(3));  // {A,D}
        ASSERT_TRUE(matrix.select(4));  // {B,G}
        EXPECT_EQ(matrix.search({}).solutions, 1u);
        matrix.cover(kC);  // left covered on purpose: reset drops it too
        matrix.reset();
        EXPECT_EQ(matrix.selected_count(), 0);
        EXPECT_EQ(matrix.check_links(), "") << "round " << round;
        EXPECT_TRUE(matrix.is_active(kC));
        EXPECT_EQ(matrix.column_size(kD), 3);
    }
    // Rows added after a reset are kept by the next one.
    ASSERT_TRUE(matrix.add_row(std::vector<int>{kA, kB, kC, kD, kE, kF, kG}));
    ASSERT_TRUE(matrix.select(6));
    matrix.reset();
    EXPECT_EQ(matrix.check_links(), "");
    EXPECT_EQ(matrix.search({}).solutions, 2u);
}

TEST(ExactCover, ClashingSelectionsAndUncoverableColumns) {
    // A column no row can cover, first in column order: no solution, found at the root, so
    // no node was tried and the search never went below the root (engine.h's definitions).
    ExactCover gap = build(3, {{1}, {2}});
    ExactCoverResult r = gap.search({});
    EXPECT_EQ(r.solutions, 0u);
    EXPECT_EQ(r.stop, Stop::finished);
    EXPECT_EQ(r.counters.nodes, 0u);
    EXPECT_EQ(r.counters.depth, 0u);

    // Everything selected up front: the empty search finds that one cover.
    ExactCover done = build(2, {{0}, {1}, {0, 1}});
    ASSERT_TRUE(done.select(2));
    r = done.search({});
    EXPECT_EQ(r.solutions, 1u);
    EXPECT_EQ(r.counters.nodes, 0u);
    done.unselect_all();
    EXPECT_EQ(done.check_links(), "");
}

TEST(ExactCover, RejectsMalformedRows) {
    ExactCover matrix(3);
    EXPECT_FALSE(matrix.add_row(std::vector<int>{}));
    EXPECT_FALSE(matrix.add_row(std::vector<int>{0, 3}));
    EXPECT_FALSE(matrix.add_row(std::vector<int>{-1}));
    EXPECT_FALSE(matrix.add_row(std::vector<int>{1, 2, 1}));
    EXPECT_EQ(matrix.row_count(), 0);
    EXPECT_TRUE(matrix.add_row(std::vector<int>{2, 0}));
    EXPECT_EQ(matrix.row_count(), 1);
    EXPECT_EQ(matrix.check_links(), "");
}

}  // namespace
}  // namespace sudokit::detail
