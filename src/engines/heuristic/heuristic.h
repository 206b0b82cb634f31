// `heuristic`: the HS-solver of seed 001 - depth-first search on the cell with the fewest
// candidates (MRV), house bitsets of placed digits, and human strategies run to a fixpoint at
// every node. Every shape; option strategies=singles|hidden|intersections|pairs.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "engines/exclusion.h"
#include "sudokit/engine.h"

namespace sudokit {

EngineInfo heuristic_engine_info();

namespace detail {

enum class Strategies : uint8_t;  // strategies.h

// The engine's searches (one per mask width, with compile-time sizes for 9x9, 16x16 and 25x25),
// for callers that need more than Engine::solve. The generator asks it, up to 16x16, whether a
// solution differs from the known one in a removed cell: the puzzle with that cell's old digit
// excluded, a smaller search than counting to two. `guide` (optional, the shape of the puzzle)
// names a digit to try first in each cell where it is a candidate.
class HeuristicSolver {
  public:
    explicit HeuristicSolver(Strategies level);
    ~HeuristicSolver();
    HeuristicSolver(const HeuristicSolver&) = delete;
    HeuristicSolver& operator=(const HeuristicSolver&) = delete;

    Result solve(const Grid& puzzle, const Limits& limits, std::span<const Exclusion> excluded = {},
                 const Grid* guide = nullptr);

  private:
    struct Searches;
    Strategies level_;
    std::unique_ptr<Searches> searches_;
};

}  // namespace detail

}  // namespace sudokit
