#include "serve/request.h"

#include <fmt/format.h>

#include <cmath>

#include "sudokit/status_words.h"

namespace sudokit::serve {

namespace {

const char* type_name(const Json& value) {
    if (value.is_null()) return "null";
    if (value.is_boolean()) return "a boolean";
    if (value.is_number()) return "a number";
    if (value.is_string()) return "a string";
    if (value.is_array()) return "an array";
    return "an object";
}

[[noreturn]] void wrong_type(std::string_view key, const Json& value, std::string_view wanted) {
    throw BadRequest(400, std::string(key),
                     fmt::format("{}: expected {}, got {}", key, wanted, type_name(value)));
}

const Json& null_json() {
    static const Json null;
    return null;
}

}  // namespace

std::string error_body(std::string_view field, std::string_view message) {
    Json j;
    j["status"] = status_word(StatusWord::invalid);
    j["field"] = field;
    j["error"] = message;
    return json_text(j);
}

void throw_option_error(const OptionError& error) {
    throw BadRequest(400, error.field, option_error_text(error));
}

Request::Request(std::string_view body, std::initializer_list<std::string_view> allowed) {
    if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        json_ = Json::object();
        return;
    }
    json_ = Json::parse(body.begin(), body.end(), nullptr, /*allow_exceptions=*/false);
    if (json_.is_discarded()) throw BadRequest(400, "body", "body: not valid JSON");
    if (!json_.is_object()) wrong_type("body", json_, "a JSON object");
    for (const auto& [key, value] : json_.items()) {
        bool known = false;
        for (std::string_view name : allowed) known = known || key == name;
        if (!known) {
            std::string names;
            for (std::string_view name : allowed)
                names += (names.empty() ? "" : ", ") + std::string(name);
            throw BadRequest(400, key,
                             fmt::format("{}: unknown field (this endpoint reads: {})",
                                         json_text(Json(key)), names));
        }
    }
}

bool Request::has(std::string_view key) const {
    auto it = json_.find(key);
    return it != json_.end() && !it->is_null();
}

const Json& Request::value(std::string_view key) const {
    auto it = json_.find(key);
    return it == json_.end() ? null_json() : *it;
}

std::optional<std::string> Request::text(std::string_view key, size_t max_bytes) const {
    const Json& v = value(key);
    if (v.is_null()) return std::nullopt;
    if (!v.is_string()) wrong_type(key, v, "a string");
    const std::string& s = v.get_ref<const std::string&>();
    if (s.size() > max_bytes) {
        throw BadRequest(400, std::string(key),
                         fmt::format("{}: {} bytes, more than the {} a value of it can need", key,
                                     s.size(), max_bytes));
    }
    return s;
}

std::string Request::required_text(std::string_view key, size_t max_bytes) const {
    std::optional<std::string> s = text(key, max_bytes);
    if (!s) throw BadRequest(400, std::string(key), fmt::format("{}: missing", key));
    return *s;
}

std::optional<double> Request::number(std::string_view key) const {
    const Json& v = value(key);
    if (v.is_null()) return std::nullopt;
    if (!v.is_number()) wrong_type(key, v, "a number");
    return v.get<double>();
}

std::optional<long long> Request::whole(std::string_view key, long long min, long long max) const {
    const Json& v = value(key);
    if (v.is_null()) return std::nullopt;
    if (!v.is_number()) wrong_type(key, v, "a whole number");
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (d != std::floor(d)) wrong_type(key, v, "a whole number");
    }
    // Compared as doubles: a float, a negative and an unsigned 64-bit number alike, and every
    // bound the endpoints use is exact in a double.
    const double d = v.get<double>();
    if (d < static_cast<double>(min) || d > static_cast<double>(max)) {
        throw BadRequest(400, std::string(key),
                         fmt::format("{}: must be from {} to {}", key, min, max));
    }
    return static_cast<long long>(d);
}

std::optional<bool> Request::flag(std::string_view key) const {
    const Json& v = value(key);
    if (v.is_null()) return std::nullopt;
    if (!v.is_boolean()) wrong_type(key, v, "true or false");
    return v.get<bool>();
}

Puzzle Request::puzzle() const {
    ParseOptions options;
    if (std::optional<std::string> size = text("size", 16)) {
        options.shape = Shape::parse(*size);
        if (!options.shape) {
            throw BadRequest(
                400, "size",
                fmt::format("size: '{}' is not a box shape RxC (e.g. 3x3, 4x4)", *size));
        }
    }
    if (std::optional<std::string> alphabet = text("alphabet", 16)) {
        std::optional<Alphabet> a = parse_alphabet(*alphabet);
        if (!a) {
            throw BadRequest(
                400, "alphabet",
                fmt::format("alphabet: '{}' is not auto, standard, hex or numeric", *alphabet));
        }
        options.alphabet = *a;
    }
    // The longest line a puzzle file may have holds any puzzle (the 36x36 pencil-mark grid with
    // its borders is under half of it); more cannot be one.
    Parsed<Puzzle> parsed = parse_puzzle(required_text("puzzle", kMaxLineLength), options);
    if (!parsed.ok()) throw BadRequest(400, "puzzle", "puzzle: " + parsed.error().message());
    return std::move(parsed.value());
}

double Request::seconds(double max_seconds) const {
    std::optional<double> t = number("timeout");
    if (!t) return max_seconds;
    if (!(*t > 0)) throw BadRequest(400, "timeout", "timeout: must be more than 0 seconds");
    return std::min(*t, max_seconds);
}

}  // namespace sudokit::serve
