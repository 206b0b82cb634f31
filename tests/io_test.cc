// Text formats (include/sudokit/io.h): round trips for every shape in every format, comments,
// forum pastes and .sdk files, pencil marks, the streaming reader, and the public data sets.
#include "sudokit/io.h"

#include <gtest/gtest.h>
#include <pty.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <future>
#include <random>
#include <string>
#include <vector>

#include "test_support.h"

namespace sudokit {
namespace {

// A valid complete grid of any shape: the usual shifted-pattern solution.
Grid pattern_solution(Shape shape) {
    const int n = shape.size();
    Grid grid(shape);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const int v = (shape.box_cols * (r % shape.box_rows) + r / shape.box_rows + c) % n;
            grid.set(r * n + c, v + 1);
        }
    }
    return grid;
}

// The solution with about two thirds of the cells emptied (deterministic).
Grid pattern_puzzle(Shape shape) {
    Grid grid = pattern_solution(shape);
    std::mt19937 rng(static_cast<unsigned>(shape.size() * 101 + shape.box_rows));
    for (int cell = 0; cell < grid.cell_count(); ++cell) {
        if (rng() % 3 != 0) grid.set(cell, 0);
    }
    return grid;
}

Puzzle must_parse(const std::string& text, const ParseOptions& options = {}) {
    Parsed<Puzzle> parsed = parse_puzzle(text, options);
    EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().message()) << "\n" << text;
    return parsed.ok() ? parsed.value() : Puzzle{Grid(Shape{1, 1}), {}, {}, {}, 0};
}

// A FILE* holding `text` (closed by the caller).
std::FILE* temp_file(const std::string& text) {
    std::FILE* f = std::tmpfile();
    EXPECT_NE(f, nullptr);
    if (f == nullptr) return nullptr;
    std::fwrite(text.data(), 1, text.size(), f);
    std::rewind(f);
    return f;
}

std::vector<PuzzleReader::Item> read_all(const std::string& text, ParseOptions options = {}) {
    std::FILE* f = temp_file(text);
    std::vector<PuzzleReader::Item> items;
    if (f == nullptr) return items;
    PuzzleReader reader(f, options);
    while (auto item = reader.next()) items.push_back(std::move(*item));
    std::fclose(f);
    return items;
}

const char* const kNorvig1 =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

// ---- One string per puzzle, values as numbers (the Python module's inputs) -----------------

TEST(IoItems, ReadPuzzleItemIsTheReadersItem) {
    // Each line alone gives the item the reader gives for it in a file: the puzzle, or the
    // error with the text and comment an invalid item keeps.
    const std::string lines[] = {
        std::string(kNorvig1) + " # hard",
        "9..7..54.8..564...x.....7.2....9...8...18..5.7.....6...9..5....2.54...1..43....2. # x",
        "99.7..54.8..564.........7.2....9...8...18..5.7.....6...9..5....2.54...1..43....2.,c",
        "9..7..54.8..564.........7.2....9",
        std::string(300, '1'),
    };
    for (const std::string& line : lines) {
        const std::vector<PuzzleReader::Item> read = read_all(line + "\n");
        ASSERT_EQ(read.size(), 1u) << line;
        const PuzzleReader::Item item = read_puzzle_item(line, {}, 1);
        EXPECT_EQ(item.line, read[0].line);
        ASSERT_EQ(item.puzzle.ok(), read[0].puzzle.ok()) << line;
        if (item.puzzle.ok()) {
            EXPECT_EQ(item.puzzle.value().grid, read[0].puzzle.value().grid);
            EXPECT_EQ(item.puzzle.value().comment, read[0].puzzle.value().comment);
        } else {
            EXPECT_EQ(item.puzzle.error(), read[0].puzzle.error());
            EXPECT_EQ(item.text, read[0].text);
            EXPECT_EQ(item.comment, read[0].comment);
        }
    }
    const PuzzleReader::Item shifted = read_puzzle_item("x", {}, 40);
    ASSERT_FALSE(shifted.puzzle.ok());
    EXPECT_EQ(shifted.line, 40);
    EXPECT_EQ(shifted.puzzle.error().line, 40);
    const PuzzleReader::Item two = read_puzzle_item(std::string(kNorvig1) + "\n" + kNorvig1, {}, 3);
    ASSERT_FALSE(two.puzzle.ok());
    EXPECT_EQ(two.puzzle.error().message(),
              "line 4: more text after the puzzle (one puzzle expected)");
    EXPECT_EQ(two.text, kNorvig1);
    EXPECT_EQ(read_puzzle_item("", {}, 1).puzzle.error().reason, "no puzzle in the input");
}

TEST(IoItems, SkippedLines) {
    for (const char* line : {"", "   ", "# comment", "  # indented", "[Puzzles]", "puzzle,er,ep",
                             "\"puzzle\",\"solution\""}) {
        EXPECT_TRUE(is_skipped_line(line)) << line;
    }
    for (const char* line : {kNorvig1, "x", "1 2 3", "+---+---+"})
        EXPECT_FALSE(is_skipped_line(line));
}

TEST(IoItems, PuzzleFromValues) {
    const Puzzle norvig = must_parse(kNorvig1);
    const std::vector<uint8_t> values(norvig.grid.values().begin(), norvig.grid.values().end());
    Parsed<Puzzle> parsed = puzzle_from_values(values, Shape{3, 3}, 5);
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(parsed.value().grid, norvig.grid);
    EXPECT_EQ(parsed.value().line, 5);
    EXPECT_EQ(parsed.value().alphabet, Alphabet::standard);

    std::vector<uint8_t> bad = values;
    bad[10] = 10;
    parsed = puzzle_from_values(bad, Shape{3, 3}, 2);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().message(),
              "line 2, column 11: 10 is out of range for a 9x9 grid (1-9)");
    bad[10] = 0;
    bad[1] = 4;  // r1c1 holds 4
    parsed = puzzle_from_values(bad, Shape{3, 3}, 1);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().message(), "line 1, column 2: r1c1 and r1c2 both hold 4");
    parsed = puzzle_from_values(std::vector<uint8_t>(80), Shape{3, 3}, 1);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().column, 0);
    const std::vector<uint8_t> big(36 * 36, 0);
    parsed = puzzle_from_values(big, Shape{6, 6}, 1);
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(parsed.value().alphabet, Alphabet::zero_based);
}

// ---- Alphabets ---------------------------------------------------------------------------

