// Helpers shared by the tests (see test_support.h).
#include "test_support.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace sudokit::testing {

std::optional<std::string> data_dir() {
    const char* env = std::getenv("SUDOKIT_DATA_DIR");
    std::string dir = env != nullptr && *env != '\0' ? env : SUDOKIT_DEFAULT_DATA_DIR;
    if (std::filesystem::is_directory(dir)) return dir;
    return std::nullopt;
}

std::optional<std::string> data_file(const std::string& name) {
    auto dir = data_dir();
    if (!dir) return std::nullopt;
    std::string path = *dir + "/" + name;
    if (!std::filesystem::exists(path)) return std::nullopt;
    return path;
}

std::string fixture_path(const std::string& name) {
    return std::string(SUDOKIT_FIXTURES_DIR) + "/" + name;
}

std::vector<std::string> read_lines(const std::string& path, size_t max_lines) {
    std::ifstream in(path);
    EXPECT_TRUE(in.good()) << "cannot open " << path;
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        lines.push_back(line);
        if (max_lines != 0 && lines.size() == max_lines) break;
    }
    return lines;
}

std::vector<Technique> order_below_nested() {
    std::vector<Technique> order;
    for (Technique t : easiest_order()) {
        if (!technique_info(t).nested()) order.push_back(t);
    }
    return order;
}

SolvePath unexplained_path(const std::string& line) {
    HumanOptions options;
    options.explain = false;
    return solve_path(grid_from_line(line), options);
}

Grid grid_from_line(const std::string& line) {
    auto shape = Shape::for_cell_count(static_cast<int>(line.size()));
    if (!shape) {
        ADD_FAILURE() << "test fixture has " << line.size() << " cells: " << line;
        return Grid();
    }
    Grid grid(*shape);
    const bool zero_based = shape->size() == 36;
    for (int i = 0; i < shape->cell_count(); ++i) {
        char c = line[i];
        int d = 0;
        if (c == '.' || (c == '0' && !zero_based)) {
            d = 0;
        } else if (c >= '0' && c <= '9') {
            d = c - '0' + (zero_based ? 1 : 0);
        } else if (c >= 'A' && c <= 'Z') {
            d = c - 'A' + 10 + (zero_based ? 1 : 0);
        } else if (c >= 'a' && c <= 'z') {
            d = c - 'a' + 10 + (zero_based ? 1 : 0);
        } else {
            ADD_FAILURE() << "bad fixture symbol '" << c << "' in " << line;
        }
        grid.set(i, d);
    }
    return grid;
}

std::string grid_to_line(const Grid& grid) {
    const bool zero_based = grid.size() == 36;
    std::string out;
    for (int i = 0; i < grid.cell_count(); ++i) {
        int d = grid[i];
        if (d == 0) {
            out += '.';
            continue;
        }
        int v = zero_based ? d - 1 : d;
        out += static_cast<char>(v < 10 ? '0' + v : 'A' + v - 10);
    }
    return out;
}

TempDir::TempDir(std::string_view tag) {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("sudokit_" + std::string(tag) + "_" + std::to_string(::getpid()) + "_" +
             std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
    std::error_code ignored;  // a destructor must not throw; a leftover folder is harmless
    std::filesystem::remove_all(path_, ignored);
}

bool in_ci() {
    const char* ci = std::getenv("CI");
    return ci != nullptr && std::string_view(ci) == "true";
}

}  // namespace sudokit::testing
