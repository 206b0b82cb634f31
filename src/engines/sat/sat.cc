// `sat`: one CaDiCaL solver per solve, fed the reduced CNF; each solution found is blocked by a
// clause over the open cells' variables (the digits it placed there) and the solver asked again,
// until Limits::max_solutions, no solution left, or a limit. The deadline and the cancel flag
// reach CaDiCaL through its Terminator, which it polls during search and inprocessing.
#include "engines/sat/sat.h"

#include <algorithm>
#include <cadical.hpp>
#include <climits>
#include <memory>
#include <vector>

#include "engines/engine_options.h"
#include "engines/sat/sudoku_cnf.h"

namespace sudokit {

namespace {

// CaDiCaL's solve() answers.
constexpr int kSatisfiable = 10;
constexpr int kUnsatisfiable = 20;

// Counts the conflicts: CaDiCaL offers every learned clause here first; declining it skips the
// literals.
class ConflictCounter final : public CaDiCaL::Learner {
  public:
    bool learning(int) override {
        ++conflicts;
        return false;
    }
    void learn(int) override {}
    uint64_t conflicts = 0;
};

// The cancel flag at every poll, the clock every kClockInterval polls (CaDiCaL polls once per
// step of its search loop).
class LimitsTerminator final : public CaDiCaL::Terminator {
  public:
    static constexpr unsigned kClockInterval = 64;

    explicit LimitsTerminator(const Limits& limits) : limits_(limits) {}

    bool terminate() override {
        if (stop_ != Stop::finished) return true;
        if (limits_.cancel != nullptr && limits_.cancel->load(std::memory_order_relaxed)) {
            stop_ = Stop::cancelled;
            return true;
        }
        if (limits_.deadline != Clock::time_point::max() && polls_++ % kClockInterval == 0 &&
            Clock::now() >= limits_.deadline) {
            stop_ = Stop::time_limit;
            return true;
        }
        return false;
    }
    // finished while no limit has stopped the solver.
    Stop stop() const { return stop_; }
    // Looks at once, clock included (before a solve).
    bool check_now() {
        polls_ = 0;
        return terminate();
    }

  private:
    const Limits& limits_;
    unsigned polls_ = 0;
    Stop stop_ = Stop::finished;
};

// Adds the CNF's clauses; false when a limit stopped it on the way (a large grid's CNF takes
// long enough to load, millions of literals for a nearly empty 36x36, that the limits are looked
// at meanwhile).
bool load(CaDiCaL::Solver& solver, const detail::SudokuCnf& cnf, LimitsTerminator& terminator) {
    constexpr size_t kLiteralsBetweenChecks = size_t{1} << 16;
    for (size_t i = 0; i < cnf.clauses.size(); ++i) {
        if (i % kLiteralsBetweenChecks == 0 && terminator.check_now()) return false;
        solver.add(cnf.clauses[i]);
    }
    return true;
}

// The CaDiCaL settings of every solve here (see sat.h: each counted conflict is a learned one).
void configure(CaDiCaL::Solver& solver) {
    solver.set("quiet", 1);
    solver.set("chrono", 0);
    solver.set("lucky", 0);
}

// The givens fill the grid without a clash: the grid is its own solution, unless a limit has
// stopped the solve first.
void own_solution(const Grid& puzzle, LimitsTerminator& terminator, Stop done, Result& result) {
    if (terminator.check_now()) {
        result.stop = terminator.stop();
        return;
    }
    result.count = 1;
    result.first = puzzle;
    result.stop = done;
}

// Conflicts as nodes and guesses (sat.h). Conflicts past the budget (CaDiCaL may overshoot it)
// are not counted: nodes stop at the budget.
void record_conflicts(uint64_t conflicts, const Limits& limits, Result& result) {
    const uint64_t nodes =
        limits.node_budget != 0 ? std::min(conflicts, limits.node_budget) : conflicts;
    result.stats.nodes = nodes;
    result.stats.guesses = nodes;
}

class SatEngine final : public Engine {
  public:
    SatEngine(detail::AtMostOne amo, bool sat_config) : amo_(amo), sat_config_(sat_config) {}
    std::string_view name() const override { return "sat"; }
    bool supports(Shape) const override { return true; }

