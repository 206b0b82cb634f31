// The tables a front end lists, as JSON values: the engines with their options, and the
// techniques with the named orders. `sudokit engines/techniques --format json` print them and
// Python's engines()/techniques() return them, so both list the same fields.
#pragma once

#include "sudokit/json.h"

namespace sudokit {

// [{name, description, sizes, options: [{name, values (null for text), syntax, default, help}],
// options_text ("stack=prealloc|alloc, hidden=on|off"), logic_only}], in all_engines()'s order.
Json engines_json();

// {techniques: [{code, name, rating, thesis (place in the thesis's order, null when not in it),
// assumes_uniqueness, direct, nested}], orders: {easiest, thesis, sb, se}}.
Json techniques_json();

}  // namespace sudokit
