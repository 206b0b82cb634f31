// "1 cell", "81 cells": a count with its noun, for every message and report of the library, so
// that none says "1 cells".
#pragma once

#include <string>
#include <string_view>

namespace sudokit::detail {

// The count, a space and the noun, with an 's' unless the count is 1. For regular nouns only
// ("cell", "placement", "timed run").
inline std::string count_text(unsigned long long count, std::string_view noun) {
    std::string out = std::to_string(count);
    out += ' ';
    out += noun;
    if (count != 1) out += 's';
    return out;
}

}  // namespace sudokit::detail
