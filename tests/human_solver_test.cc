// The human solver's API and the `human` engine: the technique table, orders and modes, solving
// paths (solved, stuck, contradiction, step limit), hints from pencil marks, engine options and
// results.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "human/techniques.h"
#include "sudokit/engine.h"
#include "sudokit/explain.h"
#include "sudokit/generate.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

// Two puzzles of shared/data/se_rated_public.csv and their solutions. A 17-clue puzzle of the
// tdoku set, SE 3.4 (a hidden pair):
const char* const kPairs =
    "........1.......23..4.56...........7.3.8......5...4......21.......3....88.....6..";
const char* const kPairsSolution =
    "985723461671489523324156789296531847437892156158674392563218974749365218812947635";
// SE 10.4 (forum hardest 2011; needs nested forcing chains): our techniques get stuck after one
// hidden single.
const char* const kStuck =
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........";
const char* const kStuckSolution =
    "639847512478512963512693748724189356965234187183765294847921635351476829296358471";

TEST(HumanTable, TechniquesAndSeRatings) {
    ASSERT_EQ(all_techniques().size(), static_cast<size_t>(kTechniqueCount));
    std::set<std::string_view> codes;
    for (const TechniqueInfo& t : all_techniques()) {
        EXPECT_TRUE(codes.insert(t.code).second) << t.code;
        EXPECT_EQ(&technique_info(t.id), &t);
        EXPECT_EQ(find_technique(t.code), t.id);
        EXPECT_EQ(find_technique(t.name), t.id);
    }
    // Sudoku Explainer 1.2.1 difficulties (docs/se-rating.md 1.4).
    const std::pair<Technique, double> se[] = {
        {Technique::full_house, 1.0},         {Technique::hidden_single_box, 1.2},
        {Technique::hidden_single_line, 1.5}, {Technique::naked_single, 2.3},
        {Technique::pointing, 2.6},           {Technique::claiming, 2.8},
        {Technique::naked_pair, 3.0},         {Technique::hidden_pair, 3.4},
        {Technique::naked_triple, 3.6},       {Technique::hidden_triple, 4.0},
        {Technique::naked_quad, 5.0},         {Technique::hidden_quad, 5.4},
    };
    for (auto [t, rating] : se) EXPECT_EQ(technique_info(t).rating, rating);
    const std::pair<Technique, double> se_fish_wings_exclusions[] = {
        {Technique::x_wing, 3.2},
        {Technique::swordfish, 3.8},
        {Technique::jellyfish, 5.2},
        {Technique::xy_wing, 4.2},
        {Technique::xyz_wing, 4.4},
        {Technique::aligned_pair_exclusion, 6.2},
        {Technique::aligned_triplet_exclusion, 7.5},
    };
    for (auto [t, rating] : se_fish_wings_exclusions) EXPECT_EQ(technique_info(t).rating, rating);
    EXPECT_EQ(find_technique("naked-pair"), Technique::naked_pair);
    EXPECT_EQ(find_technique("NAKED_PAIR"), Technique::naked_pair);
    EXPECT_EQ(find_technique("HQ"), Technique::hidden_quad);
    EXPECT_EQ(find_technique("x-wing"), Technique::x_wing);
    EXPECT_FALSE(find_technique("finned-x-wing"));
}

// docs/human-solver.md lists every technique of the table, with its code, name and rating.
TEST(HumanTable, DocsListTheTable) {
    std::ifstream in(std::string(SUDOKIT_FIXTURES_DIR) + "/../../docs/human-solver.md");
    ASSERT_TRUE(in.good());
    std::map<std::string, std::pair<std::string, double>> rows;
    for (std::string text; std::getline(in, text);) {
        if (text.rfind("| `", 0) != 0) continue;
        std::vector<std::string> cells;
        std::stringstream ss(text.substr(1));
        for (std::string c; std::getline(ss, c, '|');) {
            cells.push_back(c.substr(c.find_first_not_of(' '),
                                     c.find_last_not_of(' ') - c.find_first_not_of(' ') + 1));
        }
        if (cells.size() < 3 || cells[0].size() < 3) continue;
        const std::string code = cells[0].substr(1, cells[0].size() - 2);
        if (!find_technique(code)) continue;  // the table of orders
        rows[code] = {cells[1], std::stod(cells[2])};
    }
    EXPECT_EQ(rows.size(), static_cast<size_t>(kTechniqueCount));
    for (const TechniqueInfo& t : all_techniques()) {
        auto it = rows.find(std::string(t.code));
        ASSERT_NE(it, rows.end()) << t.code;
        EXPECT_EQ(it->second.first, t.name);
        EXPECT_EQ(it->second.second, t.rating);
    }
}

