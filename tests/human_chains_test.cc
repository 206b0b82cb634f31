// Chaining producers against Sudoku Explainer's own step lists (shared/data/se_paths): each
// path is replayed from its puzzle by applying SE's listed effects; at every chaining step the
// producer of that technique must give, as its first step, SE's technique, effect and exact
// rating. Also: the length bonus and soundness of chains on 16x16.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "human/step_sink.h"
#include "human/techniques.h"
#include "human/techniques/chain_engine.h"
#include "sudokit/engine.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

std::string trim(const std::string& s) {
    const size_t a = s.find_first_not_of(' ');
    const size_t b = s.find_last_not_of(' ');
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// "C5" -> cell (column letter, row digit).
int se_cell(const std::string& s) { return (s[1] - '1') * 9 + (s[0] - 'A'); }

struct SeStep {
    int number = 0;
    std::string technique;
    std::vector<Candidate> eliminations;
    std::optional<Candidate> placement;
    double rating = 0.0;
};

struct SePath {
    Grid puzzle;
    std::vector<SeStep> steps;
};

SePath read_path(const std::string& file) {
    SePath path;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("# puzzle ", 0) == 0) {
            path.puzzle = testing::grid_from_line(line.substr(9, 81));
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string field; std::getline(ss, field, '|');) f.push_back(trim(field));
        if (f.size() != 8) continue;
        SeStep step;
        step.number = std::atoi(f[0].c_str());
        step.technique = f[2];
        if (f[4] != "-") step.placement = Candidate{se_cell(f[4]), f[4][3] - '0'};
        if (f[5] != "-") {
            std::stringstream elims(f[5]);
            for (std::string item; elims >> item;) {
                const int cell = se_cell(item);
                for (size_t i = 3; i < item.size(); ++i)
                    step.eliminations.push_back({cell, item[i] - '0'});
            }
        }
        step.rating = std::strtod(f[7].c_str(), nullptr);
        path.steps.push_back(std::move(step));
    }
    return path;
}

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
    const SePath path = read_path(*file);
    EXPECT_FALSE(path.steps.empty()) << name;
    CandidateGrid grid(path.puzzle);
    for (const SeStep& se : path.steps) {
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
                if (se.placement) {
                    ASSERT_EQ(step.placements.size(), 1u);
                    EXPECT_EQ(step.placements[0], *se.placement);
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
        if (se.placement && grid.value(se.placement->cell) == 0)
            grid.place(se.placement->cell, se.placement->digit);
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