TEST(IoAlphabet, SymbolsRangesAndNames) {
    EXPECT_EQ(default_alphabet(9), Alphabet::standard);
    EXPECT_EQ(default_alphabet(25), Alphabet::standard);
    EXPECT_EQ(default_alphabet(36), Alphabet::zero_based);
    EXPECT_EQ(digit_symbol(0, Alphabet::standard), '.');
    EXPECT_EQ(digit_symbol(9, Alphabet::standard), '9');
    EXPECT_EQ(digit_symbol(10, Alphabet::standard), 'A');
    EXPECT_EQ(digit_symbol(16, Alphabet::standard), 'G');
    EXPECT_EQ(digit_symbol(35, Alphabet::standard), 'Z');
    EXPECT_EQ(digit_symbol(1, Alphabet::zero_based), '0');
    EXPECT_EQ(digit_symbol(16, Alphabet::zero_based), 'F');
    EXPECT_EQ(digit_symbol(36, Alphabet::zero_based), 'Z');
    EXPECT_EQ(alphabet_range(4, Alphabet::standard), "1-4");
    EXPECT_EQ(alphabet_range(9, Alphabet::standard), "1-9");
    EXPECT_EQ(alphabet_range(10, Alphabet::standard), "1-9A");
    EXPECT_EQ(alphabet_range(16, Alphabet::standard), "1-9A-G");
    EXPECT_EQ(alphabet_range(16, Alphabet::zero_based), "0-F");
    EXPECT_EQ(alphabet_range(9, Alphabet::zero_based), "0-8");
    EXPECT_EQ(alphabet_range(36, Alphabet::automatic), "0-Z");
    EXPECT_EQ(alphabet_range(25, Alphabet::automatic), "1-9A-P");
    EXPECT_EQ(alphabet_range(16, Alphabet::numeric), "1-16");
    for (Alphabet a :
         {Alphabet::automatic, Alphabet::standard, Alphabet::zero_based, Alphabet::numeric}) {
        EXPECT_EQ(parse_alphabet(alphabet_name(a)), a);
    }
    EXPECT_EQ(parse_alphabet("zero_based"), Alphabet::zero_based);
    EXPECT_FALSE(parse_alphabet("hexadecimal"));
}

TEST(IoAlphabet, LettersAreCaseInsensitive) {
    std::string line(256, '.');
    line[0] = 'a';
    line[17] = 'G';
    line[68] = 'g';  // r5c5: not a peer of r2c2
    Puzzle p = must_parse(line);
    EXPECT_EQ(p.grid[0], 10);
    EXPECT_EQ(p.grid[17], 16);
    EXPECT_EQ(p.grid[68], 16);
    EXPECT_EQ(format_line(p.grid)[0], 'A');
}

TEST(IoAlphabet, ZeroIsEmptyUpToNineAndADigitInHex) {
    // '0' for empty, the usual way: several in a house, so 0-8 would give conflicting 1s.
    std::string line(kNorvig1);
    std::replace(line.begin(), line.end(), '.', '0');
    EXPECT_EQ(must_parse(line).grid, must_parse(kNorvig1).grid);
    // One '0' beside a 9: 0-8 has no 9, so 1-9 it is.
    std::string solution = format_line(pattern_solution(Shape{3, 3}));
    solution[0] = '0';
    EXPECT_EQ(must_parse(solution).grid[0], 0);
    EXPECT_EQ(must_parse(solution).alphabet, Alphabet::standard);
    // 36x36 defaults to 0-9A-Z, where 0 is digit 1.
    std::string big(1296, '.');
    big[0] = '0';
    big[1] = 'Z';
    Puzzle p = must_parse(big);
    EXPECT_EQ(p.alphabet, Alphabet::zero_based);
    EXPECT_EQ(p.grid[0], 1);
    EXPECT_EQ(p.grid[1], 36);
    // A 16x16 line with 0 and G is standard (0-F has no G), so 0 is empty.
    std::string g16(256, '.');
    g16[0] = '0';
    g16[1] = 'G';
    Puzzle q = must_parse(g16);
    EXPECT_EQ(q.alphabet, Alphabet::standard);
    EXPECT_EQ(q.grid[0], 0);
    EXPECT_EQ(q.grid[1], 16);
    // The same line read as hex on request: G is not a hex digit of 16x16.
    ParseOptions hex;
    hex.alphabet = Alphabet::zero_based;
    g16[1] = 'F';
    Puzzle h = must_parse(g16, hex);
    EXPECT_EQ(h.grid[0], 1);
    EXPECT_EQ(h.grid[1], 16);
    ParseOptions standard;
    standard.alphabet = Alphabet::standard;
    Puzzle s = must_parse(g16, standard);
    EXPECT_EQ(s.grid[0], 0);
    EXPECT_EQ(s.grid[1], 15);
}

TEST(IoAlphabet, HexOfEverySizeIsAmbiguousUnlessAskedFor) {
    // `sudokit convert --out-alphabet hex | sudokit solve`: a line in 0-8 holding a '0' reads
    // both ways (0 empty and digits 1-8, or 0-8 as digits 1-9), at every size up to 35x35; it
    // is an error that says so, and reads right with --alphabet hex. Pencil marks say which
    // alphabet they use (slot d holds the symbol of d), so they read back either way.
    ParseOptions hex;
    hex.alphabet = Alphabet::zero_based;
    for (Shape shape :
         {Shape{2, 2}, Shape{2, 3}, Shape{3, 3}, Shape{3, 4}, Shape{4, 4}, Shape{5, 5}}) {
        const int n = shape.size();
        const Grid grid = pattern_puzzle(shape);
        const std::string line = format_line(grid, Alphabet::zero_based);
        ASSERT_NE(line.find('0'), std::string::npos) << n;
        Parsed<Puzzle> automatic = parse_puzzle(line);
        ASSERT_FALSE(automatic.ok()) << n << ": read as " << format_line(automatic.value().grid);
        EXPECT_EQ(automatic.error().column, static_cast<int>(line.find('0')) + 1);
        const std::string side = std::to_string(n);
        EXPECT_TRUE(automatic.error().reason.starts_with("'0' makes this " + side + "x" + side +
                                                         " puzzle ambiguous"))
            << automatic.error().reason;
        EXPECT_EQ(must_parse(line, hex).grid, grid);
        Parsed<Puzzle> as_grid = parse_puzzle(format_grid(grid, Alphabet::zero_based));
        EXPECT_FALSE(as_grid.ok()) << n;

        const PencilMarks marks = PencilMarks::from_grid(grid);
        for (const std::string& text : {format_marks_line(marks, Alphabet::zero_based),
                                        format_marks_grid(marks, Alphabet::zero_based)}) {
            Puzzle p = must_parse(text);
            ASSERT_TRUE(p.marks) << n;
            EXPECT_EQ(p.marks->cells, marks.cells) << n << "\n" << text;
            EXPECT_EQ(p.alphabet, Alphabet::zero_based);
        }
    }
}

// ---- Round trips, every shape, every format ------------------------------------------------

struct ShapeCase {
    Shape shape;
    bool pass_shape;  // give the shape as --size (needed for non-default box shapes)
};

class IoRoundTrip : public ::testing::TestWithParam<ShapeCase> {
  protected:
    ParseOptions options(Alphabet alphabet) const {
        ParseOptions o;
        if (GetParam().pass_shape) o.shape = GetParam().shape;
        o.alphabet = alphabet;
        return o;
    }
    // Reading back needs the alphabet named where automatic reading would differ: hex for
    // sides up to 35 (0 would be empty, or the line ambiguous).
    Alphabet read_as(Alphabet written) const {
        const int n = GetParam().shape.size();
        return written == Alphabet::zero_based && n < 36 ? written : Alphabet::automatic;
    }
};

TEST_P(IoRoundTrip, SolutionPatternIsValid) {
    EXPECT_TRUE(is_valid_solution(pattern_solution(GetParam().shape)));
}

