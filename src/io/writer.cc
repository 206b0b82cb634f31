// Writers: the canonical line, the readable grid with box separators, and the two pencil-mark
// forms (N³-character line, forum-style grid padded per column).
#include <array>
#include <charconv>

#include "io/io_detail.h"

namespace sudokit {

namespace {

// The alphabet a writer uses: automatic is the shape's default; standard cannot write digit 36,
// so a 36x36 grid asked in standard is written in zero_based. Pencil marks have no numeric form.
Alphabet writing_alphabet(Alphabet alphabet, int n, bool marks) {
    alphabet = detail::resolved_alphabet(alphabet, n);
    if (alphabet == Alphabet::numeric && marks) alphabet = default_alphabet(n);
    if (alphabet == Alphabet::standard && n > 35) alphabet = Alphabet::zero_based;
    return alphabet;
}

// Symbol of every byte value: '.' for 0, '?' beyond 36 (only an invalid Grid holds those).
struct SymbolRow {
    std::array<char, 256> symbol;
};
SymbolRow make_row(Alphabet alphabet) {
    SymbolRow row{};
    for (int v = 0; v < 256; ++v) {
        row.symbol[v] = v == 0 ? '.' : v > 36 ? '?' : digit_symbol(v, alphabet);
    }
    return row;
}

const SymbolRow& symbols_of(Alphabet alphabet) {
    static const SymbolRow kStandard = make_row(Alphabet::standard);
    static const SymbolRow kZeroBased = make_row(Alphabet::zero_based);
    return alphabet == Alphabet::zero_based ? kZeroBased : kStandard;
}

void append_number(std::string& out, int value) {
    char buf[8];
    auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, ptr);
}

int decimal_width(int n) {
    int width = 1;
    for (int v = n; v >= 10; v /= 10) ++width;
    return width;
}

// "------+-------+------": dashes under each box's cells, '+' under each " | ".
std::string separator_line(const std::vector<int>& box_widths) {
    std::string out;
    for (size_t b = 0; b < box_widths.size(); ++b) {
        if (b != 0) out += '+';
        const bool first = b == 0, last = b + 1 == box_widths.size();
        out.append(box_widths[b] + (first ? 0 : 1) + (last ? 0 : 1), '-');
    }
    out += '\n';
    return out;
}

// The size tag in front of a line or above a grid, for the shapes that need one.
void append_tag(std::string& out, Shape shape, bool own_line) {
    if (shape == Shape{3, 3}) return;  // the common case, on the hot path
    const std::string tag = shape_tag(shape);
    if (tag.empty()) return;
    out += tag;
    if (own_line) out += '\n';
}

}  // namespace

void append_line(std::string& out, const Grid& grid, Alphabet alphabet) {
    append_tag(out, grid.shape(), false);
    const int cells = grid.cell_count();
    const uint8_t* v = grid.values().data();
    alphabet = writing_alphabet(alphabet, grid.size(), false);
    if (alphabet == Alphabet::numeric) {
        for (int i = 0; i < cells; ++i) {
            if (i != 0) out += ' ';
            append_number(out, v[i]);
        }
        return;
    }
    const SymbolRow& row = symbols_of(alphabet);
    char text[kMaxSize * kMaxSize];  // filled then appended: resize() would zero it first
    for (int i = 0; i < cells; ++i) text[i] = row.symbol[v[i]];
    out.append(text, cells);
}

std::string format_line(const Grid& grid, Alphabet alphabet) {
    std::string out;
    out.reserve(static_cast<size_t>(grid.cell_count()) * (alphabet == Alphabet::numeric ? 3 : 1));
    append_line(out, grid, alphabet);
    return out;
}

