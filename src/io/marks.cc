// Pencil marks: the N³-character line (slot d of a cell holds d or an empty mark) and the tokens
// of a forum pencil-mark grid (each token lists a cell's candidates).
#include "io/io_detail.h"

namespace sudokit::detail {

namespace {

// The marks are read; the cells with one candidate become the grid, and must not conflict.
template <class Where>
Parsed<Puzzle> finish_marks(PencilMarks marks, Alphabet alphabet, Where&& where) {
    Puzzle puzzle = new_puzzle(marks.solved_cells(), alphabet);
    if (auto error = check_conflicts(puzzle.grid, alphabet, where)) return *error;
    puzzle.marks = std::move(marks);
    return puzzle;
}

Parsed<Puzzle> read_mark_chars(std::string_view chars, Shape shape, Alphabet alphabet,
                               const Locator& at) {
    const int n = shape.size();
    const SymbolTable& table = symbol_table(alphabet);
    PencilMarks marks(shape);
    for (int cell = 0; cell < shape.cell_count(); ++cell) {
        const size_t base = static_cast<size_t>(cell) * n;
        DigitSet set;
        for (int slot = 0; slot < n; ++slot) {
            const char c = chars[base + slot];
            const int v = table.value[static_cast<unsigned char>(c)];
            if (v < 0 || v > n) {
                return error_at(at.at(base + slot),
                                bad_symbol_reason(at.character(chars, base + slot), n, alphabet));
            }
            if (v == 0) continue;
            if (v != slot + 1) {
                return error_at(at.at(base + slot),
                                wrong_slot_reason(shape, cell, c, slot + 1, alphabet));
            }
            set.add(v);
        }
        if (set.empty()) return error_at(at.at(base), no_candidates_reason(shape, cell));
        marks.cells[cell] = set;
    }
    return finish_marks(std::move(marks), alphabet, [&](int cell, int digit) {
        return at.at(static_cast<size_t>(cell) * n + digit - 1);
    });
}

}  // namespace

Parsed<Puzzle> parse_mark_chars(std::string_view chars, Shape shape, Alphabet requested,
                                const Locator& at) {
    const int n = shape.size();
    if (requested == Alphabet::automatic && n <= 35) {
        // The slots make the alphabet plain: a cell reads in 1-9A-Z or in 0-9A-Z, never in
        // both (slot d holds different symbols), so take the reading that works.
        Parsed<Puzzle> standard = read_mark_chars(chars, shape, Alphabet::standard, at);
        if (standard.ok()) return standard;
        Parsed<Puzzle> zero_based = read_mark_chars(chars, shape, Alphabet::zero_based, at);
        return zero_based.ok() ? zero_based : standard;
    }
    Alphabet alphabet = resolved_alphabet(requested, n);
    if (alphabet == Alphabet::numeric) alphabet = default_alphabet(n);
    return read_mark_chars(chars, shape, alphabet, at);
}

Parsed<Puzzle> parse_mark_tokens(const std::vector<Token>& tokens, Shape shape,
                                 Alphabet requested) {
    const int n = shape.size();
    Alphabet alphabet = resolved_alphabet(requested, n);
    if (alphabet == Alphabet::numeric) alphabet = default_alphabet(n);
    if (requested == Alphabet::automatic && n <= 35) {
        // A candidate '0' exists only in 0-9A-Z (in 1-9A-Z it would be an empty mark), unless
        // some token holds the 1-9A-Z symbol of N, which 0-9A-Z lacks (then a lone "0" is a
        // cell written with no candidate).
        const SymbolTable& standard = symbol_table(Alphabet::standard);
        bool zero = false;
        bool symbol_of_n = false;
        for (const Token& t : tokens) {
            for (char c : t.text) {
                zero = zero || c == '0';
                symbol_of_n = symbol_of_n || standard.value[static_cast<unsigned char>(c)] == n;
            }
        }
        if (zero && !symbol_of_n) alphabet = Alphabet::zero_based;
    }
    const SymbolTable& table = symbol_table(alphabet);
    PencilMarks marks(shape);
    for (int cell = 0; cell < shape.cell_count(); ++cell) {
        const Token& t = tokens[cell];
        DigitSet set;
        for (size_t i = 0; i < t.text.size(); ++i) {
            const char c = t.text[i];
            const int v = table.value[static_cast<unsigned char>(c)];
            if (v < 0 || v > n) {
                return error_at({t.pos.line, t.pos.column + static_cast<int>(i)},
                                bad_symbol_reason(std::string_view(&t.text[i], 1), n, alphabet));
            }
            if (v != 0) set.add(v);
        }
        if (set.empty()) return error_at(t.pos, no_candidates_reason(shape, cell));
        marks.cells[cell] = set;
    }
    return finish_marks(std::move(marks), alphabet,
                        [&](int cell, int) { return tokens[cell].pos; });
}

}  // namespace sudokit::detail
