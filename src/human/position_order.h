// The order of the positions on one solving path: a step only removes candidates and places
// values, so a later position lacks nothing an earlier one lacked. Results that hold for a
// position carry over to the positions that follow from it (the nested chains' memo, the
// aligned exclusions' scan).
#pragma once

#include "sudokit/human.h"

namespace sudokit::detail {

// Whether `later` can follow from `earlier` on a solving path: the same shape, every value
// `earlier` placed still placed, and no candidate `earlier` lacks.
bool follows_from(const CandidateGrid& later, const CandidateGrid& earlier);

}  // namespace sudokit::detail