  protected:
    Result search(const Grid& puzzle, const Limits& limits) override {
        Result result;
        result.first = Grid(puzzle.shape());
        const detail::SudokuCnf cnf = detail::encode_sudoku(puzzle, amo_);
        if (cnf.contradiction) return result;
        const uint32_t max_solutions = std::max<uint32_t>(limits.max_solutions, 1);
        LimitsTerminator terminator(limits);
        if (cnf.open_cells.empty()) {
            own_solution(puzzle, terminator,
                         max_solutions == 1 ? Stop::solution_limit : Stop::finished, result);
            return result;
        }

        CaDiCaL::Solver solver;
        // CaDiCaL's "sat" configuration: on the 16 minimal 25x25 puzzles of
        // docs/results/large-grids.md it took 25 % less time in all than its defaults, proofs
        // of uniqueness included, and was faster on 13 of them.
        if (sat_config_) solver.configure("sat");
        configure(solver);
        ConflictCounter counter;
        solver.connect_learner(&counter);
        solver.connect_terminator(&terminator);
        solver.reserve(cnf.variables);
        if (!load(solver, cnf, terminator)) {
            result.stop = terminator.stop();
            solver.disconnect_terminator();
            solver.disconnect_learner();
            return result;
        }

        std::vector<int> chosen;  // per open cell, the variable true in the last solution
        chosen.reserve(cnf.open_cells.size());
        for (;;) {
            if (terminator.check_now()) {
                result.stop = terminator.stop();
                break;
            }
            if (limits.node_budget != 0) {
                if (counter.conflicts >= limits.node_budget) {
                    result.stop = Stop::node_budget;
                    break;
                }
                const uint64_t left = limits.node_budget - counter.conflicts;
                solver.limit("conflicts", left > INT_MAX ? -1 : static_cast<int>(left));
            }
            const int answer = solver.solve();
            if (answer == kSatisfiable) {
                chosen.clear();
                for (int v = 1; v <= cnf.candidates; ++v) {
                    if (solver.val(v) > 0) chosen.push_back(v);
                }
                if (++result.count == 1) {
                    result.first = puzzle;
                    for (int v : chosen)
                        result.first.set(cnf.var_cell[v - 1], cnf.var_digit[v - 1]);
                }
            }
            // CaDiCaL looks at its limits between conflicts, not within a run of them, so a solve
            // may end a few conflicts past the budget: then the budget was spent first.
            if (limits.node_budget != 0 && counter.conflicts > limits.node_budget) {
                result.stop = Stop::node_budget;
                break;
            }
            if (answer == kUnsatisfiable) {
                result.stop = Stop::finished;
                break;
            }
            if (answer != kSatisfiable) {
                result.stop =
                    terminator.stop() != Stop::finished ? terminator.stop() : Stop::node_budget;
                break;
            }
            if (result.count >= max_solutions) {
                result.stop = Stop::solution_limit;
                break;
            }
            for (int v : chosen) solver.add(-v);
            solver.add(0);
        }
        solver.disconnect_terminator();
        solver.disconnect_learner();
        record_conflicts(counter.conflicts, limits, result);
        return result;
    }

