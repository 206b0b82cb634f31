// `heuristic`: the HS-solver of seed 001 - depth-first search on the cell with the fewest
// candidates (MRV), house bitsets of placed digits, and human strategies run to a fixpoint at
// every node. Every shape; option strategies=singles|hidden|intersections|pairs.
#pragma once

#include "sudokit/engine.h"

namespace sudokit {

EngineInfo heuristic_engine_info();

}  // namespace sudokit
