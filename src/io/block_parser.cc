// Multi-line grids: how a line reads as a grid row (spaced cells, compact "4..|...|8.5", .sdk
// rows, pencil-mark or numeric tokens), box separator lines, and the parse of N gathered rows.
#include <charconv>

#include "io/io_detail.h"

namespace sudokit::detail {

namespace {

bool side_allowed(int n, const std::optional<Shape>& shape) {
    if (n < 1) return false;
    if (shape) return n == shape->size();
    return n <= kMaxSize && Shape::for_size(n).has_value();
}

// The cells of a row are its runs of characters between spaces and '|'.
template <class F>
void for_each_token(std::string_view text, F&& f) {
    size_t i = 0;
    while (i < text.size()) {
        if (is_space(text[i]) || text[i] == '|') {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < text.size() && !is_space(text[j]) && text[j] != '|') ++j;
        f(text.substr(i, j - i), i);
        i = j;
    }
}

// Numbers (or '.' for empty) in every token, with no letter: a numeric grid. Pencil marks never
// hold an empty cell, and from 10x10 up a token like "12" is a number unless it exceeds N.
bool reads_as_numbers(const std::vector<Token>& tokens, int n) {
    bool has_empty = false;
    bool all_in_range = true;
    for (const Token& t : tokens) {
        if (t.text.size() == 1 && is_empty_mark(t.text[0])) {
            has_empty = true;
            continue;
        }
        for (char c : t.text) {
            if (is_ascii_letter(c)) return false;
            if (!is_ascii_digit(c)) all_in_range = false;
        }
        int value = 0;
        auto [ptr, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), value);
        if (ec != std::errc() || ptr != t.text.data() + t.text.size() || value > n) {
            all_in_range = false;
        }
    }
    return has_empty || (n >= 10 && all_in_range);
}

}  // namespace

RowReading read_row(std::string_view line, const std::optional<Shape>& shape) {
    int tokens = 0;
    int total = 0;
    int first_len = -1;
    bool same_len = true;
    bool all_single = true;
    bool space_between = false;  // compact rows have none: "4..|...|8.5"
    bool space_seen = false;
    size_t i = 0;
    while (i < line.size()) {
        const char c = line[i];
        if (is_space(c)) {
            space_seen = true;
            ++i;
            continue;
        }
        if (c == '|') {
            ++i;
            continue;
        }
        if (!is_cell_char(c)) return {};
        if (tokens > 0 && space_seen) space_between = true;
        size_t j = i;
        while (j < line.size() && is_cell_char(line[j])) ++j;
        const int len = static_cast<int>(j - i);
        ++tokens;
        total += len;
        if (first_len < 0) {
            first_len = len;
        } else if (len != first_len) {
            same_len = false;
        }
        if (len != 1) all_single = false;
        space_seen = false;
        i = j;
    }
    if (tokens == 0) return {};
    int values = 0;
    if (all_single) {
        values = tokens;
    } else if (!space_between) {
        if (tokens == 1) {
            values = total;
        } else if (same_len) {
            // Compact rows group the cells of each box: the groups are box_cols wide.
            std::optional<Shape> s = shape;
            if (!s && total <= kMaxSize) s = Shape::for_size(total);
            if (s && s->box_cols == first_len) values = total;
        }
    }
    RowReading reading;
    reading.n_values = side_allowed(values, shape) ? values : 0;
    reading.n_tokens = side_allowed(tokens, shape) ? tokens : 0;
    return reading;
}

bool is_separator_line(std::string_view line) {
    bool run = false;
    char prev = 0;
    for (char c : line) {
        if (!is_space(c)) {
            if (c != '-' && c != '=' && c != '+' && c != '*' && c != '|' && c != '.' && c != ':' &&
                c != '\'') {
                return false;
            }
            if ((c == '-' || c == '=') && prev == c) run = true;
        }
        prev = c;
    }
    return run;
}

Parsed<Puzzle> parse_block(const std::vector<BlockRow>& rows, int n, const ParseOptions& options) {
    const Shape shape = options.shape ? *options.shape : *Shape::for_size(n);
    bool all_values = options.alphabet != Alphabet::numeric;
    for (const BlockRow& row : rows) {
        if (!all_values) break;
        if (read_row(row.text, options.shape).n_values != n) all_values = false;
    }
    if (all_values) {
        std::string cells;
        std::vector<Position> where;
        cells.reserve(static_cast<size_t>(shape.cell_count()));
        where.reserve(static_cast<size_t>(shape.cell_count()));
        for (const BlockRow& row : rows) {
            for (size_t i = 0; i < row.text.size(); ++i) {
                const char c = row.text[i];
                if (is_space(c) || c == '|') continue;
                cells += c;
                where.push_back({row.line, static_cast<int>(i) + 1});
            }
        }
        Locator at;
        at.table = &where;
        return parse_value_chars(cells, shape, options.alphabet, at);
    }
    std::vector<Token> tokens;
    tokens.reserve(static_cast<size_t>(shape.cell_count()));
    for (const BlockRow& row : rows) {
        const size_t before = tokens.size();
        for_each_token(row.text, [&](std::string_view text, size_t at) {
            tokens.push_back({text, {row.line, static_cast<int>(at) + 1}});
        });
        const int count = static_cast<int>(tokens.size() - before);
        if (count != n) return ParseError{row.line, 0, row_length_reason(count, n)};
    }
    const bool numeric = options.alphabet == Alphabet::numeric ||
                         (options.alphabet == Alphabet::automatic && reads_as_numbers(tokens, n));
    if (numeric) return parse_numeric_tokens(tokens, shape);
    return parse_mark_tokens(tokens, shape, options.alphabet);
}

}  // namespace sudokit::detail
