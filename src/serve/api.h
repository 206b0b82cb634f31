// The web server's API as a pure function: (method, path, body) in, (status, content type, body)
// out, over the library's calls and their JSON values (docs/api.md). The HTTP server
// (`sudokit serve`) only moves bytes to and from it, so the tests and the fuzz target call it
// directly. It never throws and never blocks past its time budget: a bad request is a 4xx with
// a JSON error naming the field, a search that runs out of time answers "timeout".
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <string_view>

#include "sudokit/option_error.h"

namespace sudokit::serve {

struct ApiOptions {
    // Larger request bodies are refused with 413 before they are parsed.
    size_t max_body_bytes = 256 * 1024;
    // The time budget of one request (seconds): a request may ask for less ("timeout"), never
    // for more. Explain, hint, rate, generate, solve and count stop at it.
    double max_seconds = 10;
    // Set to stop every running request (the server's shutdown): they end "interrupted".
    const std::atomic<bool>* cancel = nullptr;
};
// The first option that cannot work: "max_body_bytes", "max_seconds".
OptionCheck check_api_options(const ApiOptions& options);

struct ApiResponse {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
};

// The JSON body of every error answer: {"status": "invalid", "field", "error"}, the field ""
// when the problem is not one field's.
std::string error_body(std::string_view field, std::string_view message);

// Answers one request. `path` may carry a query string, which is ignored. GET of "/" and of the
// page's assets answers the embedded files; the API is under "/api/".
ApiResponse handle_request(std::string_view method, std::string_view path, std::string_view body,
                           const ApiOptions& options);

}  // namespace sudokit::serve
