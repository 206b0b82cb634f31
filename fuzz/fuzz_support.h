// What the fuzz targets share: typed values taken from the fuzzer's bytes, failure reports that
// abort (libFuzzer then keeps the input), the ParseOptions a byte chooses, and the properties
// every parsed puzzle must have (rules, round trips through the writers, error positions).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/io_detail.h"
#include "sudokit/engine.h"
#include "sudokit/grid.h"
#include "sudokit/io.h"

namespace sudokit::fuzz {

// ---- Reading the input ----------------------------------------------------------------------
// Takes bytes from the front of the input; past the end every byte reads as 0, so a short
// input is still a complete (if dull) case.
class FuzzInput {
  public:
    FuzzInput(const uint8_t* data, size_t size) : data_(data), size_(size) {}
    size_t remaining() const { return size_ - pos_; }
    bool empty() const { return pos_ >= size_; }
    uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
    uint64_t u64() {
        uint64_t value = 0;
        for (int i = 0; i < 8; ++i) value |= uint64_t{byte()} << (8 * i);
        return value;
    }
    // A number in [0, bound) from one byte (bound <= 256).
    int below(int bound) { return byte() % bound; }
    // Everything not taken yet, as text.
    std::string_view rest() {
        std::string_view text(reinterpret_cast<const char*>(data_) + pos_, size_ - pos_);
        pos_ = size_;
        return text;
    }

  private:
    const uint8_t* data_;
    size_t size_;
    size_t pos_ = 0;
};

// ---- Failures -------------------------------------------------------------------------------
// Bytes as a C string literal would show them, cut after `limit` bytes.
inline std::string shown(std::string_view bytes, size_t limit = 400) {
    std::string out = "\"";
    for (size_t i = 0; i < bytes.size() && i < limit; ++i) {
        const unsigned char c = static_cast<unsigned char>(bytes[i]);
        if (c == '\n') {
            out += "\\n";
        } else if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02X", c);
            out += hex;
        }
    }
    out += bytes.size() > limit ? "\"..." : "\"";
    return out;
}

// Says which property broke and why, then aborts.
[[noreturn]] inline void fail(const char* property, const std::string& explanation) {
    std::fprintf(stderr, "\n*** fuzz property broken: %s\n*** %s\n", property, explanation.c_str());
    std::fflush(stderr);
    std::abort();
}

// Checks a property; the explanation (any expression giving a std::string) is only built when
// the property fails.
#define SUDOKIT_FUZZ_CHECK(condition, explanation)            \
    do {                                                      \
        if (!(condition)) {                                   \
            ::sudokit::fuzz::fail(#condition, (explanation)); \
        }                                                     \
    } while (false)

// Whether a search answered what it was asked (it ran to its end, or reached max_solutions),
// rather than stopping at its budget or getting stuck.
inline bool finished(const Result& result) { return result.answered(); }

// ---- Parse options --------------------------------------------------------------------------
// --size values a user can give, several of them not the default shape of their side, and two
// the reader must refuse with an error (0x3, 7x6).
inline constexpr Shape kFuzzShapes[] = {
    {2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 3}, {4, 4}, {5, 5}, {6, 6}, {1, 1},
    {1, 4}, {4, 1}, {2, 5}, {1, 9}, {3, 5}, {6, 5}, {0, 3}, {7, 6}, {2, 4}, {3, 1},
};

// Bits 0-1: the alphabet (automatic, standard, hex, numeric); bits 2-6: --size (values 0-11
// give none, the rest index kFuzzShapes). Bit 7 is left to the target.
inline ParseOptions options_from_byte(uint8_t byte) {
    constexpr Alphabet kAlphabets[] = {Alphabet::automatic, Alphabet::standard,
                                       Alphabet::zero_based, Alphabet::numeric};
    ParseOptions options;
    options.alphabet = kAlphabets[byte & 3];
    const int size_choice = (byte >> 2) & 31;
    if (size_choice >= 12) options.shape = kFuzzShapes[size_choice - 12];
    return options;
}

inline std::string describe(const ParseOptions& options) {
    return std::string("--alphabet ") + std::string(alphabet_name(options.alphabet)) +
           (options.shape ? " --size " + options.shape->name() : std::string());
}

// ---- Lines as the readers see them -------------------------------------------------------------
// The input split at '\n', each line without a final '\r', the first without a UTF-8 byte-order
// mark (what LineReader and parse_puzzle do); index i is line i + 1.
inline std::vector<std::string_view> reader_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (lines.empty() && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
        lines.push_back(line);
        pos = end + 1;
    }
    return lines;
}

