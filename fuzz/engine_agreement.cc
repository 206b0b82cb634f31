// Fuzz target engine_agreement: a 4x4, 6x6 or 9x9 puzzle built from the bytes (a random solution
// from a seed, clues kept by bits, then cells overwritten with any digit) goes to every complete
// engine (and option variant) under a node budget. Finished engines agree on the count up to the
// limit, every solution reported solves the puzzle, and the logic-only engine's claims hold.
#include <algorithm>
#include <random>

#include "fuzz_support.h"
#include "sudokit/generate.h"

namespace sudokit::fuzz {
namespace {

// Engine option variants, run besides every engine's defaults: a quarter of them per input (the
// header's bits 6-7 pick the variants whose index is that modulo 4, which keeps the costly ones,
// sat, stepdown and large, apart). A spec an engine refuses, such as an AVX2 path on a machine
// without it, is left out.
constexpr std::string_view kVariants[] = {
    // clang-format off
    "fast:path=portable",
    "fast:path=avx2",
    "fast:path=avx512",
    "propagate:hidden=off",
    "propagate:stack=alloc",
    "heuristic:strategies=singles",
    "heuristic:strategies=pairs",
    "sat:amo=sequential",
    "human:order=easiest,mode=stepdown",
    "large:probe=off",
    "large:width=3,locked=off",
    // clang-format on
};

// The logic-only engine's work budgets (its node: a step or a chain start cell).
constexpr uint64_t kLogicBudgetSmall = 200;
constexpr uint64_t kLogicBudget9 = 80;
constexpr size_t kVariantGroups = 4;

struct Run {
    std::string spec;
    bool logic_only = false;
    Result result;
};

// Header byte: bits 0-1 the shape (4x4, 6x6, 9x9, 9x9), bits 2-3 the node budget, bits 4-5 the
// solution limit (2 most often), bits 6-7 the group of variants.
struct Plan {
    Shape shape;
    uint64_t node_budget;
    uint32_t max_solutions;
    size_t variant_group;
};

Plan plan_from(uint8_t header) {
    constexpr Shape kShapes[] = {{2, 2}, {2, 3}, {3, 3}, {3, 3}};
    constexpr uint64_t kBudgets[] = {20'000, 200, 200'000, 20'000};
    constexpr uint32_t kLimits[] = {2, 1, 3, 2};
    return {kShapes[header & 3], kBudgets[(header >> 2) & 3], kLimits[(header >> 4) & 3],
            static_cast<size_t>(header >> 6) % kVariantGroups};
}

// The work budget of the logic-only engine: on 4x4 and 6x6 grids it leaves room for every step
// and about a hundred chain start cells (on the corpus no solve by logic needs more); on 9x9 for
// every step and a few dozen chain start cells.
uint64_t logic_budget(Shape shape) { return shape.size() <= 6 ? kLogicBudgetSmall : kLogicBudget9; }

// The puzzle: a seeded random solution, the clues of the bits that are set, then (cell, digit)
// pairs written over it (digit 0 blanks a cell) while bytes remain.
Grid build_puzzle(FuzzInput& input, Shape shape, Grid& base) {
    std::mt19937_64 rng(input.u64());
    base = random_solution(shape, rng);
    Grid puzzle(shape);
    const int cells = shape.cell_count();
    for (int cell = 0; cell < cells; cell += 8) {
        const uint8_t keep = input.byte();
        for (int bit = 0; bit < 8 && cell + bit < cells; ++bit) {
            if ((keep >> bit) & 1) puzzle.set(cell + bit, base[cell + bit]);
        }
    }
    while (input.remaining() >= 2) {
        const int cell = input.below(256) % cells;
        puzzle.set(cell, input.below(shape.size() + 1));
    }
    return puzzle;
}

std::vector<std::unique_ptr<Engine>> engines_for(Shape shape, size_t variant_group,
                                                 std::vector<Run>& runs) {
    std::vector<std::unique_ptr<Engine>> engines;
    auto add = [&](std::string_view spec, const EngineInfo& info) {
        const size_t colon = spec.find(':');
        const std::string_view options =
            colon == std::string_view::npos ? std::string_view() : spec.substr(colon + 1);
        std::string error;
        std::unique_ptr<Engine> engine = info.make(options, &error);
        if (!engine) return;
        engines.push_back(std::move(engine));
        runs.push_back({std::string(spec), info.logic_only, Result{}});
    };
    for (const EngineInfo& info : all_engines()) {
        if (info.supports(shape)) add(info.name, info);
    }
    for (size_t i = variant_group; i < std::size(kVariants); i += kVariantGroups) {
        const std::string_view spec = kVariants[i];
        const EngineInfo* info = find_engine(spec.substr(0, spec.find(':')));
        if (info != nullptr && info->supports(shape)) add(spec, *info);
    }
    return engines;
}

std::string describe_run(const Run& run) {
    return run.spec + " count " + std::to_string(run.result.count) +
           (finished(run.result) ? "" : " (unfinished)") + " nodes " +
           std::to_string(run.result.stats.nodes);
}

void check_puzzle_runs(FuzzInput& input) {
    const Plan plan = plan_from(input.byte());
    Grid base;
    const Grid puzzle = build_puzzle(input, plan.shape, base);
    const Limits limits{plan.max_solutions, plan.node_budget};
    std::vector<Run> runs;
    std::vector<std::unique_ptr<Engine>> engines =
        engines_for(plan.shape, plan.variant_group, runs);
    // The logic-only engine's node is a unit of work (a step or a chain start cell), and one
    // chain start on a 9x9 grid costs as much as thousands of branches: its budget is bounded
    // apart, so each input stays fast (its claims are checked whenever it finishes).
    const Limits logic_limits{plan.max_solutions,
                              std::min(plan.node_budget, logic_budget(plan.shape))};
    for (size_t i = 0; i < engines.size(); ++i) {
        runs[i].result = engines[i]->solve(puzzle, runs[i].logic_only ? logic_limits : limits);
    }

    std::string all = "puzzle " + format_line(puzzle) + " (max_solutions " +
                      std::to_string(limits.max_solutions) + ", node_budget " +
                      std::to_string(limits.node_budget) + "):";
    for (const Run& run : runs) all += "\n    " + describe_run(run);
    const bool has_solution = solves(puzzle, base);
    const bool clashes = find_conflict(puzzle).has_value();

    const Run* reference = nullptr;  // the first complete engine that finished
    for (const Run& run : runs) {
        const Result& r = run.result;
        SUDOKIT_FUZZ_CHECK(r.count <= limits.max_solutions,
                           run.spec + " counts past the limit in " + all);
        const uint64_t budget = run.logic_only ? logic_limits.node_budget : limits.node_budget;
        SUDOKIT_FUZZ_CHECK(r.stats.nodes <= budget,
                           run.spec + " spends more nodes than its budget in " + all);
        if (r.count > 0) {
            SUDOKIT_FUZZ_CHECK(solves(puzzle, r.first), run.spec + " reports the solution " +
                                                            format_line(r.first) +
                                                            ", which does not solve " + all);
        }
        if (!finished(r) || run.logic_only) continue;
        SUDOKIT_FUZZ_CHECK(!has_solution || r.count >= 1, run.spec + " finds no solution, but " +
                                                              format_line(base) + " solves " + all);
        SUDOKIT_FUZZ_CHECK(!clashes || r.count == 0,
                           run.spec + " solves clashing givens in " + all);
        if (reference == nullptr) {
            reference = &run;
            continue;
        }
        SUDOKIT_FUZZ_CHECK(
            r.count == reference->result.count,
            "engines disagree (" + run.spec + " vs " + reference->spec + ") on " + all);
        if (r.count == 1 && limits.max_solutions >= 2) {
            SUDOKIT_FUZZ_CHECK(r.first == reference->result.first,
                               "engines find different unique solutions on " + all);
        }
    }
    if (reference == nullptr) return;
    // The logic-only engine proves what it claims: a grid completed by logic is the one solution,
    // a contradiction means none.
    const Result& truth = reference->result;
    for (const Run& run : runs) {
        if (!run.logic_only || !finished(run.result)) continue;
        if (run.result.count == 1) {
            SUDOKIT_FUZZ_CHECK(truth.count == 1 || limits.max_solutions < 2,
                               run.spec + " solves by logic a puzzle without one solution: " + all);
            SUDOKIT_FUZZ_CHECK(run.result.first == truth.first || limits.max_solutions < 2,
                               run.spec + " solves by logic to another solution: " + all);
        } else {
            SUDOKIT_FUZZ_CHECK(truth.count == 0,
                               run.spec + " claims no solution for a solvable puzzle: " + all);
        }
    }
}

}  // namespace
}  // namespace sudokit::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    sudokit::fuzz::FuzzInput input(data, size);
    sudokit::fuzz::check_puzzle_runs(input);
    return 0;
}