TEST_P(IoRoundTrip, Lines) {
    const Shape shape = GetParam().shape;
    for (const Grid& grid : {pattern_puzzle(shape), pattern_solution(shape)}) {
        for (Alphabet a :
             {Alphabet::automatic, Alphabet::standard, Alphabet::zero_based, Alphabet::numeric}) {
            const std::string text = format_line(grid, a);
            SCOPED_TRACE(std::string(alphabet_name(a)) + ": " + text);
            Puzzle p = must_parse(text, options(read_as(a)));
            EXPECT_EQ(p.grid, grid);
            EXPECT_FALSE(p.marks);
            EXPECT_EQ(p.comment, "");
            Alphabet expected = a == Alphabet::automatic ? default_alphabet(shape.size()) : a;
            if (expected == Alphabet::standard && shape.size() == 36) {
                expected = Alphabet::zero_based;  // standard has no symbol for 36
            }
            EXPECT_EQ(p.alphabet, expected);
            EXPECT_EQ(format_line(p.grid, p.alphabet), text);
            std::string appended = "x";
            append_line(appended, grid, a);
            EXPECT_EQ(appended, "x" + text);
        }
    }
}

TEST_P(IoRoundTrip, Grids) {
    const Shape shape = GetParam().shape;
    for (const Grid& grid : {pattern_puzzle(shape), pattern_solution(shape)}) {
        for (Alphabet a : {Alphabet::automatic, Alphabet::zero_based, Alphabet::numeric}) {
            const std::string text = format_grid(grid, a);
            SCOPED_TRACE(std::string(alphabet_name(a)) + ":\n" + text);
            Puzzle p = must_parse(text, options(read_as(a)));
            EXPECT_EQ(p.grid, grid);
            EXPECT_EQ(format_grid(p.grid, a), text);
            // Numbers only differ from symbols from 10x10 up.
            if (a == Alphabet::numeric && shape.size() >= 10) {
                EXPECT_EQ(p.alphabet, Alphabet::numeric);
            }
        }
    }
}

TEST_P(IoRoundTrip, PencilMarkLinesAndGrids) {
    const Shape shape = GetParam().shape;
    const PencilMarks marks = PencilMarks::from_grid(pattern_puzzle(shape));
    for (Alphabet a : {Alphabet::automatic, Alphabet::zero_based}) {
        const std::string line = format_marks_line(marks, a);
        ASSERT_EQ(line.size(),
                  shape_tag(shape).size() + static_cast<size_t>(shape.cell_count()) * shape.size());
        // The slots tell the alphabet from 10x10 up; below, 0-8 must be named.
        Alphabet read = a == Alphabet::zero_based && shape.size() <= 9 ? a : Alphabet::automatic;
        Puzzle from_line = must_parse(line, options(read));
        ASSERT_TRUE(from_line.marks);
        EXPECT_EQ(*from_line.marks, marks);
        EXPECT_EQ(from_line.grid, marks.solved_cells());
        EXPECT_EQ(format_marks_line(*from_line.marks, from_line.alphabet), line);

        const std::string grid = format_marks_grid(marks, a);
        SCOPED_TRACE(grid);
        Puzzle from_grid = must_parse(grid, options(read));
        ASSERT_TRUE(from_grid.marks);
        EXPECT_EQ(*from_grid.marks, marks);
        EXPECT_EQ(from_grid.grid, marks.solved_cells());
        EXPECT_EQ(format_marks_grid(*from_grid.marks, from_grid.alphabet), grid);
    }
}

TEST_P(IoRoundTrip, MarksOfASolvedGridReadAsValues) {
    // Every cell has one candidate: the pencil-mark grid is a plain grid of values.
    const Grid solution = pattern_solution(GetParam().shape);
    Puzzle p = must_parse(format_marks_grid(PencilMarks::from_grid(solution)),
                          options(Alphabet::automatic));
    EXPECT_EQ(p.grid, solution);
    EXPECT_FALSE(p.marks);
}

INSTANTIATE_TEST_SUITE_P(
    EveryShape, IoRoundTrip,
    ::testing::Values(ShapeCase{{2, 2}, false}, ShapeCase{{2, 3}, false}, ShapeCase{{3, 3}, false},
                      ShapeCase{{3, 4}, false}, ShapeCase{{4, 4}, false}, ShapeCase{{5, 5}, false},
                      ShapeCase{{6, 6}, false}, ShapeCase{{3, 2}, true}, ShapeCase{{4, 3}, true},
                      ShapeCase{{3, 3}, true}, ShapeCase{{4, 4}, true},
                      // Shapes that are not the usual one of their side read back by their
                      // size tag alone: 3x2 and 4x3 (the sides of 2x3 and 3x4), 2x4 (whose 64
                      // cells are also a 4x4 pencil-mark line), 2x5, 5x4 and 1x9.
                      ShapeCase{{3, 2}, false}, ShapeCase{{4, 3}, false}, ShapeCase{{2, 4}, false},
                      ShapeCase{{2, 5}, false}, ShapeCase{{5, 4}, false}, ShapeCase{{1, 9}, false}),
    [](const ::testing::TestParamInfo<ShapeCase>& info) {
        return info.param.shape.name() + (info.param.pass_shape ? "_size" : "");
    });

// ---- The size tag (docs/formats.md) --------------------------------------------------------

TEST(IoShapeTag, OnlyShapesThatAreNotTheUsualOneOfTheirSide) {
    for (int n : Shape::standard_sizes()) EXPECT_EQ(shape_tag(*Shape::for_size(n)), "") << n;
    EXPECT_EQ(shape_tag(Shape{3, 2}), "3x2:");
    EXPECT_EQ(shape_tag(Shape{2, 4}), "2x4:");
    EXPECT_EQ(shape_tag(Shape{1, 9}), "1x9:");
    EXPECT_EQ(shape_tag(Shape{1, 1}), "1x1:");
    // The usual shapes are written as before, with no tag.
    EXPECT_EQ(format_line(must_parse(kNorvig1).grid), std::string(kNorvig1));
}

TEST(IoShapeTag, TheTagGivesTheShapeOfLinesAndGrids) {
    const Grid grid = pattern_puzzle(Shape{3, 2});
    const std::string line = format_line(grid);
    EXPECT_TRUE(line.starts_with("3x2:")) << line;
    Puzzle p = must_parse(line + " # a comment");
    EXPECT_EQ(p.grid.shape(), (Shape{3, 2}));
    EXPECT_EQ(p.grid, grid);
    EXPECT_EQ(p.comment, " # a comment");
    // Blanks before the tag and between the tag and the cells are allowed.
    EXPECT_EQ(must_parse("  3x2: " + line.substr(4)).grid, grid);
    // The tag alone above a grid, blank and '#' lines between.
    EXPECT_EQ(must_parse("3x2:\n\n# the grid\n" + format_grid(grid).substr(5)).grid, grid);
    // An error in the cells keeps its column: the tag's characters count.
    Parsed<Puzzle> bad = parse_puzzle("3x2:x" + line.substr(5));
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().column, 5) << bad.error().message();
}

