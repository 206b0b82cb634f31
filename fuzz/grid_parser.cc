// Fuzz target grid_parser: multi-line text (forum pastes, .sdk, pencil-mark grids, mixed
// files) through PuzzleReader, with ParseOptions from the first byte. Items come in increasing
// line order, each puzzle keeps the rules and round-trips, each error is placed, and
// parse_puzzle on the same text agrees with the reader.
#include <cstdio>
#include <memory>

#include "fuzz_support.h"

namespace sudokit::fuzz {
namespace {

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};

std::vector<PuzzleReader::Item> read_items(std::string_view text, const ParseOptions& options) {
    std::vector<PuzzleReader::Item> items;
    // fmemopen refuses an empty buffer: an empty text is read from a buffer holding one '\n'
    // (both give no item).
    std::string buffer = text.empty() ? std::string("\n") : std::string(text);
    std::unique_ptr<std::FILE, FileCloser> file(fmemopen(buffer.data(), buffer.size(), "r"));
    SUDOKIT_FUZZ_CHECK(file != nullptr, std::string("fmemopen failed"));
    PuzzleReader reader(file.get(), options);
    while (std::optional<PuzzleReader::Item> item = reader.next()) items.push_back(*item);
    return items;
}

void check_text(std::string_view text, const ParseOptions& options) {
    const std::string context = shown(text) + " with " + describe(options);
    const std::vector<std::string_view> lines = reader_lines(text);
    const std::vector<PuzzleReader::Item> items = read_items(text, options);
    int previous_line = 0;
    for (const PuzzleReader::Item& item : items) {
        const std::string where = context + ", item at line " + std::to_string(item.line);
        SUDOKIT_FUZZ_CHECK(item.line > previous_line,
                           where + " after one at line " + std::to_string(previous_line));
        SUDOKIT_FUZZ_CHECK(item.line <= static_cast<int>(lines.size()), where);
        previous_line = item.line;
        if (!item.puzzle.ok()) {
            check_error(item.puzzle.error(), lines, where);
            SUDOKIT_FUZZ_CHECK(item.puzzle.error().line >= item.line,
                               where + ": " + item.puzzle.error().message());
            continue;
        }
        const Puzzle& puzzle = item.puzzle.value();
        SUDOKIT_FUZZ_CHECK(puzzle.line == item.line,
                           where + " says its puzzle is at line " + std::to_string(puzzle.line));
        check_puzzle(puzzle, options, where);
        check_round_trips(puzzle, where);
    }

    // parse_puzzle reads one puzzle from the same lines: no item is "no puzzle", one item is
    // that item, and a second item is "more text" at its line (unless the first failed).
    const Parsed<Puzzle> whole = parse_puzzle(text, options);
    if (items.empty()) {
        SUDOKIT_FUZZ_CHECK(
            !whole.ok() && whole.error().line == 1 && whole.error().column == 0,
            context + ": no item, but parse_puzzle read " +
                (whole.ok() ? shown(format_line(whole.value().grid)) : whole.error().message()));
        return;
    }
    const Parsed<Puzzle>& first = items.front().puzzle;
    if (items.size() == 1 || !first.ok()) {
        if (first.ok()) {
            SUDOKIT_FUZZ_CHECK(whole.ok() && whole.value().grid == first.value().grid &&
                                   whole.value().comment == first.value().comment &&
                                   whole.value().alphabet == first.value().alphabet,
                               context + ": the reader's one puzzle is " +
                                   shown(format_line(first.value().grid)) + ", parse_puzzle's " +
                                   (whole.ok() ? shown(format_line(whole.value().grid))
                                               : whole.error().message()));
        } else {
            SUDOKIT_FUZZ_CHECK(
                !whole.ok() && whole.error() == first.error(),
                context + ": the reader's error is " + first.error().message() +
                    ", parse_puzzle's " +
                    (whole.ok() ? std::string("a puzzle") : whole.error().message()));
        }
        return;
    }
    SUDOKIT_FUZZ_CHECK(!whole.ok() && whole.error().line == items[1].line,
                       context + ": a second item at line " + std::to_string(items[1].line) +
                           ", parse_puzzle says " +
                           (whole.ok() ? std::string("one puzzle") : whole.error().message()));
}

}  // namespace
}  // namespace sudokit::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    sudokit::fuzz::FuzzInput input(data, size);
    const sudokit::ParseOptions options = sudokit::fuzz::options_from_byte(input.byte());
    sudokit::fuzz::check_text(input.rest(), options);
    return 0;
}
