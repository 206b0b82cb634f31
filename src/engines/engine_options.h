// Splits the options text of an engine spec ("key=value,key=value") for the engines' factories.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sudokit::detail {

using OptionList = std::vector<std::pair<std::string_view, std::string_view>>;

// False (with *error set) when an item has no '='.
bool split_options(std::string_view text, OptionList& out, std::string* error);

// Sets *error to "unknown option 'key' for engine 'name' (accepted: ...)" and returns false.
bool unknown_option(std::string_view engine, std::string_view key, std::string_view accepted,
                    std::string* error);

// For engines without options: true when `options` is empty, else false with *error set.
bool accepts_no_options(std::string_view engine, std::string_view options, std::string* error);

}  // namespace sudokit::detail
