// `auto`: the best engine for the shape (the CLI's default).
#pragma once

#include <cstdint>
#include <memory>

#include "sudokit/engine.h"

namespace sudokit {

// Makes the engine that takes over a long count from `large` (the registry passes `sat`'s).
using EngineMaker = std::unique_ptr<Engine> (*)();

// The `auto` engine of the layers below the registry (the human solver's uniqueness check,
// explain's diagnosis): `fast` for 9x9, `large` from 16 digits up, `propagate` for the
// other shapes. make_engine("auto") is this with `sat` taking over long counts (below).
std::unique_ptr<Engine> make_auto_engine();

// The same, and from 25 digits up a count to at most 2 (no node budget given) that `large` has
// not settled within `take_over_after` nodes goes on in the engine `take_over` makes, afresh;
// its result is returned with both searches' stats added.
std::unique_ptr<Engine> make_auto_engine(uint64_t take_over_after, EngineMaker take_over);

}  // namespace sudokit
