// Helpers shared by the tests: where the data sets are, reading fixture and data files.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/engine.h"
#include "sudokit/grid.h"
#include "sudokit/human.h"

namespace sudokit::testing {

// ../shared/data (or $SUDOKIT_DATA_DIR) when it exists.
std::optional<std::string> data_dir();
// Path of a data file, or nullopt when the data sets are absent.
std::optional<std::string> data_file(const std::string& name);
// The project's own fixture folder (tests/fixtures).
std::string fixture_path(const std::string& name);
// Non-blank lines not starting with '#', at most max_lines (0: all), CR stripped.
std::vector<std::string> read_lines(const std::string& path, size_t max_lines = 0);
// A single-line puzzle in the default alphabet for its cell count (test helper; aborts the
// test on malformed text, which is a bug in the test, not in the input under test).
Grid grid_from_line(const std::string& line);
// SE's 10.4 puzzle of the public SE-rated set: nine steps of the nested chaining levels on its
// rated path.
inline constexpr const char* kSe104Puzzle =
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........";
// The rated path of a single-line puzzle, without explanations.
SolvePath unexplained_path(const std::string& line);
// The easiest order without the nested chaining levels: where the SE 10.4 puzzle of the tests
// gets stuck (every other technique misses there).
std::vector<Technique> order_below_nested();
std::string grid_to_line(const Grid& grid);
// Limits that count to `n` solutions, with no other limit.
inline Limits count_to(uint32_t n) {
    Limits limits;
    limits.max_solutions = n;
    return limits;
}

// A fresh, empty folder under the system temp dir, unique to this process and object
// ("sudokit_<tag>_<pid>_<n>"), removed with everything in it when the object goes.
class TempDir {
  public:
    explicit TempDir(std::string_view tag);
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(std::string_view name) const { return path_ / name; }

  private:
    std::filesystem::path path_;
};

// True in CI (CI=true): there a data-driven test must run, so missing data is a failure.
bool in_ci();

}  // namespace sudokit::testing

// Skips the current test with a clear message when the shared data sets are absent; in CI
// (CI=true) fails it instead, so that a CI machine without the data cannot pass silently.
#define SUDOKIT_REQUIRE_DATA(var, name)                                                         \
    auto var##_opt = ::sudokit::testing::data_file(name);                                       \
    if (!var##_opt && ::sudokit::testing::in_ci())                                              \
        FAIL() << "data set " << (name)                                                         \
               << " not found (../shared/data or $SUDOKIT_DATA_DIR), and CI=true: data-driven " \
                  "tests must run in CI";                                                       \
    if (!var##_opt)                                                                             \
        GTEST_SKIP() << "data set " << (name)                                                   \
                     << " not found (../shared/data or $SUDOKIT_DATA_DIR): skipped";            \
    const std::string var = *var##_opt
