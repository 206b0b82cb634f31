// The engine list as JSON, from the registry and each engine's table of options.
#include "sudokit/catalog.h"
#include "sudokit/engine.h"

namespace sudokit {

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
