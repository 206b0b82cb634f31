// Turning cell symbols or numbers into a Grid: alphabet resolution (the ambiguous '0' of lines up
// to 35x35), range checks and the check that givens do not conflict.
#include <algorithm>
#include <charconv>

#include "io/io_detail.h"

namespace sudokit::detail {

namespace {
// The bit of digit v in a house mask; 0 for an empty cell (no branch in the loops below).
inline uint64_t digit_bit(int v) { return (uint64_t{1} << v) >> 1; }

// Whether the cells, read in 0-9A-Z instead of 1-9A-Z, give two equal digits in a house. In
// 0-9A-Z each digit symbol stands for one more than in 1-9A-Z, and '0', empty in 1-9A-Z, is 1.
bool zero_based_reading_conflicts(std::string_view cells, const uint8_t* standard,
                                  const Topology& topo) {
    uint64_t masks[3 * kMaxSize];
    std::fill_n(masks, topo.house_count(), uint64_t{0});
    for (int cell = 0; cell < topo.cell_count(); ++cell) {
        const int v = cells[cell] == '0' ? 1 : standard[cell] == 0 ? 0 : standard[cell] + 1;
        const uint64_t bit = digit_bit(v);
        const auto houses = topo.houses_of(cell);
        if (((masks[houses[0]] | masks[houses[1]] | masks[houses[2]]) & bit) != 0) return true;
        masks[houses[0]] |= bit;
        masks[houses[1]] |= bit;
        masks[houses[2]] |= bit;
    }
    return false;
}
}  // namespace

bool has_conflict(const Grid& grid) {
    // One pass with a digit mask per house; find_conflict then names the conflict.
    const Topology& topo = grid.topology();
    const int n = grid.size();
    uint64_t rows[kMaxSize] = {}, cols[kMaxSize] = {}, boxes[kMaxSize] = {};
    uint64_t clash = 0;
    const uint8_t* v = grid.values().data();
    for (int r = 0, cell = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c, ++cell) {
            const uint64_t bit = v[cell] <= n ? digit_bit(v[cell]) : 0;
            const int b = topo.box_of(cell);
            clash |= (rows[r] | cols[c] | boxes[b]) & bit;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    return clash != 0;
}

Parsed<Puzzle> parse_value_chars(std::string_view cells, Shape shape, Alphabet requested,
                                 const Locator& at) {
    const int n = shape.size();
    Alphabet alphabet = resolved_alphabet(requested, n);
    if (alphabet == Alphabet::numeric) alphabet = default_alphabet(n);
    const SymbolTable& table = symbol_table(alphabet);
    Puzzle puzzle = new_puzzle(Grid(shape), alphabet);
    uint8_t* out = puzzle.grid.values().data();
    // Only an automatic reading in 1-9A-Z (sizes up to 35x35) can be ambiguous: '0' is empty
    // there but digit 1 in 0-9A-Z ("hex", what `convert --out-alphabet hex` writes). A line
    // holding a '0' reads both ways when it also holds no symbol of N (so every symbol is a
    // digit of 0-9A-Z) and its 0-9A-Z reading has no conflicting givens: the usual "0 for
    // empty" line has several '0's in a house, and reads one way only.
    const bool watch_zero = requested == Alphabet::automatic && n <= 35;
    // The givens are listed as they are read, then checked against one digit mask per house
    // (this is the hot path of every batch command; most puzzles have few givens).
    int givens[kMaxSize * kMaxSize];
    int given_count = 0;
    for (int i = 0; i < n * n; ++i) {
        const char ch = cells[i];
        const int v = table.value[static_cast<unsigned char>(ch)];
        if (static_cast<unsigned>(v) > static_cast<unsigned>(n)) {
            return error_at(at.at(i), bad_symbol_reason(at.character(cells, i), n, alphabet));
        }
        out[i] = static_cast<uint8_t>(v);
        givens[given_count] = i;
        given_count += v != 0;
    }
    const Topology& topo = topology(shape);
    uint64_t masks[3 * kMaxSize];
    std::fill_n(masks, 3 * n, uint64_t{0});
    uint64_t clash = 0;
    for (int k = 0; k < given_count; ++k) {
        const int cell = givens[k];
        const uint64_t bit = digit_bit(out[cell]);
        const auto houses = topo.houses_of(cell);
        clash |= (masks[houses[0]] | masks[houses[1]] | masks[houses[2]]) & bit;
        masks[houses[0]] |= bit;
        masks[houses[1]] |= bit;
        masks[houses[2]] |= bit;
    }
    // (Looked at after the loop: most lines have no '0', and this is every line's path.)
    if (const size_t first_zero = watch_zero ? cells.find('0') : std::string_view::npos;
        first_zero != std::string_view::npos && *std::max_element(out, out + n * n) < n &&
        !zero_based_reading_conflicts(cells, out, topo)) {
        return error_at(at.at(first_zero), ambiguous_zero_reason(n));
    }
    if (clash != 0) {
        if (std::optional<Conflict> conflict = find_conflict(puzzle.grid)) {
            return error_at(at.at(conflict->cell_b), conflict_reason(*conflict, shape, alphabet));
        }
    }
    return puzzle;
}

Parsed<Puzzle> parse_numeric_tokens(const std::vector<Token>& tokens, Shape shape) {
    const int n = shape.size();
    Puzzle puzzle = new_puzzle(Grid(shape), Alphabet::numeric);
    for (size_t i = 0; i < tokens.size(); ++i) {
        std::string_view text = tokens[i].text;
        if (text.size() == 1 && is_empty_mark(text[0])) continue;
        int value = 0;
        auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ptr != text.data() + text.size() || text[0] == '-' || text[0] == '+') {
            return error_at(tokens[i].pos, not_a_number_reason(text));
        }
        if (ec != std::errc() || value > n) {
            return error_at(tokens[i].pos, out_of_range_reason(text, n));
        }
        puzzle.grid.set(static_cast<int>(i), value);
    }
    if (auto error = check_conflicts(puzzle.grid, Alphabet::numeric,
                                     [&](int cell, int) { return tokens[cell].pos; })) {
        return *error;
    }
    return puzzle;
}

}  // namespace sudokit::detail

namespace sudokit {

Parsed<Puzzle> puzzle_from_values(std::span<const uint8_t> values, Shape shape, int line) {
    const int n = shape.size();
    if (!shape.valid() || values.size() != static_cast<size_t>(shape.cell_count())) {
        return ParseError{line, 0,
                          std::to_string(values.size()) + " values do not fill a " +
                              (shape.valid() ? detail::grid_name(n) : shape.name()) + " grid"};
    }
    const Alphabet alphabet = default_alphabet(n);
    Puzzle puzzle = detail::new_puzzle(Grid(shape), alphabet);
    puzzle.line = line;
    for (size_t i = 0; i < values.size(); ++i) {
        if (values[i] > n) {
            return ParseError{line, static_cast<int>(i) + 1,
                              detail::out_of_range_reason(std::to_string(values[i]), n)};
        }
        puzzle.grid.set(static_cast<int>(i), values[i]);
    }
    if (auto error = detail::check_conflicts(puzzle.grid, alphabet, [&](int cell, int) {
            return detail::Position{line, cell + 1};
        })) {
        return *error;
    }
    return puzzle;
}

}  // namespace sudokit