TEST(IoShapeTag, TagErrors) {
    const std::string cells = format_line(pattern_puzzle(Shape{3, 2})).substr(4);
    Parsed<Puzzle> too_big = parse_puzzle("7x7:" + cells);
    ASSERT_FALSE(too_big.ok());
    EXPECT_EQ(too_big.error().reason,
              "'7x7' is not a size sudokit reads (box sides whose product is 1 to 36)");
    Parsed<Puzzle> other = parse_puzzle("3x2:" + cells, ParseOptions{.shape = Shape{2, 3}});
    ASSERT_FALSE(other.ok());
    EXPECT_EQ(other.error().reason, "the size tag says 3x2, but the size asked is 2x3");
    Parsed<Puzzle> lone = parse_puzzle("3x2:\n");
    ASSERT_FALSE(lone.ok());
    EXPECT_EQ(lone.error().reason, "the size tag 3x2: has no puzzle after it");
    // The same shape as --size is fine.
    EXPECT_TRUE(parse_puzzle("3x2:" + cells, ParseOptions{.shape = Shape{3, 2}}).ok());
    // After a tag come cells, never a border line: ". ---" is a 1x1 puzzle and its comment.
    const Puzzle one = must_parse("1x1:. -:--:::");
    EXPECT_EQ(one.grid.shape(), (Shape{1, 1}));
    EXPECT_EQ(one.comment, " -:--:::");
    // A tag of a usual shape is allowed too.
    EXPECT_TRUE(parse_puzzle(std::string("3x3:") + kNorvig1).ok());
}

TEST(IoShapeTag, EveryItemOfAReaderKeepsItsOwnShape) {
    const std::string text = format_line(pattern_puzzle(Shape{3, 2})) + "\n" +
                             format_line(pattern_puzzle(Shape{2, 3})) + "\n" +
                             format_line(pattern_puzzle(Shape{2, 4})) + "\n";
    const testing::TempDir dir("tag");
    const std::string path = (dir / "in.txt").string();
    std::FILE* out = std::fopen(path.c_str(), "w");
    std::fputs(text.c_str(), out);
    std::fclose(out);
    std::FILE* in = std::fopen(path.c_str(), "r");
    PuzzleReader reader(in, {});
    std::vector<Shape> shapes;
    while (auto item = reader.next()) {
        ASSERT_TRUE(item->puzzle.ok()) << item->puzzle.error().message();
        EXPECT_FALSE(item->puzzle.value().marks);
        shapes.push_back(item->puzzle.value().grid.shape());
    }
    std::fclose(in);
    EXPECT_EQ(shapes, (std::vector<Shape>{{3, 2}, {2, 3}, {2, 4}}));
}

// ---- Writers --------------------------------------------------------------------------------

TEST(IoWriter, GridLooksLikeTheForumStyle) {
    Puzzle p = must_parse(kNorvig1);
    EXPECT_EQ(format_grid(p.grid),
              "4 . . | . . . | 8 . 5\n"
              ". 3 . | . . . | . . .\n"
              ". . . | 7 . . | . . .\n"
              "------+-------+------\n"
              ". 2 . | . . . | . 6 .\n"
              ". . . | . 8 . | 4 . .\n"
              ". . . | . 1 . | . . .\n"
              "------+-------+------\n"
              ". . . | 6 . 3 | . 7 .\n"
              "5 . . | 2 . . | . . .\n"
              "1 . 4 | . . . | . . .\n");
    Grid g4(Shape{2, 2});
    g4.set(0, 1);
    g4.set(15, 4);
    EXPECT_EQ(format_grid(g4), "1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . 4\n");
    EXPECT_EQ(format_line(g4, Alphabet::numeric), "1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4");
}

TEST(IoWriter, NumericGridPadsColumns) {
    Grid g(Shape{3, 4});
    g.set(0, 12);
    g.set(13, 1);
    const std::string text = format_grid(g, Alphabet::numeric);
    EXPECT_EQ(text.substr(0, text.find('\n')), "12  .  .  . |  .  .  .  . |  .  .  .  .");
    EXPECT_NE(text.find("------------+-------------+------------\n"), std::string::npos);
}

TEST(IoWriter, MarksGridPadsEachColumn) {
    PencilMarks marks = PencilMarks::from_grid(must_parse(kNorvig1).grid);
    const std::string text = format_marks_grid(marks);
    EXPECT_EQ(text.substr(0, text.find('\n', text.find('\n') + 1) + 1),
              "+------------------------+------------------------+----------------------+\n"
              "| 4      1679    12679   | 139    2369    1269    | 8      1239   5      |\n");
    EXPECT_EQ(format_marks_line(marks).substr(0, 27), "...4.....1....67.912...67.9");
}

// A cell without candidates is written "..", so the grid reads back as marks with that cell
// empty, never as a grid of values (fuzz/regressions/pencil_marks/grid_of_empty_cells).
TEST(IoWriter, MarksGridCellWithoutCandidatesReadsBack) {
    PencilMarks marks = PencilMarks::from_grid(must_parse("1234341221434321").grid);
    marks.cells[5] = DigitSet();  // r2c2
    const std::string text = format_marks_grid(marks);
    EXPECT_EQ(text,
              "+-------+------+\n"
              "| 1  2  | 3  4 |\n"
              "| 3  .. | 1  2 |\n"
              "+-------+------+\n"
              "| 2  1  | 4  3 |\n"
              "| 4  3  | 2  1 |\n"
              "+-------+------+\n");
    Parsed<Puzzle> read = parse_puzzle(text);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().message(), "line 3, column 6: r2c2 has no candidates");
    // Among cells of several candidates too.
    marks = PencilMarks(Shape{2, 2});
    marks.cells[0] = DigitSet();
    read = parse_puzzle(format_marks_grid(marks));
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().reason, "r1c1 has no candidates");
}

// ---- Comments -------------------------------------------------------------------------------

TEST(IoComments, KeptVerbatimWithTheirSeparator) {
    for (std::string comment :
         {" # hard one", "\tfrom the forum", "#x", ",1.5,1.2,1.2,17_clue", ";; note", "   "}) {
        Puzzle p = must_parse(std::string(kNorvig1) + comment);
        EXPECT_EQ(p.comment, comment);
        EXPECT_EQ(format_line(p.grid), kNorvig1);
    }
    Puzzle numeric =
        must_parse(format_line(pattern_puzzle(Shape{2, 2}), Alphabet::numeric) + "  # small");
    EXPECT_EQ(numeric.comment, "  # small");
    Puzzle leading = must_parse(std::string("   ") + kNorvig1 + " x");
    EXPECT_EQ(leading.comment, " x");
    Puzzle crlf = must_parse(std::string(kNorvig1) + " c\r\n");
    EXPECT_EQ(crlf.comment, " c");
}

// A carriage return inside a comment (not the one of a CRLF line end) is kept as a space: written
// back bare it would move a terminal's cursor, and as the comment's last character it would be
// read as a CRLF's the next time.
TEST(IoComments, CarriageReturnsInACommentBecomeSpaces) {
    Puzzle p = must_parse(std::string(kNorvig1) + " a\rb\r\r\n");
    EXPECT_EQ(p.comment, " a b ");
    EXPECT_EQ(must_parse(format_line(p.grid) + p.comment).comment, p.comment);
    // A 1x1 numeric line is also its grid's one row; read as the line, it keeps its comment.
    const ParseOptions one{Shape{1, 1}, Alphabet::numeric};
    const Parsed<Puzzle> tiny = parse_puzzle("_\t\r\r", one);
    ASSERT_TRUE(tiny.ok()) << tiny.error().message();
    EXPECT_EQ(tiny.value().comment, "\t ");
    const std::string written = format_line(tiny.value().grid, Alphabet::numeric) + "\t ";
    const Parsed<Puzzle> again = parse_puzzle(written, one);
    ASSERT_TRUE(again.ok()) << again.error().message();
    EXPECT_EQ(again.value().comment, "\t ");
}

