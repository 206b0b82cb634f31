// The API's endpoints, one function each from the request body to the JSON answer (a 200 body);
// a bad request throws BadRequest (request.h).
#pragma once

#include <string>
#include <string_view>

#include "serve/api.h"

namespace sudokit::serve {

std::string parse_endpoint(std::string_view body, const ApiOptions& options);
std::string solve_endpoint(std::string_view body, const ApiOptions& options);
std::string count_endpoint(std::string_view body, const ApiOptions& options);
std::string explain_endpoint(std::string_view body, const ApiOptions& options);
std::string hint_endpoint(std::string_view body, const ApiOptions& options);
std::string rate_endpoint(std::string_view body, const ApiOptions& options);
std::string generate_endpoint(std::string_view body, const ApiOptions& options);
std::string techniques_endpoint();

}  // namespace sudokit::serve
