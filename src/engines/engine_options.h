// Reads the options text of an engine spec ("key=value,key=value") against the engine's table
// of options (EngineOption), for the engines' factories.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudokit/engine.h"

namespace sudokit::detail {

using OptionList = std::vector<std::pair<std::string_view, std::string_view>>;

// False (with *error set) when an item has no '='.
bool split_options(std::string_view text, OptionList& out, std::string* error);

// The value of each option of `table`, in the table's order: the one given, else its default.
class OptionValues {
  public:
    std::string_view operator[](std::string_view name) const;

  private:
    friend bool parse_engine_options(std::string_view, std::span<const EngineOption>,
                                     std::string_view, OptionValues&, std::string*);
    std::span<const EngineOption> table_;
    std::vector<std::string_view> values_;
};

// Reads `text` for the engine `engine` with options `table`. False with *error set (error may be
// null) on an item without '=': "engine option 'x' needs the form key=value"; on a key not in
// the table: "unknown option 'key' for engine 'name' (accepted: a, b)"; on a value not among
// an option's values: "engine 'name': key must be a, b or c, not 'value'".
bool parse_engine_options(std::string_view engine, std::span<const EngineOption> table,
                          std::string_view text, OptionValues& out, std::string* error);

// The engine's options from `text`, by its table (see above); error may be null.
bool parse_engine_options(const EngineInfo& info, std::string_view text, OptionValues& out,
                          std::string* error);

}  // namespace sudokit::detail
