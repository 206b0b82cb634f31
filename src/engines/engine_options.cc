// The option syntax every engine spec shares: NAME:key=value,key=value.
#include "engines/engine_options.h"

namespace sudokit {

namespace detail {

bool split_options(std::string_view text, OptionList& out, std::string* error) {
    out.clear();
    while (!text.empty()) {
        size_t comma = text.find(',');
        std::string_view item = text.substr(0, comma);
        text = comma == std::string_view::npos ? "" : text.substr(comma + 1);
        if (item.empty()) continue;
        size_t eq = item.find('=');
        if (eq == std::string_view::npos) {
            *error = "engine option '" + std::string(item) + "' needs the form key=value";
            return false;
        }
        out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    }
    return true;
}

bool unknown_option(std::string_view engine, std::string_view key, std::string_view accepted,
                    std::string* error) {
    *error = "unknown option '" + std::string(key) + "' for engine '" + std::string(engine) + "'";
    if (!accepted.empty()) *error += " (accepted: " + std::string(accepted) + ")";
    return false;
}

bool accepts_no_options(std::string_view engine, std::string_view options, std::string* error) {
    OptionList list;
    if (!split_options(options, list, error)) return false;
    if (list.empty()) return true;
    return unknown_option(engine, list.front().first, "", error);
}

}  // namespace detail

}  // namespace sudokit
