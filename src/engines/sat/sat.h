// `sat`: the puzzle as a reduced CNF (sudoku_cnf.h) solved by CaDiCaL (Debian's libcadical-dev),
// solutions counted by blocking each one found and solving again. Every shape. A reference to
// compare the other engines with, not a fast path.
//
// Stats: CaDiCaL 1.5.3's API exposes no statistics (decisions, propagations), so a node here is
// a conflict: a dead end from which CaDiCaL learns a clause, counted through its Learner
// interface. Each conflict is also a guess (the learned clause flips a decision: the alternative
// tried), so guesses = nodes, and a puzzle solved "without a guess" is one CaDiCaL solved
// without a conflict. depth (the decision level) and propagations are 0 (not exposed).
// The node budget caps CaDiCaL's conflicts (its "conflicts" limit); the solver runs with
// chronological backtracking and the "lucky" phase off, so that every conflict it counts
// against that limit is one it reports as learned. CaDiCaL looks at the limit only between
// runs of consecutive conflicts, so a solve can overshoot it by a few: such a solve ends with
// Stop::node_budget (a solution it found still counts) and nodes = the budget.
#pragma once

#include <span>

#include "engines/exclusion.h"
#include "sudokit/engine.h"

namespace sudokit {

EngineInfo sat_engine_info();

namespace detail {

// One solve, no counting: a solution of `puzzle` that places none of `excluded` (count 1, in
// first), or proof that there is none (count 0, Stop::finished). With a guide, each open cell's
// variables start in the guide's phase (its digit true, the others false), so that a solution
// close to the guide is tried first. Limits as for the engine (max_solutions is ignored).
Result sat_solve_excluding(const Grid& puzzle, std::span<const Exclusion> excluded,
                           const Grid* guide, const Limits& limits);

}  // namespace detail

}  // namespace sudokit
