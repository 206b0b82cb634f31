// Bar and line charts as standalone SVG documents, drawn by the project (no plotting dependency):
// axes with ticks and units, a title, a legend, category labels that stay readable when many.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace sudokit::detail {

enum class ChartUnit {
    microseconds,  // values in µs; axis labels in µs, ms or s as fits
    percent,       // values are shares 0..1; the axis runs 0-100 %
};

struct ChartSeries {
    std::string name;
    std::vector<std::optional<double>> values;  // one per category; nullopt: no point
};

struct Chart {
    std::string title;
    std::string subtitle;  // one line under the title (method, counts)
    std::string x_title;
    std::string y_title;  // without unit: the unit or "log scale" is appended
    std::vector<std::string> categories;
    std::vector<ChartSeries> series;
    ChartUnit unit = ChartUnit::microseconds;
    bool log_scale = false;
};

// One bar per category and series (grouped when several series; a single series is coloured per
// category, and the legend then names the categories).
std::string bar_chart_svg(const Chart& chart);
// One line per series across the categories, broken where a value is missing, with markers.
std::string line_chart_svg(const Chart& chart);

}  // namespace sudokit::detail
