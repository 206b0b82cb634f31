// Explanations: the text of each technique family in community notation, the path summary, and
// the JSON of steps and paths (docs/explain-json.md).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "sudokit/engine.h"
#include "sudokit/explain.h"
#include "sudokit/human.h"
#include "sudokit/json.h"
#include "test_support.h"

namespace sudokit {
namespace {

using Json = nlohmann::ordered_json;

int cell(const std::string& name) {  // "r4c2" on 9x9
    return (name[1] - '1') * 9 + (name[3] - '1');
}

// An empty 9x9 grid with every candidate, then these changes.
struct Position {
    Grid values{Shape{3, 3}};
    PencilMarks marks{Shape{3, 3}};
    Position& only(const std::string& c, std::initializer_list<int> digits) {
        marks.cells[cell(c)] = DigitSet();
        for (int d : digits) marks.cells[cell(c)].add(d);
        return *this;
    }
    Position& remove(std::initializer_list<const char*> cells, std::initializer_list<int> digits) {
        for (const char* c : cells) {
            for (int d : digits) marks.cells[cell(c)].remove(d);
        }
        return *this;
    }
    CandidateGrid grid() const { return CandidateGrid(values, marks); }
};

Step only_step(const CandidateGrid& grid, Technique t) {
    auto steps = find_steps(grid, t);
    EXPECT_EQ(steps.size(), 1u);
    return steps.empty() ? Step{} : steps[0];
}

const Shape k9{3, 3};

// Positions shared by the text and the hint tests.
// The example of the design: 3 and 7 locked in r4c2,r4c8; r4c1 has 3 but not 7.
Position naked_pair_example() {
    Position p;
    p.only("r4c2", {3, 7})
        .only("r4c8", {3, 7})
        .remove({"r4c3", "r4c4", "r4c6", "r4c7", "r4c9"}, {3, 7})
        .remove({"r4c1"}, {7});
    return p;
}
// 7 has one place left in box 2: r3c5.
Position hidden_single_box_example() {
    Position p;
    p.remove({"r1c4", "r1c5", "r1c6", "r2c4", "r2c5", "r2c6", "r3c4", "r3c6"}, {7});
    return p;
}

TEST(HumanExplain, TextOfEachFamily) {
    const Position pair = naked_pair_example();
    EXPECT_EQ(step_text(only_step(pair.grid(), Technique::naked_pair), k9),
              "Naked Pair {3,7} in r4c2,r4c8 => r4c1<>3, r4c5<>3,7");

    const Position hidden_single = hidden_single_box_example();
    EXPECT_EQ(step_text(only_step(hidden_single.grid(), Technique::hidden_single_box), k9),
              "Hidden Single: r3c5=7 (box 2)");

    Position line;
    line.remove({"r1c3", "r2c3", "r3c3", "r4c3", "r6c3", "r7c3", "r8c3", "r9c3"}, {9});
    EXPECT_EQ(step_text(only_step(line.grid(), Technique::hidden_single_line), k9),
              "Hidden Single: r5c3=9 (column 3)");

    Position full;
    for (int c = 0; c < 8; ++c) full.values.set(c, c + 1);
    EXPECT_EQ(step_text(only_step(full.grid(), Technique::full_house), k9),
              "Full House: r1c9=9 (row 1)");

    Position naked;
    naked.only("r6c6", {5});
    EXPECT_EQ(step_text(only_step(naked.grid(), Technique::naked_single), k9),
              "Naked Single: r6c6=5");

    Position pointing;
    pointing.remove(
        {"r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3", "r1c5", "r1c6", "r1c7", "r1c9"},
        {4});
    EXPECT_EQ(step_text(only_step(pointing.grid(), Technique::pointing), k9),
              "Pointing: 4 in box 1 is locked in row 1 (r1c1,r1c2) => r1c4<>4, r1c8<>4");

    Position claiming;
    claiming.remove(
        {"r9c1", "r9c2", "r9c3", "r9c5", "r9c7", "r9c8", "r9c9", "r7c4", "r7c5", "r7c6", "r8c4"},
        {6});
    EXPECT_EQ(step_text(only_step(claiming.grid(), Technique::claiming), k9),
              "Claiming: 6 in row 9 is locked in box 8 (r9c4,r9c6) => r8c5<>6, r8c6<>6");

    Position hidden_pair;
    hidden_pair.remove({"r2c1", "r2c2", "r2c4", "r2c5", "r2c6", "r2c8", "r2c9"}, {5, 8})
        .only("r2c3", {1, 5, 8})
        .only("r2c7", {5, 8, 9});
    EXPECT_EQ(step_text(only_step(hidden_pair.grid(), Technique::hidden_pair), k9),
              "Hidden Pair {5,8} in r2c3,r2c7 (row 2) => r2c3<>1, r2c7<>9");

    Position triple;
    triple.only("r1c5", {1, 2}).only("r5c5", {2, 3}).only("r9c5", {1, 3});
    triple.remove({"r2c5", "r3c5", "r4c5", "r6c5", "r7c5"}, {1, 2, 3}).remove({"r8c5"}, {1, 2});
    EXPECT_EQ(step_text(only_step(triple.grid(), Technique::naked_triple), k9),
              "Naked Triple {1,2,3} in r1c5,r5c5,r9c5 => r8c5<>3");
}

TEST(HumanExplain, DigitsAreWrittenAsTheGridsAre) {
    // 16x16: row 1 holds 1..15, so r1c16 is 16, written G (1-9 then A-G, as format_line does).
    const Shape k16{4, 4};
    Grid values(k16);
    for (int c = 0; c < 15; ++c) values.set(c, c + 1);
    const CandidateGrid grid(values, PencilMarks(k16));
    const Step full = only_step(grid, Technique::full_house);
    EXPECT_EQ(step_text(full, k16), "Full House: r1c16=G (row 1)");
    EXPECT_EQ(step_text(full, k16, Alphabet::zero_based), "Full House: r1c16=F (row 1)");
    EXPECT_EQ(step_text(full, k16, Alphabet::numeric), "Full House: r1c16=16 (row 1)");
    // JSON keeps numbers; its text is in the default alphabet.
    const Json j = step_json(full, k16);
    EXPECT_EQ(j["placements"][0]["digit"], 16);
    EXPECT_EQ(j["text"], "Full House: r1c16=G (row 1)");

    // Eliminations and pattern digits too: a naked pair {10,12} in row 2.
    // Box 1 (rows 1-4, columns 1-4) has 10 and 12 only in the pair, so only row 2 gains.
    const Topology& topo = topology(k16);
    PencilMarks marks(k16);
    marks.cells[16] = DigitSet::single(10) | DigitSet::single(12);
    marks.cells[17] = marks.cells[16];
    for (int c = 18; c < 32; ++c) {
        if (c != 20) marks.cells[c] = marks.cells[c].without(marks.cells[16]);
    }
    for (int c : topo.house(topo.box_house(0))) {
        if (c != 16 && c != 17) marks.cells[c] = marks.cells[c].without(marks.cells[16]);
    }
    const Step pair = only_step(CandidateGrid(Grid(k16), marks), Technique::naked_pair);
    EXPECT_EQ(step_text(pair, k16), "Naked Pair {A,C} in r2c1,r2c2 => r2c5<>A,C");
    EXPECT_EQ(step_text(pair, k16, Alphabet::numeric),
              "Naked Pair {10,12} in r2c1,r2c2 => r2c5<>10,12");

    EXPECT_EQ(digit_text(9, 9), "9");
    EXPECT_EQ(digit_text(16, 16), "G");
    EXPECT_EQ(digit_text(1, 36), "0");  // 36x36 grids are written 0-9A-Z
    EXPECT_EQ(digit_text(36, 36, Alphabet::standard), "Z");
    EXPECT_EQ(digit_text(25, 25, Alphabet::numeric), "25");
}

TEST(HumanExplain, VagueHintNamesTechniqueAndHouse) {
    const Position pair = naked_pair_example();
    EXPECT_EQ(step_hint_text(only_step(pair.grid(), Technique::naked_pair), k9),
              "Look for a Naked Pair in row 4");

    const Position hidden_single = hidden_single_box_example();
    EXPECT_EQ(step_hint_text(only_step(hidden_single.grid(), Technique::hidden_single_box), k9),
              "Look for a Hidden Single in box 2");

    Position naked;
    naked.only("r6c6", {5});
    EXPECT_EQ(step_hint_text(only_step(naked.grid(), Technique::naked_single), k9),
              "Look for a Naked Single in box 5");

    Position pointing;
    pointing.remove(
        {"r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3", "r1c5", "r1c6", "r1c7", "r1c9"},
        {4});
    EXPECT_EQ(step_hint_text(only_step(pointing.grid(), Technique::pointing), k9),
              "Look for Pointing in box 1");
}

TEST(HumanExplain, ContradictionText) {
    EXPECT_EQ(contradiction_text({Contradiction::Kind::no_candidates, 31, -1, 0}, k9),
              "r4c5 has no candidate left");
    EXPECT_EQ(contradiction_text({Contradiction::Kind::no_place, -1, 2, 7}, k9),
              "7 has no place left in row 3");
    EXPECT_EQ(contradiction_text({Contradiction::Kind::duplicate, 25, 2, 7}, k9),
              "row 3 holds 7 twice (r3c8)");
    EXPECT_EQ(contradiction_text({Contradiction::Kind::no_place, -1, 16, 11}, Shape{4, 4}),
              "B has no place left in column 1");

    // path_json explains its contradiction in the same words.
    Grid conflict = testing::grid_from_line(
        "12345678....................................9....................................");
    const Json j = path_json(solve_path(conflict));
    EXPECT_EQ(j["contradiction"]["text"], "r1c9 has no candidate left");
}

TEST(HumanExplain, StepJsonGivesEveryRole) {
    const Position pair = naked_pair_example();
    const Json j = step_json(only_step(pair.grid(), Technique::naked_pair), k9);
    EXPECT_EQ(j["code"], "np");
    EXPECT_EQ(j["name"], "Naked Pair");
    EXPECT_EQ(j["rating"], 3.0);
    EXPECT_EQ(j["text"], "Naked Pair {3,7} in r4c2,r4c8 => r4c1<>3, r4c5<>3,7");
    EXPECT_EQ(j["digits"], Json::parse("[3,7]"));
    EXPECT_EQ(j["placements"], Json::array());
    ASSERT_EQ(j["eliminations"].size(), 3u);
    EXPECT_EQ(j["eliminations"][0],
              Json::parse(R"({"cell":27,"name":"r4c1","row":4,"col":1,"digit":3})"));
    ASSERT_EQ(j["houses"].size(), 1u);
    EXPECT_EQ(j["houses"][0],
              Json::parse(R"({"house":3,"kind":"row","index":4,"name":"row 4","role":"base"})"));
    ASSERT_EQ(j["cells"].size(), 2u);
    EXPECT_EQ(j["cells"][1]["name"], "r4c8");
    EXPECT_EQ(j["cells"][1]["role"], "base");
    ASSERT_EQ(j["candidates"].size(), 4u);
    for (const Json& c : j["candidates"]) EXPECT_EQ(c["role"], "base");

    Position pointing;
    pointing.remove({"r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"}, {4});
    const Json p = step_json(only_step(pointing.grid(), Technique::pointing), k9);
    ASSERT_EQ(p["houses"].size(), 2u);
    EXPECT_EQ(p["houses"][0]["name"], "box 1");
    EXPECT_EQ(p["houses"][0]["kind"], "box");
    EXPECT_EQ(p["houses"][0]["role"], "base");
    EXPECT_EQ(p["houses"][1]["name"], "row 1");
    EXPECT_EQ(p["houses"][1]["role"], "cover");
    EXPECT_EQ(p["eliminations"].size(), 6u);
}

// A 17-clue puzzle of the tdoku set, SE 3.4, and a forum-hardest puzzle, SE 10.4 (stuck below
// the nested chaining levels).
const char* const kPairs =
    "........1.......23..4.56...........7.3.8......5...4......21.......3....88.....6..";
const char* const kStuck =
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........";

TEST(HumanExplain, PathJsonAndSummary) {
    const SolvePath path = solve_path(testing::grid_from_line(kPairs));
    ASSERT_EQ(path.end, PathEnd::solved);
    const Json j = path_json(path);
    EXPECT_EQ(j["shape"], "3x3");
    EXPECT_EQ(j["size"], 9);
    EXPECT_EQ(j["end"], "solved");
    ASSERT_EQ(j["steps"].size(), path.steps.size());
    EXPECT_EQ(j["steps"][0]["text"], step_text(path.steps[0], k9));
    const PathSummary s = summarize(path);
    EXPECT_EQ(j["summary"]["steps"], s.steps);
    EXPECT_EQ(j["summary"]["hardest"]["code"], technique_info(*s.hardest).code);
    int total = 0;
    double last_rating = 0;
    for (const Json& t : j["summary"]["techniques"]) {
        total += t["count"].get<int>();
        EXPECT_GT(t["rating"].get<double>(), last_rating);  // rating order
        last_rating = t["rating"].get<double>();
    }
    EXPECT_EQ(total, s.steps);
    ASSERT_EQ(j["final"]["values"].size(), 81u);
    for (const Json& v : j["final"]["values"]) EXPECT_GT(v.get<int>(), 0);
    EXPECT_FALSE(j.contains("contradiction"));

    const std::string text = summary_text(s);
    EXPECT_NE(text.find("Steps: " + std::to_string(s.steps) + " ("), std::string::npos) << text;
    EXPECT_NE(text.find("Hardest: " + std::string(technique_info(*s.hardest).name)),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("Solved by logic alone."), std::string::npos) << text;

    const SolvePath stuck = solve_path(testing::grid_from_line(kStuck),
                                       HumanOptions{.order = testing::order_below_nested()});
    const Json k = path_json(stuck);
    EXPECT_EQ(k["end"], "stuck");
    int open = 0;
    for (const Json& c : k["final"]["candidates"]) open += c.size() > 1;
    EXPECT_GT(open, 0);

    Grid conflict = testing::grid_from_line(kPairs);
    conflict.set(0, 1);
    const Json bad = path_json(solve_path(conflict));
    EXPECT_EQ(bad["end"], "contradiction");
    EXPECT_EQ(bad["contradiction"]["kind"], "duplicate");
    EXPECT_EQ(bad["contradiction"]["digit"], 1);
}

TEST(HumanExplain, SummaryCountsOfOneAreSingular) {
    // A solved grid with one cell emptied: one step, one placement.
    Grid one_empty = testing::grid_from_line(
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
    one_empty.set(0, 0);
    PathSummary s = summarize(solve_path(one_empty));
    ASSERT_EQ(s.steps, 1);
    EXPECT_NE(summary_text(s).find(
                  "Steps: 1 (1 places digits, 0 only remove candidates): 1 digit placed, 0 "
                  "candidates removed\n"),
              std::string::npos)
        << summary_text(s);
    s.eliminations = 1;
    EXPECT_NE(summary_text(s).find("1 digit placed, 1 candidate removed"), std::string::npos)
        << summary_text(s);
}

TEST(HumanExplain, SummaryCountsStepsApartFromDigitsAndCandidates) {
    // Steps, and what they did: a step may place several digits or remove many candidates, so
    // the steps that place and those that only remove add up to the steps, and the digits
    // placed and candidates removed are said as such.
    const Puzzle p =
        parse_puzzle(
            ".......56.97..5.2....4...8..385.6..76.5.7......2..9...78.95..4....6..1..4..."
            "8....")
            .value();
    const SolvePath path = solve_path(p.grid);
    const PathSummary s = summarize(path);
    int placing = 0;
    for (const Step& step : path.steps) placing += step.placements.empty() ? 0 : 1;
    EXPECT_EQ(s.placing_steps, placing);
    EXPECT_LT(s.placing_steps, s.steps);
    const std::string first_line = summary_text(s).substr(0, summary_text(s).find('\n'));
    EXPECT_EQ(first_line, "Steps: " + std::to_string(s.steps) + " (" + std::to_string(placing) +
                              " place digits, " + std::to_string(s.steps - placing) +
                              " only remove candidates): " + std::to_string(s.placements) +
                              " digits placed, " + std::to_string(s.eliminations) +
                              " candidates removed");
}

}  // namespace
}  // namespace sudokit

namespace sudokit {
namespace {

// explain --verify: a path whose steps all agree with the solution is sound; a step that
// removes the solution's digit, or places another, is named with the effect that is wrong.
TEST(HumanExplain, StepCheckFindsTheFirstUnsoundStep) {
    const Grid puzzle = testing::grid_from_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    const Result solved = make_engine("dlx")->solve(puzzle, Limits{.max_solutions = 2});
    ASSERT_EQ(solved.count, 1u);
    const Grid& solution = solved.first;
    SolvePath path = solve_path(puzzle);
    ASSERT_GE(path.steps.size(), 3u);
    EXPECT_EQ(check_steps(path, solution).verdict, StepCheck::Verdict::sound);

    // A made-up elimination of the solution's digit in the third step.
    SolvePath bad = path;
    const Candidate truth{40, solution[40]};
    bad.steps[2].eliminations.push_back(truth);
    StepCheck check = check_steps(bad, solution);
    EXPECT_EQ(check.verdict, StepCheck::Verdict::unsound);
    EXPECT_EQ(check.step, 2u);
    EXPECT_EQ(check.wrong, truth);
    EXPECT_FALSE(check.placed);
    EXPECT_NE(
        step_check_text(check, bad, puzzle.shape(), Alphabet::automatic).find("UNSOUND: step 3"),
        std::string::npos);

    // A wrong placement in the first step.
    bad = path;
    bad.steps[0].placements.push_back({40, solution[40] % 9 + 1});
    check = check_steps(bad, solution);
    EXPECT_EQ(check.verdict, StepCheck::Verdict::unsound);
    EXPECT_EQ(check.step, 0u);
    EXPECT_TRUE(check.placed);
}

}  // namespace
}  // namespace sudokit
