// Puzzle text formats: read leniently, write canonically (docs/ARCHITECTURE.md, "Text formats").
// Parsing never throws and never aborts on user input: it returns a value or a ParseError.
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "sudokit/grid.h"

namespace sudokit {

// How digits are written.
enum class Alphabet {
    automatic,   // reading: standard up to 35x35 and zero_based for 36x36. Up to 35x35 a line
                 // with '0' reads both ways when it holds no standard symbol of N (9 for 9x9,
                 // G for 16x16) and its zero_based reading has no conflicting givens (so "0 for
                 // empty" lines, with several 0s in a house, are standard): that is an error
                 // that says so. Pencil marks show their alphabet by their slots and never
                 // clash. Numeric lines are recognised by their tokens.
    standard,    // 1-9 then A-Z (10..35); empty: . 0 - _ *
    zero_based,  // "hex": 0-9 then A-Z for digits 1..36; only . (and - _ *) empty
    numeric,     // decimal numbers separated by spaces, 0 empty (some 16x16/25x25 files)
};

// The alphabet a shape is written in when nothing else is asked: standard up to 35,
// zero_based for 36x36 (1-9A-Z has only 35 symbols).
Alphabet default_alphabet(int n);
// The symbol of a digit (1..36) in a single-character alphabet; '.' for 0. Automatic and
// numeric give the standard symbol; digit 36 has none there ('?').
char digit_symbol(int digit, Alphabet alphabet);
// A digit as explanations and messages write it, matching the grids format_line writes: its
// symbol (automatic: the default alphabet of n; standard on 36x36: zero_based), or its decimal
// number for numeric.
std::string digit_text(int digit, int n, Alphabet alphabet = Alphabet::automatic);
// "1-9", "1-9A-G", "0-F", ...: the symbols of digits 1..n, for messages ("1-16" for numeric).
std::string alphabet_range(int n, Alphabet alphabet);
// The name used on the command line: "auto", "standard", "hex", "numeric".
std::string_view alphabet_name(Alphabet alphabet);
// Parses an --alphabet value: auto|automatic, standard, hex|zero_based|zero-based, numeric.
std::optional<Alphabet> parse_alphabet(std::string_view text);

struct ParseOptions {
    std::optional<Shape> shape;               // --size RxC; otherwise from the cell count
    Alphabet alphabet = Alphabet::automatic;  // --alphabet
};

struct ParseError {
    // 1-based input line: of the offending cell, or the grid's first line when the error is
    // about the grid as a whole (it ends early).
    int line = 0;
    // 1-based column in characters, 0 when it does not apply: a multi-byte UTF-8 character is
    // one column, as it is one cell.
    int column = 0;
    std::string reason;
    // "line 3, column 14: <reason>" (column left out when 0).
    std::string message() const;
    bool operator==(const ParseError&) const = default;
};

struct Puzzle {
    Grid grid;  // the givens (for pencil marks: cells with one candidate)
    // Set when the input was pencil marks (a pencil-mark grid whose every cell has a single
    // candidate cannot be told from a grid of values, and reads as one).
    std::optional<PencilMarks> marks;
    Alphabet alphabet = Alphabet::standard;  // the alphabet it was written in (never automatic)
    std::string comment;  // what followed the cells on the line, separator included
    int line = 0;         // first input line (of a grid: its first row or border line)
};

// A value or the reason there is none.
template <class T>
class Parsed {
  public:
    Parsed(T value) : v_(std::move(value)) {}
    Parsed(ParseError error) : v_(std::move(error)) {}
    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(v_); }
    const T& value() const { return std::get<0>(v_); }
    const ParseError& error() const { return std::get<1>(v_); }

  private:
    std::variant<T, ParseError> v_;
};

