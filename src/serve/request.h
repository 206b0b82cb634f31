// Reading a request body: a JSON object whose fields are checked one by one, the first problem
// thrown as a BadRequest naming the field (caught by handle_request, never beyond it).
#pragma once

#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "serve/api.h"
#include "sudokit/io.h"
#include "sudokit/json.h"
#include "sudokit/option_error.h"

namespace sudokit::serve {

struct BadRequest : std::runtime_error {
    BadRequest(int status_code, std::string field_name, const std::string& message)
        : std::runtime_error(message), status(status_code), field(std::move(field_name)) {}
    int status;
    std::string field;
};

// Throws a 400 for the library's option check, naming its field.
void throw_option_error(const OptionError& error);

class Request {
  public:
    // Parses `body` (empty: {}); throws unless it is one JSON object whose keys are all in
    // `allowed`.
    Request(std::string_view body, std::initializer_list<std::string_view> allowed);

    bool has(std::string_view key) const;
    std::optional<std::string> text(std::string_view key, size_t max_bytes) const;
    std::string required_text(std::string_view key, size_t max_bytes) const;
    std::optional<double> number(std::string_view key) const;
    // A whole number in [min, max].
    std::optional<long long> whole(std::string_view key, long long min, long long max) const;
    std::optional<bool> flag(std::string_view key) const;
    // The raw value (null when absent), for fields of their own shape.
    const Json& value(std::string_view key) const;

    // "puzzle" (any format the CLI reads), with "size" (box shape RxC) and "alphabet".
    Puzzle puzzle() const;
    // The request's time budget: "timeout" (seconds, > 0) capped at `max_seconds`.
    double seconds(double max_seconds) const;

  private:
    Json json_;
};

}  // namespace sudokit::serve
