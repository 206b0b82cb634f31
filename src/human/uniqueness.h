// The check the uniqueness techniques (unique rectangles and loops, BUG) and the nested chaining
// levels need before they may be offered, on an engine its caller owns.
#pragma once

#include <cstdint>

#include "sudokit/engine.h"
#include "sudokit/human.h"

namespace sudokit {

enum class Uniqueness : uint8_t {
    one,      // exactly one solution
    not_one,  // several or none
    unknown,  // the deadline or the cancel flag cut the search first
};

// Searches for two solutions of `position` on `engine` under the deadline and cancel flag of
// `limits` (its other fields are not used).
Uniqueness check_uniqueness(const CandidateGrid& position, Engine& engine, const Limits& limits);

}  // namespace sudokit