// Parses one puzzle given as text: a single line (values or pencil marks, comment kept), a
// numeric line, or a multi-line grid (forum paste, .sdk, pencil-mark grid). Line numbers in
// errors count from first_line. Givens in conflict are an error ("r1c1 and r1c5 both hold 7").
// Blank, '#' and border lines around the puzzle are allowed; a second puzzle is an error.
// A single line of 16 or 36 cells is a 4x4 or 6x6 puzzle unless options.shape says 16x16 or
// 36x36 (then it is a grid row).
// A line cut by a stray space or tab is an error, not a smaller puzzle and a comment: when the
// text after the blank starts with cell characters (blanks allowed between them) up to the end
// of the line or a '#', ',' or ';', and those cells would complete a longer puzzle line (N²
// values or N³ pencil marks of a size read, all of them symbols of that size), the error names
// the column of the blank: "a space inside the cells? 36 cells, then 45 more: 81 cells would be
// a 9x9 puzzle". Ratings, ids and words ("P 17", "P 1.2", "P # hard") stay comments.
Parsed<Puzzle> parse_puzzle(std::string_view text, const ParseOptions& options = {},
                            int first_line = 1);

// A puzzle given as cell values, row-major (0 empty, 1..N), as a numpy row of the Python module
// holds them: a value above N and givens in conflict are errors, as the text parsers say them,
// with `line` and the 1-based position of the cell in the row as the column. The puzzle's
// alphabet is the shape's default one.
Parsed<Puzzle> puzzle_from_values(std::span<const uint8_t> values, Shape shape, int line = 1);

// "r1c1 and r1c5 both hold 7": the digit written in `alphabet` (automatic: the shape's default
// alphabet; numeric: as a number).
std::string conflict_message(const Conflict& conflict, Shape shape,
                             Alphabet alphabet = Alphabet::automatic);

// The longest line LineReader hands out: the longest puzzle line (the 36x36 pencil-mark line,
// 36³ = 46656 characters) plus 64 KiB of comment. Anything longer cannot be a puzzle, and
// storing it would let one endless line (a binary file, a lost newline) take all the memory.
inline constexpr size_t kMaxLineLength = 46656 + 65536;

// Reads lines from a FILE* through a large buffer (no allocation per line). A line longer than
// kMaxLineLength bytes is not stored: it comes back empty with line_too_long() set, and the
// rest of it is read past, so memory stays bounded whatever the input.
class LineReader {
  public:
    explicit LineReader(std::FILE* file);
    ~LineReader();
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;
    // The next line without its end-of-line (\n or \r\n); false at end of input. The view is
    // valid until the next call.
    bool next(std::string_view& line);
    int line_number() const { return line_number_; }  // of the line last returned
    // The line last returned was longer than kMaxLineLength bytes: it came back empty and the
    // rest of it was read past without being stored.
    bool line_too_long() const { return too_long_; }
    // The errno of a failed read, 0 if none. A read error ends the lines like the end of input
    // does (next returns false), so a caller that stops at false asks here which it was.
    int read_error() const { return read_error_; }
    // The FILE is a terminal (isatty). Then each line is read with getc up to its newline and
    // handed out as soon as it is complete; other files are read a buffer at a time.
    bool interactive() const { return interactive_; }

  private:
    // Reads up to `room` bytes into `out`; sets eof_ (and read_error_) when no more will come.
    size_t fill(char* out, size_t room);
    // Reads past the rest of a line too long to keep, up to and including its newline.
    void skip_rest_of_line();

    std::FILE* file_;
    std::string buffer_;
    size_t begin_ = 0;
    size_t end_ = 0;
    bool eof_ = false;
    int line_number_ = 0;
    int read_error_ = 0;
    bool too_long_ = false;
    bool interactive_ = false;
};

namespace detail {
class ItemAssembler;
}

// Streams puzzles from a FILE*: one item per puzzle or per malformed input, in input order.
// Blank lines and lines starting with '#' are skipped (but counted); a CSV header line whose
// first field is "puzzle" is skipped; consecutive lines that form one grid (forum paste, .sdk,
// pencil-mark grid) are one item, whose line is the grid's first line (a leading border line
// included).
class PuzzleReader {
  public:
    PuzzleReader(std::FILE* file, ParseOptions options);
    ~PuzzleReader();
    PuzzleReader(const PuzzleReader&) = delete;
    PuzzleReader& operator=(const PuzzleReader&) = delete;
    struct Item {
        Item() = default;
        Item(int first_line, Parsed<Puzzle> parsed) : line(first_line), puzzle(std::move(parsed)) {}

