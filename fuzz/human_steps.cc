// Fuzz target human_steps: a 4x4, 6x6 or 9x9 puzzle with exactly one solution (built from the
// bytes, then given clues until an engine finds it unique), with some wrong candidates already
// struck out, is solved by solve_path under a fuzzed order and mode. Every step must be sound
// against the solution (tests/human_soundness_test.cc checks the same on seeded puzzles).
#include <algorithm>
#include <random>

#include "fuzz_support.h"
#include "sudokit/generate.h"
#include "sudokit/human.h"

namespace sudokit::fuzz {
namespace {

// Header byte: bits 0-1 the shape (4x4, 6x6, 9x9, 9x9), bits 2-3 the search mode, bits 4-5 the
// order (easiest, thesis, sb, from the bytes), bit 6 a full scan of one position of the path (a
// byte picks which), bit 7 a step limit.
// The work budget of a path (steps and chain start cells): on 4x4 and 6x6 grids it leaves room
// for every step and a few hundred chain start cells; on 9x9 for every step and a few dozen.
constexpr uint64_t kWorkSmall = 300;
constexpr uint64_t kWorkNine = 80;

struct Plan {
    Shape shape;
    HumanOptions options;
    bool scan = false;
    uint8_t scanned_position =
        0;  // with scan: the position, as a fraction of the path (255: the end)
};

Plan plan_from(FuzzInput& input) {
    constexpr Shape kShapes[] = {{2, 2}, {2, 3}, {3, 3}, {3, 3}};
    constexpr SearchMode kModes[] = {SearchMode::first, SearchMode::stepdown, SearchMode::focus,
                                     SearchMode::first};
    const uint8_t header = input.byte();
    Plan plan;
    plan.shape = kShapes[header & 3];
    plan.options.mode = kModes[(header >> 2) & 3];
    switch ((header >> 4) & 3) {
        case 0:
            break;  // easiest first, the default
        case 1:
            plan.options.order.assign(thesis_order().begin(), thesis_order().end());
            break;
        case 2:
            plan.options.order.assign(sb_order().begin(), sb_order().end());
            break;
        case 3: {
            // Any techniques in any order, repeats allowed.
            plan.options.order.clear();
            const int count = 1 + input.below(2 * kTechniqueCount);
            for (int i = 0; i < count; ++i) {
                plan.options.order.push_back(all_techniques()[input.below(kTechniqueCount)].id);
            }
            break;
        }
    }
    plan.scan = (header >> 6) & 1;
    if (plan.scan) plan.scanned_position = input.byte();
    if ((header >> 7) & 1) plan.options.max_steps = 1 + input.below(64);
    // A work budget (steps and chain start cells) keeps every input fast on any machine; the
    // puzzle has one solution by construction, so the solver is told so.
    plan.options.max_work = plan.shape.size() <= 6 ? kWorkSmall : kWorkNine;
    plan.options.unique = true;
    return plan;
}

// A puzzle with one solution: a seeded random solution, clues kept by bits, then clues added
// until the engine counts one solution (a cell where another solution differs, else the first
// empty cell). Nullopt when the engine cannot finish under its budget.
std::optional<Grid> unique_puzzle(FuzzInput& input, Shape shape, Grid& solution) {
    std::mt19937_64 rng(input.u64());
    solution = random_solution(shape, rng);
    Grid puzzle(shape);
    const int cells = shape.cell_count();
    for (int cell = 0; cell < cells; cell += 8) {
        const uint8_t keep = input.byte();
        for (int bit = 0; bit < 8 && cell + bit < cells; ++bit) {
            if ((keep >> bit) & 1) puzzle.set(cell + bit, solution[cell + bit]);
        }
    }
    std::unique_ptr<Engine> engine = make_engine("auto");
    SUDOKIT_FUZZ_CHECK(engine != nullptr, std::string("no auto engine"));
    while (true) {
        const Result r = engine->solve(puzzle, Limits{2, 1'000'000});
        if (!finished(r)) return std::nullopt;
        SUDOKIT_FUZZ_CHECK(r.count >= 1, "auto finds no solution for " + format_line(puzzle) +
                                             ", cut from " + format_line(solution));
        if (r.count == 1) return puzzle;
        int add = 0;
        while (add < cells && (r.first[add] == solution[add] || puzzle[add] != 0)) ++add;
        if (add == cells) {
            add = 0;
            while (puzzle[add] != 0) ++add;
        }
        puzzle.set(add, solution[add]);
    }
}

// The start position: the puzzle's candidates, less wrong ones named by (cell, digit) pairs of the
// remaining bytes, as a player may have struck out already.
CandidateGrid start_position(FuzzInput& input, const Grid& puzzle, const Grid& solution) {
    PencilMarks marks = PencilMarks::from_grid(puzzle);
    const int cells = puzzle.cell_count();
    while (input.remaining() >= 2) {
        const int cell = input.below(256) % cells;
        const int digit = 1 + input.below(puzzle.size());
        if (puzzle[cell] == 0 && solution[cell] != digit) marks.cells[cell].remove(digit);
    }
    return CandidateGrid(puzzle, marks);
}

// A step is sound when it places only the solution's digits and eliminates none of them, and it
// has a text (every step's text is written, so the writers run on every step). The context is
// joined only when a check fails (a scan checks thousands of steps).
void check_sound(const Step& step, const Grid& solution, const std::string& context) {
    const Shape shape = solution.shape();
    const std::string text = step_text(step, shape);
    auto what = [&] {
        return context + ", found by " + std::string(technique_info(step.technique).name) + ": " +
               text;
    };
    SUDOKIT_FUZZ_CHECK(!text.empty(), what() + " has no text");
    for (const Candidate& c : step.placements) {
        SUDOKIT_FUZZ_CHECK(c.cell >= 0 && c.cell < solution.cell_count(), what());
        SUDOKIT_FUZZ_CHECK(
            solution[c.cell] == c.digit,
            what() + " places a wrong digit (the solution is " + format_line(solution) + ")");
    }
    for (const Candidate& c : step.eliminations) {
        SUDOKIT_FUZZ_CHECK(c.cell >= 0 && c.cell < solution.cell_count(), what());
        SUDOKIT_FUZZ_CHECK(solution[c.cell] != c.digit,
                           what() + " eliminates the solution's digit (the solution is " +
                               format_line(solution) + ")");
    }
}

// Every technique but the nested chaining levels, whose full scan of an open position can take
// minutes (their steps are checked on the path). On 9x9 grids only the techniques rated below the
// first chain (X-Cycle, 6.5): a full scan of every chaining technique there costs about a second
// under the sanitizers; the chains' steps are checked on the path and in the 4x4 and 6x6 scans.
// A producer of several techniques runs once for all of them (the steps are those of each
// technique's own find_steps()).
void check_scan(const CandidateGrid& position, const Grid& solution, const std::string& context) {
    const bool chains = position.size() <= 6;
    const double first_chain = technique_info(Technique::x_cycle).rating;
    std::vector<Technique> scanned;
    for (const TechniqueInfo& technique : all_techniques()) {
        if (technique.nested()) continue;
        if (!chains && technique.rating >= first_chain) continue;
        scanned.push_back(technique.id);
    }
    for (const Step& step : find_steps(position, scanned)) check_sound(step, solution, context);
}

void check_path(FuzzInput& input) {
    const Plan plan = plan_from(input);
    Grid solution;
    const std::optional<Grid> puzzle = unique_puzzle(input, plan.shape, solution);
    if (!puzzle) return;
    const CandidateGrid start = start_position(input, *puzzle, solution);
    const std::string context = "puzzle " + format_line(*puzzle) + " (marks " +
                                format_marks_line(start.marks()) + "), mode " +
                                std::string(search_mode_name(plan.options.mode));
    SUDOKIT_FUZZ_CHECK(!start.contradiction(), context + ": the start position contradicts");

    const SolvePath path = solve_path(start, plan.options);
    SUDOKIT_FUZZ_CHECK(path.end != PathEnd::contradiction,
                       context + ": a path to a contradiction in a puzzle with a solution");
    if (plan.options.max_steps != 0) {
        SUDOKIT_FUZZ_CHECK(path.steps.size() <= plan.options.max_steps, context);
    }
    // Replayed, every step changes the position, is sound, and the replay ends where the path did.
    // With a scan, the one position the input picks (from the start to the final one) is scanned:
    // one scan per input bounds its work, and the fuzzer chooses where it looks.
    const size_t scanned = plan.scan ? path.steps.size() * plan.scanned_position / 255 : SIZE_MAX;
    CandidateGrid position = start;
    for (size_t i = 0; i < path.steps.size(); ++i) {
        const std::string at = context + ", step " + std::to_string(i + 1);
        if (i == scanned) check_scan(position, solution, at);
        const Step& step = path.steps[i];
        check_sound(step, solution, at);
        SUDOKIT_FUZZ_CHECK(apply_step(position, step) > 0,
                           at + " changes nothing: " + step_text(step, plan.shape));
        for (int cell = 0; cell < solution.cell_count(); ++cell) {
            SUDOKIT_FUZZ_CHECK(
                position.value(cell) == solution[cell] || position.has(cell, solution[cell]),
                at + " lost the solution's candidate at " + topology(plan.shape).cell_name(cell));
        }
    }
    SUDOKIT_FUZZ_CHECK(position == path.final, context + ": the replayed steps end elsewhere");
    if (path.end == PathEnd::solved) {
        SUDOKIT_FUZZ_CHECK(path.final.values() == solution, context + ": solved to another grid");
    }
    if (scanned == path.steps.size())
        check_scan(path.final, solution, context + ", final position");
    const PathSummary summary = summarize(path);
    SUDOKIT_FUZZ_CHECK(
        summary.steps == static_cast<int>(path.steps.size()) && summary.end == path.end,
        context + ": the summary does not match the path");
}

}  // namespace
}  // namespace sudokit::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    sudokit::fuzz::FuzzInput input(data, size);
    sudokit::fuzz::check_path(input);
    return 0;
}
