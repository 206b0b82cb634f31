// The option syntax every engine spec shares, NAME:key=value,key=value, read against the
// engine's table of options.
#include "engines/engine_options.h"

#include <algorithm>

namespace sudokit {

namespace {

// "a, b or c".
std::string one_of(std::span<const std::string_view> values) {
    std::string text;
    for (size_t i = 0; i < values.size(); ++i) {
        if (i > 0) text += i + 1 == values.size() ? " or " : ", ";
        text += values[i];
    }
    return text;
}

}  // namespace

std::string engine_options_text(const EngineInfo& info) {
    std::string text;
    for (const EngineOption& option : info.options) {
        if (!text.empty()) text += ", ";
        text += std::string(option.name) + "=";
        if (option.values.empty()) {
            text += option.syntax;
            continue;
        }
        for (size_t i = 0; i < option.values.size(); ++i) {
            if (i > 0) text += '|';
            text += option.values[i];
        }
    }
    return text;
}

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

std::string_view OptionValues::operator[](std::string_view name) const {
    for (size_t i = 0; i < table_.size(); ++i) {
        if (table_[i].name == name) return values_[i];
    }
    return {};
}

bool parse_engine_options(std::string_view engine, std::span<const EngineOption> table,
                          std::string_view text, OptionValues& out, std::string* error) {
    std::string ignored;
    if (error == nullptr) error = &ignored;
    out.table_ = table;
    out.values_.clear();
    for (const EngineOption& option : table) out.values_.push_back(option.default_value);
    OptionList list;
    if (!split_options(text, list, error)) return false;
    for (const auto& [key, value] : list) {
        const std::string_view wanted = key;
        const auto it = std::ranges::find_if(
            table, [&](const EngineOption& option) { return option.name == wanted; });
        if (it == table.end()) {
            *error = "unknown option '" + std::string(key) + "' for engine '" +
                     std::string(engine) + "'";
            std::string accepted;
            for (const EngineOption& option : table)
                accepted += (accepted.empty() ? "" : ", ") + std::string(option.name);
            if (!accepted.empty()) *error += " (accepted: " + accepted + ")";
            return false;
        }
        if (!it->values.empty() && std::ranges::find(it->values, value) == it->values.end()) {
            *error = "engine '" + std::string(engine) + "': " + std::string(key) + " must be " +
                     one_of(it->values) + ", not '" + std::string(value) + "'";
            return false;
        }
        out.values_[static_cast<size_t>(it - table.begin())] = value;
    }
    return true;
}

bool parse_engine_options(const EngineInfo& info, std::string_view text, OptionValues& out,
                          std::string* error) {
    return parse_engine_options(info.name, info.options, text, out, error);
}

}  // namespace detail

}  // namespace sudokit
