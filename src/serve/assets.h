// The web page's files (web/), embedded in the binary at build time by cmake/embed_files.cmake,
// which writes web_assets.cc in the build folder.
#pragma once

#include <span>
#include <string_view>

namespace sudokit::serve {

struct Asset {
    std::string_view path;          // "/index.html", "/app.js"
    std::string_view content_type;  // "text/html; charset=utf-8"
    std::string_view data;
};
std::span<const Asset> web_assets();

}  // namespace sudokit::serve
