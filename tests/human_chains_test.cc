// Chaining producers against Sudoku Explainer's own step lists (shared/data/se_paths): each
// path is replayed from its puzzle by applying SE's listed effects; at every chaining step the
// producer of that technique must give, as its first step, SE's technique, effect and exact
// rating. Also: the length bonus and soundness of chains on 16x16.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "human/step_sink.h"
#include "human/techniques.h"
#include "human/techniques/chain_engine.h"
#include "se_path_reader.h"
#include "sudokit/engine.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

// The techniques of the producer that finds `t` (the group SE sorts together).
std::vector<Technique> producer_group(Technique t) {
    std::vector<Technique> group;
    for (const TechniqueInfo& info : all_techniques()) {
        if (finder_of(info.id) == finder_of(t)) group.push_back(info.id);
    }
    return group;
}

void replay(const std::string& name, int& checked) {
    auto file = testing::data_file("se_paths/" + name);
    if (!file) return;
    const testing::SePath path = testing::read_se_path(*file);
    EXPECT_FALSE(path.steps.empty()) << name;
    CandidateGrid grid(testing::grid_from_line(path.puzzle));
    for (const testing::SeStep& se : path.steps) {
        const std::optional<Technique> t = find_technique(se.technique);
        if (t && technique_info(*t).rating >= 6.5) {
            SCOPED_TRACE(name + " step " + std::to_string(se.number) + " " + se.technique);
            for (bool explain : {false, true}) {
                FirstStepSink sink(explain);
                const std::vector<Technique> group = producer_group(*t);
                sink.want_only(group);
                finder_of (*t)(grid, sink);
                ASSERT_TRUE(sink.step().has_value());
                const Step& step = *sink.step();
                EXPECT_EQ(step.technique, *t);
                EXPECT_EQ(step.rating, se.rating);
                if (!se.placements.empty()) {
                    ASSERT_EQ(step.placements.size(), 1u);
                    EXPECT_EQ(step.placements[0], se.placements[0]);
                    EXPECT_TRUE(step.eliminations.empty());
                } else {
                    std::set<Candidate> mine(step.eliminations.begin(), step.eliminations.end());
                    std::set<Candidate> theirs(se.eliminations.begin(), se.eliminations.end());
                    EXPECT_EQ(mine, theirs);
                }
                if (explain) {
                    EXPECT_FALSE(step.explanation.nodes.empty());
                    EXPECT_FALSE(step_text(step, grid.shape()).empty());
                }
            }
            ++checked;
        }
        for (const Candidate& c : se.eliminations) grid.eliminate(c.cell, c.digit);
        for (const Candidate& c : se.placements) {
            if (grid.value(c.cell) == 0) grid.place(c.cell, c.digit);
        }
    }
    EXPECT_TRUE(grid.solved()) << name;
}

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

class SePaths : public ::testing::TestWithParam<const char*> {};

TEST_P(SePaths, ChainStepsMatchSudokuExplainer) {
    SUDOKIT_REQUIRE_DATA(dir, "se_paths");
    int checked = 0;
    replay(GetParam(), checked);
    EXPECT_GT(checked, 0);
}

INSTANTIATE_TEST_SUITE_P(HumanChains, SePaths,
                         ::testing::Values("6.6_1.txt", "6.7_1.txt", "7.2_1.txt", "7.6_1.txt",
                                           "8.3_1.txt", "8.5_1.txt", "9.0_1.txt", "9.2_1.txt"),
                         [](const auto& info) {
                             std::string name = info.param;
                             for (char& c : name) {
                                 if (c == '.') c = '_';
                             }
                             return name.substr(0, name.size() - 4);
                         });

}  // namespace
}  // namespace sudokit