  private:
    detail::AtMostOne amo_;
    bool sat_config_;
};

constexpr std::string_view kAmoValues[] = {"pairwise", "sequential"};
constexpr std::string_view kConfigValues[] = {"sat", "default"};
constexpr EngineOption kSatOptions[] = {
    {.name = "amo",
     .values = kAmoValues,
     .syntax = "",
     .default_value = "pairwise",
     .help = "at-most-one clauses: every pair, or a sequential counter for groups of 6 or more"},
    {.name = "config",
     .values = kConfigValues,
     .syntax = "",
     .default_value = "sat",
     .help = "CaDiCaL's settings: its \"sat\" configuration, or its defaults"},
};

}  // namespace

namespace detail {

Result sat_solve_excluding(const Grid& puzzle, std::span<const Exclusion> excluded,
                           const Grid* guide, const Limits& limits) {
    Result result;
    result.first = Grid(puzzle.shape());
    const SudokuCnf cnf = encode_sudoku(puzzle, AtMostOne::pairwise);
    if (cnf.contradiction) return result;
    const int n = puzzle.size();
    LimitsTerminator terminator(limits);
    std::vector<int> units;
    for (const Exclusion& e : excluded) {
        if (e.digit < 1 || e.digit > n) continue;
        if (puzzle[e.cell] == e.digit) {  // a given excluded: nothing can be placed
            result.stop = terminator.check_now() ? terminator.stop() : Stop::finished;
            return result;
        }
        if (const int v = cnf.var_of[static_cast<size_t>(e.cell) * n + e.digit - 1]; v != 0)
            units.push_back(-v);
    }
    if (cnf.open_cells.empty()) {
        own_solution(puzzle, terminator, Stop::finished, result);
        return result;
    }

    CaDiCaL::Solver solver;
    // CaDiCaL's "sat" configuration (tuned for satisfiable formulas) without bounded variable
    // elimination: 24 % less time on the generator's hardest 25x25 checks, proofs included
    // (87 checks of two minimal 25x25 puzzles, 56.0 s against 42.5 s).
    solver.configure("sat");
    configure(solver);
    solver.set("elim", 0);
    ConflictCounter counter;
    solver.connect_learner(&counter);
    solver.connect_terminator(&terminator);
    solver.reserve(cnf.variables);
    const auto finish = [&](Stop stop) {
        solver.disconnect_terminator();
        solver.disconnect_learner();
        result.stop = stop;
        record_conflicts(counter.conflicts, limits, result);
        return result;
    };
    if (!load(solver, cnf, terminator)) return finish(terminator.stop());
    for (int lit : units) {
        solver.add(lit);
        solver.add(0);
    }
    if (guide != nullptr) {
        for (int v = 1; v <= cnf.candidates; ++v) {
            const bool agrees = (*guide)[cnf.var_cell[v - 1]] == cnf.var_digit[v - 1];
            solver.phase(agrees ? v : -v);
        }
    }
    if (terminator.check_now()) return finish(terminator.stop());
    if (limits.node_budget != 0) {
        solver.limit("conflicts",
                     limits.node_budget > INT_MAX ? -1 : static_cast<int>(limits.node_budget));
    }
    const int answer = solver.solve();
    if (answer == kSatisfiable) {
        result.count = 1;
        result.first = puzzle;
        for (int v = 1; v <= cnf.candidates; ++v) {
            if (solver.val(v) > 0) result.first.set(cnf.var_cell[v - 1], cnf.var_digit[v - 1]);
        }
        return finish(Stop::finished);
    }
    if (limits.node_budget != 0 && counter.conflicts > limits.node_budget)
        return finish(Stop::node_budget);
    if (answer == kUnsatisfiable) return finish(Stop::finished);
    return finish(terminator.stop() != Stop::finished ? terminator.stop() : Stop::node_budget);
}

}  // namespace detail

EngineInfo sat_engine_info() {
    return EngineInfo{
        .name = "sat",
        .description = "reduced CNF solved by CaDiCaL, solutions counted by blocking clauses",
        .sizes = "all",
        .options = kSatOptions,
        .supports = [](Shape s) { return s.valid(); },
        .make = [](std::string_view text, std::string* error) -> std::unique_ptr<Engine> {
            detail::OptionValues values;
            if (!detail::parse_engine_options("sat", kSatOptions, text, values, error))
                return nullptr;
            return std::make_unique<SatEngine>(values["amo"] == "sequential"
                                                   ? detail::AtMostOne::sequential
                                                   : detail::AtMostOne::pairwise,
                                               values["config"] == "sat");
        },
    };
}

}  // namespace sudokit
