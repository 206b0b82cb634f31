// Routing, the body limit and the one place errors become answers: a BadRequest is its 4xx with
// the JSON error, anything else (which would be a defect) a 500 with the same shape, so no
// request can take the server down.
#include "serve/api.h"

#include <fmt/format.h>

#include <new>

#include "serve/assets.h"
#include "serve/endpoints.h"
#include "serve/request.h"

namespace sudokit::serve {

namespace {

ApiResponse json_answer(int status, std::string body) {
    return ApiResponse{status, "application/json", std::move(body)};
}

ApiResponse error_answer(int status, std::string_view field, std::string_view message) {
    return json_answer(status, error_body(field, message));
}

using Endpoint = std::string (*)(std::string_view body, const ApiOptions& options);
struct Route {
    std::string_view path;
    Endpoint endpoint;
};
constexpr Route kPostRoutes[] = {
    {"/api/parse", parse_endpoint},       {"/api/solve", solve_endpoint},
    {"/api/count", count_endpoint},       {"/api/explain", explain_endpoint},
    {"/api/hint", hint_endpoint},         {"/api/rate", rate_endpoint},
    {"/api/generate", generate_endpoint},
};

ApiResponse answer(std::string_view method, std::string_view path, std::string_view body,
                   const ApiOptions& options) {
    if (path.starts_with("/api/")) {
        if (path == "/api/techniques") {
            if (method != "GET") return error_answer(405, "method", "use GET for /api/techniques");
            return json_answer(200, techniques_endpoint());
        }
        for (const Route& route : kPostRoutes) {
            if (path != route.path) continue;
            if (method != "POST") {
                return error_answer(405, "method",
                                    fmt::format("use POST with a JSON body for {}", path));
            }
            if (body.size() > options.max_body_bytes) {
                return error_answer(413, "body",
                                    fmt::format("body: {} bytes, more than the limit of {}",
                                                body.size(), options.max_body_bytes));
            }
            return json_answer(200, route.endpoint(body, options));
        }
        return error_answer(404, "path", fmt::format("no endpoint {} (see docs/api.md)", path));
    }
    if (method != "GET" && method != "HEAD") {
        return error_answer(405, "method", "the page's files are read with GET");
    }
    const std::string_view file = path == "/" ? std::string_view("/index.html") : path;
    for (const Asset& asset : web_assets()) {
        if (asset.path == file) {
            return ApiResponse{200, std::string(asset.content_type), std::string(asset.data)};
        }
    }
    return error_answer(404, "path", fmt::format("no file {}", path));
}

}  // namespace

OptionCheck check_api_options(const ApiOptions& options) {
    if (options.max_body_bytes == 0) return OptionError{"max_body_bytes", "must be more than 0"};
    if (!(options.max_seconds > 0) || options.max_seconds > 86400) {
        return OptionError{"max_seconds", "must be more than 0 and at most a day (86400)"};
    }
    return std::nullopt;
}

ApiResponse handle_request(std::string_view method, std::string_view path, std::string_view body,
                           const ApiOptions& options) {
    if (const size_t query = path.find('?'); query != std::string_view::npos)
        path = path.substr(0, query);
    try {
        return answer(method, path, body, options);
    } catch (const BadRequest& e) {
        return error_answer(e.status, e.field, e.what());
    } catch (const std::bad_alloc&) {
        return error_answer(503, "body", "out of memory for this request");
    } catch (const std::exception& e) {
        return error_answer(500, "", std::string("internal error: ") + e.what());
    }
}

}  // namespace sudokit::serve
