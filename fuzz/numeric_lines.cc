// Fuzz target numeric_lines: numeric lines (N² decimal numbers, 0 or . for empty), mostly for
// 16x16 and 25x25. First byte, bit 7 clear: the rest is one line of text; bit 7 set: the bytes
// pick the tokens of a line, and the reading is predicted exactly (the first bad token, the
// first number out of range, a clash, or the grid). What reads round-trips through the writers.
#include "fuzz_support.h"

namespace sudokit::fuzz {
namespace {

// Shapes of the numeric files (16x16, 25x25) twice as often as the others.
constexpr Shape kNumericShapes[] = {{4, 4}, {5, 5}, {4, 4}, {5, 5}, {3, 3}, {2, 2}, {3, 4}, {6, 6}};

// Text mode: bit 0 numeric or automatic, bits 1-3 the --size (0-1: none).
void check_text_input(uint8_t choice, std::string_view text) {
    ParseOptions options;
    options.alphabet = (choice & 1) != 0 ? Alphabet::automatic : Alphabet::numeric;
    const int size_choice = (choice >> 1) & 7;
    if (size_choice >= 2) options.shape = kNumericShapes[size_choice];
    check_parsed_text(text.substr(0, text.find('\n')), options);
}

// One token of a built line and what it means.
struct BuiltToken {
    std::string text;
    enum class Kind { value, out_of_range, not_a_number } kind = Kind::value;
    int value = 0;  // for Kind::value: 0 empty, else the digit
};

// A byte's token: half of them empty (in the five spellings, or "00"), then digits (some with a
// leading zero), numbers past N, and a few that are not numbers at all.
BuiltToken token_from(uint8_t byte, int n) {
    static constexpr const char* kEmpty[] = {"0", ".", "-", "_", "*", "00", "0", "."};
    static constexpr const char* kJunk[] = {"x", "+1", "1a", "-2", "1.5", "A", "0x1", "9-"};
    if (byte < 128) return {kEmpty[byte & 7], BuiltToken::Kind::value, 0};
    if (byte < 224) {
        const int v = byte - 128;
        const int digit = 1 + v % n;
        const bool leading_zero = (v / n) % 2 == 1;
        return {(leading_zero ? "0" : "") + std::to_string(digit), BuiltToken::Kind::value, digit};
    }
    if (byte < 247) return {std::to_string(n + 1 + (byte - 224)), BuiltToken::Kind::out_of_range};
    if (byte == 247) return {"99999999999", BuiltToken::Kind::out_of_range};
    return {kJunk[byte & 7], BuiltToken::Kind::not_a_number};
}

void check_built(FuzzInput& input) {
    const uint8_t choice = input.byte();
    const Shape shape = kNumericShapes[choice & 7];
    const int n = shape.size();
    const bool name_shape = (choice >> 3) & 1;
    const bool automatic = (choice >> 4) & 1;
    const bool with_comment = (choice >> 5) & 1;
    const bool tabs = (choice >> 6) & 1;

    std::string line;
    std::vector<int> columns;  // 1-based column of each token
    std::vector<BuiltToken> tokens;
    Grid expected(shape);
    for (int cell = 0; cell < shape.cell_count(); ++cell) {
        if (cell != 0) line += tabs && cell % 2 == 0 ? "\t " : " ";
        BuiltToken token = token_from(input.byte(), n);
        columns.push_back(static_cast<int>(line.size()) + 1);
        line += token.text;
        expected.set(cell, token.kind == BuiltToken::Kind::value ? token.value : 0);
        tokens.push_back(std::move(token));
    }
    const std::string comment = with_comment ? " # note" : "";
    line += comment;

    ParseOptions options;
    if (name_shape) options.shape = shape;
    if (!automatic) options.alphabet = Alphabet::numeric;
    const std::string context = shown(line, 4000) + " with " + describe(options);
    const Parsed<Puzzle> parsed = parse_puzzle(line, options);
    if (parsed.ok()) {
        check_puzzle(parsed.value(), options, context);
        check_round_trips(parsed.value(), context);
    } else {
        check_error(parsed.error(), reader_lines(line), context);
    }

    size_t first_junk = tokens.size(), first_out_of_range = tokens.size();
    for (size_t i = tokens.size(); i-- > 0;) {
        if (tokens[i].kind == BuiltToken::Kind::not_a_number) first_junk = i;
        if (tokens[i].kind == BuiltToken::Kind::out_of_range) first_out_of_range = i;
    }
    // Without --size, N² tokens with a bad one at a cell count k (16, 81, ...) read as a k-cell
    // puzzle and a comment; an automatic line that starts with a bad token may be anything.
    if (first_junk < tokens.size() && (!name_shape || (automatic && first_junk == 0))) return;

    const std::string error = parsed.ok() ? std::string("no error") : parsed.error().message();
    if (first_junk < tokens.size()) {
        SUDOKIT_FUZZ_CHECK(!parsed.ok() && parsed.error().column == columns[first_junk],
                           context + ": " + error + ", not at token " + tokens[first_junk].text);
        return;
    }
    if (first_out_of_range < tokens.size()) {
        SUDOKIT_FUZZ_CHECK(
            !parsed.ok() && parsed.error().column == columns[first_out_of_range],
            context + ": " + error + ", not at token " + tokens[first_out_of_range].text);
        return;
    }
    if (std::optional<Conflict> conflict = find_conflict(expected)) {
        SUDOKIT_FUZZ_CHECK(!parsed.ok() && parsed.error().column == columns[conflict->cell_b],
                           context + ": " + error + ", not at the clash of " +
                               topology(shape).cell_name(conflict->cell_a) + " and " +
                               topology(shape).cell_name(conflict->cell_b));
        return;
    }
    SUDOKIT_FUZZ_CHECK(parsed.ok(), context + ": " + error);
    const Puzzle& puzzle = parsed.value();
    SUDOKIT_FUZZ_CHECK(puzzle.grid == expected,
                       context + ": read as " + shown(format_line(puzzle.grid)));
    SUDOKIT_FUZZ_CHECK(puzzle.alphabet == Alphabet::numeric, context);
    SUDOKIT_FUZZ_CHECK(puzzle.comment == comment, context + ": comment " + shown(puzzle.comment));
}

}  // namespace
}  // namespace sudokit::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    sudokit::fuzz::FuzzInput input(data, size);
    const uint8_t first = input.byte();
    if (first & 0x80) {
        sudokit::fuzz::check_built(input);
    } else {
        sudokit::fuzz::check_text_input(first, input.rest());
    }
    return 0;
}
