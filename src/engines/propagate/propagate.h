// `propagate`: constraint propagation (naked and hidden singles) with MRV branching on a
// preallocated stack of board states (seed 004, Norvig's essay). Every shape.
#pragma once

#include "sudokit/engine.h"

namespace sudokit {

// Options: stack=prealloc (default: one stack of boards per engine object, copied into the next
// slot on descent) or stack=alloc (a fresh board allocated per descent, the post's naive form);
// hidden=on (default: hidden singles too) or hidden=off (naked singles only, the post's rules).
// A node is one descent: one candidate of the branching cell tried on a copy of the board.
EngineInfo propagate_engine_info();

}  // namespace sudokit
