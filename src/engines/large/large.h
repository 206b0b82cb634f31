// `large`: the engine for 16x16 to 36x36 grids (every shape works). At every node it runs
// naked and hidden singles (from per-(house, digit) place masks), locked candidates (pointing
// and claiming), then failed-literal probing: each candidate of a two-candidate cell and each
// place of a (house, digit) with two places is tried on a copy of the board and propagated; a
// contradiction removes it, and where both sides of a pair survive, a candidate that neither
// copy keeps goes. It branches on the pair whose two probes forced most (the product: a
// lookahead score), else on the cell or place with the fewest options.
// A new engine rather than more strategies in `heuristic`: its node is a different unit (a
// probed board, hundreds of propagations), its board carries the place masks the probes rely
// on, and `heuristic` stays the seed's HS-solver, measured as such.
//
// A node is one option of a branching cell or place tried on a copy of the board; a guess is
// an option tried after the first; a backtrack is a node whose propagation or probing found a
// contradiction. Propagations count the placements and eliminations made on the search's
// boards (probe boards are scratch: their work is not counted, what they prove is).
#pragma once

#include <span>

#include "engines/large/large_search.h"
#include "engines/large/large_tables.h"
#include "sudokit/engine.h"

namespace sudokit {

namespace detail {

// The `large` search with its tables of the last shape and one search per mask width (32-bit
// masks up to 32 digits, 64-bit above), plus searches compiled for 16, 25 and 36 digits,
// where the sizes are constants (LargeBoard::size). Besides the engine, the generator calls it with
// exclusions: "a solution that differs from the known one in a removed cell" is the same
// puzzle with that cell's old digit taken out, a far smaller search than counting to two.
class LargeSolver {
  public:
    Result solve(const Grid& puzzle, const Limits& limits, const LargeOptions& options = {},
                 std::span<const Exclusion> excluded = {}, const Grid* guide = nullptr);

  private:
    LargeTables tables_;
    LargeSearch<uint32_t, 16> n16_;
    LargeSearch<uint32_t, 25> n25_;
    LargeSearch<uint64_t, 36> n36_;
    LargeSearch<uint32_t> narrow_;
    LargeSearch<uint64_t> wide_;
};

}  // namespace detail

// Options: probe=on|off (failed-literal probing), width=2|3 (the most options of a probed
// choice), passes=1|2|fixpoint (probing passes per node), merge=on|off (keep only what one of
// a choice's probes keeps), locked=on|off (pointing and claiming), matching=on|off (all-different
// filtering per house at each node: every naked and hidden subset).
EngineInfo large_engine_info();

}  // namespace sudokit