TEST(HumanTable, Orders) {
    auto eq = [](std::span<const Technique> a, const std::vector<Technique>& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    };
    EXPECT_TRUE(eq(thesis_order(), *parse_order("thesis")));
    EXPECT_TRUE(eq(sb_order(), *parse_order("sb")));
    EXPECT_TRUE(eq(easiest_order(), *parse_order("easiest")));
    EXPECT_EQ(thesis_order().size(), 8u);  // seven strategies; hidden single in box and line
    EXPECT_EQ(thesis_order().front(), Technique::naked_single);
    // sb: the thesis's order first, then every other technique once, but SE's direct shortcuts,
    // which only the se order has.
    EXPECT_TRUE(std::equal(thesis_order().begin(), thesis_order().end(), sb_order().begin()));
    std::set<Technique> all(sb_order().begin(), sb_order().end());
    std::set<Technique> direct;
    for (const TechniqueInfo& t : all_techniques()) {
        if (t.direct()) direct.insert(t.id);
    }
    EXPECT_EQ(direct.size(), 4u);
    EXPECT_EQ(all.size() + direct.size(), static_cast<size_t>(kTechniqueCount));
    for (Technique t : direct) {
        EXPECT_EQ(all.count(t), 0u);
        EXPECT_EQ(std::count(easiest_order().begin(), easiest_order().end(), t), 0);
        EXPECT_EQ(std::count(se_order().begin(), se_order().end(), t), 1);
    }
    EXPECT_TRUE(eq(se_order(), *parse_order("se")));
    EXPECT_TRUE(std::is_sorted(easiest_order().begin(), easiest_order().end(),
                               [](Technique a, Technique b) {
                                   return technique_info(a).rating < technique_info(b).rating;
                               }));

    const std::vector<Technique> custom = {Technique::naked_single, Technique::hidden_single_box,
                                           Technique::hidden_single_line, Technique::pointing};
    EXPECT_EQ(*parse_order("ns+hs+pt"), custom);
    EXPECT_EQ(*parse_order("ns+hsb+hsl+pt+ns"), custom);  // repeats are dropped
    std::string error;
    EXPECT_FALSE(parse_order("ns+sashimi-swordfish", &error));
    EXPECT_NE(error.find("unknown technique 'sashimi-swordfish'"), std::string::npos) << error;
    EXPECT_FALSE(parse_order("", &error));
    EXPECT_EQ(error, "empty technique order");

    EXPECT_EQ(parse_search_mode("stepdown"), SearchMode::stepdown);
    EXPECT_EQ(search_mode_name(SearchMode::focus), "focus");
    EXPECT_FALSE(parse_search_mode("fast"));
}

