// Internals shared by the text-format readers and writers (alphabet tables, message wording,
// the per-format parsers). Public entry points are in include/sudokit/io.h.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/io.h"

namespace sudokit::detail {

// ---- Symbols ----------------------------------------------------------------------------------
// value[byte]: -1 not a symbol of the alphabet, 0 an empty cell, 1..36 a digit.
struct SymbolTable {
    std::array<int8_t, 256> value;
};
// The table of a single-character alphabet (standard or zero_based; anything else: standard).
const SymbolTable& symbol_table(Alphabet alphabet);

inline bool is_space(char c) { return c == ' ' || c == '\t'; }
// A character that ends the cells of a single line and starts its comment (a table: this runs
// over every character of every line).
inline constexpr std::array<bool, 256> kCommentStart = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : {' ', '\t', '#', ',', ';'}) t[c] = true;
    return t;
}();
inline bool is_comment_start(char c) { return kCommentStart[static_cast<unsigned char>(c)]; }
inline bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_ascii_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
// Characters a grid row may hold in its cells: digits, letters and the empty-cell marks.
inline bool is_cell_char(char c) {
    return is_ascii_digit(c) || is_ascii_letter(c) || c == '.' || c == '-' || c == '_' || c == '*';
}
inline bool is_empty_mark(char c) { return c == '.' || c == '-' || c == '_' || c == '*'; }

// A comment as it is kept: each carriage return in it becomes a space. The readers drop the one
// of a CRLF line end; any other would be written back bare, where it moves a terminal's cursor,
// and a last one would be taken for a CRLF's when the line is read again.
std::string comment_from(std::string_view text);

// ---- UTF-8 characters (a multi-byte character is one cell and one column) ---------------------
// The length in bytes of the well-formed UTF-8 character that starts at text[i]: 2-4, or 1 for
// an ASCII byte and for a byte that starts no well-formed character (it stands alone).
size_t utf8_length(std::string_view text, size_t i);
// The code point of one character as utf8_length measures it (a lone byte: its value).
uint32_t utf8_code_point(std::string_view character);
// Characters in the text, as utf8_length counts them.
size_t character_count(std::string_view text);
// The byte that stands for a multi-byte character in narrowed text: no alphabet reads it.
inline constexpr char kWideCharacter = '\x80';
// The text with each multi-byte character replaced by kWideCharacter, so that index i is the
// i-th character; `characters` gets the text of each, for messages.
std::string narrow_characters(std::string_view text, std::vector<std::string_view>& characters);

// The alphabet a reading uses when the caller left it automatic, before the ambiguity check:
// standard up to 35, zero_based for 36 (numeric stays numeric).
Alphabet resolved_alphabet(Alphabet requested, int n);

// ---- Message wording (one place, so that every format words errors alike) ---------------------
// One character of the input: "'x'" for printable ASCII, "'•' (U+2022)" for a multi-byte
// UTF-8 character, "byte 0xC3" for any other byte.
std::string describe_symbol(std::string_view character);
// A token quoted for a message, cut after 20 characters; UTF-8 characters kept, other
// unprintable bytes as \xNN.
std::string quote_token(std::string_view token);
// "9x9": the grid side, as players name grids.
std::string grid_name(int n);
// "'x' is not a digit of a 9x9 grid (1-9, or . for empty)"
std::string bad_symbol_reason(std::string_view character, int n, Alphabet alphabet);
// "80 cells; a puzzle line holds 16 (4x4), ... or 1296 (36x36) cells" / "80 cells; a 9x9 puzzle
// has 81"; unit is "cell" or "number".
std::string count_reason(size_t count, const std::optional<Shape>& shape, std::string_view unit);
// The '0' of an automatic 10..35 line that reads two ways.
std::string ambiguous_zero_reason(int n);
// "17 is out of range for a 16x16 grid (1-16)"
std::string out_of_range_reason(std::string_view token, int n);
// "'x7' is not a number"
std::string not_a_number_reason(std::string_view token);
// "r3c4 has no candidates"
std::string no_candidates_reason(Shape shape, int cell);
// "r1c1: '5' in the slot for 3 (each slot holds its own digit or .)"
std::string wrong_slot_reason(Shape shape, int cell, char c, int slot_digit, Alphabet alphabet);
// "the 9x9 grid ends after 4 of its 9 rows"
std::string grid_ends_early_reason(int n, int rows);
// "3 cells in this row; each row of this 9x9 grid has 9"
std::string row_length_reason(int cells, int n);
// "a space inside the cells? 36 cells, then 45 more: 81 cells would be a 9x9 puzzle" (blank is
// the space or tab after the cells; marks: "... would be the pencil marks of a 9x9 puzzle").
std::string cut_line_reason(char blank, size_t cells, size_t more, int n, bool marks);
// "longer than 112192 bytes; skipped": a line LineReader did not keep.
std::string line_too_long_reason();

// ---- Where cells were written -----------------------------------------------------------------
struct Position {
    int line = 0;
    int column = 0;
};
// Maps an index (a cell, or a slot of the pencil-mark line) to its place in the input: either
// contiguous characters of one line or a table.
struct Locator {
    int line = 0;
    int first_column = 1;
    const std::vector<Position>* table = nullptr;
    // Set when the cells were narrowed (narrow_characters): the text of each character.
    const std::vector<std::string_view>* characters = nullptr;
    Position at(size_t index) const {
        if (table != nullptr) return (*table)[index];
        return {line, first_column + static_cast<int>(index)};
    }
    // The character at `index` of `cells` as it was written, for messages.
    std::string_view character(std::string_view cells, size_t index) const {
        if (characters != nullptr) return (*characters)[index];
        return cells.substr(index, 1);
    }
};

