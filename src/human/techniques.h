// The finders named in techniques.def, and the table that maps a Technique to its finder.
// A finder is pure: it reads the grid, hands each step to the sink and never builds strings.
#pragma once

#include "human/step_sink.h"
#include "sudokit/human.h"

namespace sudokit {

using Finder = void (*)(const CandidateGrid&, StepSink&);

#define SUDOKIT_TECHNIQUE(id, name, code, rating, finder) \
    void finder(const CandidateGrid& grid, StepSink& sink);
#include "sudokit/techniques.def"
#undef SUDOKIT_TECHNIQUE

Finder finder_of(Technique technique);

}  // namespace sudokit