// ---- Properties of parsed puzzles -------------------------------------------------------------
// An error names a line of the input, gives a reason, and a column (when it has one) that
// points at a character of that line (columns count UTF-8 characters, not bytes) which is not
// blank: the cell or token at fault. The one exception is the line cut by a stray blank, whose
// column is that blank.
inline void check_error(const ParseError& error, const std::vector<std::string_view>& lines,
                        const std::string& context) {
    const std::string where = context + " gave error " + shown(error.message());
    SUDOKIT_FUZZ_CHECK(!error.reason.empty(), where);
    SUDOKIT_FUZZ_CHECK(error.line >= 1 && error.line <= static_cast<int>(lines.size()), where);
    SUDOKIT_FUZZ_CHECK(error.column >= 0, where);
    if (error.column == 0) return;
    const std::string_view line = lines[error.line - 1];
    size_t byte = 0;
    for (int column = 1; column < error.column && byte < line.size(); ++column)
        byte += detail::utf8_length(line, byte);
    SUDOKIT_FUZZ_CHECK(byte < line.size(), where + " on line " + shown(line));
    const char at = line[byte];
    const bool blank = at == ' ' || at == '\t';
    const bool cut = error.reason.starts_with("a space inside the cells?") ||
                     error.reason.starts_with("a tab inside the cells?");
    SUDOKIT_FUZZ_CHECK(blank == cut,
                       where +
                           (blank ? " points at a blank in " : " does not point at the blank in ") +
                           shown(line));
}

// A parsed puzzle keeps the rules: its shape is valid (and the one asked for), every value is
// 0..N, no two givens clash, and pencil marks agree with the grid.
inline void check_puzzle(const Puzzle& puzzle, const ParseOptions& options,
                         const std::string& context) {
    const Grid& grid = puzzle.grid;
    const std::string what = context + " read as " + shown(format_line(grid));
    SUDOKIT_FUZZ_CHECK(grid.shape().valid(), what);
    SUDOKIT_FUZZ_CHECK(!options.shape || grid.shape() == *options.shape, what);
    SUDOKIT_FUZZ_CHECK(puzzle.alphabet != Alphabet::automatic, what);
    SUDOKIT_FUZZ_CHECK(static_cast<int>(grid.values().size()) == grid.cell_count(), what);
    for (uint8_t value : grid.values()) SUDOKIT_FUZZ_CHECK(value <= grid.size(), what);
    SUDOKIT_FUZZ_CHECK(!find_conflict(grid), what);
    if (puzzle.marks) {
        const PencilMarks& marks = *puzzle.marks;
        SUDOKIT_FUZZ_CHECK(marks.shape == grid.shape(), what);
        SUDOKIT_FUZZ_CHECK(static_cast<int>(marks.cells.size()) == grid.cell_count(), what);
        for (DigitSet cell : marks.cells) {
            SUDOKIT_FUZZ_CHECK(!cell.empty(), what + ": a cell without candidates");
            SUDOKIT_FUZZ_CHECK(cell.without(DigitSet::all(grid.size())).empty(), what);
        }
        SUDOKIT_FUZZ_CHECK(marks.solved_cells() == grid, what);
    }
}

// The alphabet a writer really uses when asked for `alphabet` (io.h: standard cannot write 36).
inline Alphabet written_alphabet(Alphabet alphabet, int n) {
    if (alphabet == Alphabet::automatic) alphabet = default_alphabet(n);
    if (alphabet == Alphabet::standard && n > 35) return Alphabet::zero_based;
    return alphabet;
}

// Text a writer produced must read back as the same puzzle; returns what it read.
inline Puzzle check_reads_back(std::string_view text, const ParseOptions& options,
                               const Puzzle& original, const std::string& context) {
    Parsed<Puzzle> again = parse_puzzle(text, options);
    const std::string what = context + ": " + shown(text) + " with " + describe(options);
    SUDOKIT_FUZZ_CHECK(again.ok(), what + " did not read back: " + again.error().message());
    const Puzzle& back = again.value();
    SUDOKIT_FUZZ_CHECK(back.grid.shape() == original.grid.shape(),
                       what + " read back as shape " + back.grid.shape().name());
    SUDOKIT_FUZZ_CHECK(back.grid == original.grid,
                       what + " read back as " + shown(format_line(back.grid)));
    if (back.marks && original.marks) {
        SUDOKIT_FUZZ_CHECK(
            *back.marks == *original.marks,
            what + " read back as other marks " + shown(format_marks_line(*back.marks)));
    }
    return back;
}

