// JSON values of the library (nlohmann::ordered_json: fields keep the order they were set in)
// and their one-line text. Input text can hold any bytes (a Latin-1 comment, a file name), so
// the text never fails: bytes that are not UTF-8 become U+FFFD.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace sudokit {

using Json = nlohmann::ordered_json;

// The value on one line (no newline), invalid UTF-8 replaced; never throws.
std::string json_text(const Json& value);
// Appends json_text(value) and '\n'.
void append_json_line(std::string& out, const Json& value);

}  // namespace sudokit
