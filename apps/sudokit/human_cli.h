// What explain and hint share: the --order, --mode and --format text|json options (the work
// itself is the library's: include/sudokit/explain.h).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

#include "sudokit/human.h"

namespace sudokit::cli {

enum class TextFormat { text, json };

// --order ORDER, checked with parse_order (a bad name is a usage error); default "easiest".
void add_order_option(CLI::App& command, std::string& order);
// The flag of a field of ExplainBatchOptions or HintBatchOptions, for the library's option
// errors: "timeout_seconds" is --timeout.
std::string human_flag_of(std::string_view field);
// --mode first|stepdown|focus.
void add_mode_option(CLI::App& command, SearchMode& mode);
// --format text|json.
void add_text_format_option(CLI::App& command, TextFormat& format);

}  // namespace sudokit::cli