TEST(HumanPath, SolvesAndRecordsEveryStep) {
    const Grid puzzle = testing::grid_from_line(kPairs);
    const Grid solution = testing::grid_from_line(kPairsSolution);
    ASSERT_TRUE(solves(puzzle, solution));
    const SolvePath path = solve_path(puzzle);
    ASSERT_EQ(path.end, PathEnd::solved);
    EXPECT_EQ(path.final.values(), solution);
    // Replaying the steps from the start gives the final position; every step changes it.
    CandidateGrid replay(puzzle);
    for (const Step& step : path.steps) EXPECT_GT(apply_step(replay, step), 0);
    EXPECT_EQ(replay, path.final);

    const PathSummary s = summarize(path);
    EXPECT_EQ(s.steps, static_cast<int>(path.steps.size()));
    int total = 0;
    for (int c : s.counts) total += c;
    EXPECT_EQ(total, s.steps);
    EXPECT_EQ(s.placements, puzzle.cell_count() - puzzle.given_count());
    // Easiest first: SE rates this puzzle 3.4 by its hidden pair; ours needs no more.
    ASSERT_TRUE(s.hardest);
    EXPECT_LE(s.max_rating, 3.4);
    EXPECT_EQ(s.end, PathEnd::solved);

    HumanOptions limited;
    limited.max_steps = 5;
    const SolvePath cut = solve_path(puzzle, limited);
    EXPECT_EQ(cut.end, PathEnd::step_limit);
    EXPECT_EQ(cut.steps.size(), 5u);
    EXPECT_TRUE(std::equal(cut.steps.begin(), cut.steps.end(), path.steps.begin()));
}

TEST(HumanPath, StuckAndContradiction) {
    const Grid puzzle = testing::grid_from_line(kStuck);
    const Grid solution = testing::grid_from_line(kStuckSolution);
    ASSERT_TRUE(solves(puzzle, solution));
    // Every technique below the nested chaining levels misses on the way (they solve it).
    const std::vector<Technique> order = testing::order_below_nested();
    const SolvePath path = solve_path(puzzle, HumanOptions{.order = order});
    EXPECT_EQ(path.end, PathEnd::stuck);
    EXPECT_FALSE(path.final.solved());
    EXPECT_FALSE(next_step(path.final, order));
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        const int v = path.final.value(cell);
        EXPECT_TRUE(v == 0 ? path.final.has(cell, solution[cell]) : v == solution[cell]);
    }
    EXPECT_NE(summary_text(summarize(path)).find("Stuck"), std::string::npos);

    // Two 1s in row 1: no solution, and no step taken.
    Grid conflict = testing::grid_from_line(kPairs);
    conflict.set(0, 1);
    const SolvePath bad = solve_path(conflict);
    EXPECT_EQ(bad.end, PathEnd::contradiction);
    EXPECT_TRUE(bad.steps.empty());

    // A position whose marks leave no place for a digit: the steps run into the contradiction.
    PencilMarks marks = PencilMarks::from_grid(testing::grid_from_line(kPairs));
    for (int cell = 0; cell < 9; ++cell) {
        if (marks.cells[cell].size() > 1) marks.cells[cell].remove(9);
    }
    const SolvePath dead = solve_path(CandidateGrid(testing::grid_from_line(kPairs), marks));
    EXPECT_EQ(dead.end, PathEnd::contradiction);
}

TEST(HumanPath, HintFromPencilMarks) {
    const Grid puzzle = testing::grid_from_line(kPairs);
    const CandidateGrid start(puzzle);
    const auto first = next_step(start);
    ASSERT_TRUE(first);
    // The same position given as values and pencil marks gives the same hint.
    const CandidateGrid written(puzzle, start.marks());
    EXPECT_EQ(written, start);
    EXPECT_EQ(next_step(written), first);
    // From the marks alone, cells with a lone mark (the naked singles) count as placed.
    const CandidateGrid from_marks = CandidateGrid::from_marks(start.marks());
    const int naked_singles = static_cast<int>(find_steps(start, Technique::naked_single).size());
    EXPECT_GT(naked_singles, 0);
    EXPECT_EQ(from_marks.empty_count(), start.empty_count() - naked_singles);
    for (const Step& step : find_steps(start, Technique::naked_single)) {
        EXPECT_EQ(from_marks.value(step.placements[0].cell), step.placements[0].digit);
    }
    // The easiest technique available comes first.
    for (const TechniqueInfo& t : all_techniques()) {
        if (t.id == first->technique) break;
        EXPECT_TRUE(find_steps(start, t.id).empty()) << t.name;
    }
    // An order of one technique finds only that one.
    const Technique only[] = {Technique::naked_single};
    const auto ns = next_step(start, only);
    if (ns) {
        EXPECT_EQ(ns->technique, Technique::naked_single);
    }
}