// Every writer's output of a parsed puzzle reads back as the same puzzle: the line (with its
// comment), the readable grid, and for pencil marks the mark line and the mark grid.
inline void check_round_trips(const Puzzle& puzzle, const std::string& context) {
    const Grid& grid = puzzle.grid;
    const Shape shape = grid.shape();
    const Alphabet alphabet = written_alphabet(puzzle.alphabet, shape.size());
    const ParseOptions same{shape, alphabet};

    const std::string line = format_line(grid, puzzle.alphabet);
    check_reads_back(line, same, puzzle, context + ", format_line");
    // The comment is kept (a carriage return in it as a space) and comes back after the cells.
    const std::string_view comment = puzzle.comment;
    SUDOKIT_FUZZ_CHECK(
        comment.find('\r') == std::string_view::npos,
        context + ": the comment " + shown(puzzle.comment) + " holds a carriage return");
    // An empty grid (every cell '.') followed by a blank and a comment of dashes and colons
    // ("................  ----") is also a border line, and reads as one: only such lines are
    // exempt.
    if (!detail::is_separator_line(line + puzzle.comment)) {
        Parsed<Puzzle> with_comment = parse_puzzle(line + puzzle.comment, same);
        SUDOKIT_FUZZ_CHECK(with_comment.ok() && with_comment.value().grid == grid &&
                               with_comment.value().comment == comment,
                           context + ": the line with its comment " + shown(line + puzzle.comment) +
                               " reads " +
                               (with_comment.ok() ? "comment " + shown(with_comment.value().comment)
                                                  : with_comment.error().message()));
    }
    // In the shape's default alphabet, and without --size where the shape is the default one.
    const std::string plain = format_line(grid);
    const bool default_shape = Shape::for_size(shape.size()) == shape;
    check_reads_back(plain, ParseOptions{default_shape ? std::nullopt : std::optional(shape), {}},
                     puzzle, context + ", format_line (automatic)");

    check_reads_back(format_grid(grid, puzzle.alphabet), same, puzzle, context + ", format_grid");

    if (puzzle.marks) {
        const PencilMarks& marks = *puzzle.marks;
        const ParseOptions marks_options{
            shape, written_alphabet(alphabet == Alphabet::numeric ? Alphabet::automatic : alphabet,
                                    shape.size())};
        const std::string marks_line = format_marks_line(marks, puzzle.alphabet);
        const Puzzle from_line =
            check_reads_back(marks_line, marks_options, puzzle, context + ", format_marks_line");
        // (A 1x1 mark line is its value line: one character either way.)
        SUDOKIT_FUZZ_CHECK(from_line.marks.has_value() || shape.size() == 1,
                           context + ": the mark line " + shown(marks_line) + " lost its marks");
        // A mark grid whose every cell has one candidate reads as a grid of values (io.h).
        const std::string marks_grid = format_marks_grid(marks, puzzle.alphabet);
        const Puzzle from_grid =
            check_reads_back(marks_grid, marks_options, puzzle, context + ", format_marks_grid");
        SUDOKIT_FUZZ_CHECK(from_grid.marks.has_value() || grid.is_complete(),
                           context + ": the mark grid " + shown(marks_grid) + " lost its marks");
    }
}

// Parses `text` with `options`: an error must be placed (check_error), a puzzle must keep the
// rules (check_puzzle) and read back through every writer (check_round_trips).
inline void check_parsed_text(std::string_view text, const ParseOptions& options) {
    const std::string context = shown(text) + " with " + describe(options);
    const Parsed<Puzzle> parsed = parse_puzzle(text, options);
    if (!parsed.ok()) {
        check_error(parsed.error(), reader_lines(text), context);
        return;
    }
    check_puzzle(parsed.value(), options, context);
    check_round_trips(parsed.value(), context);
}

}  // namespace sudokit::fuzz
