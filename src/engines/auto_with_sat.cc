#include "engines/auto_with_sat.h"

#include <charconv>
#include <string>

#include "engines/auto/auto_engine.h"
#include "engines/engine_options.h"
#include "engines/sat/sat.h"

namespace sudokit {

namespace {

// The `large` nodes before `sat` takes over, by default: docs/results/large-grids.md,
// "`auto`: `large`, then `sat`".
constexpr std::string_view kDefaultSatAfter = "5000";

constexpr EngineOption kAutoOptions[] = {
    {.name = "sat-after",
     .values = {},
     .syntax = "<nodes>|off",
     .default_value = kDefaultSatAfter,
     .help = "from 25x25 up, a count to at most 2 that large has not settled within this many "
             "nodes goes on in sat"},
};

std::unique_ptr<Engine> make_sat() { return sat_engine_info().make("", nullptr); }

// The `sat-after` value: a whole number of nodes from 1 up, or off (0).
bool parse_sat_after(std::string_view text, uint64_t& out, std::string* error) {
    if (text == "off") {
        out = 0;
        return true;
    }
    uint64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, problem] = std::from_chars(text.data(), end, value);
    if (problem == std::errc() && stop == end && value > 0) {
        out = value;
        return true;
    }
    if (error != nullptr) {
        *error =
            "engine 'auto': sat-after must be a whole number of nodes from 1 up or off, not '" +
            std::string(text) + "'";
    }
    return false;
}

}  // namespace

EngineInfo auto_engine_info() {
    return EngineInfo{
        .name = "auto",
        .description =
            "the best engine for the shape: fast for 9x9, large from 16x16 (sat on hard "
            "25x25 and up), else propagate",
        .sizes = "all",
        .options = kAutoOptions,
        .supports = [](Shape s) { return s.valid(); },
        .make = [](std::string_view options, std::string* error) -> std::unique_ptr<Engine> {
            detail::OptionValues values;
            if (!detail::parse_engine_options("auto", kAutoOptions, options, values, error))
                return nullptr;
            uint64_t sat_after = 0;
            if (!parse_sat_after(values["sat-after"], sat_after, error)) return nullptr;
            if (sat_after == 0) return make_auto_engine();
            return make_auto_engine(sat_after, make_sat);
        },
    };
}

}  // namespace sudokit
