// `human`: the thesis's strategy-based solver (SB) - techniques only, never a guess; reports
// Stop::stuck with the partial grid when no technique applies.
#pragma once

#include "sudokit/engine.h"

namespace sudokit {

EngineInfo human_engine_info();

}  // namespace sudokit
