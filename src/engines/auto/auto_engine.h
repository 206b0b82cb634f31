// `auto`: the best engine for the shape (the CLI's default).
#pragma once

#include "sudokit/engine.h"

namespace sudokit {

EngineInfo auto_engine_info();

}  // namespace sudokit
