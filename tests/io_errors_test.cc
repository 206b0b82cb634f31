// Malformed input for every text format: each case checks the exact message a person reads,
// and random or mutated bytes must give a value or an error, never a crash.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "io/io_detail.h"
#include "sudokit/io.h"

namespace sudokit {
namespace {

const std::string kNorvig1 =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
// kNorvig1 written by `sudokit convert --out-alphabet hex`: 0-8 for digits 1-9.
const std::string kNorvig1Hex =
    "3.....7.4.2..........6......1.....5.....7.3......0.......5.2.6.4..1.....0.3......";
const std::string kAllCounts =
    "16 (4x4), 36 (6x6), 81 (9x9), 144 (12x12), 256 (16x16), 625 (25x25) or 1296 (36x36)";

std::string with(std::string text, size_t index, char c) {
    text[index] = c;
    return text;
}

std::string dots(size_t count) { return std::string(count, '.'); }

// The cell at `index` written as `text` (a multi-byte character).
std::string replace_cell(const std::string& line, size_t index, const std::string& text) {
    return line.substr(0, index) + text + line.substr(index + 1);
}

// Each '.' written as a bullet, as some sites print puzzles.
std::string bullets(const std::string& line) {
    std::string out;
    for (char c : line) out += c == '.' ? std::string("\xE2\x80\xA2") : std::string(1, c);
    return out;
}

// `count` numbers "0" separated by single spaces, some replaced.
std::string numbers(int count, const std::map<int, std::string>& replaced = {}) {
    std::string out;
    for (int i = 0; i < count; ++i) {
        if (i != 0) out += ' ';
        auto it = replaced.find(i);
        out += it == replaced.end() ? "0" : it->second;
    }
    return out;
}

std::string replace_line(const std::string& text, int line, const std::string& replacement) {
    size_t begin = 0;
    for (int i = 1; i < line; ++i) begin = text.find('\n', begin) + 1;
    const size_t end = text.find('\n', begin);
    return text.substr(0, begin) + replacement + text.substr(end);
}

const std::string kHodoku =
    ".------------------.------------------.------------------.\n"
    "| 4 1679 12679 | 139 2369 1269 | 8 1239 5 |\n"
    "| 26789 3 1256789 | 14589 24569 1245689 | 12679 1249 124679 |\n"
    "| 2689 15689 125689 | 7 234569 1245689 | 12369 12349 123469 |\n"
    ":------------------+------------------+------------------:\n"
    "| 3789 2 135789 | 3459 34579 4579 | 13579 6 13789 |\n"
    "| 3679 15679 135679 | 359 8 25679 | 4 12359 12379 |\n"
    "| 36789 456789 356789 | 3459 1 245679 | 23579 23589 23789 |\n"
    ":------------------+------------------+------------------:\n"
    "| 289 89 289 | 6 459 3 | 1259 7 12489 |\n"
    "| 5 6789 36789 | 2 479 14789 | 1369 13489 134689 |\n"
    "| 1 6789 4 | 589 579 5789 | 23569 23589 23689 |\n"
    "'------------------'------------------'------------------'\n";

struct ErrorCase {
    std::string name;
    std::string input;
    std::string expected;
    ParseOptions options = {};
    int first_line = 1;
};

ParseOptions with_shape(Shape shape, Alphabet alphabet = Alphabet::automatic) {
    ParseOptions o;
    o.shape = shape;
    o.alphabet = alphabet;
    return o;
}
ParseOptions with_alphabet(Alphabet alphabet) {
    ParseOptions o;
    o.alphabet = alphabet;
    return o;
}
ParseOptions hex_options() { return with_alphabet(Alphabet::zero_based); }

std::vector<ErrorCase> error_cases() {
    const std::string grid9 = format_grid(parse_puzzle(kNorvig1).value().grid);
    const std::string marks9 =
        format_marks_line(PencilMarks::from_grid(parse_puzzle(kNorvig1).value().grid));
    std::string marks4;
    for (int cell = 0; cell < 16; ++cell) marks4 += "1234";
    std::string marks16;
    for (int cell = 0; cell < 256; ++cell) marks16 += "123456789ABCDEFG";
    std::string compact16;
    for (int r = 0; r < 10; ++r) compact16 += dots(16) + "\n";
    std::string sdk5 = "#Aname\n#Bauthor\n";
    for (int r = 0; r < 5; ++r) sdk5 += dots(9) + "\n";

    std::vector<ErrorCase> cases = {
        // ---- one-line puzzles: cell counts
        {"count_80", kNorvig1.substr(0, 80),
         "line 1: 80 cells; a puzzle line holds " + kAllCounts + " cells"},
        {"count_82", kNorvig1 + "5",
         "line 1: 82 cells; a puzzle line holds " + kAllCounts + " cells"},
        {"count_with_size", kNorvig1.substr(0, 80), "line 1: 80 cells; a 9x9 puzzle has 81",
         with_shape({3, 3})},
        {"count_with_size_3x2", dots(35), "line 1: 35 cells; a 6x6 puzzle has 36",
         with_shape({3, 2})},
        {"count_words", "hello world",
         "line 1: 5 cells; a puzzle line holds " + kAllCounts + " cells"},
        {"count_one", "5", "line 1: 1 cell; a puzzle line holds " + kAllCounts + " cells"},
        {"count_tab_inside", "4.....8.5\t" + kNorvig1.substr(9),
         "line 1, column 10: a tab inside the cells? 9 cells, then 72 more: 81 cells would be a "
         "9x9 puzzle"},
        // ---- one-line puzzles cut by a stray space or tab: the "comment" is the rest of the
        // cells (the first part alone may be a valid smaller puzzle: 36 cells make a 6x6)
        {"cut_6x6_and_rest", dots(36) + " " + kNorvig1.substr(36),
         "line 1, column 37: a space inside the cells? 36 cells, then 45 more: 81 cells would be "
         "a 9x9 puzzle"},
        {"cut_not_6x6", kNorvig1.substr(0, 36) + " " + kNorvig1.substr(36),
         "line 1, column 37: a space inside the cells? 36 cells, then 45 more: 81 cells would be "
         "a 9x9 puzzle"},
        {"cut_by_tab", "  " + kNorvig1.substr(0, 16) + "\t" + kNorvig1.substr(16),
         "line 1, column 19: a tab inside the cells? 16 cells, then 65 more: 81 cells would be a "
         "9x9 puzzle"},
        {"cut_twice_then_comment",
         kNorvig1.substr(0, 36) + " " + kNorvig1.substr(36, 20) + "  " + kNorvig1.substr(56) +
             " # hard",
         "line 1, column 37: a space inside the cells? 36 cells, then 45 more: 81 cells would be "
         "a 9x9 puzzle"},
        // A carriage return among the rest is a blank too (a comment keeps it as a space, so
        // the line written back must read the same way).
        {"cut_by_tab_and_cr", "1..2\t..3.\r4..2..1.",
         "line 1, column 5: a tab inside the cells? 4 cells, then 12 more: 16 cells would be a "
         "4x4 puzzle"},
        {"cut_4x4", "1..2 ..3.4..2..1.",
         "line 1, column 5: a space inside the cells? 4 cells, then 12 more: 16 cells would be a "
         "4x4 puzzle"},
        {"cut_marks", marks9.substr(0, 300) + " " + marks9.substr(300),
         "line 1, column 301: a space inside the cells? 300 cells, then 429 more: 729 cells would "
         "be the pencil marks of a 9x9 puzzle"},
        {"cut_with_size", kNorvig1.substr(0, 40) + " " + kNorvig1.substr(40),
         "line 1, column 41: a space inside the cells? 40 cells, then 41 more: 81 cells would be a "
         "9x9 puzzle",
         with_shape({3, 3})},
        // ---- one-line puzzles: symbols, every shape
        {"symbol_9x9_x", with(kNorvig1, 9, 'x'),
         "line 1, column 10: 'x' is not a digit of a 9x9 grid (1-9, or . for empty)"},
        {"symbol_9x9_letter", with(kNorvig1, 2, 'A'),
         "line 1, column 3: 'A' is not a digit of a 9x9 grid (1-9, or . for empty)"},
        {"symbol_4x4", "....5...........",
         "line 1, column 5: '5' is not a digit of a 4x4 grid (1-4, or . for empty)"},
        {"symbol_6x6", with(dots(36), 20, '7'),
         "line 1, column 21: '7' is not a digit of a 6x6 grid (1-6, or . for empty)"},
        {"symbol_12x12", with(dots(144), 0, 'D'),
         "line 1, column 1: 'D' is not a digit of a 12x12 grid (1-9A-C, or . for empty)"},
        {"symbol_16x16", with(dots(256), 255, 'H'),
         "line 1, column 256: 'H' is not a digit of a 16x16 grid (1-9A-G, or . for empty)"},
        {"symbol_25x25", with(dots(625), 100, 'q'),
         "line 1, column 101: 'q' is not a digit of a 25x25 grid (1-9A-P, or . for empty)"},
        {"symbol_36x36", with(dots(1296), 1000, '!'),
         "line 1, column 1001: '!' is not a digit of a 36x36 grid (0-Z, or . for empty)"},
        {"symbol_hex_16x16", with(dots(256), 5, 'G'),
         "line 1, column 6: 'G' is not a digit of a 16x16 grid (0-F, or . for empty)",
         with_alphabet(Alphabet::zero_based)},
        {"symbol_hex_9x9", with(dots(81), 40, '9'),
         "line 1, column 41: '9' is not a digit of a 9x9 grid (0-8, or . for empty)",
         with_alphabet(Alphabet::zero_based)},
        // A multi-byte UTF-8 character is one cell and one column, quoted whole; a byte that
        // starts no UTF-8 character stands alone.
        {"symbol_utf8", replace_cell(kNorvig1, 4, "\xC3\xA9"),
         "line 1, column 5: '\xC3\xA9' (U+00E9) is not a digit of a 9x9 grid (1-9, or . for "
         "empty)"},
        {"symbol_utf8_bullets", bullets(kNorvig1),
         "line 1, column 2: '\xE2\x80\xA2' (U+2022) is not a digit of a 9x9 grid (1-9, or . "
         "for empty)"},
        {"symbol_utf8_last", replace_cell(kNorvig1, 80, "\xE2\x80\xA2"),
         "line 1, column 81: '\xE2\x80\xA2' (U+2022) is not a digit of a 9x9 grid (1-9, or . "
         "for empty)"},
        {"symbol_utf8_no_break_space", replace_cell(dots(16), 3, "\xC2\xA0"),
         "line 1, column 4: '\xC2\xA0' (U+00A0) is not a digit of a 4x4 grid (1-4, or . for "
         "empty)"},
        {"symbol_utf8_emoji_marks", replace_cell(marks9, 100, "\xF0\x9F\x98\x80"),
         "line 1, column 101: '\xF0\x9F\x98\x80' (U+1F600) is not a digit of a 9x9 grid (1-9, "
         "or . for empty)"},
        {"symbol_lone_byte", replace_cell(kNorvig1, 4, "\xC3"),
         "line 1, column 5: byte 0xC3 is not a digit of a 9x9 grid (1-9, or . for empty)"},
        {"count_utf8", replace_cell(kNorvig1.substr(0, 80), 4, "\xE2\x80\xA2"),
         "line 1: 80 cells; a puzzle line holds " + kAllCounts + " cells"},
        {"count_utf8_two_bytes", with(with(kNorvig1, 4, '\xC3'), 5, '\xA9'),
         "line 1: 80 cells; a puzzle line holds " + kAllCounts + " cells"},
        {"numeric_utf8_token", numbers(81, {{5, "\xE2\x80\xA2"}}),
         "line 1, column 11: '\xE2\x80\xA2' is not a number"},
        {"symbol_nul", with(kNorvig1, 6, '\0'),
         "line 1, column 7: byte 0x00 is not a digit of a 9x9 grid (1-9, or . for empty)"},
        {"symbol_del", with(kNorvig1, 80, '\x7f'),
         "line 1, column 81: byte 0x7F is not a digit of a 9x9 grid (1-9, or . for empty)"},
        // ---- the ambiguous '0' from 10x10 to 35x35
        {"ambiguous_16x16", with(with(dots(256), 2, '0'), 3, 'F'),
         "line 1, column 3: '0' makes this 16x16 puzzle ambiguous: it is empty in 1-9A-G but "
         "digit 1 in 0-F; choose with --alphabet standard or --alphabet hex"},
        {"ambiguous_12x12", with(dots(144), 50, '0'),
         "line 1, column 51: '0' makes this 12x12 puzzle ambiguous: it is empty in 1-9A-C but "
         "digit 1 in 0-B; choose with --alphabet standard or --alphabet hex"},
        {"ambiguous_25x25", with(with(dots(625), 0, '0'), 1, 'O'),
         "line 1, column 1: '0' makes this 25x25 puzzle ambiguous: it is empty in 1-9A-P but "
         "digit 1 in 0-O; choose with --alphabet standard or --alphabet hex"},
        // ... and at every other size up to 35x35 (hex output of `sudokit convert`)
        {"ambiguous_9x9_hex", kNorvig1Hex,
         "line 1, column 50: '0' makes this 9x9 puzzle ambiguous: it is empty in 1-9 but digit 1 "
         "in 0-8; choose with --alphabet standard or --alphabet hex"},
        {"ambiguous_9x9_hex_grid",
         format_grid(parse_puzzle(kNorvig1).value().grid, Alphabet::zero_based),
         "line 7, column 11: '0' makes this 9x9 puzzle ambiguous: it is empty in 1-9 but digit 1 "
         "in 0-8; choose with --alphabet standard or --alphabet hex"},
        {"ambiguous_4x4", "..0.3...........",
         "line 1, column 3: '0' makes this 4x4 puzzle ambiguous: it is empty in 1-4 but digit 1 "
         "in 0-3; choose with --alphabet standard or --alphabet hex"},
        {"ambiguous_6x6", with(dots(36), 7, '0'),
         "line 1, column 8: '0' makes this 6x6 puzzle ambiguous: it is empty in 1-6 but digit 1 "
         "in 0-5; choose with --alphabet standard or --alphabet hex"},
        {"ambiguous_16x16_grid",
         replace_line(format_grid(Grid(Shape{4, 4})), 3, ". 0 . . | . . . . | . . . . | . . . ."),
         "line 3, column 3: '0' makes this 16x16 puzzle ambiguous: it is empty in 1-9A-G but "
         "digit 1 in 0-F; choose with --alphabet standard or --alphabet hex"},
        // ---- givens in conflict
        {"conflict_row", "1...1" + dots(76), "line 1, column 5: r1c1 and r1c5 both hold 1"},
        {"conflict_column", with(with(dots(81), 0, '7'), 27, '7'),
         "line 1, column 28: r1c1 and r4c1 both hold 7"},
        {"conflict_box", with(with(dots(81), 0, '3'), 10, '3'),
         "line 1, column 11: r1c1 and r2c2 both hold 3"},
        {"conflict_36x36", with(with(dots(1296), 0, 'Z'), 1, 'z'),
         "line 1, column 2: r1c1 and r1c2 both hold Z"},
        {"conflict_16x16", with(with(dots(256), 0, 'G'), 16, 'G'),
         "line 1, column 17: r1c1 and r2c1 both hold G"},
        {"conflict_hex", with(with(dots(256), 0, '0'), 1, '0'),
         "line 1, column 2: r1c1 and r1c2 both hold 0", with_alphabet(Alphabet::zero_based)},
        {"conflict_3x2_boxes", with(with(dots(36), 0, '2'), 13, '2'),
         "line 1, column 14: r1c1 and r3c2 both hold 2", with_shape({3, 2})},
        {"conflict_forum_grid", replace_line(grid9, 2, "4 3 . | . . . | . . ."),
         "line 2, column 1: r1c1 and r2c1 both hold 4"},
        {"conflict_numeric", numbers(16, {{0, "1"}, {1, "1"}}),
         "line 1, column 3: r1c1 and r1c2 both hold 1"},
        // ---- numeric lines
        {"numeric_range_16x16", numbers(256, {{2, "17"}}),
         "line 1, column 5: 17 is out of range for a 16x16 grid (1-16)"},
        {"numeric_range_25x25", numbers(625, {{0, "26"}}),
         "line 1, column 1: 26 is out of range for a 25x25 grid (1-25)"},
        {"numeric_range_huge", numbers(81, {{0, "99999999999999999999999"}}),
         "line 1, column 1: 99999999999999999999... is out of range for a 9x9 grid (1-9)"},
        {"numeric_not_a_number", numbers(256, {{3, "1x"}}),
         "line 1, column 7: '1x' is not a number"},
        {"numeric_negative", numbers(81, {{5, "-3"}}), "line 1, column 11: '-3' is not a number"},
        {"numeric_count", numbers(255),
         "line 1: 255 numbers; a numeric line holds " + kAllCounts + " numbers"},
        {"numeric_count_with_size", numbers(255), "line 1: 255 numbers; a 16x16 puzzle has 256",
         with_shape({4, 4})},
        {"numeric_letters_when_asked", numbers(81, {{0, "A"}}),
         "line 1, column 1: 'A' is not a number", with_alphabet(Alphabet::numeric)},
        // ---- multi-line grids
        {"grid_ends_at_blank",
         "4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . . | . . .\n\n" + kNorvig1,
         "line 1: the 9x9 grid ends after 3 of its 9 rows"},
        {"grid_ends_at_eof",
         "+-------+-------+-------+\n| 4 . . | . . . | 8 . 5 |\n| . 3 . | . . . | . . . |\n"
         "| . . . | 7 . . | . . . |\n+-------+-------+-------+\n| . 2 . | . . . | . 6 . |",
         "line 1: the 9x9 grid ends after 4 of its 9 rows"},
        {"grid_ends_at_comment", sdk5 + "#end\n",
         "line 3: the 9x9 grid ends after 5 of its 9 rows"},
        {"grid_16x16_short_row", compact16 + "1234\n",
         "line 1: the 16x16 grid ends after 10 of its 16 rows", with_shape({4, 4})},
        {"grid_bad_symbol", replace_line(grid9, 6, ". . x | . 8 . | 4 . ."),
         "line 6, column 5: 'x' is not a digit of a 9x9 grid (1-9, or . for empty)"},
        {"grid_marks_row_among_values",
         replace_line(grid9, 1, "4 1679 12679 | 139 2369 1269 | 8 1239 5"),
         "line 1, column 3: 1679 is out of range for a 9x9 grid (1-9)"},
        {"grid_compact_row_among_marks", replace_line(kHodoku, 3, "4..|...|8.5"),
         "line 3: 3 cells in this row; each row of this 9x9 grid has 9"},
        // ---- pencil marks
        {"marks_no_candidates", marks9.substr(0, 27) + dots(9) + marks9.substr(36),
         "line 1, column 28: r1c4 has no candidates"},
        {"marks_wrong_slot", with(marks9, 11, '5'),
         "line 1, column 12: r1c2: '5' in the slot for 3 (each slot holds its own digit or .)"},
        {"marks_bad_symbol", with(marks9, 100, 'x'),
         "line 1, column 101: 'x' is not a digit of a 9x9 grid (1-9, or . for empty)"},
        {"marks_conflict", marks9.substr(0, 9) + "...4....." + marks9.substr(18),
         "line 1, column 13: r1c1 and r1c2 both hold 4"},
        {"marks_4x4_wrong_slot", with(marks4, 20, '2'),
         "line 1, column 21: r2c2: '2' in the slot for 1 (each slot holds its own digit or .)"},
        {"marks_16x16_bad_symbol", with(marks16, 0, 'Z'),
         "line 1, column 1: 'Z' is not a digit of a 16x16 grid (1-9A-G, or . for empty)"},
        {"marks_grid_no_candidates",
         replace_line(kHodoku, 2, "| 4 1679 12679 | 139 2369 0 | 8 1239 5 |"),
         "line 2, column 27: r1c6 has no candidates"},
        {"marks_grid_bad_symbol",
         replace_line(kHodoku, 2, "| 4 1679 12x79 | 139 2369 1269 | 8 1239 5 |"),
         "line 2, column 12: 'x' is not a digit of a 9x9 grid (1-9, or . for empty)"},
        // ---- what parse_puzzle accepts as a whole
        {"empty", "", "line 1: no puzzle in the input"},
        {"comments_only", "# nothing here\n\n", "line 1: no puzzle in the input"},
        {"two_puzzles", kNorvig1 + "\n" + kNorvig1,
         "line 2: more text after the puzzle (one puzzle expected)"},
        {"first_line_offset",
         with(kNorvig1, 9, 'x'),
         "line 42, column 10: 'x' is not a digit of a 9x9 grid (1-9, or . for empty)",
         {},
         42},
        {"invalid_shape", kNorvig1,
         "line 1: the size 7x7 is not a grid sudokit reads (sides 1 to 36)", with_shape({7, 7})},
    };
    return cases;
}

TEST(IoErrors, EachMalformedInputHasItsExactMessage) {
    const std::vector<ErrorCase> cases = error_cases();
    EXPECT_GE(cases.size(), 35u);
    for (const ErrorCase& c : cases) {
        Parsed<Puzzle> parsed = parse_puzzle(c.input, c.options, c.first_line);
        ASSERT_FALSE(parsed.ok()) << c.name << " parsed";
        EXPECT_EQ(parsed.error().message(), c.expected) << c.name;
    }
}

TEST(IoErrors, SameCasesThroughTheReaderReportTheSameFirstError) {
    for (const ErrorCase& c : error_cases()) {
        if (c.first_line != 1 || c.name == "two_puzzles") continue;
        std::FILE* f = std::tmpfile();
        ASSERT_NE(f, nullptr);
        std::fwrite(c.input.data(), 1, c.input.size(), f);
        std::rewind(f);
        PuzzleReader reader(f, c.options);
        std::optional<PuzzleReader::Item> item = reader.next();
        std::fclose(f);
        if (c.name == "empty" || c.name == "comments_only") {
            EXPECT_FALSE(item) << c.name;
            continue;
        }
        ASSERT_TRUE(item) << c.name;
        ASSERT_FALSE(item->puzzle.ok()) << c.name;
        EXPECT_EQ(item->puzzle.error().message(), c.expected) << c.name;
    }
}

TEST(IoErrors, ControlsForTheCasesAboveParse) {
    // The inputs above fail for the stated reason only: the unbroken versions parse.
    EXPECT_TRUE(parse_puzzle(with(with(dots(36), 0, '2'), 13, '2')).ok());  // 2x3 boxes
    EXPECT_TRUE(parse_puzzle(kHodoku).ok());
    EXPECT_TRUE(
        parse_puzzle(format_marks_line(PencilMarks::from_grid(parse_puzzle(kNorvig1).value().grid)))
            .ok());
    EXPECT_TRUE(parse_puzzle(numbers(256, {{2, "16"}})).ok());
    EXPECT_TRUE(parse_puzzle(with(with(dots(256), 2, '0'), 3, 'G')).ok());
    EXPECT_TRUE(parse_puzzle(kNorvig1Hex, hex_options()).ok());
    // In 0-3 two '0's in a row would both be 1: the line reads only as 1-4, 0 empty.
    EXPECT_TRUE(parse_puzzle("0.0.3...........").ok());
    EXPECT_TRUE(parse_puzzle(with(with(dots(256), 2, '0'), 3, 'F'), hex_options()).ok());
}

// ---- Robustness -----------------------------------------------------------------------------
// Random and mutated input must give, for each puzzle or malformed input, a value or an error
// that points into the text; and what is valid around it must still be read.

// The lines of a text as the readers number them: split at '\n', a final '\r' and a leading
// byte-order mark dropped.
std::vector<std::string_view> text_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    size_t pos = 0;
    for (;;) {
        const size_t end = text.find('\n', pos);
        std::string_view line = text.substr(pos, end == std::string_view::npos ? end : end - pos);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (lines.empty() && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
        lines.push_back(line);
        if (end == std::string_view::npos) break;
        pos = end + 1;
    }
    return lines;
}

// The character at a 1-based column, counted as the parser counts (a UTF-8 character is one).
std::optional<std::string_view> character_at(std::string_view line, int column) {
    size_t i = 0;
    for (int c = 1; i < line.size(); ++c) {
        const size_t length = detail::utf8_length(line, i);
        if (c == column) return line.substr(i, length);
        i += length;
    }
    return std::nullopt;
}

// An error names a line of the text and a column within that line (or 0); when it quotes the
// character or token at fault, that is what stands at the column.
void expect_points_into(const ParseError& error, const std::vector<std::string_view>& lines,
                        const std::string& input) {
    const std::string where = error.message() + "\nin: " + detail::quote_token(input);
    ASSERT_GE(error.line, 1) << where;
    ASSERT_LE(error.line, static_cast<int>(lines.size())) << where;
    ASSERT_GE(error.column, 0) << where;
    ASSERT_FALSE(error.reason.empty()) << where;
    if (error.column == 0) return;
    const std::string_view line = lines[static_cast<size_t>(error.line) - 1];
    const std::optional<std::string_view> at = character_at(line, error.column);
    ASSERT_TRUE(at) << "the column is past the end of the line: " << where;
    const std::string& reason = error.reason;
    if (reason.find(" is not a digit") != std::string::npos) {
        if (reason.starts_with("byte 0x")) {
            const int byte = std::stoi(reason.substr(7, 2), nullptr, 16);
            EXPECT_EQ(*at, std::string(1, static_cast<char>(byte))) << where;
        } else {
            ASSERT_EQ(reason[0], '\'') << where;
            EXPECT_EQ(*at, reason.substr(1, detail::utf8_length(reason, 1))) << where;
        }
    } else if (const size_t end = reason.find("' is not a number"); end != std::string::npos) {
        const std::string token = reason.substr(1, end - 1);
        if (token.find("\\x") == std::string::npos && !token.ends_with("...")) {
            const size_t byte = static_cast<size_t>(at->data() - line.data());
            EXPECT_EQ(line.substr(byte, token.size()), token) << where;
        }
    } else if (reason.starts_with("a space inside")) {
        EXPECT_EQ(*at, " ") << where;
    } else if (reason.starts_with("a tab inside")) {
        EXPECT_EQ(*at, "\t") << where;
    }
}

// A value is a grid of the shape's digits without conflicts, written back and read again the
// same; an error points into the text.
void expect_sane(const std::string& text, const ParseOptions& options = {}) {
    const Parsed<Puzzle> parsed = parse_puzzle(text, options);
    if (!parsed.ok()) {
        expect_points_into(parsed.error(), text_lines(text), text);
        return;
    }
    const Puzzle& p = parsed.value();
    const Grid& g = p.grid;
    ASSERT_TRUE(g.shape().valid());
    for (int cell = 0; cell < g.cell_count(); ++cell) ASSERT_LE(g[cell], g.size());
    EXPECT_FALSE(find_conflict(g)) << text;
    ASSERT_NE(p.alphabet, Alphabet::automatic);
    ParseOptions again;
    again.shape = g.shape();
    again.alphabet =
        p.alphabet == Alphabet::standard && g.size() == 36 ? Alphabet::zero_based : p.alphabet;
    const Parsed<Puzzle> reread = parse_puzzle(format_line(g, p.alphabet), again);
    ASSERT_TRUE(reread.ok()) << reread.error().message() << "\n" << text;
    EXPECT_EQ(reread.value().grid, g) << text;
}

// One line of a file and, when it is a valid puzzle, the grid it must give.
struct FileLine {
    std::string text;  // no '\n'
    std::optional<Grid> expected;
};

// The lines, each followed by a blank line (which ends any grid), read through the
// PuzzleReader: each line gives exactly the item that parse_puzzle gives for it alone (none for
// a comment or a border line), at its line number, and each valid line its grid.
void expect_one_item_per_line(const std::vector<FileLine>& lines, const ParseOptions& options) {
    std::string text;
    for (const FileLine& line : lines) text += line.text + "\n\n";
    std::FILE* f = std::tmpfile();
    ASSERT_NE(f, nullptr);
    std::fwrite(text.data(), 1, text.size(), f);
    std::rewind(f);
    std::vector<PuzzleReader::Item> items;
    PuzzleReader reader(f, options);
    while (auto item = reader.next()) items.push_back(std::move(*item));
    std::fclose(f);

    const std::vector<std::string_view> file_lines = text_lines(text);
    size_t k = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
        const int number = static_cast<int>(2 * i + 1);
        const Parsed<Puzzle> alone = parse_puzzle(lines[i].text, options, number);
        const bool no_item = !alone.ok() && alone.error().reason == "no puzzle in the input";
        ASSERT_FALSE(no_item && lines[i].expected) << lines[i].text;
        if (no_item) continue;
        ASSERT_LT(k, items.size()) << "no item for line " << number;
        const PuzzleReader::Item& item = items[k++];
        ASSERT_EQ(item.line, number) << lines[i].text;
        if (lines[i].expected) {
            ASSERT_TRUE(item.puzzle.ok())
                << "valid line " << number << " lost: " << item.puzzle.error().message();
            EXPECT_EQ(item.puzzle.value().grid, *lines[i].expected) << lines[i].text;
        }
        ASSERT_EQ(item.puzzle.ok(), alone.ok()) << lines[i].text;
        if (alone.ok()) {
            EXPECT_EQ(item.puzzle.value().grid, alone.value().grid);
            EXPECT_EQ(item.puzzle.value().comment, alone.value().comment);
        } else {
            EXPECT_EQ(item.puzzle.error(), alone.error());
            expect_points_into(item.puzzle.error(), file_lines, lines[i].text);
        }
    }
    EXPECT_EQ(k, items.size()) << "more items than lines";
}

// The 9x9 grid of a line of digits and dots, built without the parser under test.
Grid grid_9x9(const std::string& line) {
    Grid grid(Shape{3, 3});
    for (int cell = 0; cell < 81; ++cell) {
        if (line[cell] != '.') grid.set(cell, line[cell] - '0');
    }
    return grid;
}

// Valid one-line puzzles for the options: several shapes, alphabets and comments.
std::vector<FileLine> valid_lines(const ParseOptions& options) {
    std::vector<FileLine> lines;
    const Grid g9 = grid_9x9(kNorvig1);
    Grid g4(Shape{2, 2});
    g4.set(0, 1);
    g4.set(5, 2);
    g4.set(15, 4);
    Grid g16(Shape{4, 4});
    g16.set(0, 1);
    g16.set(100, 16);
    if (options.shape) {  // the tests pass 2x2
        lines.push_back({format_line(g4, options.alphabet), g4});
        lines.push_back({format_line(g4, options.alphabet) + " # note", g4});
        return lines;
    }
    for (const char* comment : {"", " # hard", ",1.5,1.2", " 17", "\t1.2"}) {
        lines.push_back({kNorvig1 + comment, g9});
    }
    lines.push_back({format_line(g4), g4});
    lines.push_back({format_line(g16), g16});
    lines.push_back({format_line(g16, Alphabet::numeric) + "  # numeric", g16});
    lines.push_back({format_marks_line(PencilMarks::from_grid(g9)), g9});
    return lines;
}

// Every tenth line of `random` replaced by a valid one.
std::vector<FileLine> mixed_with_valid(const std::vector<std::string>& random,
                                       const ParseOptions& options) {
    const std::vector<FileLine> valid = valid_lines(options);
    std::vector<FileLine> lines;
    for (size_t i = 0; i < random.size(); ++i) {
        lines.push_back(i % 10 == 5 ? valid[(i / 10) % valid.size()] : FileLine{random[i], {}});
    }
    return lines;
}

std::string one_line(std::string text) {
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
}

TEST(IoErrors, RandomBytesNeverCrash) {
    std::string pool = "0123456789.|-+* \n\t#,;AaGgZz=:'[]\r";
    pool += '\0';
    pool += '\xC3';
    pool += '\xFF';
    pool += "\xE2\x80\xA2";  // a UTF-8 '•' (its bytes may also come apart)
    std::mt19937 rng(20240611);
    std::vector<ParseOptions> option_sets = {ParseOptions{}};
    for (Alphabet alphabet :
         {Alphabet::automatic, Alphabet::standard, Alphabet::zero_based, Alphabet::numeric}) {
        option_sets.push_back(with_shape({2, 2}, alphabet));
    }
    std::vector<std::vector<std::string>> single_lines(option_sets.size());
    for (int round = 0; round < 3000; ++round) {
        std::string text;
        const size_t length = rng() % (round % 10 == 0 ? 3000 : 200);
        for (size_t i = 0; i < length; ++i) {
            text += round % 3 == 0 ? static_cast<char>(rng() % 256) : pool[rng() % pool.size()];
        }
        const size_t with_options = 1 + rng() % (option_sets.size() - 1);
        expect_sane(text);
        expect_sane(text, option_sets[with_options]);
        if (::testing::Test::HasFatalFailure()) return;
        single_lines[0].push_back(one_line(text));
        single_lines[with_options].push_back(one_line(text));
    }
    for (size_t o = 0; o < option_sets.size(); ++o) {
        expect_one_item_per_line(mixed_with_valid(single_lines[o], option_sets[o]), option_sets[o]);
    }
}

TEST(IoErrors, MutatedValidInputsNeverCrash) {
    const Grid g9 = grid_9x9(kNorvig1);
    Grid g16(Shape{4, 4});
    g16.set(0, 1);
    g16.set(100, 16);
    const std::vector<std::string> seeds = {
        kNorvig1,
        format_grid(g9),
        format_grid(g16, Alphabet::numeric),
        format_line(g16, Alphabet::numeric),
        format_marks_line(PencilMarks::from_grid(g9)),
        format_marks_grid(PencilMarks::from_grid(g9)),
        kHodoku,
        format_grid(g16),
        kNorvig1 + " # with a comment",
    };
    const std::string pool = "0123456789.|-+* \n\t#AG";
    std::mt19937 rng(7);
    std::vector<std::string> single_lines;
    for (int round = 0; round < 4000; ++round) {
        const std::string& seed = seeds[round % seeds.size()];
        std::string text = seed;
        const int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits && !text.empty(); ++e) {
            const size_t at = rng() % text.size();
            switch (rng() % 3) {
                case 0:
                    text[at] = pool[rng() % pool.size()];
                    break;
                case 1:
                    text.erase(at, 1 + rng() % 3);
                    break;
                default:
                    text.insert(at, 1, pool[rng() % pool.size()]);
            }
        }
        expect_sane(text);
        if (::testing::Test::HasFatalFailure()) return;
        if (seed.find('\n') == std::string::npos && text.find('\n') == std::string::npos) {
            single_lines.push_back(text);
        }
    }
    expect_one_item_per_line(mixed_with_valid(single_lines, {}), {});

