// The web server's API (serve::handle_request) on request bodies made from the bytes: the first
// byte picks the endpoint (and, rarely, the method), the rest is the body as sent. Whatever the
// body, the answer is one JSON object, never a 5xx; a 4xx is the API's error shape (status
// "invalid", a field, a message); a 200 from an endpoint that reads a puzzle names one. The
// time budget is small so that a body asking for a hard search still ends quickly.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "serve/api.h"
#include "sudokit/json.h"

namespace {

constexpr std::string_view kPaths[] = {
    "/api/parse", "/api/solve",    "/api/count",      "/api/explain", "/api/hint",
    "/api/rate",  "/api/generate", "/api/techniques", "/api/nothing", "/",
};

[[noreturn]] void fail(const char* what, std::string_view path, std::string_view body,
                       const std::string& answer) {
    std::fprintf(stderr, "serve_api: %s\n  path: %.*s\n  body: %.*s\n  answer: %s\n", what,
                 static_cast<int>(path.size()), path.data(),
                 static_cast<int>(body.size() > 2000 ? 2000 : body.size()), body.data(),
                 answer.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const uint8_t pick = data[0];
    const std::string_view path = kPaths[pick % std::size(kPaths)];
    const std::string_view method = (pick & 0x80) != 0 && (pick & 0x40) != 0 ? "GET" : "POST";
    const std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);
    sudokit::serve::ApiOptions options;
    options.max_seconds = 0.05;
    options.max_body_bytes = 16 * 1024;
    const sudokit::serve::ApiResponse r =
        sudokit::serve::handle_request(method, path, body, options);
    if (path == "/" && r.status == 200) return 0;  // the page itself
    if (r.content_type != "application/json") fail("not JSON", path, body, r.body);
    const sudokit::Json j = sudokit::Json::parse(r.body, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        fail("the answer is not a JSON object", path, body, r.body);
    if (r.status >= 500) fail("a 5xx answer", path, body, r.body);
    if (r.status != 200) {
        if (r.status != 400 && r.status != 404 && r.status != 405 && r.status != 413)
            fail("an unexpected status", path, body, r.body);
        if (j.value("status", "") != "invalid" || !j.contains("field") || !j["field"].is_string() ||
            j.value("error", "").empty())
            fail("a 4xx without the error shape", path, body, r.body);
        return 0;
    }
    if (!j.contains("status") && path != "/api/techniques")
        fail("a 200 answer without status", path, body, r.body);
    return 0;
}
