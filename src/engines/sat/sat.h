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

#include "sudokit/engine.h"

namespace sudokit {

EngineInfo sat_engine_info();

}  // namespace sudokit