std::string format_grid(const Grid& grid, Alphabet alphabet) {
    const Shape shape = grid.shape();
    const int n = shape.size();
    alphabet = writing_alphabet(alphabet, n, false);
    const bool numeric = alphabet == Alphabet::numeric;
    const int width = numeric ? decimal_width(n) : 1;
    const SymbolRow& row = symbols_of(alphabet);
    const std::vector<int> box_widths(n / shape.box_cols, shape.box_cols * (width + 1) - 1);
    const std::string separator = separator_line(box_widths);
    std::string out;
    append_tag(out, shape, true);
    for (int r = 0; r < n; ++r) {
        if (r != 0 && r % shape.box_rows == 0) out += separator;
        for (int c = 0; c < n; ++c) {
            if (c != 0) out += c % shape.box_cols == 0 ? " | " : " ";
            const int v = grid[r * n + c];
            if (!numeric || v == 0) {
                out.append(width - 1, ' ');
                out += row.symbol[v];
            } else {
                out.append(width - decimal_width(v), ' ');
                append_number(out, v);
            }
        }
        out += '\n';
    }
    return out;
}

std::string format_marks_line(const PencilMarks& marks, Alphabet alphabet) {
    const int n = marks.shape.size();
    alphabet = writing_alphabet(alphabet, n, true);
    std::string out;
    append_tag(out, marks.shape, false);
    const size_t base = out.size();
    out.append(static_cast<size_t>(marks.shape.cell_count()) * n, '.');
    for (int cell = 0; cell < marks.shape.cell_count(); ++cell) {
        for (int d : marks.cells[cell]) {
            if (d <= n)
                out[base + static_cast<size_t>(cell) * n + d - 1] = digit_symbol(d, alphabet);
        }
    }
    return out;
}

std::string format_marks_grid(const PencilMarks& marks, Alphabet alphabet) {
    const Shape shape = marks.shape;
    const int n = shape.size();
    alphabet = writing_alphabet(alphabet, n, true);
    std::vector<std::string> text(static_cast<size_t>(shape.cell_count()));
    std::vector<int> col_width(n, 1);
    for (int cell = 0; cell < shape.cell_count(); ++cell) {
        for (int d : marks.cells[cell]) {
            if (d <= n) text[cell] += digit_symbol(d, alphabet);
        }
        // Not a lone '.': a grid whose cells all have one candidate or none would then read
        // as a grid of values, the cells without candidates as empty cells.
        if (text[cell].empty()) text[cell] = "..";
        const int c = cell % n;
        col_width[c] = std::max(col_width[c], static_cast<int>(text[cell].size()));
    }
    // Each box column is "| " + cells padded to their column and two spaces apart + " ".
    std::string border = "+";
    for (int b = 0; b < n / shape.box_cols; ++b) {
        int w = 2 * (shape.box_cols - 1) + 2;
        for (int k = 0; k < shape.box_cols; ++k) w += col_width[b * shape.box_cols + k];
        border.append(w, '-');
        border += '+';
    }
    border += '\n';
    std::string out;
    append_tag(out, shape, true);
    out += border;
    for (int r = 0; r < n; ++r) {
        out += "| ";
        for (int c = 0; c < n; ++c) {
            const std::string& cell = text[r * n + c];
            out += cell;
            out.append(col_width[c] - cell.size(), ' ');
            out += (c + 1) % shape.box_cols == 0 ? (c + 1 == n ? " |" : " | ") : "  ";
        }
        out += '\n';
        if ((r + 1) % shape.box_rows == 0) out += border;
    }
    return out;
}

std::string_view comment_text(std::string_view comment) {
    auto skip_blanks = [&] {
        while (!comment.empty() && (comment.front() == ' ' || comment.front() == '\t'))
            comment.remove_prefix(1);
    };
    skip_blanks();
    if (!comment.empty() &&
        std::string_view("#,;").find(comment.front()) != std::string_view::npos) {
        comment.remove_prefix(1);
        skip_blanks();
    }
    while (!comment.empty() && (comment.back() == ' ' || comment.back() == '\t'))
        comment.remove_suffix(1);
    return comment;
}

}  // namespace sudokit
