// The chaining producers: SE's length bonus, and a nested level-2 step on SE's 10.4 puzzle. Their
// steps against SE's own step lists are in se_paths_test.cc (every chain step of those paths).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "human/step_sink.h"
#include "human/techniques.h"
#include "human/techniques/chain_engine.h"
#include "sudokit/engine.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

TEST(HumanChains, LengthBonusAsSudokuExplainer) {
    EXPECT_EQ(detail::length_bonus(6), 0.0);
    EXPECT_EQ(6.6 + detail::length_bonus(8), 6.699999999999999);
    EXPECT_EQ(6.5 + detail::length_bonus(10), 6.7);
    EXPECT_EQ(7.0 + detail::length_bonus(12), 7.3);
    EXPECT_DOUBLE_EQ(detail::length_bonus(15), 0.4);
    EXPECT_DOUBLE_EQ(detail::length_bonus(20), 0.5);
    EXPECT_DOUBLE_EQ(detail::length_bonus(28), 0.6);
    EXPECT_DOUBLE_EQ(detail::length_bonus(36), 0.7);
}

// The nested levels: on SE's 10.4 puzzle of
// se_rated_public.csv the easiest path stops where level 2 is needed; the first level-2 step
// there must be sound and rated on the nested scale, and apply.
TEST(HumanChains, NestedLevelTwoStepIsSound) {
    const Grid puzzle = testing::grid_from_line(
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........");
    const Result solved = make_engine("auto")->solve(puzzle, Limits{});
    ASSERT_EQ(solved.count, 1u);
    HumanOptions options;
    options.explain = false;
    // Every technique below the nested levels: the path stops where level 2 is needed.
    std::erase_if(options.order, [](Technique t) {
        return technique_info(t).rating >= technique_info(Technique::nested_forcing_chains).rating;
    });
    SolvePath path = solve_path(puzzle, options);
    ASSERT_EQ(path.end, PathEnd::stuck);
    for (const Step& step : path.steps) {
        for (const Candidate& c : step.eliminations) EXPECT_NE(solved.first[c.cell], c.digit);
        for (const Candidate& c : step.placements) EXPECT_EQ(solved.first[c.cell], c.digit);
    }
    FirstStepSink sink(true);
    finder_of(Technique::nested_forcing_chains)(path.final, sink);
    ASSERT_TRUE(sink.step().has_value());
    const Step& step = *sink.step();
    EXPECT_GE(step.rating, 9.5);
    EXPECT_FALSE(step.explanation.nodes.empty());
    bool advanced = false;
    for (const ChainNode& node : step.explanation.nodes) advanced |= node.cause == Cause::advanced;
    EXPECT_TRUE(advanced);
    for (const Candidate& c : step.eliminations) EXPECT_NE(solved.first[c.cell], c.digit);
    for (const Candidate& c : step.placements) EXPECT_EQ(solved.first[c.cell], c.digit);
    CandidateGrid after = path.final;
    EXPECT_GT(apply_step(after, step), 0);
}

}  // namespace
}  // namespace sudokit
