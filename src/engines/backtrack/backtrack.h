// `backtrack`: the thesis's brute force (TS) - first empty cell in row-major order, digits
// ascending, house bitsets to test a digit. Every shape.
#pragma once

#include "sudokit/engine.h"

namespace sudokit {

EngineInfo backtrack_engine_info();

}  // namespace sudokit