// In a numeric line a carriage return separates numbers as a blank does: were it to end them
// and open the comment, the comment written back (the CR a space) would give them a 17th.
TEST(IoComments, CarriageReturnSeparatesNumbers) {
    const ParseOptions four{Shape{2, 2}, Alphabet::numeric};
    const std::string sixteen = "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _";
    const Parsed<Puzzle> cut = parse_puzzle(sixteen + " \r _", four);
    ASSERT_FALSE(cut.ok());
    EXPECT_EQ(cut.error().reason, "17 numbers; a 4x4 puzzle has 16");
    EXPECT_FALSE(parse_puzzle(sixteen + "   _", four).ok());
    const Parsed<Puzzle> kept = parse_puzzle(sixteen + " \rnote", four);
    ASSERT_TRUE(kept.ok()) << kept.error().message();
    EXPECT_EQ(kept.value().comment, "  note");
    const Parsed<Puzzle> again =
        parse_puzzle(format_line(kept.value().grid, Alphabet::numeric) + "  note", four);
    ASSERT_TRUE(again.ok()) << again.error().message();
    EXPECT_EQ(again.value().comment, "  note");
}

TEST(IoComments, RatingsIdsAndWordsAfterASpaceStayComments) {
    // Only a comment that would complete a longer line of cells is taken for a stray space
    // (io_errors_test: cut_*); these are what files really carry after a space.
    const std::string solution =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    for (const std::string& comment : std::vector<std::string>{
             " 17", " 1.2", " # hard", " 1.2 1.2 1.2 17", "\t12345", " 2024-01-05", " easy",
             " from the forum", "  3.4/1.2/1.2", " " + solution}) {
        Puzzle p = must_parse(std::string(kNorvig1) + comment);
        EXPECT_EQ(p.comment, comment);
        EXPECT_EQ(format_line(p.grid), kNorvig1);
    }
    const std::string four = format_line(pattern_puzzle(Shape{2, 2}));
    const std::string six = format_line(pattern_puzzle(Shape{2, 3}));
    for (const std::string& line : std::vector<std::string>{
             four + " easy 4x4 puzzle number 1", four + " " + format_line(pattern_solution({2, 2})),
             six + " " + format_line(pattern_solution({2, 3})), six + " 12", four + " 1.5 # 17"}) {
        Parsed<Puzzle> p = parse_puzzle(line);
        ASSERT_TRUE(p.ok()) << line << ": " << p.error().message();
        EXPECT_EQ(p.value().comment, line.substr(line.find(' '))) << line;
    }
}

// ---- Forum pastes and .sdk ------------------------------------------------------------------

TEST(IoPaste, ForumAndSdkLayoutsAllReadTheSamePuzzle) {
    const Grid expected = must_parse(kNorvig1).grid;
    const std::vector<std::string> layouts = {
        // spaced cells with bars
        "4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . . | . . .\n"
        "------+-------+------\n. 2 . | . . . | . 6 .\n. . . | . 8 . | 4 . .\n"
        ". . . | . 1 . | . . .\n------+-------+------\n. . . | 6 . 3 | . 7 .\n"
        "5 . . | 2 . . | . . .\n1 . 4 | . . . | . . .\n",
        // compact rows in a star frame
        "*-----------*\n|4..|...|8.5|\n|.3.|...|...|\n|...|7..|...|\n|---+---+---|\n"
        "|.2.|...|.6.|\n|...|.8.|4..|\n|...|.1.|...|\n|---+---+---|\n|...|6.3|.7.|\n"
        "|5..|2..|...|\n|1.4|...|...|\n*-----------*\n",
        // plus frame, zeros for empty, bars at both ends
        "+-------+-------+-------+\n| 4 0 0 | 0 0 0 | 8 0 5 |\n| 0 3 0 | 0 0 0 | 0 0 0 |\n"
        "| 0 0 0 | 7 0 0 | 0 0 0 |\n+-------+-------+-------+\n| 0 2 0 | 0 0 0 | 0 6 0 |\n"
        "| 0 0 0 | 0 8 0 | 4 0 0 |\n| 0 0 0 | 0 1 0 | 0 0 0 |\n+-------+-------+-------+\n"
        "| 0 0 0 | 6 0 3 | 0 7 0 |\n| 5 0 0 | 2 0 0 | 0 0 0 |\n| 1 0 4 | 0 0 0 | 0 0 0 |\n"
        "+-------+-------+-------+\n",
        // compact rows without frame, CRLF line ends
        "4..|...|8.5\r\n.3.|...|...\r\n...|7..|...\r\n---+---+---\r\n.2.|...|.6.\r\n"
        ".........\r\n...|.1.|...\r\n---+---+---\r\n...|6.3|.7.\r\n5..|2..|...\r\n"
        "1.4|...|...\r\n",
        // .sdk with headers
        "#Anorvig\n#B1\n#Cfirst of top95\n4.....8.5\n.3.......\n...7.....\n.2.....6.\n"
        "....8.4..\n....1....\n...6.3.7.\n5..2.....\n1.4......\n",
        // [Puzzle] section
        "[Puzzle]\n4-----8-5\n-3-------\n---7-----\n-2-----6-\n----8-4--\n----1----\n"
        "---6-3-7-\n5--2-----\n1-4------\n",
    };
    for (const std::string& text : layouts) {
        SCOPED_TRACE(text);
        Puzzle p = must_parse(text);
        // The CRLF layout drops row 5's "....8.4.." on purpose: check it separately.
        if (text.find("\r\n") != std::string::npos) {
            Grid g = expected;
            g.set(40, 0);
            g.set(42, 0);
            EXPECT_EQ(p.grid, g);
        } else {
            EXPECT_EQ(p.grid, expected);
        }
        EXPECT_EQ(p.alphabet, Alphabet::standard);
    }
}

TEST(IoPaste, LargeGridsFromForumRowsAndCompactRows) {
    const Grid g16 = pattern_puzzle(Shape{4, 4});
    // Spaced rows need no --size.
    EXPECT_EQ(must_parse(format_grid(g16)).grid, g16);
    // Compact rows of 16 characters: a 4x4 puzzle per line, unless --size says 16x16.
    std::string compact;
    const std::string line = format_line(g16);
    for (int r = 0; r < 16; ++r) compact += line.substr(r * 16, 16) + "\n";
    ParseOptions size16;
    size16.shape = Shape{4, 4};
    EXPECT_EQ(must_parse(compact, size16).grid, g16);
    std::vector<PuzzleReader::Item> items = read_all(compact);
    ASSERT_EQ(items.size(), 16u);
    for (int i = 0; i < 16; ++i) EXPECT_EQ(items[i].line, i + 1);
}