// A puzzle of these givens (all fields set: Grid has no cheap default).
inline Puzzle new_puzzle(Grid grid, Alphabet alphabet) {
    return Puzzle{std::move(grid), std::nullopt, alphabet, std::string(), 0};
}

// An error at a position.
inline ParseError error_at(Position p, std::string reason) {
    return ParseError{p.line, p.column, std::move(reason)};
}

// A first conflict among the givens, reported at the second cell (where(cell, digit) gives the
// position); nullopt when the givens agree. Fast when there is none.
template <class Where>
std::optional<ParseError> check_conflicts(const Grid& grid, Alphabet alphabet, Where&& where);
bool has_conflict(const Grid& grid);

// ---- Parsers of one format each ---------------------------------------------------------------
// N² cell characters (a single line, or the cells gathered from a grid).
Parsed<Puzzle> parse_value_chars(std::string_view cells, Shape shape, Alphabet requested,
                                 const Locator& at);
// N³ pencil-mark characters: slot d of each cell holds d or an empty mark.
Parsed<Puzzle> parse_mark_chars(std::string_view chars, Shape shape, Alphabet requested,
                                const Locator& at);

// A whitespace-separated token and where it starts.
struct Token {
    std::string_view text;
    Position pos;
};
// N² numeric tokens (numbers, 0 or an empty mark for empty).
Parsed<Puzzle> parse_numeric_tokens(const std::vector<Token>& tokens, Shape shape);
// N² pencil-mark tokens, one per cell: the candidates of the cell.
Parsed<Puzzle> parse_mark_tokens(const std::vector<Token>& tokens, Shape shape, Alphabet requested);

// A single line of N² cells or N³ pencil marks, then an optional comment. A comment that would
// complete a longer line of cells is an error: the line was cut by a stray space
// (cut_line_error in line_parser.cc has the rule).
Parsed<Puzzle> parse_char_line(std::string_view line, int line_number, const ParseOptions& options);
// A single line of N² decimal numbers, then an optional comment.
Parsed<Puzzle> parse_numeric_line(std::string_view line, int line_number,
                                  const ParseOptions& options);

// ---- The size tag ("3x2:", shape_tag in io.h) -------------------------------------------------
struct ShapeTag {
    std::string_view text;       // "3x2", as written
    std::optional<Shape> shape;  // nullopt when the text names no shape sudokit reads
    size_t end = 0;              // index just past the ':'
    int column = 1;              // 1-based column of the tag
    bool alone = false;          // nothing but blanks follows it: it names the next grid's shape
};
// The tag at the start of a line (after blanks): digits, 'x', digits, ':'. No puzzle line
// starts so: ':' is no cell character, so an untagged line of that form was an error anyway.
std::optional<ShapeTag> read_shape_tag(std::string_view line);
// "'7x7' is not a size sudokit reads (box sides whose product is 1 to 36)"
std::string bad_tag_reason(std::string_view text);
// "the size tag says 3x2, but the size asked is 2x3"
std::string tag_conflict_reason(Shape tagged, Shape asked);
// "the size tag 3x2: has no puzzle after it"
std::string lone_tag_reason(Shape tagged);

// ---- Line classification (what the reader does with a line) -----------------------------------
// How a line reads as one row of a multi-line grid: as n_values cells (single characters
// separated by spaces or '|', or compact groups like "4..|...|8.5"), or as n_tokens cells of
// several characters (pencil marks, numbers). 0 where that reading does not give a side length
// the options allow.
struct RowReading {
    int n_values = 0;
    int n_tokens = 0;
    bool is_row() const { return n_values != 0 || n_tokens != 0; }
    bool fits(int n) const { return n_values == n || n_tokens == n; }
    int side() const { return n_values != 0 ? n_values : n_tokens; }
};
RowReading read_row(std::string_view line, const std::optional<Shape>& shape);
// A box separator line: only - = + * | . : ' and spaces, with a run like "--" or "==".
bool is_separator_line(std::string_view line);

enum class LineKind {
    skip,       // blank, '#' comment, [section], CSV header
    single,     // a one-line puzzle (values or pencil marks), or a malformed one
    numeric,    // a one-line numeric puzzle
    row,        // the first row of a multi-line grid
    separator,  // a box separator (may open a grid)
};
LineKind classify_line(std::string_view line, const ParseOptions& options);

// One row of a grid being read: its line number and text.
struct BlockRow {
    int line = 0;
    std::string_view text;
};
// The N rows of a multi-line grid: values, numbers or pencil marks.
Parsed<Puzzle> parse_block(const std::vector<BlockRow>& rows, int n, const ParseOptions& options);

// ---- Implementation of the conflict check -----------------------------------------------------
std::string conflict_reason(const Conflict& conflict, Shape shape, Alphabet alphabet);

template <class Where>
std::optional<ParseError> check_conflicts(const Grid& grid, Alphabet alphabet, Where&& where) {
    if (!has_conflict(grid)) return std::nullopt;
    std::optional<Conflict> conflict = find_conflict(grid);
    if (!conflict) return std::nullopt;
    return error_at(where(conflict->cell_b, conflict->digit),
                    conflict_reason(*conflict, grid.shape(), alphabet));
}

}  // namespace sudokit::detail