    // Edits that keep a puzzle valid keep it read: a given emptied, in every layout.
    for (int round = 0; round < 400; ++round) {
        Grid grid = round % 2 == 0 ? g9 : g16;
        std::vector<int> givens;
        for (int cell = 0; cell < grid.cell_count(); ++cell) {
            if (grid[cell] != 0) givens.push_back(cell);
        }
        grid.set(givens[rng() % givens.size()], 0);
        for (const std::string& text :
             {format_line(grid), format_grid(grid), format_line(grid, Alphabet::numeric),
              format_grid(grid, Alphabet::numeric), format_line(grid) + " # emptied"}) {
            const Parsed<Puzzle> parsed = parse_puzzle(text);
            ASSERT_TRUE(parsed.ok()) << parsed.error().message() << "\n" << text;
            EXPECT_EQ(parsed.value().grid, grid) << text;
        }
    }
}

TEST(IoErrors, HugeLinesAreCountedNotStored) {
    // 1.5 million numbers on one line: a count error, read in one pass.
    Parsed<Puzzle> numeric = parse_puzzle(numbers(1'500'000));
    ASSERT_FALSE(numeric.ok());
    EXPECT_EQ(numeric.error().message(),
              "line 1: 1500000 numbers; a numeric line holds " + kAllCounts + " numbers");
    Parsed<Puzzle> chars = parse_puzzle(dots(3'000'000) + " # comment");
    ASSERT_FALSE(chars.ok());
    EXPECT_EQ(chars.error().message(),
              "line 1: 3000000 cells; a puzzle line holds " + kAllCounts + " cells");
}

}  // namespace
}  // namespace sudokit
