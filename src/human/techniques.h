// The finders and renderers named in techniques.def, and the table that maps a Technique to
// them. A finder is pure: it reads the grid, hands each step to the sink and never builds
// strings. A renderer writes one step's text in community notation (step_text).
#pragma once

#include <string>

#include "human/step_sink.h"
#include "human/step_writer.h"
#include "sudokit/human.h"

namespace sudokit {

using Finder = void (*)(const CandidateGrid&, StepSink&);
using Renderer = std::string (*)(const Step&, const StepWriter&);

// Declares each finder and renderer once, however many rows share it.
#define SUDOKIT_TECHNIQUE(id, name, code, rating, se, level, finder, renderer, hint, flags) \
    void finder(const CandidateGrid& grid, StepSink& sink);                                 \
    std::string renderer(const Step& step, const StepWriter& writer);
#include "sudokit/techniques.def"
#undef SUDOKIT_TECHNIQUE

Finder finder_of(Technique technique);
Renderer renderer_of(Technique technique);

// The name solvers teach a Turbot Fish step's shape by: "Skyscraper", "2-String Kite", or ""
// for any other step (the step's text and its hint add it to the technique's name).
std::string turbot_fish_shape(const Step& step, const Topology& topo);

}  // namespace sudokit