// find_steps() of several techniques at once gives, technique by technique, exactly the steps
// find_steps() of each gives alone, though each producer runs once for all of its techniques.
// Checked along the paths of a 9x9 chain puzzle (SE 7.6) and generated 6x6 and 4x4 puzzles.
TEST(HumanSolver, FindStepsOfSeveralTechniquesEqualsEachAlone) {
    std::vector<Technique> techniques;
    for (const TechniqueInfo& t : all_techniques()) {
        if (!t.nested()) techniques.push_back(t.id);
    }
    std::vector<Grid> puzzles = {testing::grid_from_line(
        ".5....6...4..7.8....14......8..........15.78.1...2......5..1.2.2..76.5.369.......")};
    std::mt19937_64 rng(7);
    SolutionCounter counter;
    for (Shape shape : {Shape{2, 3}, Shape{2, 2}}) {
        for (int i = 0; i < 3; ++i)
            puzzles.push_back(minimize(random_solution(shape, rng), rng, counter));
    }
    std::set<Technique> seen;
    int positions = 0;
    int shared_producer_positions = 0;  // several techniques of one producer found steps
    for (const Grid& puzzle : puzzles) {
        SCOPED_TRACE(testing::grid_to_line(puzzle));
        const SolvePath path = solve_path(puzzle, HumanOptions{.explain = false});
        ASSERT_EQ(path.end, PathEnd::solved);
        CandidateGrid grid(puzzle);
        const size_t stride = puzzle.size() == 9 ? 8 : 2;
        for (size_t i = 0; i < path.steps.size(); ++i) {
            if (i % stride == 0) {
                ++positions;
                const std::vector<Step> together = find_steps(grid, techniques);
                size_t alone_total = 0;
                std::map<const void*, int> producers_with_steps;
                for (Technique t : techniques) {
                    const std::vector<Step> alone = find_steps(grid, t);
                    std::vector<Step> of_t;
                    for (const Step& step : together) {
                        if (step.technique == t) of_t.push_back(step);
                    }
                    EXPECT_EQ(of_t, alone) << technique_info(t).name << " at step " << i;
                    alone_total += alone.size();
                    if (!alone.empty()) {
                        seen.insert(t);
                        ++producers_with_steps[reinterpret_cast<const void*>(finder_of(t))];
                    }
                }
                EXPECT_EQ(together.size(), alone_total) << "at step " << i;
                for (const auto& [producer, count] : producers_with_steps)
                    shared_producer_positions += count > 1;
            }
            apply_step(grid, path.steps[i]);
        }
    }
    EXPECT_GT(positions, 20);
    EXPECT_GT(shared_producer_positions, 0);
    // The chains are among what was compared.
    EXPECT_TRUE(seen.contains(Technique::forcing_chain) ||
                seen.contains(Technique::cell_forcing_chains));
}

// Which technique of `order` the stepper must take next, starting at `start`.
std::optional<size_t> first_applicable(const CandidateGrid& g, const std::vector<Technique>& order,
                                       size_t start) {
    for (size_t j = 0; j < order.size(); ++j) {
        const size_t i = (start + j) % order.size();
        if (!find_steps(g, order[i], 1).empty()) return i;
    }
    return std::nullopt;
}

