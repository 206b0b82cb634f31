// The one list of engines, and its JSON (each engine with its table of options). Adding an
// engine: one folder under src/engines/ and one line here.
#include <array>

#include "engines/auto_with_sat.h"
#include "engines/backtrack/backtrack.h"
#include "engines/dlx/dlx.h"
#include "engines/engine_options.h"
#include "engines/fast/fast.h"
#include "engines/heuristic/heuristic.h"
#include "engines/human/human_engine.h"
#include "engines/large/large.h"
#include "engines/propagate/propagate.h"
#include "engines/sat/sat.h"
#include "sudokit/engine.h"
#include "sudokit/json.h"

namespace sudokit {

namespace {
// The order of `sudokit engines`: the thesis's brute force first, then the seed engines, the
// human solver, the 9x9 speed engine, the SAT reference, and `auto` last.
const std::array kEngines = {
    // clang-format off
    backtrack_engine_info(),
    dlx_engine_info(),
    propagate_engine_info(),
    heuristic_engine_info(),
    human_engine_info(),
    fast_engine_info(),
    large_engine_info(),
    sat_engine_info(),
    auto_engine_info(),
    // clang-format on
};
}  // namespace

std::span<const EngineInfo> all_engines() { return kEngines; }

const EngineInfo* find_engine(std::string_view name) {
    for (const EngineInfo& info : kEngines) {
        if (info.name == name) return &info;
    }
    return nullptr;
}

std::unique_ptr<Engine> make_engine(std::string_view spec, std::string* error) {
    std::string ignored;
    if (error == nullptr) error = &ignored;
    size_t colon = spec.find(':');
    std::string_view name = spec.substr(0, colon);
    std::string_view options = colon == std::string_view::npos ? "" : spec.substr(colon + 1);
    const EngineInfo* info = find_engine(name);
    if (info == nullptr) {
        std::string known;
        for (const EngineInfo& e : kEngines)
            known += (known.empty() ? "" : ", ") + std::string(e.name);
        *error = "unknown engine '" + std::string(name) + "' (known: " + known + ")";
        return nullptr;
    }
    return info->make(options, error);
}

Json engines_json() {
    Json engines = Json::array();
    for (const EngineInfo& info : all_engines()) {
        Json options = Json::array();
        for (const EngineOption& option : info.options) {
            Json values = nullptr;
            if (!option.values.empty()) {
                values = Json::array();
                for (std::string_view v : option.values) values.push_back(v);
            }
            options.push_back(Json{{"name", option.name},
                                   {"values", std::move(values)},
                                   {"syntax", option.syntax},
                                   {"default", option.default_value},
                                   {"help", option.help}});
        }
        engines.push_back(Json{{"name", info.name},
                               {"description", info.description},
                               {"sizes", info.sizes},
                               {"options", std::move(options)},
                               {"options_text", engine_options_text(info)},
                               {"logic_only", info.logic_only}});
    }
    return engines;
}

}  // namespace sudokit
