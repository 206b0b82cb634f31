// Fuzz target pencil_marks: the N³-character pencil-mark line and the forum pencil-mark grid
// (io.h format_marks_line / format_marks_grid). First byte, bit 7 clear: the rest is text read
// with the options of bits 0-6, and what parses must round-trip. Bit 7 set: the bytes build
// marks, which are written and read back, and the reading is predicted exactly.
#include "fuzz_support.h"

namespace sudokit::fuzz {
namespace {

// Shapes whose marks are written: 4x4, 6x6 both ways, 9x9 twice as often, and 12x12.
constexpr Shape kMarkShapes[] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 3}, {3, 3}, {3, 4}, {4, 3}};

// Marks from the bytes: a cell's candidates are the bits its byte(s) leave clear (a missing byte
// reads as 0, so a short input gives full cells).
PencilMarks marks_from(FuzzInput& input, Shape shape) {
    PencilMarks marks(shape);
    const DigitSet all = DigitSet::all(shape.size());
    for (DigitSet& cell : marks.cells) {
        uint64_t bits = input.byte();
        if (shape.size() > 8) bits |= uint64_t{input.byte()} << 8;
        cell = all.without(DigitSet(bits));
    }
    return marks;
}

// What reading the written marks must give: an error at the first cell without candidates,
// else an error when two one-candidate cells clash, else exactly these marks.
void check_written(const PencilMarks& marks, Alphabet written_in, bool as_grid, bool name_options,
                   bool name_alphabet) {
    const Shape shape = marks.shape;
    const int n = shape.size();
    const std::string text =
        as_grid ? format_marks_grid(marks, written_in) : format_marks_line(marks, written_in);
    // Marks have no numeric form (they are written in the default alphabet then). From 10x10 up
    // the grid format is ambiguous when read automatically (a token "12" may be a number, or
    // 1-9A-Z against 0-9A-Z), so those, like marks not in the default alphabet, are read with
    // their alphabet named.
    const Alphabet marks_alphabet =
        written_alphabet(written_in == Alphabet::numeric ? Alphabet::automatic : written_in, n);
    ParseOptions options;
    if (name_options || Shape::for_size(n) != shape) options.shape = shape;
    if (name_alphabet || n >= 10 || marks_alphabet != default_alphabet(n)) {
        options.alphabet = marks_alphabet;
    }
    const std::string context = "marks " + shown(text, 2000) + " written in " +
                                std::string(alphabet_name(written_in)) + ", read with " +
                                describe(options);
    const Parsed<Puzzle> parsed = parse_puzzle(text, options);

    int first_empty = -1;
    for (int cell = 0; cell < shape.cell_count() && first_empty < 0; ++cell) {
        if (marks.cells[cell].empty()) first_empty = cell;
    }
    const Grid singles = marks.solved_cells();
    if (first_empty >= 0) {
        // Both forms name the first cell without candidates; the line at its first slot.
        const std::string cell_name = topology(shape).cell_name(first_empty);
        SUDOKIT_FUZZ_CHECK(!parsed.ok(), context + ": read although " + cell_name + " is empty");
        check_error(parsed.error(), reader_lines(text), context);
        SUDOKIT_FUZZ_CHECK(
            parsed.error().reason.find(cell_name) != std::string::npos,
            context + ": " + parsed.error().message() + " does not name " + cell_name);
        if (!as_grid) {
            // The line starts with the shape's tag ("4x3:") where the shape is not the usual one.
            const int tag = static_cast<int>(shape_tag(shape).size());
            SUDOKIT_FUZZ_CHECK(parsed.error().column == tag + first_empty * n + 1,
                               context + ": " + parsed.error().message());
        }
        return;
    }
    if (find_conflict(singles)) {
        SUDOKIT_FUZZ_CHECK(!parsed.ok(), context + ": read although its singles clash");
        check_error(parsed.error(), reader_lines(text), context);
        return;
    }
    SUDOKIT_FUZZ_CHECK(parsed.ok(), context + ": " + parsed.error().message());
    const Puzzle& puzzle = parsed.value();
    SUDOKIT_FUZZ_CHECK(puzzle.grid == singles,
                       context + ": read as the grid " + shown(format_line(puzzle.grid)));
    if (puzzle.marks) {
        SUDOKIT_FUZZ_CHECK(*puzzle.marks == marks, context + ": read as other marks " +
                                                       shown(format_marks_line(*puzzle.marks)));
    } else {
        // Only a mark grid of single candidates reads as values.
        SUDOKIT_FUZZ_CHECK(as_grid && singles.is_complete(), context + ": read without marks");
    }
    check_puzzle(puzzle, options, context);
}

void check_built(FuzzInput& input) {
    const uint8_t choice = input.byte();
    constexpr Alphabet kWritten[] = {Alphabet::automatic, Alphabet::standard, Alphabet::zero_based,
                                     Alphabet::numeric};
    const Shape shape = kMarkShapes[choice & 7];
    const Alphabet written_in = kWritten[(choice >> 3) & 3];
    const bool as_grid = (choice >> 5) & 1;
    const bool name_options = (choice >> 6) & 1;
    const bool name_alphabet = (choice >> 7) & 1;
    check_written(marks_from(input, shape), written_in, as_grid, name_options, name_alphabet);
}

}  // namespace
}  // namespace sudokit::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    sudokit::fuzz::FuzzInput input(data, size);
    const uint8_t first = input.byte();
    if (first & 0x80) {
        sudokit::fuzz::check_built(input);
    } else {
        sudokit::fuzz::check_parsed_text(input.rest(), sudokit::fuzz::options_from_byte(first));
    }
    return 0;
}
