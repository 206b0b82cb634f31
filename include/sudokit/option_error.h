// A problem with an option a caller handed the library: which field, and why. The reason names
// no front end's spelling of the field, so each front end writes the field its own way (the
// CLI its flags, "--clues"; Python its arguments, "clues").
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sudokit {

struct OptionError {
    // The library's name of the option: "min_clues", "max_er", "timeout_seconds".
    std::string field{};
    // Why it cannot work: "a 9x9 grid has 81 cells"; "{}" stands for `related` when it names it.
    std::string reason{};
    // Another field the reason names, or the one `field` conflicts with; "" when none.
    std::string related{};

    bool operator==(const OptionError&) const = default;
};

// Maps a library field name to the name a user knows it by.
using OptionNamer = std::string (*)(std::string_view field);

// "NAME: reason", the field and the related field written by `name` ("--clues: a 9x9 grid has 81
// cells"); "NAME and RELATED: reason" when the reason does not name the related field ("--ep-only
// and --ed-only: choose one"). Without a namer, the library's own field names.
std::string option_error_text(const OptionError& error, OptionNamer name = nullptr);

// The result of a check: nothing, or the first problem found.
using OptionCheck = std::optional<OptionError>;

}  // namespace sudokit
