// The registry's `auto` (make_engine("auto"), the CLI's default): the engines layer's `auto`
// with `sat` taking over long counts from 25x25 up (option `sat-after`). It sits in the registry
// layer because only the registry reaches `sat` (CaDiCaL).
#pragma once

#include "sudokit/engine.h"

namespace sudokit {

EngineInfo auto_engine_info();

}  // namespace sudokit
