// Small text helpers shared by the bench lab's report writers: escaping for CSV, XML and HTML,
// durations in readable units, and a table that renders as Markdown or HTML.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sudokit::detail {

// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
std::string csv_field(std::string_view text);
// Escapes & < > " ' for XML and HTML text and attribute values.
std::string xml_escape(std::string_view text);
// "850 ns", "12.3 µs", "4.56 ms", "1.23 s": three significant digits in the fitting unit.
std::string format_duration_us(double us);
// A time in µs for a table cell: two decimals below 10, one above.
std::string format_us(double us);
// "37.5%".
std::string format_percent(double share);

enum class Align { left, right };
struct Table {
    std::vector<std::string> header;
    std::vector<Align> align;  // per column; missing columns align right
    std::vector<std::vector<std::string>> rows;
};
std::string table_markdown(const Table& table);
std::string table_html(const Table& table);

}  // namespace sudokit::detail