TEST(IoPaste, HodokuPencilMarkGrid) {
    const std::string text =
        ".------------------.------------------.------------------.\n"
        "| 4    1679  12679 | 139  2369  1269  | 8    1239  5     |\n"
        "| 26789 3    1256789 | 14589 24569 1245689 | 12679 1249 124679 |\n"
        "| 2689 15689 125689 | 7    234569 1245689 | 12369 12349 123469 |\n"
        ":------------------+------------------+------------------:\n"
        "| 3789 2     135789 | 3459 34579 4579  | 13579 6    13789 |\n"
        "| 3679 15679 135679 | 359  8     25679 | 4    12359 12379 |\n"
        "| 36789 456789 356789 | 3459 1    245679 | 23579 23589 23789 |\n"
        ":------------------+------------------+------------------:\n"
        "| 289  89    289   | 6    459   3     | 1259 7     12489 |\n"
        "| 5    6789  36789 | 2    479   14789 | 1369 13489 134689 |\n"
        "| 1    6789  4     | 589  579   5789  | 23569 23589 23689 |\n"
        "'------------------'------------------'------------------'\n";
    Puzzle p = must_parse(text);
    ASSERT_TRUE(p.marks);
    EXPECT_EQ(*p.marks, PencilMarks::from_grid(must_parse(kNorvig1).grid));
    EXPECT_EQ(p.grid, must_parse(kNorvig1).grid);
}

// A row with '|' is never a one-line puzzle, even where its first run has as many characters as
// a grid has cells (fuzz/regressions/line_parser/one_by_one_marks_grid).
TEST(IoPaste, BarsNeverMakeAOneLinePuzzle) {
    ParseOptions one_by_one;
    one_by_one.shape = Shape{1, 1};
    PencilMarks marks(Shape{1, 1});
    const std::string grid_text = format_marks_grid(marks);
    EXPECT_EQ(grid_text, "1x1:\n+---+\n| 1 |\n+---+\n");  // 1x1 has no usual shape: a tag
    EXPECT_EQ(must_parse(grid_text, one_by_one).grid, marks.solved_cells());
    EXPECT_EQ(must_parse("| 1 |", one_by_one).grid, marks.solved_cells());
}

// ---- Numeric lines --------------------------------------------------------------------------

TEST(IoNumeric, DetectedFromTheTokenCount) {
    Grid g = pattern_puzzle(Shape{5, 5});
    const std::string text = format_line(g, Alphabet::numeric);
    Puzzle p = must_parse(text);
    EXPECT_EQ(p.alphabet, Alphabet::numeric);
    EXPECT_EQ(p.grid, g);
    // Tabs, several spaces and leading zeros are fine.
    std::string loose;
    for (int cell = 0; cell < 16; ++cell) {
        loose += cell % 2 ? "\t" : "  ";
        loose += cell == 0 ? "01" : "0";
    }
    Puzzle q = must_parse(loose);
    EXPECT_EQ(q.grid[0], 1);
    EXPECT_EQ(q.grid.given_count(), 1);
    // Asked for explicitly, '.' is an empty cell too.
    ParseOptions numeric;
    numeric.alphabet = Alphabet::numeric;
    std::string dots = "1";
    for (int cell = 1; cell < 16; ++cell) dots += " .";
    EXPECT_EQ(must_parse(dots, numeric).grid, q.grid);
}

// ---- PuzzleReader ---------------------------------------------------------------------------

TEST(IoReader, MixedContentGivesItemsInOrderWithLineNumbers) {
    const std::string csv1 =
        "................12....34.........3.5...6.......72.1......1.7.8..9.......43......9,1.5,"
        "1.2,1.2,17_clue";
    const std::string csv2 =
        "................12..3..4.........5.......64..178..........7......5...8.6.9.12....,1.5,"
        "1.2,1.2,17_clue";
    const std::string text =
        "# a list of puzzles\n"       // 1
        "\n"                          // 2
        "puzzle,er,ep,ed,source\n" +  // 3
        csv1 +
        "\n" +  // 4
        csv2 +
        "\n"                             // 5
        "\n"                             // 6
        "+-------+-------+-------+\n"    // 7
        "| 4 . . | . . . | 8 . 5 |\n"    // 8
        "| . 3 . | . . . | . . . |\n"    // 9
        "| . . . | 7 . . | . . . |\n"    // 10
        "+-------+-------+-------+\n"    // 11
        "| . 2 . | . . . | . 6 . |\n"    // 12
        "| . . . | . 8 . | 4 . . |\n"    // 13
        "| . . . | . 1 . | . . . |\n"    // 14
        "+-------+-------+-------+\n"    // 15
        "| . . . | 6 . 3 | . 7 . |\n"    // 16
        "| 5 . . | 2 . . | . . . |\n"    // 17
        "| 1 . 4 | . . . | . . . |\n"    // 18
        "+-------+-------+-------+\n" +  // 19
        std::string(kNorvig1) +
        " # single\n" +                      // 20
        "1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4\n"  // 21 numeric 4x4
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....\n"  // 22
        "4 . . | . . . | 8 . 5\n"    // 23 a grid that ends early
        ". 3 . | . . . | . . .\n" +  // 24
        std::string(kNorvig1) +
        "\n" +        // 25
        "[Puzzle]\n"  // 26
        "4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n"
        "5..2.....\n1.4......\n"  // 27-35
        "\t\n"                    // 36
        "................12....34.........3.5...6.......72.1......1.7.8..9.......43......9";
    // 37, no newline at the end
    std::vector<PuzzleReader::Item> items = read_all(text);
    const Grid norvig = must_parse(kNorvig1).grid;
    ASSERT_EQ(items.size(), 10u);
    std::vector<int> lines;
    for (const auto& item : items) lines.push_back(item.line);
    EXPECT_EQ(lines, (std::vector<int>{4, 5, 7, 20, 21, 22, 23, 25, 27, 37}));

    ASSERT_TRUE(items[0].puzzle.ok());
    EXPECT_EQ(items[0].puzzle.value().comment, ",1.5,1.2,1.2,17_clue");
    EXPECT_EQ(format_line(items[0].puzzle.value().grid), csv1.substr(0, 81));
    EXPECT_EQ(items[0].puzzle.value().line, 4);
    ASSERT_TRUE(items[1].puzzle.ok());
    EXPECT_EQ(format_line(items[1].puzzle.value().grid), csv2.substr(0, 81));
    ASSERT_TRUE(items[2].puzzle.ok());
    EXPECT_EQ(items[2].puzzle.value().grid, norvig);
    EXPECT_EQ(items[2].puzzle.value().line, 7);
    ASSERT_TRUE(items[3].puzzle.ok());
    EXPECT_EQ(items[3].puzzle.value().comment, " # single");
    ASSERT_TRUE(items[4].puzzle.ok());
    EXPECT_EQ(items[4].puzzle.value().alphabet, Alphabet::numeric);
    EXPECT_EQ(items[4].puzzle.value().grid.size(), 4);
    ASSERT_FALSE(items[5].puzzle.ok());
    EXPECT_EQ(items[5].puzzle.error().message(),
              "line 22: 80 cells; a puzzle line holds 16 (4x4), 36 (6x6), 81 (9x9), 144 "
              "(12x12), 256 (16x16), 625 (25x25) or 1296 (36x36) cells");
    ASSERT_FALSE(items[6].puzzle.ok());
    EXPECT_EQ(items[6].puzzle.error().message(),
              "line 23: the 9x9 grid ends after 2 of its 9 rows");
    ASSERT_TRUE(items[7].puzzle.ok());
    EXPECT_EQ(items[7].puzzle.value().grid, norvig);
    ASSERT_TRUE(items[8].puzzle.ok());
    EXPECT_EQ(items[8].puzzle.value().grid, norvig);
    ASSERT_TRUE(items[9].puzzle.ok());
    EXPECT_EQ(items[9].puzzle.value().line, 37);
}

