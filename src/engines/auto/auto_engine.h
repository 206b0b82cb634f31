// `auto`: the best engine for the shape (the CLI's default).
#pragma once

#include <memory>

#include "sudokit/engine.h"

namespace sudokit {

EngineInfo auto_engine_info();

// The `auto` engine itself, for the layers below the registry (the human solver's uniqueness
// check, the rating, explain's diagnosis): make_engine(default_engine_spec()) gives the same.
std::unique_ptr<Engine> make_auto_engine();

}  // namespace sudokit
