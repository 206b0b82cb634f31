// Writing an option error with the names of the front end that reports it.
#include "sudokit/option_error.h"

namespace sudokit {

std::string option_error_text(const OptionError& error, OptionNamer name) {
    auto named = [&](const std::string& field) { return name ? name(field) : field; };
    std::string reason = error.reason;
    const size_t at = reason.find("{}");
    if (at != std::string::npos) {
        reason.replace(at, 2, named(error.related));
    } else if (!error.related.empty()) {
        // Two options that do not go together: "--ep-only and --ed-only: choose one".
        return named(error.field) + " and " + named(error.related) + ": " + reason;
    }
    return named(error.field) + ": " + reason;
}

}  // namespace sudokit
