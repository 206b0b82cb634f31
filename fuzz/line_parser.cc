// Fuzz target line_parser: parse_puzzle on one line of text (the input up to its first '\n'),
// with ParseOptions chosen by the first byte (fuzz_support.h). A puzzle keeps the rules, reads
// the same when its alphabet is named, and round-trips through every writer; an error is placed.
#include "fuzz_support.h"

namespace sudokit::fuzz {
namespace {

void check_line(std::string_view line, const ParseOptions& options) {
    const std::string context = shown(line) + " with " + describe(options);
    const Parsed<Puzzle> parsed = parse_puzzle(line, options);
    if (!parsed.ok()) {
        check_error(parsed.error(), reader_lines(line), context);
        SUDOKIT_FUZZ_CHECK(parsed.error().line == 1, context + ": " + parsed.error().message());
        return;
    }
    const Puzzle& puzzle = parsed.value();
    SUDOKIT_FUZZ_CHECK(puzzle.line == 1, context);
    check_puzzle(puzzle, options, context);
    // The alphabet the puzzle reports is one that reads it: naming it gives the same grid.
    if (options.alphabet == Alphabet::automatic) {
        const Parsed<Puzzle> named =
            parse_puzzle(line, ParseOptions{options.shape, puzzle.alphabet});
        SUDOKIT_FUZZ_CHECK(named.ok() && named.value().grid == puzzle.grid,
                           context + ": read as " + std::string(alphabet_name(puzzle.alphabet)) +
                               " but not with --alphabet " +
                               std::string(alphabet_name(puzzle.alphabet)) +
                               (named.ok() ? "" : ": " + named.error().message()));
    }
    check_round_trips(puzzle, context);
}

}  // namespace
}  // namespace sudokit::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    sudokit::fuzz::FuzzInput input(data, size);
    const sudokit::ParseOptions options = sudokit::fuzz::options_from_byte(input.byte());
    std::string_view text = input.rest();
    sudokit::fuzz::check_line(text.substr(0, text.find('\n')), options);
    return 0;
}
