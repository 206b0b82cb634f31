// Text helpers of the bench lab's reports (see report_text.h).
#include "report/report_text.h"

#include <fmt/format.h>

#include <cmath>

namespace sudokit::detail {

std::string csv_field(std::string_view text) {
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

std::string xml_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string format_duration_us(double us) {
    const double a = std::abs(us);
    if (a > 0 && a < 1) return fmt::format("{:.3g} ns", us * 1e3);
    if (a < 1e3) return fmt::format("{:.3g} µs", us);
    if (a < 1e6) return fmt::format("{:.3g} ms", us / 1e3);
    return fmt::format("{:.3g} s", us / 1e6);
}

std::string format_us(double us) { return fmt::format("{:.{}f}", us, std::abs(us) < 10 ? 2 : 1); }

std::string format_percent(double share) { return fmt::format("{:.1f}%", share * 100); }

namespace {

Align align_of(const Table& table, size_t column) {
    return column < table.align.size() ? table.align[column] : Align::right;
}

// A Markdown cell must not break the row: escape the column separator.
std::string markdown_cell(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

std::string table_markdown(const Table& table) {
    std::string out = "|";
    for (const std::string& h : table.header) out += " " + markdown_cell(h) + " |";
    out += "\n|";
    for (size_t c = 0; c < table.header.size(); ++c)
        out += align_of(table, c) == Align::left ? ":---|" : "---:|";
    out += "\n";
    for (const auto& row : table.rows) {
        out += "|";
        for (size_t c = 0; c < table.header.size(); ++c)
            out += " " + markdown_cell(c < row.size() ? row[c] : "") + " |";
        out += "\n";
    }
    return out;
}

std::string table_html(const Table& table) {
    auto cell = [&](std::string_view tag, size_t column, std::string_view text) {
        const char* cls = align_of(table, column) == Align::left ? "l" : "r";
        return fmt::format("<{0} class=\"{1}\">{2}</{0}>", tag, cls, xml_escape(text));
    };
    std::string out = "<table>\n<thead><tr>";
    for (size_t c = 0; c < table.header.size(); ++c) out += cell("th", c, table.header[c]);
    out += "</tr></thead>\n<tbody>\n";
    for (const auto& row : table.rows) {
        out += "<tr>";
        for (size_t c = 0; c < table.header.size(); ++c)
            out += cell("td", c, c < row.size() ? row[c] : "");
        out += "</tr>\n";
    }
    return out + "</tbody>\n</table>\n";
}

}  // namespace sudokit::detail