TEST(IoReader, ByteOrderMarkIsSkipped) {
    const std::string bom = "\xEF\xBB\xBF";
    std::vector<PuzzleReader::Item> items = read_all(bom + kNorvig1 + "\n" + kNorvig1 + "\n");
    ASSERT_EQ(items.size(), 2u);
    EXPECT_TRUE(items[0].puzzle.ok());
    EXPECT_TRUE(items[1].puzzle.ok());
    EXPECT_EQ(must_parse(bom + kNorvig1).grid, must_parse(kNorvig1).grid);
    // Only at the very start: elsewhere it is one more character (U+FEFF) on the line.
    items = read_all(kNorvig1 + std::string("\n") + bom + kNorvig1);
    ASSERT_EQ(items.size(), 2u);
    ASSERT_FALSE(items[1].puzzle.ok());
    EXPECT_EQ(items[1].puzzle.error().reason.substr(0, 10), "82 cells; ");
}

TEST(IoReader, EmptyAndCommentOnlyInputs) {
    EXPECT_TRUE(read_all("").empty());
    EXPECT_TRUE(read_all("\n\n# nothing\n\r\n").empty());
    EXPECT_TRUE(read_all("+-----+-----+\n\n").empty());  // a border with no grid
}

TEST(IoReader, ReadErrorIsToldFromEndOfInput) {
    // fopen accepts a folder on Linux; reading it fails with EISDIR. That must not look like an
    // empty file.
    const testing::TempDir dir("read_error");
    std::FILE* f = std::fopen(dir.path().c_str(), "rb");
    ASSERT_NE(f, nullptr);
    PuzzleReader reader(f, {});
    EXPECT_FALSE(reader.next());
    EXPECT_EQ(reader.read_error(), EISDIR);
    std::fclose(f);

    // A file that simply ends has no read error.
    std::FILE* g = temp_file(std::string(kNorvig1) + "\n");
    ASSERT_NE(g, nullptr);
    PuzzleReader fine(g, {});
    EXPECT_TRUE(fine.next());
    EXPECT_FALSE(fine.next());
    EXPECT_EQ(fine.read_error(), 0);
    std::fclose(g);
}

// A terminal on a pseudo-terminal: what is written to `typed()` is what a person types.
class Terminal {
  public:
    Terminal() {
        int typed = -1;
        int reader = -1;
        if (openpty(&typed, &reader, nullptr, nullptr, nullptr) != 0) return;
        typed_ = typed;
        termios mode{};
        tcgetattr(reader, &mode);
        mode.c_lflag &= ~static_cast<tcflag_t>(ECHO);  // nobody reads the echo
        tcsetattr(reader, TCSANOW, &mode);
        file_ = fdopen(reader, "rb");
    }
    ~Terminal() {
        hang_up();
        if (file_ != nullptr) std::fclose(file_);
    }
    Terminal(const Terminal&) = delete;
    Terminal& operator=(const Terminal&) = delete;
    std::FILE* file() const { return file_; }
    void type(const std::string& text) const {
        ASSERT_EQ(write(typed_, text.data(), text.size()), static_cast<ssize_t>(text.size()));
    }
    // Ends every read of the terminal (they fail with EIO), so that a reader still waiting for
    // more input returns.
    void hang_up() {
        if (typed_ >= 0) close(typed_);
        typed_ = -1;
    }

  private:
    int typed_ = -1;
    std::FILE* file_ = nullptr;
};

// Waits at most a few seconds for `call` on another thread: whether it returned in time (the
// caller then hangs up the terminal, so that the thread always ends).
template <class T>
bool returns_in_time(std::future<T>& result) {
    return result.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
}

TEST(IoReader, TerminalLinesComeAsSoonAsTheyAreTyped) {
    // `sudokit solve` in a terminal: each line typed gives its item before the next is typed;
    // fread would wait for a full buffer or the end of input (Ctrl-D twice).
    Terminal terminal;
    if (terminal.file() == nullptr) GTEST_SKIP() << "no pseudo-terminal here (openpty failed)";
    PuzzleReader reader(terminal.file(), {});
    EXPECT_TRUE(reader.interactive());
    terminal.type(std::string(kNorvig1) + " # first\n");
    auto first = std::async(std::launch::async, [&] { return reader.next(); });
    const bool first_in_time = returns_in_time(first);
    if (first_in_time) {
        // A grid's item comes with its last row, without waiting for the line after it.
        terminal.type(format_grid(must_parse(kNorvig1).grid));
        auto grid = std::async(std::launch::async, [&] { return reader.next(); });
        const bool grid_in_time = returns_in_time(grid);
        terminal.hang_up();
        EXPECT_TRUE(grid_in_time);
        std::optional<PuzzleReader::Item> item = grid.get();
        ASSERT_TRUE(item);
        ASSERT_TRUE(item->puzzle.ok()) << item->puzzle.error().message();
        EXPECT_EQ(item->line, 2);
        EXPECT_EQ(item->puzzle.value().grid, must_parse(kNorvig1).grid);
    }
    terminal.hang_up();
    ASSERT_TRUE(first_in_time);
    std::optional<PuzzleReader::Item> item = first.get();
    ASSERT_TRUE(item);
    ASSERT_TRUE(item->puzzle.ok());
    EXPECT_EQ(item->puzzle.value().comment, " # first");

    // Files and pipes are not terminals, and are read a buffer at a time.
    std::FILE* f = temp_file(kNorvig1);
    ASSERT_NE(f, nullptr);
    EXPECT_FALSE(PuzzleReader(f, {}).interactive());
    std::fclose(f);
}

TEST(IoReader, LineReaderHandlesLongLinesCrLfAndNul) {
    // The longest line kept (with CR LF), a line too long (more than the 1 MiB buffer), then
    // lines with CR LF, NUL and no final newline.
    const std::string longest(kMaxLineLength, '.');
    const std::string too_long(2'500'000, '.');
    const char tail[] = "\nab\r\nc\0d\n\nlast";
    const std::string text = longest + "\r\n" + too_long + std::string(tail, sizeof tail - 1);
    std::FILE* f = temp_file(text);
    ASSERT_NE(f, nullptr);
    LineReader reader(f);
    std::string_view line;
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line, longest);
    EXPECT_FALSE(reader.line_too_long());
    ASSERT_TRUE(reader.next(line));
    EXPECT_TRUE(reader.line_too_long());
    EXPECT_TRUE(line.empty());
    EXPECT_EQ(reader.line_number(), 2);
    ASSERT_TRUE(reader.next(line));
    EXPECT_FALSE(reader.line_too_long());
    EXPECT_EQ(line, "ab");
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line, std::string_view("c\0d", 3));
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line, "");
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line, "last");
    EXPECT_EQ(reader.line_number(), 6);
    EXPECT_FALSE(reader.next(line));
    std::fclose(f);
}