        int line = 0;  // first input line of the item
        Parsed<Puzzle> puzzle = ParseError{0, 0, "no input"};
        // Invalid input only, so that the item can still be found: its first line as read (at
        // most kKeptTextBytes, "..." marks a cut) and what followed the cells' separator there
        // (a blank, '#', ',' or ';'), as a valid line's comment would be.
        std::string text;
        std::string comment;
    };
    static constexpr size_t kKeptTextBytes = 200;
    // The next item; nullopt at the end of input or after a read error (see read_error).
    std::optional<Item> next();
    // The errno of a failed read of the file (EISDIR, EIO, ...), 0 if none: when next() has
    // returned nullopt, a nonzero value means the input was cut short, not finished.
    int read_error() const { return lines_.read_error(); }
    // The FILE is a terminal: each item is handed out as soon as its last line is read (a one-
    // line puzzle with its line, a grid with its last row), so a batch can answer it before
    // the next line is typed. An item whose end shows only on the next line (a grid that ends
    // early, border lines) waits for that line.
    bool interactive() const { return lines_.interactive(); }

  private:
    LineReader lines_;
    std::unique_ptr<detail::ItemAssembler> assembler_;  // grid gathering state (src/io)
};

// parse_puzzle as a reader's item: for invalid input, the first line's text and comment kept as
// PuzzleReader keeps them, so that a front end given one string per puzzle (the Python module)
// reports an item as the CLI does.
PuzzleReader::Item read_puzzle_item(std::string_view text, const ParseOptions& options = {},
                                    int first_line = 1);
// A line every reader skips: blank, a '#' comment, a "[section]" header or a CSV header line
// ("puzzle,..."). Front ends that split text into lines themselves (sudokit.dask) drop these.
bool is_skipped_line(std::string_view line);

// A puzzle comment ("  # hard", ", foo") without its leading blanks and separator, and without
// trailing blanks: "hard", "foo".
std::string_view comment_text(std::string_view comment);

// The size tag of a shape: "3x2:" for a shape that is not the usual one of its side (Shape::
// for_size), "" for the usual ones (9x9 lines stay as they are). Every writer puts it in front
// of a line, or on a line of its own above a grid, and every reader takes it as --size for
// that puzzle, so that a 3x2 or 2x4 puzzle reads back as the shape it was written in.
std::string shape_tag(Shape shape);

// ---- Writing --------------------------------------------------------------------------------
// One line: N² symbols with '.' for empty (numeric: numbers separated by spaces, 0 empty).
// Alphabet::automatic means default_alphabet(N); standard cannot write 36, so a 36x36 grid is
// always written zero_based unless numeric is asked.
std::string format_line(const Grid& grid, Alphabet alphabet = Alphabet::automatic);
// Appends the same to out (the streaming fast path).
void append_line(std::string& out, const Grid& grid, Alphabet alphabet = Alphabet::automatic);
// A readable multi-line grid with box separators, ending in a newline:
//   4 . . | . . . | 8 . 5
//   ------+-------+------
// Numeric: numbers right-aligned to the width of N, '.' for empty.
std::string format_grid(const Grid& grid, Alphabet alphabet = Alphabet::automatic);
// The N³-character pencil-mark line: for each cell, slot d holds the symbol of d or '.'.
// Pencil marks have no numeric form: numeric means the default alphabet.
std::string format_marks_line(const PencilMarks& marks, Alphabet alphabet = Alphabet::automatic);
// The forum pencil-mark grid, ending in '\n': +---+ borders around the boxes, each column
// padded to its widest cell, cells two spaces apart; a cell with no candidate is ".." (it reads
// back as one; a lone '.' is an empty cell of a grid of values).
std::string format_marks_grid(const PencilMarks& marks, Alphabet alphabet = Alphabet::automatic);

}  // namespace sudokit
