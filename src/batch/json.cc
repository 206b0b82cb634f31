// JSON text that never fails on the bytes of user input.
#include "sudokit/json.h"

namespace sudokit {

std::string json_text(const Json& value) {
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

void append_json_line(std::string& out, const Json& value) {
    out += json_text(value);
    out += '\n';
}

}  // namespace sudokit
