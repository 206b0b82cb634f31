// The wording of every parse error (one place, so that all formats say things the same way),
// ParseError::message, digit_text and conflict_message.
#include <cstdio>

#include "core/count_text.h"
#include "io/io_detail.h"

namespace sudokit {

std::string ParseError::message() const {
    std::string out = "line " + std::to_string(line);
    if (column != 0) out += ", column " + std::to_string(column);
    out += ": ";
    out += reason;
    return out;
}

std::string digit_text(int digit, int n, Alphabet alphabet) {
    alphabet = detail::resolved_alphabet(alphabet, n);
    if (alphabet == Alphabet::numeric) return std::to_string(digit);
    if (alphabet == Alphabet::standard && n > 35) alphabet = Alphabet::zero_based;
    return std::string(1, digit_symbol(digit, alphabet));
}

std::string conflict_message(const Conflict& conflict, Shape shape, Alphabet alphabet) {
    const Topology& topo = topology(shape);
    alphabet = detail::resolved_alphabet(alphabet, shape.size());
    std::string digit = alphabet == Alphabet::numeric
                            ? std::to_string(conflict.digit)
                            : std::string(1, digit_symbol(conflict.digit, alphabet));
    return topo.cell_name(conflict.cell_a) + " and " + topo.cell_name(conflict.cell_b) +
           " both hold " + digit;
}

namespace detail {

namespace {
bool printable(char c) { return c >= 0x20 && c < 0x7f; }

std::string hex_byte(char c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%02X", static_cast<unsigned>(static_cast<unsigned char>(c)));
    return buf;
}

}  // namespace

std::string describe_symbol(std::string_view character) {
    if (character.size() > 1) {
        // The code point too: a no-break space or a zero-width space looks like nothing.
        char code[16];
        std::snprintf(code, sizeof code, "U+%04X", utf8_code_point(character));
        return "'" + std::string(character) + "' (" + code + ")";
    }
    const char c = character.empty() ? '\0' : character[0];
    if (printable(c)) return std::string{'\'', c, '\''};
    return "byte 0x" + hex_byte(c);
}

std::string quote_token(std::string_view token) {
    constexpr size_t kMaxShown = 20;
    std::string out = "'";
    size_t i = 0;
    for (size_t shown = 0; i < token.size() && shown < kMaxShown; ++shown) {
        const size_t length = utf8_length(token, i);
        if (length > 1 || printable(token[i])) {
            out += token.substr(i, length);
        } else {
            out += "\\x" + hex_byte(token[i]);
        }
        i += length;
    }
    if (i < token.size()) out += "...";
    out += '\'';
    return out;
}

std::string grid_name(int n) { return std::to_string(n) + "x" + std::to_string(n); }

std::string bad_symbol_reason(std::string_view character, int n, Alphabet alphabet) {
    return describe_symbol(character) + " is not a digit of a " + grid_name(n) + " grid (" +
           alphabet_range(n, alphabet) + ", or . for empty)";
}

std::string count_reason(size_t count, const std::optional<Shape>& shape, std::string_view unit) {
    std::string out = count_text(count, unit) + "; ";
    if (shape) {
        return out + "a " + grid_name(shape->size()) + " puzzle has " +
               std::to_string(shape->cell_count());
    }
    out += unit == "number" ? "a numeric line holds " : "a puzzle line holds ";
    auto sizes = Shape::standard_sizes();
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (i != 0) out += i + 1 == sizes.size() ? " or " : ", ";
        out += std::to_string(sizes[i] * sizes[i]) + " (" + grid_name(sizes[i]) + ")";
    }
    out += " ";
    out += unit;
    out += "s";
    return out;
}

std::string ambiguous_zero_reason(int n) {
    return "'0' makes this " + grid_name(n) + " puzzle ambiguous: it is empty in " +
           alphabet_range(n, Alphabet::standard) + " but digit 1 in " +
           alphabet_range(n, Alphabet::zero_based) +
           "; choose with --alphabet standard or --alphabet hex";
}

std::string out_of_range_reason(std::string_view token, int n) {
    std::string shown =
        token.size() > 20 ? std::string(token.substr(0, 20)) + "..." : std::string(token);
    return shown + " is out of range for a " + grid_name(n) + " grid (" +
           alphabet_range(n, Alphabet::numeric) + ")";
}

std::string not_a_number_reason(std::string_view token) {
    return quote_token(token) + " is not a number";
}

std::string no_candidates_reason(Shape shape, int cell) {
    return topology(shape).cell_name(cell) + " has no candidates";
}

std::string wrong_slot_reason(Shape shape, int cell, char c, int slot_digit, Alphabet alphabet) {
    return topology(shape).cell_name(cell) + ": " + describe_symbol(std::string_view(&c, 1)) +
           " in the slot for " + digit_symbol(slot_digit, alphabet) +
           " (each slot holds its own digit or .)";
}

std::string grid_ends_early_reason(int n, int rows) {
    return "the " + grid_name(n) + " grid ends after " + std::to_string(rows) + " of its " +
           std::to_string(n) + " rows";
}

std::string row_length_reason(int cells, int n) {
    return count_text(static_cast<size_t>(cells), "cell") + " in this row; each row of this " +
           grid_name(n) + " grid has " + std::to_string(n);
}

std::string cut_line_reason(char blank, size_t cells, size_t more, int n, bool marks) {
    const size_t total = cells + more;
    std::string out = blank == '\t' ? "a tab" : "a space";
    out += " inside the cells? " + count_text(cells, "cell") + ", then " + std::to_string(more) +
           " more: " + count_text(total, "cell") + " would be ";
    out += marks ? "the pencil marks of a " + grid_name(n) + " puzzle"
                 : "a " + grid_name(n) + " puzzle";
    return out;
}

std::string line_too_long_reason() {
    return "longer than " + std::to_string(kMaxLineLength) + " bytes; skipped";
}

std::string conflict_reason(const Conflict& conflict, Shape shape, Alphabet alphabet) {
    return conflict_message(conflict, shape, alphabet);
}

}  // namespace detail
}  // namespace sudokit