TEST(HumanPath, SearchModes) {
    const Grid puzzle = testing::grid_from_line(kPairs);
    const Grid solution = testing::grid_from_line(kPairsSolution);
    ASSERT_TRUE(solves(puzzle, solution));
    // The techniques whose producer finds no other (first_applicable models one technique per
    // producer; the chaining producers sort several together), without the nested levels (which
    // stepdown tries only after a full round of the others).
    std::vector<Technique> order;
    for (Technique t : sb_order()) {
        if (technique_info(t).nested()) continue;
        int shared = 0;
        for (Technique u : sb_order()) shared += finder_of(u) == finder_of(t);
        if (shared == 1) order.push_back(t);
    }
    for (SearchMode mode : {SearchMode::first, SearchMode::stepdown, SearchMode::focus}) {
        SCOPED_TRACE(std::string(search_mode_name(mode)));
        HumanOptions options;
        options.order = order;
        options.mode = mode;
        const SolvePath path = solve_path(puzzle, options);
        ASSERT_EQ(path.end, PathEnd::solved);
        EXPECT_EQ(path.final.values(), solution);
        // Replay, checking that each step is the one the mode asks for.
        CandidateGrid g(puzzle);
        size_t start = 0;
        int focus = -1, focused = 0;
        for (const Step& step : path.steps) {
            const auto expected =
                first_applicable(g, order, mode == SearchMode::stepdown ? start : 0);
            ASSERT_TRUE(expected);
            EXPECT_EQ(step.technique, order[*expected]);
            start = *expected + 1;
            if (mode == SearchMode::focus && focus >= 0 &&
                step.technique == Technique::naked_single) {
                // A naked single among the peers of the last placement is taken first.
                bool near = false;
                for (const Step& s : find_steps(g, Technique::naked_single)) {
                    for (int peer : g.topology().peers(focus)) near |= s.placements[0].cell == peer;
                }
                if (near) {
                    const auto peers = g.topology().peers(focus);
                    EXPECT_TRUE(std::find(peers.begin(), peers.end(), step.placements[0].cell) !=
                                peers.end());
                    ++focused;
                }
            }
            apply_step(g, step);
            if (!step.placements.empty()) focus = step.placements.back().cell;
        }
        if (mode == SearchMode::focus) {
            EXPECT_GT(focused, 0);
        }
    }
}

TEST(HumanPath, FocusScansTheHousesOfTheFocusFirst) {
    const CandidateGrid g(testing::grid_from_line(kPairs));
    const auto all = find_steps(g, Technique::hidden_single_box);
    ASSERT_GE(all.size(), 2u);
    const int focus = all.back().placements[0].cell;
    const int box = g.topology().box_house(g.topology().box_of(focus));
    ASSERT_NE(all.front().explanation.houses[0].house,
              box);  // without a focus another box comes first
    FirstStepSink first;
    first.set_focus(focus);
    find_hidden_single_box(g, first);
    ASSERT_TRUE(first.step());
    EXPECT_EQ(first.step()->explanation.houses[0].house, box);
    // Only the order changes: the full scan finds the same steps.
    CollectSink collect;
    collect.set_focus(focus);
    find_hidden_single_box(g, collect);
    EXPECT_EQ(collect.steps().size(), all.size());
    for (const Step& step : all) {
        EXPECT_NE(std::find(collect.steps().begin(), collect.steps().end(), step),
                  collect.steps().end());
    }
}