TEST(IoReader, OverlongLinesAreSkippedWithAnError) {
    // One line too long to be a puzzle becomes one error item naming it, and reading goes on:
    // at the end of the input, before a puzzle, and inside a grid (which it ends).
    const std::string reason = "longer than " + std::to_string(kMaxLineLength) + " bytes; skipped";
    const std::string digits(kMaxLineLength + 1, '7');
    std::vector<PuzzleReader::Item> items =
        read_all(digits + "\n" + kNorvig1 + "\n4 . . | . . . | 8 . 5\n" + digits + "\n" + digits);
    ASSERT_EQ(items.size(), 5u);
    ASSERT_FALSE(items[0].puzzle.ok());
    EXPECT_EQ(items[0].puzzle.error().message(), "line 1: " + reason);
    EXPECT_EQ(items[0].line, 1);
    ASSERT_TRUE(items[1].puzzle.ok());
    EXPECT_EQ(items[1].line, 2);
    ASSERT_FALSE(items[2].puzzle.ok());
    EXPECT_EQ(items[2].puzzle.error().message(), "line 3: the 9x9 grid ends after 1 of its 9 rows");
    ASSERT_FALSE(items[3].puzzle.ok());
    EXPECT_EQ(items[3].puzzle.error().message(), "line 4: " + reason);
    ASSERT_FALSE(items[4].puzzle.ok());
    EXPECT_EQ(items[4].puzzle.error().message(), "line 5: " + reason);
    // A line of exactly the limit is read and judged as usual.
    items = read_all(std::string(kMaxLineLength, '7'));
    ASSERT_EQ(items.size(), 1u);
    ASSERT_FALSE(items[0].puzzle.ok());
    EXPECT_EQ(items[0].puzzle.error().reason.substr(0, 14), "112192 cells; ");
}

TEST(IoReader, ManyLinesAcrossBufferBoundaries) {
    // Enough lines to refill the 1 MiB buffer several times; every line comes back intact.
    std::string text;
    const std::vector<std::string> samples = {kNorvig1, format_line(pattern_puzzle(Shape{3, 3})),
                                              format_line(pattern_solution(Shape{3, 3}))};
    const int count = 40'000;
    for (int i = 0; i < count; ++i) text += samples[i % 3] + (i % 7 == 0 ? "\r\n" : "\n");
    std::FILE* f = temp_file(text);
    ASSERT_NE(f, nullptr);
    PuzzleReader reader(f, {});
    int seen = 0;
    std::string out;
    while (auto item = reader.next()) {
        ASSERT_TRUE(item->puzzle.ok()) << item->puzzle.error().message();
        EXPECT_EQ(item->line, seen + 1);
        out.clear();
        append_line(out, item->puzzle.value().grid);
        ASSERT_EQ(out, samples[seen % 3]) << "line " << item->line;
        ++seen;
    }
    std::fclose(f);
    EXPECT_EQ(seen, count);
}

// ---- Public data sets -----------------------------------------------------------------------

// Every line of a data file parses and is written back exactly.
void expect_file_round_trips(const std::string& path, size_t expected_lines, int n) {
    std::vector<std::string> lines = testing::read_lines(path);
    EXPECT_EQ(lines.size(), expected_lines);
    for (size_t i = 0; i < lines.size(); ++i) {
        Parsed<Puzzle> p = parse_puzzle(lines[i], {}, static_cast<int>(i) + 1);
        ASSERT_TRUE(p.ok()) << path << ": " << p.error().message();
        EXPECT_EQ(p.value().grid.size(), n);
        EXPECT_EQ(format_line(p.value().grid, p.value().alphabet), lines[i])
            << path << ":" << i + 1;
    }
}

TEST(IoData, Gecode16x16RoundTrips) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku16_gecode.txt");
    expect_file_round_trips(path, 55, 16);
}

TEST(IoData, Gecode25x25RoundTrips) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku25_gecode.txt");
    expect_file_round_trips(path, 18, 25);
}

TEST(IoData, NumericFpt09FilesRoundTrip) {
    SUDOKIT_REQUIRE_DATA(p16, "sudoku16_fpt09.txt");
    SUDOKIT_REQUIRE_DATA(p25, "sudoku25_fpt09.txt");
    SUDOKIT_REQUIRE_DATA(p36, "sudoku36_fpt09.txt");
    expect_file_round_trips(p16, 2, 16);
    expect_file_round_trips(p25, 2, 25);
    expect_file_round_trips(p36, 2, 36);
}

TEST(IoData, Hex36x36RoundTrips) {
    SUDOKIT_REQUIRE_DATA(path, "sudoku36_gen800.txt");
    expect_file_round_trips(path, 3, 36);
}

TEST(IoData, OversizedGridsAreClearErrors) {
    SUDOKIT_REQUIRE_DATA(path, "sudokuXL_fpt09.txt");
    std::vector<std::string> lines = testing::read_lines(path, 2);
    ASSERT_EQ(lines.size(), 2u);
    for (const std::string& line : lines) {
        Parsed<Puzzle> p = parse_puzzle(line);
        ASSERT_FALSE(p.ok());
        EXPECT_EQ(p.error().message(),
                  "line 1: 2401 numbers; a numeric line holds 16 (4x4), 36 (6x6), 81 (9x9), 144 "
                  "(12x12), 256 (16x16), 625 (25x25) or 1296 (36x36) numbers");
    }
}

TEST(IoData, RatedCsvThroughTheReader) {
    SUDOKIT_REQUIRE_DATA(path, "se_rated_public.csv");
    std::FILE* f = std::fopen(path.c_str(), "rb");
    ASSERT_NE(f, nullptr);
    PuzzleReader reader(f, {});
    int count = 0;
    while (auto item = reader.next()) {
        ASSERT_TRUE(item->puzzle.ok()) << item->puzzle.error().message();
        const Puzzle& p = item->puzzle.value();
        EXPECT_EQ(item->line, count + 2);  // after the header
        EXPECT_EQ(p.comment.substr(0, 1), ",");
        EXPECT_EQ(p.grid.size(), 9);
        ++count;
    }
    std::fclose(f);
    EXPECT_EQ(count, 435);
}

// The streaming path used by `convert` (read, parse, append_line), checked for correctness on a
// large public file: the output is the input, byte for byte. (Speed is measured elsewhere.)
TEST(IoData, StreamingQuickCheckReproducesTheFile) {
    SUDOKIT_REQUIRE_DATA(path, "tdoku_puzzles2_17_clue.txt");
    std::FILE* f = std::fopen(path.c_str(), "rb");
    ASSERT_NE(f, nullptr);
    std::string expected;
    {
        char buf[1 << 16];
        size_t got;
        while ((got = std::fread(buf, 1, sizeof buf, f)) > 0) expected.append(buf, got);
        std::rewind(f);
    }
    PuzzleReader reader(f, {});
    std::string out;
    out.reserve(expected.size());
    while (auto item = reader.next()) {
        ASSERT_TRUE(item->puzzle.ok()) << item->puzzle.error().message();
        append_line(out, item->puzzle.value().grid);
        out += '\n';
    }
    std::fclose(f);
    EXPECT_EQ(out.size(), expected.size());
    EXPECT_TRUE(out == expected);
}

}  // namespace
}  // namespace sudokit
