// The chaining producers: SE's length bonus, a nested level-2 step on SE's 10.4 puzzle, and the
// deductions the nested levels' steps explain. Their steps against SE's own step lists are in
// se_paths_test.cc (every chain step of those paths).
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "human/step_sink.h"
#include "human/techniques.h"
#include "human/techniques/chain_engine.h"
#include "sudokit/engine.h"
#include "sudokit/human.h"
#include "sudokit/json.h"
#include "sudokit/rate.h"
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

// A recorded propagation appended again (after other nodes) gives the same potentials in the
// same order, with the same causes and the same parents shifted by the offset, and the same
// contradiction: what the binary producers rely on when they start twice from one potential.
TEST(HumanChains, ReplayedPropagationEqualsTheOriginal) {
    // Norvig's first top95 puzzle: dynamic propagations from its candidates run long, and some
    // end in a contradiction.
    const CandidateGrid grid(testing::grid_from_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"));
    detail::Chainer c;
    c.begin(grid);
    int contradictions = 0, checked = 0;
    for (int cell = 0; cell < 81; ++cell) {
        if (grid.value(cell) != 0) continue;
        for (int v : grid.candidates(cell)) {
            for (bool on_start : {true, false}) {
                c.arena().clear();
                const detail::Pid start = c.pid(cell, v, on_start);
                detail::PotentialSet& on = c.set(0);
                detail::PotentialSet& off = c.set(1);
                on.clear();
                off.clear();
                const int begin = c.arena().add(start, Cause::assumption, -1);
                (on_start ? on : off).add(start, begin);
                const bool contradiction = c.propagate(on, off, true, false);
                const int cont_on = c.contradiction_on(), cont_off = c.contradiction_off();
                detail::PropagationRecord record;
                c.record(begin, on, off, contradiction, record);
                const std::vector<int> on_nodes = on.order(), off_nodes = off.order();
                const int size = c.arena().size();
                // Replayed after the original, so every node index moves by its size.
                detail::PotentialSet& on2 = c.set(2);
                detail::PotentialSet& off2 = c.set(3);
                ASSERT_EQ(c.replay(record, on2, off2), contradiction);
                ASSERT_EQ(c.arena().size(), 2 * size);
                for (int i = 0; i < size; ++i) {
                    const detail::ArenaNode& a = c.arena().node(i);
                    const detail::ArenaNode& b = c.arena().node(size + i);
                    ASSERT_EQ(a.pid, b.pid);
                    ASSERT_EQ(a.cause, b.cause);
                    const auto pa = c.arena().parents(i), pb = c.arena().parents(size + i);
                    ASSERT_EQ(pa.size(), pb.size());
                    for (size_t k = 0; k < pa.size(); ++k) ASSERT_EQ(pa[k] + size, pb[k]);
                }
                ASSERT_EQ(on2.order().size(), on_nodes.size());
                for (size_t k = 0; k < on_nodes.size(); ++k)
                    ASSERT_EQ(on2.order()[k], on_nodes[k] + size);
                ASSERT_EQ(off2.order().size(), off_nodes.size());
                for (size_t k = 0; k < off_nodes.size(); ++k)
                    ASSERT_EQ(off2.order()[k], off_nodes[k] + size);
                if (contradiction) {
                    ++contradictions;
                    EXPECT_EQ(c.contradiction_on(), cont_on + size);
                    EXPECT_EQ(c.contradiction_off(), cont_off + size);
                }
                ++checked;
            }
        }
    }
    // Both starts of each of the grid's 301 candidates; 53 propagations end in a contradiction.
    EXPECT_EQ(checked, 602);
    EXPECT_EQ(contradictions, 53);
}

// The static producer (C1) prunes its searches for a sink that keeps only the first step: it
// must hand on the step that a full run sorts first. Checked at every position of SE's path
// where C1 runs (the next step is rated 6.5 or more), on the public puzzles rated 6.5-8.9, the
// chain's text included.
TEST(HumanChains, PrunedStaticSearchHandsOnTheFullRunsFirstStep) {
    SUDOKIT_REQUIRE_DATA(path, "se_rated_public.csv");
    std::ifstream in(path);
    std::string text;
    std::getline(in, text);
    std::vector<Technique> statics;
    for (const TechniqueInfo& info : all_techniques()) {
        if (finder_of(info.id) == finder_of(Technique::x_cycle)) statics.push_back(info.id);
    }
    ASSERT_EQ(statics.size(), 6u);
    int positions = 0, found = 0;
    while (std::getline(in, text)) {
        std::stringstream ss(text);
        std::string line, er;
        std::getline(ss, line, ',');
        std::getline(ss, er, ',');
        if (line.size() != 81 || std::stod(er) < 6.5 || std::stod(er) > 8.9) continue;
        const Grid puzzle = testing::grid_from_line(line);
        RateOptions options;
        options.keep_path = true;
        const Rating rating = rate_puzzle(puzzle, options);
        ASSERT_EQ(rating.end, RateEnd::solved) << line;
        CandidateGrid grid(puzzle);
        for (const Step& next : rating.path) {
            if (next.rating >= 6.5) {
                ++positions;
                CollectSink all;
                all.want_only(statics);
                finder_of(Technique::x_cycle)(grid, all);
                FirstStepSink first;
                first.want_only(statics);
                finder_of(Technique::x_cycle)(grid, first);
                ASSERT_EQ(first.step().has_value(), !all.steps().empty()) << line;
                if (first.step()) {
                    ++found;
                    const Step& a = all.steps().front();
                    const Step& b = *first.step();
                    EXPECT_EQ(a.technique, b.technique) << line;
                    EXPECT_EQ(a.rating, b.rating) << line;
                    EXPECT_EQ(a.eliminations, b.eliminations) << line;
                    EXPECT_EQ(a.placements, b.placements) << line;
                    EXPECT_EQ(step_text(a, grid.shape()), step_text(b, grid.shape())) << line;
                    EXPECT_TRUE(a == b) << line;  // the explanation too
                }
            }
            apply_step(grid, next);
        }
    }
    // The positions of the 161 paths where C1 runs, and those where it finds a step.
    EXPECT_EQ(positions, 1715);
    EXPECT_EQ(found, 1149);
    std::printf("C1 pruned against full: %d positions, %d with a step, all equal\n", positions,
                found);
}

// Whether a position (placed values and candidates) has a solution: singles placed, then a
// search from the cell with the fewest candidates.
bool has_solution(CandidateGrid grid) {
    const Topology& topo = grid.topology();
    const int n = grid.size();
    for (bool placed = true; placed;) {
        if (grid.contradiction()) return false;
        placed = false;
        for (int cell = 0; cell < topo.cell_count() && !placed; ++cell) {
            if (grid.value(cell) == 0 && grid.candidates(cell).size() == 1) {
                grid.place(cell, grid.candidates(cell).lowest());
                placed = true;
            }
        }
        for (int h = 0; h < 3 * n && !placed; ++h) {
            for (int d = 1; d <= n && !placed; ++d) {
                const uint64_t pos = grid.positions(h, d);
                if (std::popcount(pos) != 1) continue;
                grid.place(topo.house(h)[std::countr_zero(pos)], d);
                placed = true;
            }
        }
    }
    int best = -1;
    for (int cell = 0; cell < topo.cell_count(); ++cell) {
        if (grid.value(cell) != 0) continue;
        if (best < 0 || grid.candidates(cell).size() < grid.candidates(best).size()) best = cell;
    }
    if (best < 0) return true;
    for (int digit : grid.candidates(best)) {
        CandidateGrid next = grid;
        next.place(best, digit);
        if (has_solution(next)) return true;
    }
    return false;
}

// Whether a step removes candidate x: eliminates it, or places another digit in its cell.
bool removes(const Step& step, const Candidate& x) {
    for (const Candidate& e : step.eliminations) {
        if (e == x) return true;
    }
    for (const Candidate& p : step.placements) {
        if (p.cell == x.cell && p.digit != x.digit) return true;
    }
    return false;
}

// The nested deductions of an explained step on `position`, and theirs in turn: every
// advanced node names one, which removes the node's candidate and is sound on the position
// less the node's parents (the removals it used): none of its eliminations can hold there, and
// none of its placements can be missing. Where that grid keeps the solution, the deduction
// agrees with it too. Returns the deductions seen, nested ones included.
int expect_nested_sound(const CandidateGrid& position, const Step& step, const Grid& solution,
                        bool search = true, int depth = 0) {
    const StepExplanation& why = step.explanation;
    std::vector<bool> used(why.nested.size(), false);
    int seen = 0;
    for (const ChainNode& node : why.nodes) {
        if (node.cause != Cause::advanced) {
            EXPECT_EQ(node.nested, -1);
            continue;
        }
        EXPECT_GE(node.nested, 0) << "an advanced node without its deduction at depth " << depth
                                  << ": " << step_text(step, position.shape()) << " node "
                                  << node.candidate.cell << "<>" << node.candidate.digit;
        EXPECT_LT(node.nested, static_cast<int>(why.nested.size()));
        if (node.nested < 0 || node.nested >= static_cast<int>(why.nested.size())) continue;
        const Step& inner = why.nested[node.nested];
        EXPECT_TRUE(removes(inner, node.candidate));
        CandidateGrid reduced = position;
        bool keeps_solution = true;
        for (int p : node.parents) {
            const Candidate& r = why.nodes[p].candidate;
            EXPECT_FALSE(why.nodes[p].on);
            reduced.eliminate(r.cell, r.digit);
            keeps_solution &= solution[r.cell] != r.digit;
        }
        if (used[node.nested]) continue;
        used[node.nested] = true;
        EXPECT_FALSE(inner.explanation.nodes.empty() && inner.explanation.cells.empty());
        // An elimination is sound when placing it leaves no solution, a placement when
        // removing it does; where the reduced grid keeps the solution, both agree with it.
        auto expect_sound = [&](const Candidate& c, bool placed) {
            EXPECT_TRUE(reduced.has(c.cell, c.digit));
            if (!search) return;
            CandidateGrid opposite = reduced;
            if (placed) {
                opposite.eliminate(c.cell, c.digit);
            } else {
                opposite.place(c.cell, c.digit);
            }
            EXPECT_FALSE(has_solution(opposite)) << step_text(inner, position.shape());
            if (keeps_solution) {
                EXPECT_EQ(solution[c.cell] == c.digit, placed);
            }
        };
        for (const Candidate& e : inner.eliminations) expect_sound(e, false);
        for (const Candidate& p : inner.placements) expect_sound(p, true);
        seen += 1 + expect_nested_sound(reduced, inner, solution, search, depth + 1);
    }
    for (size_t k = 0; k < used.size(); ++k) EXPECT_TRUE(used[k]) << "nested step " << k;
    return seen;
}

// The nested level-2 step of SE's 10.4 puzzle explains the deductions its advanced nodes used,
// and the JSON carries them; without explanations the step is the same.
TEST(HumanChains, NestedStepExplainsItsDeductions) {
    const Grid puzzle = testing::grid_from_line(
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........");
    const Result solved = make_engine("auto")->solve(puzzle, Limits{});
    ASSERT_EQ(solved.count, 1u);
    HumanOptions options;
    options.explain = false;
    options.order = testing::order_below_nested();
    const SolvePath path = solve_path(puzzle, options);
    ASSERT_EQ(path.end, PathEnd::stuck);
    FirstStepSink sink(true);
    finder_of(Technique::nested_forcing_chains)(path.final, sink);
    ASSERT_TRUE(sink.step().has_value());
    const Step& step = *sink.step();
    const StepExplanation& why = step.explanation;
    ASSERT_FALSE(why.nested.empty());
    int producers = 0;
    for (const Step& inner : why.nested) producers += !inner.explanation.nodes.empty();
    EXPECT_GT(producers, 0) << "a deduction of the nested static chains";
    EXPECT_GE(expect_nested_sound(path.final, step, solved.first),
              static_cast<int>(why.nested.size()));

    FirstStepSink plain(false);
    finder_of(Technique::nested_forcing_chains)(path.final, plain);
    ASSERT_TRUE(plain.step().has_value());
    EXPECT_EQ(plain.step()->technique, step.technique);
    EXPECT_EQ(plain.step()->rating, step.rating);
    EXPECT_EQ(plain.step()->eliminations, step.eliminations);
    EXPECT_EQ(plain.step()->placements, step.placements);

    const Json j = step_json(step, path.final.shape());
    ASSERT_TRUE(j.contains("nested"));
    ASSERT_EQ(j["nested"].size(), why.nested.size());
    for (size_t k = 0; k < why.nested.size(); ++k) {
        EXPECT_EQ(j["nested"][k]["code"], technique_info(why.nested[k].technique).code);
        EXPECT_EQ(j["nested"][k]["text"], step_text(why.nested[k], path.final.shape()));
    }
    int advanced = 0;
    for (size_t i = 0; i < why.nodes.size(); ++i) {
        const Json& node = j["nodes"][i];
        if (why.nodes[i].cause != Cause::advanced) {
            EXPECT_FALSE(node.contains("nested"));
            continue;
        }
        ++advanced;
        ASSERT_TRUE(node.contains("nested"));
        EXPECT_EQ(node["nested"], why.nodes[i].nested);
    }
    EXPECT_GT(advanced, 0);
}

// Every step each nested level finds at the positions of techniques_nested.txt (levels 2-5)
// explains its deductions, and the nested ones theirs.
TEST(HumanChains, NestedLevelsExplainTheirDeductions) {
    std::ifstream in(testing::fixture_path("techniques_nested.txt"));
    ASSERT_TRUE(in.good());
    std::map<Technique, int> steps_with_nested;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#' || line.rfind("text:", 0) == 0) continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string field; std::getline(ss, field, ':');) f.push_back(field);
        ASSERT_EQ(f.size(), 5u) << line;
        const auto technique = find_technique(f[0]);
        ASSERT_TRUE(technique.has_value()) << f[0];
        const Grid values = testing::grid_from_line(f[1]);
        PencilMarks marks(values.shape());
        for (int cell = 0; cell < values.shape().cell_count(); ++cell) {
            DigitSet digits;
            for (int d = 1; d <= 9; ++d) {
                if (f[2][static_cast<size_t>(cell) * 9 + d - 1] != '.') digits.add(d);
            }
            marks.cells[cell] = digits;
        }
        const CandidateGrid grid(values, marks);
        const Result solved = make_engine("auto")->solve(values, Limits{});
        ASSERT_EQ(solved.count, 1u);
        SCOPED_TRACE(f[0] + " " + f[1]);
        for (const Step& step : find_steps(grid, *technique)) {
            if (step.explanation.nested.empty()) continue;
            ++steps_with_nested[*technique];
            // The search for a solution is slow: only the level's first step is checked so.
            expect_nested_sound(grid, step, solved.first, steps_with_nested[*technique] == 1);
        }
    }
    for (Technique t : {Technique::nested_forcing_chains, Technique::nested_multiple_chains,
                        Technique::nested_dynamic_chains, Technique::nested_dynamic_plus_chains}) {
        EXPECT_GT(steps_with_nested[t], 0) << technique_info(t).name;
    }
}

// The shape a Turbot Fish's text and hint name (Skyscraper, 2-String Kite or none), against one
// read from the cells alone: a strong link whose two cells share a row (a column) and not a box
// lies in that line, one whose cells share a box lies in the box. Every Turbot Fish of the easiest
// paths of the public puzzles below ER 7.5 (119 of them, all three kinds).
TEST(HumanChains, TurbotFishNamesItsShapeByItsCells) {
    SUDOKIT_REQUIRE_DATA(path, "se_rated_public.csv");
    std::ifstream in(path);
    std::string text;
    std::getline(in, text);
    const Topology& topo = topology(Shape{3, 3});
    enum Line { kRow, kColumn, kBox };
    auto line_of = [&](int a, int b) {
        if (topo.box_of(a) == topo.box_of(b)) return kBox;
        return topo.row_of(a) == topo.row_of(b) ? kRow : kColumn;
    };
    std::map<std::string, int> shapes;
    while (std::getline(in, text)) {
        std::stringstream ss(text);
        std::string line, er;
        std::getline(ss, line, ',');
        std::getline(ss, er, ',');
        if (line.size() != 81 || std::stod(er) >= 7.5) continue;
        const SolvePath path_found = solve_path(testing::grid_from_line(line));
        for (const Step& step : path_found.steps) {
            if (step.technique != Technique::turbot_fish) continue;
            // The chain from its assumption, along the first parents.
            const StepExplanation& why = step.explanation;
            ASSERT_EQ(why.targets.size(), 1u) << line;
            std::vector<ChainNode> chain;
            for (int i = why.targets[0]; i >= 0;) {
                chain.insert(chain.begin(), why.nodes[i]);
                i = why.nodes[i].parents.empty() ? -1 : why.nodes[i].parents[0];
            }
            std::string expected;
            if (chain.size() == 6 && chain[0].on) {
                const Line first = line_of(chain[1].candidate.cell, chain[2].candidate.cell);
                const Line second = line_of(chain[3].candidate.cell, chain[4].candidate.cell);
                const int a = chain[2].candidate.cell, b = chain[3].candidate.cell;
                if (first == kRow && second == kRow && topo.col_of(a) == topo.col_of(b)) {
                    expected = "Skyscraper";
                } else if (first == kColumn && second == kColumn &&
                           topo.row_of(a) == topo.row_of(b)) {
                    expected = "Skyscraper";
                } else if ((first == kRow && second == kColumn) ||
                           (first == kColumn && second == kRow)) {
                    expected = "2-String Kite";
                }
            }
            const std::string name =
                expected.empty() ? "Turbot Fish: " : "Turbot Fish (" + expected + "): ";
            EXPECT_EQ(step_text(step, Shape{3, 3}).rfind(name, 0), 0u)
                << line << "\n"
                << step_text(step, Shape{3, 3});
            // The hint names the shape too (and may add the house it starts in).
            const std::string hint = step_hint_text(step, Shape{3, 3});
            const std::string want = expected.empty()
                                         ? "Look for a Turbot Fish"
                                         : "Look for a Turbot Fish (a " + expected + ")";
            EXPECT_TRUE(hint == want || hint.rfind(want + " in ", 0) == 0) << hint;
            ++shapes[expected.empty() ? "plain" : expected];
        }
    }
    EXPECT_EQ(shapes["Skyscraper"], 49);
    EXPECT_EQ(shapes["2-String Kite"], 29);
    EXPECT_EQ(shapes["plain"], 41);
}

}  // namespace
}  // namespace sudokit