TEST(HumanEngine, ResultsAndOptions) {
    auto engine = make_engine("human");
    ASSERT_NE(engine, nullptr);
    const EngineInfo* info = find_engine("human");
    ASSERT_NE(info, nullptr);
    EXPECT_TRUE(info->logic_only);

    const Grid pairs = testing::grid_from_line(kPairs);
    Result solved = engine->solve(pairs, Limits{});
    EXPECT_EQ(solved.count, 1u);
    EXPECT_TRUE(solved.complete());
    EXPECT_EQ(solved.first, testing::grid_from_line(kPairsSolution));
    EXPECT_GT(solved.stats.nodes, 0u);
    EXPECT_EQ(solved.stats.guesses, 0u);

    // Stuck: count 0, incomplete, the partial grid keeps the givens (the order without the
    // nested levels, which solve this one).
    const Grid hard = testing::grid_from_line(kStuck);
    std::string order_spec = "human:order=";
    for (Technique t : testing::order_below_nested())
        order_spec += std::string(technique_info(t).code) + "+";
    order_spec.pop_back();
    Result stuck = make_engine(order_spec)->solve(hard, Limits{});
    EXPECT_EQ(stuck.count, 0u);
    EXPECT_FALSE(stuck.complete());
    EXPECT_GT(stuck.first.given_count(), hard.given_count());
    EXPECT_EQ(
        stuck.first,
        solve_path(hard, HumanOptions{.order = testing::order_below_nested()}).final.values());
    // The whole ladder solves it.
    Result nested = engine->solve(hard, Limits{});
    EXPECT_EQ(nested.count, 1u);
    EXPECT_EQ(nested.first, testing::grid_from_line(kStuckSolution));

    // Conflicting givens: proven to have no solution.
    Grid conflict = pairs;
    conflict.set(0, 1);
    Result none = engine->solve(conflict, Limits{});
    EXPECT_EQ(none.count, 0u);
    EXPECT_TRUE(none.complete());

    // A node is a step.
    Limits one;
    one.node_budget = 1;
    Result cut = engine->solve(pairs, one);
    EXPECT_FALSE(cut.complete());
    EXPECT_EQ(cut.stats.nodes, 1u);
    EXPECT_EQ(cut.first.given_count(), pairs.given_count() + 1);

    for (const char* spec : {"human:order=thesis", "human:mode=stepdown", "human:mode=focus",
                             "human:order=ns+hs+pt+cl+np+hp,mode=first"}) {
        auto e = make_engine(spec);
        ASSERT_NE(e, nullptr) << spec;
        Result r = e->solve(pairs, Limits{});
        EXPECT_EQ(r.count, 1u) << spec;
        EXPECT_EQ(r.first, solved.first) << spec;
    }
    // Singles alone cannot finish this one.
    Result singles = make_engine("human:order=fh+hs+ns")->solve(pairs, Limits{});
    EXPECT_EQ(singles.count, 0u);
    EXPECT_FALSE(singles.complete());

    std::string error;
    EXPECT_EQ(make_engine("human:mode=fast", &error), nullptr);
    EXPECT_EQ(error, "engine 'human': mode must be first, stepdown or focus, not 'fast'");
    EXPECT_EQ(make_engine("human:order=ns+finned-x-wing", &error), nullptr);
    EXPECT_NE(error.find("unknown technique 'finned-x-wing'"), std::string::npos) << error;
    EXPECT_EQ(make_engine("human:speed=2", &error), nullptr);
    EXPECT_EQ(error, "unknown option 'speed' for engine 'human' (accepted: order, mode)");
}

// A deadline already passed stops the path before its first step, and the hint with it; a cancel
// flag ends the path as interrupted (explain and hint's --timeout and Ctrl-C).
TEST(HumanSolver, DeadlineAndCancelEndThePath) {
    const Grid puzzle = testing::grid_from_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    HumanOptions options;
    options.deadline = Clock::now();
    const SolvePath late = solve_path(puzzle, options);
    EXPECT_EQ(late.end, PathEnd::time_limit);
    EXPECT_TRUE(late.steps.empty());
    EXPECT_EQ(path_end_name(late.end), "timeout");

    std::atomic<bool> cancel{true};
    options.deadline = Clock::time_point::max();
    options.cancel = &cancel;
    EXPECT_EQ(solve_path(puzzle, options).end, PathEnd::interrupted);

    Puzzle p;
    p.grid = puzzle;
    const Hint hint = find_hint(p, easiest_order(), false, Limits{.deadline = Clock::now()});
    EXPECT_EQ(hint.status, Hint::Status::time_limit);
    EXPECT_EQ(hint_status_name(hint.status), "timeout");
    const Explanation e = explain_puzzle(p, HumanOptions{.deadline = Clock::now()});
    EXPECT_EQ(e.path.end, PathEnd::time_limit);
    EXPECT_FALSE(e.diagnosis);  // a path cut short says nothing of what logic could do
    EXPECT_NE(explanation_text(p, e, false).find("Stopped at the time limit."), std::string::npos);
}

// The human engine bounded by a deadline reports the time limit, not stuck.
TEST(HumanSolver, EngineHonoursTheDeadline) {
    const Grid puzzle = testing::grid_from_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    const Result r = make_engine("human")->solve(puzzle, Limits{.deadline = Clock::now()});
    EXPECT_EQ(r.stop, Stop::time_limit);
    EXPECT_EQ(r.stats.nodes, 0u);
    EXPECT_EQ(r.first, puzzle);
}

}  // namespace
}  // namespace sudokit
