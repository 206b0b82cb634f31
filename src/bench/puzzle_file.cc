// The bench lab's reader of rated puzzle files: one single-line puzzle per line, its rating from a
// CSV column `er` or a Sudoku Explainer `ED=er/ep/ed` field. Other formats are io.h's business.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/count_text.h"
#include "sudokit/batch.h"
#include "sudokit/bench.h"
#include "sudokit/rate.h"

namespace sudokit {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split_csv(std::string_view line) {
    std::vector<std::string_view> fields;
    while (true) {
        const size_t comma = line.find(',');
        fields.push_back(trim(line.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        line.remove_prefix(comma + 1);
    }
    return fields;
}

std::optional<double> parse_number(std::string_view text) {
    text = trim(text);
    double value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || text.empty()) return std::nullopt;
    return value;
}

// Digit of a symbol in the default alphabet of side n (0 empty, -1 not a symbol of n).
int digit_of(char c, int n) {
    const bool zero_based = n == 36;  // 1-9A-Z has only 35 symbols
    if (c == '.' || (c == '0' && !zero_based)) return 0;
    int v = -1;
    if (c >= '0' && c <= '9') v = c - '0';
    if (c >= 'A' && c <= 'Z') v = c - 'A' + 10;
    if (c >= 'a' && c <= 'z') v = c - 'a' + 10;
    if (v < 0) return -1;
    const int d = zero_based ? v + 1 : v;
    return d <= n ? d : -1;
}

}  // namespace

std::optional<double> parse_ed_rating(std::string_view line) {
    const size_t at = line.find("ED=");
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view rest = line.substr(at + 3);
    size_t end = 0;
    while (end < rest.size() &&
           (std::isdigit(static_cast<unsigned char>(rest[end])) || rest[end] == '.'))
        ++end;
    return parse_number(rest.substr(0, end));
}

BenchSet read_bench_set(std::string_view text, std::string name, const BenchReadOptions& options) {
    BenchSet set;
    set.name = std::move(name);
    std::optional<size_t> er_column;
    bool first_content = true;
    int number = 0;
    while (!text.empty() && (options.limit == 0 || set.puzzles.size() < options.limit)) {
        const size_t eol = text.find('\n');
        std::string_view line = trim(text.substr(0, eol));
        text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
        ++number;
        if (line.empty() || line.front() == '#') continue;
        const bool header_candidate = first_content;
        first_content = false;
        if (header_candidate) {
            auto fields = split_csv(line);
            if (fields.front() == "puzzle") {
                for (size_t i = 1; i < fields.size(); ++i)
                    if (fields[i] == "er") er_column = i;
                continue;
            }
        }

        const size_t cut = line.find_first_of(",; \t");
        const std::string_view cells = line.substr(0, cut);
        const auto shape =
            options.shape ? options.shape : Shape::for_cell_count(static_cast<int>(cells.size()));
        if (!shape || shape->cell_count() != static_cast<int>(cells.size())) {
            set.errors.push_back(
                {number, detail::count_text(cells.size(), "cell") +
                             " is not a grid size this reader knows (a single-line puzzle is "
                             "expected)"});
            continue;
        }
        BenchPuzzle puzzle{Grid(*shape), std::nullopt, number};
        bool ok = true;
        for (int i = 0; i < shape->cell_count() && ok; ++i) {
            const int d = digit_of(cells[i], shape->size());
            if (d < 0) {
                set.errors.push_back(
                    {number, fmt::format("column {}: '{}' is not a symbol of "
                                         "a {}x{} grid",
                                         i + 1, cells[i], shape->size(), shape->size())});
                ok = false;
            }
            puzzle.grid.set(i, std::max(d, 0));
        }
        if (!ok) continue;

        if (er_column) {
            auto fields = split_csv(line);
            if (*er_column < fields.size() && !fields[*er_column].empty()) {
                puzzle.rating = parse_number(fields[*er_column]);
                if (!puzzle.rating) {
                    set.errors.push_back(
                        {number, fmt::format("er '{}' is not a number", fields[*er_column])});
                    continue;
                }
            }
        } else {
            puzzle.rating = parse_ed_rating(line.substr(cells.size()));
        }
        set.puzzles.push_back(std::move(puzzle));
    }
    return set;
}

std::optional<BenchSet> load_bench_set(const std::filesystem::path& path, std::string* error,
                                       const BenchReadOptions& options) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (error) *error = "cannot read " + path.string();
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) {
        if (error) *error = "error reading " + path.string();
        return std::nullopt;
    }
    return read_bench_set(text.str(), path.stem().string(), options);
}

size_t fill_missing_ratings(std::span<BenchPuzzle> puzzles, const RatingFunction& rate,
                            int threads) {
    if (!rate) return 0;
    std::vector<size_t> missing;
    for (size_t i = 0; i < puzzles.size(); ++i)
        if (!puzzles[i].rating) missing.push_back(i);
    // Workers take the next puzzle from a counter: ratings differ in cost a thousandfold.
    std::atomic<size_t> next{0}, rated{0};
    const auto work = [&] {
        for (size_t k; (k = next.fetch_add(1, std::memory_order_relaxed)) < missing.size();) {
            BenchPuzzle& p = puzzles[missing[k]];
            p.rating = rate(p.grid);
            if (p.rating) rated.fetch_add(1, std::memory_order_relaxed);
        }
    };
    const size_t workers =
        std::min<size_t>(static_cast<size_t>(batch_threads(threads)), missing.size());
    std::vector<std::thread> pool;
    for (size_t t = 1; t < workers; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    return rated.load();
}

RatingFunction se_rating_function(double timeout_seconds, const std::atomic<bool>* cancel) {
    return [timeout_seconds, cancel](const Grid& grid) -> std::optional<double> {
        RateOptions options;
        options.deadline = Limits::deadline_after(timeout_seconds);
        options.cancel = cancel;
        const Rating rating = rate_puzzle(grid, options);
        if (!rating.er_known()) return std::nullopt;
        return se_tenths(rating.se.er) / 10.0;
    };
}

}  // namespace sudokit
