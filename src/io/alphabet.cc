// Alphabets: how digits 1..N are written as single characters, their names and symbol tables
// (docs/ARCHITECTURE.md, "Text formats": 1-9A-Z standard, 0-9A-Z "hex" where only '.' is empty).
#include <array>

#include "io/io_detail.h"

namespace sudokit {

namespace {

constexpr detail::SymbolTable make_table(bool zero_based) {
    detail::SymbolTable table{};
    for (auto& v : table.value) v = -1;
    const int shift = zero_based ? 1 : 0;
    for (int c = '0'; c <= '9'; ++c) table.value[c] = static_cast<int8_t>(c - '0' + shift);
    for (int c = 'A'; c <= 'Z'; ++c) {
        table.value[c] = static_cast<int8_t>(c - 'A' + 10 + shift);
        table.value[c - 'A' + 'a'] = static_cast<int8_t>(c - 'A' + 10 + shift);
    }
    for (char c : {'.', '-', '_', '*'}) table.value[static_cast<unsigned char>(c)] = 0;
    if (!zero_based) table.value['0'] = 0;
    return table;
}

constexpr detail::SymbolTable kStandardTable = make_table(false);
constexpr detail::SymbolTable kZeroBasedTable = make_table(true);

}  // namespace

namespace detail {

const SymbolTable& symbol_table(Alphabet alphabet) {
    return alphabet == Alphabet::zero_based ? kZeroBasedTable : kStandardTable;
}

Alphabet resolved_alphabet(Alphabet requested, int n) {
    return requested == Alphabet::automatic ? default_alphabet(n) : requested;
}

}  // namespace detail

Alphabet default_alphabet(int n) { return n >= 36 ? Alphabet::zero_based : Alphabet::standard; }

char digit_symbol(int digit, Alphabet alphabet) {
    if (digit <= 0) return '.';
    const int v = alphabet == Alphabet::zero_based ? digit - 1 : digit;
    if (v < 10) return static_cast<char>('0' + v);
    if (v < 36) return static_cast<char>('A' + v - 10);
    return '?';  // digit 36 has no standard symbol
}

std::string alphabet_range(int n, Alphabet alphabet) {
    if (alphabet == Alphabet::numeric) return n == 1 ? "1" : "1-" + std::to_string(n);
    alphabet = detail::resolved_alphabet(alphabet, n);
    // Digits and letters are written as two runs ("1-9A-G"), except where one run reads as
    // an ordinary hexadecimal range ("0-F").
    const char first = digit_symbol(1, alphabet);
    const char last = digit_symbol(alphabet == Alphabet::standard && n > 35 ? 35 : n, alphabet);
    if (n == 1) return std::string(1, first);
    if (last <= '9' || alphabet == Alphabet::zero_based) return std::string{first, '-', last};
    const char nine = '9';
    std::string out{first, '-', nine};
    out += last == 'A' ? std::string("A") : std::string{'A', '-', last};
    return out;
}

std::string_view alphabet_name(Alphabet alphabet) {
    switch (alphabet) {
        case Alphabet::automatic:
            return "auto";
        case Alphabet::standard:
            return "standard";
        case Alphabet::zero_based:
            return "hex";
        case Alphabet::numeric:
            return "numeric";
    }
    return "auto";
}

std::optional<Alphabet> parse_alphabet(std::string_view text) {
    if (text == "auto" || text == "automatic") return Alphabet::automatic;
    if (text == "standard") return Alphabet::standard;
    if (text == "hex" || text == "zero_based" || text == "zero-based") return Alphabet::zero_based;
    if (text == "numeric") return Alphabet::numeric;
    return std::nullopt;
}

}  // namespace sudokit
