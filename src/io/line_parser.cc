// One-line puzzles: N² cell characters or N³ pencil marks, or N² decimal numbers, each followed
// by an optional comment; and the classification that tells the reader what a line is.
#include <algorithm>

#include "io/io_detail.h"

namespace sudokit::detail {

std::string comment_from(std::string_view text) {
    std::string comment(text);
    std::replace(comment.begin(), comment.end(), '\r', ' ');
    return comment;
}

namespace {

size_t skip_spaces(std::string_view line, size_t i) {
    while (i < line.size() && is_space(line[i])) ++i;
    return i;
}

// The cells of a single line run up to the first comment character.
size_t cell_run_end(std::string_view line, size_t start) {
    size_t i = start;
    while (i < line.size() && !is_comment_start(line[i])) ++i;
    return i;
}

bool has_non_ascii(std::string_view text) {
    unsigned char any = 0;
    for (char c : text) any |= static_cast<unsigned char>(c);
    return (any & 0x80) != 0;
}

// The cells of a single line in characters: one per byte, unless there are multi-byte ones.
size_t cell_count(std::string_view cells) {
    return has_non_ascii(cells) ? character_count(cells) : cells.size();
}

// The side N whose N³ pencil-mark line has this many characters, if any.
std::optional<Shape> shape_for_mark_count(size_t count, const std::optional<Shape>& shape) {
    if (shape) {
        const size_t n = shape->size();
        return count == n * n * n ? shape : std::nullopt;
    }
    for (int n : Shape::standard_sizes()) {
        if (count == static_cast<size_t>(n) * n * n) return Shape::for_size(n);
    }
    return std::nullopt;
}

std::optional<Shape> shape_for_cell_count(size_t count, const std::optional<Shape>& shape) {
    if (shape) return count == static_cast<size_t>(shape->cell_count()) ? shape : std::nullopt;
    if (count == 81) return Shape{3, 3};  // the common case, asked for every line
    if (count > static_cast<size_t>(kMaxSize * kMaxSize)) return std::nullopt;
    return Shape::for_cell_count(static_cast<int>(count));
}

bool side_allowed(size_t n, const std::optional<Shape>& shape) {
    if (shape) return n == static_cast<size_t>(shape->size());
    return n <= static_cast<size_t>(kMaxSize) && Shape::for_size(static_cast<int>(n)).has_value();
}

bool is_number_like(std::string_view token) {
    if (token.size() == 1 && is_empty_mark(token[0])) return true;
    for (char c : token) {
        if (!is_ascii_digit(c)) return false;
    }
    return !token.empty();
}

// The whitespace-separated tokens of a numeric line, up to a comment character at the start of
// a token; `end` of each token is where the text after it begins.
struct NumericScan {
    std::vector<Token> tokens;
    std::vector<size_t> ends;
    size_t leading_numbers = 0;  // tokens before the first one that is not a number
    size_t total = 0;            // all tokens
    bool whole = false;          // every token is a number
};

// A carriage return inside the line separates numbers as a blank does: a comment keeps it as a
// space (comment_from), so a CR that ended the numbers would, written back, let the comment's
// first token join them.
NumericScan scan_numeric(std::string_view line, size_t start, int line_number, bool keep) {
    NumericScan scan;
    size_t i = start;
    bool counting = true;
    for (;;) {
        while (i < line.size() && (is_space(line[i]) || line[i] == '\r')) ++i;
        if (i >= line.size() || line[i] == '#' || line[i] == ',' || line[i] == ';') break;
        size_t j = i;
        while (j < line.size() && !is_comment_start(line[j]) && line[j] != '\r') ++j;
        std::string_view text = line.substr(i, j - i);
        if (counting && is_number_like(text)) {
            ++scan.leading_numbers;
        } else {
            counting = false;
        }
        // Only the first N² + 1 tokens can matter (the cells, then the one that breaks the
        // count); a huge line is counted, not stored.
        if (keep && scan.tokens.size() <= static_cast<size_t>(kMaxSize * kMaxSize)) {
            scan.tokens.push_back({text, {line_number, static_cast<int>(i) + 1}});
            scan.ends.push_back(j);
        }
        ++scan.total;
        i = j;
    }
    scan.whole = counting;
    return scan;
}

// A one-line puzzle cut in two by a stray space or tab ("<36 cells> <45 cells>") reads as a
// smaller puzzle and a comment: 36 cells make a 6x6 puzzle. The comment is taken for the rest
// of the cells when all of these hold:
//   - it starts with a space or tab (a comment opened by '#', ',' or ';' is meant);
//   - its leading run of cell characters, blanks allowed between them, reaches the end of the
//     line or a '#', ',' or ';' (where the whole line's own comment may start);
//   - the cells read plus the cell characters of that run make a longer line the parser reads
//     (N² values or N³ pencil marks of a standard size, or of --size);
//   - every one of those characters is a digit or an empty mark of that size.
// Ratings, ids and words after a space ("17", "1.2 1.2", "from the forum") fail one of them.
// `cells` are the cells read (narrowed), `end` where the comment starts in `line`, `at` where
// the cells are (the blank is the character after the last).
std::optional<ParseError> cut_line_error(std::string_view line, std::string_view cells, size_t end,
                                         const Locator& at, const ParseOptions& options) {
    if (end >= line.size() || !is_space(line[end])) return std::nullopt;
    // A carriage return in the run is a blank too: a comment keeps it as a space, so the same
    // line written back would otherwise read differently.
    auto is_blank = [](char c) { return is_space(c) || c == '\r'; };
    size_t run_end = end;
    size_t more = 0;
    while (run_end < line.size() && (is_blank(line[run_end]) || is_cell_char(line[run_end]))) {
        more += is_blank(line[run_end]) ? 0 : 1;
        ++run_end;
    }
    if (more == 0) return std::nullopt;
    if (run_end < line.size() && !is_comment_start(line[run_end])) return std::nullopt;
    const size_t total = cells.size() + more;
    bool marks = false;
    std::optional<Shape> shape = shape_for_cell_count(total, options.shape);
    if (!shape) {
        shape = shape_for_mark_count(total, options.shape);
        marks = true;
    }
    if (!shape) return std::nullopt;
    const int n = shape->size();
    Alphabet alphabet = resolved_alphabet(options.alphabet, n);
    if (alphabet == Alphabet::numeric) alphabet = default_alphabet(n);
    const SymbolTable& table = symbol_table(alphabet);
    auto is_symbol = [&](char c) {
        const int v = table.value[static_cast<unsigned char>(c)];
        return v >= 0 && v <= n;
    };
    for (char c : cells) {
        if (!is_symbol(c)) return std::nullopt;
    }
    for (size_t i = end; i < run_end; ++i) {
        if (!is_blank(line[i]) && !is_symbol(line[i])) return std::nullopt;
    }
    return error_at(at.at(cells.size()), cut_line_reason(line[end], cells.size(), more, n, marks));
}

bool is_csv_header(std::string_view line) {
    size_t comma = line.find(',');
    std::string_view first = line.substr(0, comma);
    while (!first.empty() && is_space(first.back())) first.remove_suffix(1);
    if (first.size() >= 2 && first.front() == '"' && first.back() == '"') {
        first = first.substr(1, first.size() - 2);
    }
    constexpr std::string_view kPuzzle = "puzzle";
    if (first.size() != kPuzzle.size()) return false;
    for (size_t i = 0; i < first.size(); ++i) {
        char c = first[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != kPuzzle[i]) return false;
    }
    return true;
}

}  // namespace

Parsed<Puzzle> parse_char_line(std::string_view line, int line_number,
                               const ParseOptions& options) {
    const size_t start = skip_spaces(line, 0);
    const size_t end = cell_run_end(line, start);
    std::string_view cells = line.substr(start, end - start);
    Locator at{line_number, static_cast<int>(start) + 1};
    // A multi-byte character is one cell (and one column): the parsers see it as one byte that
    // no alphabet reads, and messages quote it whole.
    std::string narrowed;
    std::vector<std::string_view> characters;
    if (has_non_ascii(cells)) {
        narrowed = narrow_characters(cells, characters);
        cells = narrowed;
        at.characters = &characters;
    }
    if (auto cut = cut_line_error(line, cells, end, at, options)) return *cut;
    Parsed<Puzzle> result = [&]() -> Parsed<Puzzle> {
        if (auto shape = shape_for_cell_count(cells.size(), options.shape)) {
            return parse_value_chars(cells, *shape, options.alphabet, at);
        }
        if (auto shape = shape_for_mark_count(cells.size(), options.shape)) {
            return parse_mark_chars(cells, *shape, options.alphabet, at);
        }
        return ParseError{line_number, 0, count_reason(cells.size(), options.shape, "cell")};
    }();
    if (result.ok()) {
        result.value().comment = comment_from(line.substr(end));
        result.value().line = line_number;
    }
    return result;
}

Parsed<Puzzle> parse_numeric_line(std::string_view line, int line_number,
                                  const ParseOptions& options) {
    NumericScan scan = scan_numeric(line, 0, line_number, true);
    const size_t numbers = scan.leading_numbers;
    std::optional<Shape> shape = options.shape;
    if (!shape) shape = shape_for_cell_count(numbers, std::nullopt);
    const size_t wanted = shape ? static_cast<size_t>(shape->cell_count()) : 0;
    if (!shape || numbers != wanted) {
        // Say what is wrong with the token that broke the count, else the count itself.
        if (numbers < scan.tokens.size() && (!shape || numbers < wanted)) {
            return error_at(scan.tokens[numbers].pos,
                            not_a_number_reason(scan.tokens[numbers].text));
        }
        return ParseError{line_number, 0, count_reason(numbers, options.shape, "number")};
    }
    const size_t comment_start = scan.ends[wanted - 1];
    scan.tokens.resize(wanted);
    Parsed<Puzzle> result = parse_numeric_tokens(scan.tokens, *shape);
    if (result.ok()) {
        result.value().comment = comment_from(line.substr(comment_start));
        result.value().line = line_number;
    }
    return result;
}

LineKind classify_line(std::string_view line, const ParseOptions& options) {
    const size_t start = skip_spaces(line, 0);
    if (start == line.size()) return LineKind::skip;
    const char first = line[start];
    if (first == '#') return LineKind::skip;
    if (first == '[') {
        size_t last = line.size();
        while (last > start && is_space(line[last - 1])) --last;
        if (line[last - 1] == ']') return LineKind::skip;
    }
    if ((first == 'p' || first == 'P' || first == '"') && is_csv_header(line.substr(start))) {
        return LineKind::skip;
    }
    // Borders first: "+-----+-----+" may have as many characters as a puzzle line. (A line of
    // dashes only is a border too; as a puzzle it would be an empty grid.)
    if (is_separator_line(line)) return LineKind::separator;
    if (options.alphabet != Alphabet::numeric) {
        const std::string_view run_text = line.substr(start, cell_run_end(line, start) - start);
        const size_t run = cell_count(run_text);
        // '|' is never a cell: a run holding one is a grid row (a 1x1 grid's "| 1 |") or broken.
        if (run_text.find('|') == std::string_view::npos &&
            (shape_for_cell_count(run, options.shape) ||
             shape_for_mark_count(run, options.shape))) {
            return LineKind::single;
        }
    }
    if (options.alphabet == Alphabet::automatic || options.alphabet == Alphabet::numeric) {
        // A numeric line is N² numbers; a handful of numbers is a grid row (or a broken line).
        const NumericScan scan = scan_numeric(line, start, 0, false);
        const size_t numbers = scan.leading_numbers;
        if (numbers >= 2 && shape_for_cell_count(numbers, options.shape)) return LineKind::numeric;
        if (options.alphabet == Alphabet::numeric) {
            // A 1x1 grid's one row is its one-line form too: read as the line, it keeps its
            // comment, as the line written back from it does.
            if (numbers == 1 && options.shape && options.shape->size() == 1)
                return LineKind::numeric;
            if (read_row(line, options.shape).is_row()) return LineKind::row;
            return LineKind::numeric;
        }
        if (numbers >= 2 && scan.whole && !side_allowed(numbers, options.shape)) {
            return LineKind::numeric;
        }
        // N² tokens led by a number: a numeric line with a typo, to be named as such. (Not for
        // 16 or 36 tokens, which may be a row of a 16x16 or 36x36 grid.)
        if (numbers >= 1 && scan.total >= 2 && shape_for_cell_count(scan.total, options.shape) &&
            !side_allowed(scan.total, options.shape)) {
            return LineKind::numeric;
        }
    }
    if (read_row(line, options.shape).is_row()) return LineKind::row;
    return LineKind::single;
}

}  // namespace sudokit::detail
