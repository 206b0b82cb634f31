// SVG bar and line charts for the bench lab's reports (see svg_chart.h). Fixed layout: title on
// top, plot on the left, legend on the right, category labels below (turned when crowded).
#include "report/svg_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/report_text.h"

namespace sudokit::detail {

namespace {

constexpr double kMinWidth = 880;
constexpr double kHeight = 520;
constexpr double kPlotLeft = 90;
constexpr double kPlotRight = 670;
constexpr double kPlotTop = 70;
constexpr double kPlotBottom = 410;
constexpr double kLegendX = 690;
constexpr double kCharWidth = 6.8;  // average width of a 12px sans-serif character

// Colour-blind-safe palette (Okabe and Ito), then dashes once the colours are used up.
constexpr const char* kColours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                    "#E69F00", "#56B4E9", "#000000", "#999999"};
constexpr size_t kColourCount = std::size(kColours);

const char* colour(size_t i) { return kColours[i % kColourCount]; }
std::string dash(size_t i) { return i < kColourCount ? "" : " stroke-dasharray=\"6 3\""; }

// 1, 2 or 5 times a power of ten, at least `raw`.
double nice_step(double raw) {
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / power;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

struct Tick {
    double value;
    std::string label;
};

struct YAxis {
    bool log = false;
    double lo = 0;
    double hi = 1;
    std::vector<Tick> ticks;
    std::vector<double> minor;  // unlabelled grid lines (log scale)
    std::string title;

    double y(double v) const {
        const double t = log ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo))
                             : (v - lo) / (hi - lo);
        return kPlotBottom - t * (kPlotBottom - kPlotTop);
    }
    // Where bars start: zero, or the bottom of a log axis.
    double base() const { return log ? kPlotBottom : y(0); }
};

YAxis make_axis(const Chart& chart) {
    double max_value = 0;
    double min_positive = 0;
    for (const ChartSeries& s : chart.series) {
        for (const auto& v : s.values) {
            if (!v) continue;
            max_value = std::max(max_value, *v);
            if (*v > 0 && (min_positive == 0 || *v < min_positive)) min_positive = *v;
        }
    }
    YAxis axis;
    if (chart.unit == ChartUnit::percent) {
        axis.title = chart.y_title + " (%)";
        for (int k = 0; k <= 5; ++k) axis.ticks.push_back({k * 0.2, fmt::format("{}", k * 20)});
        return axis;
    }
    if (chart.log_scale) {
        axis.log = true;
        axis.title = chart.y_title + " (log scale)";
        if (min_positive == 0) min_positive = max_value = 1;
        int lo = static_cast<int>(std::floor(std::log10(min_positive)));
        int hi = static_cast<int>(std::ceil(std::log10(max_value)));
        if (hi <= lo) hi = lo + 1;
        axis.lo = std::pow(10.0, lo);
        axis.hi = std::pow(10.0, hi);
        for (int e = lo; e <= hi; ++e) {
            const double decade = std::pow(10.0, e);
            axis.ticks.push_back({decade, format_duration_us(decade)});
            if (e < hi && hi - lo <= 6)
                for (int m = 2; m <= 9; ++m) axis.minor.push_back(m * decade);
        }
        return axis;
    }
    // Linear time: label in the unit that keeps the numbers short.
    const double divisor = max_value >= 1e6 ? 1e6 : max_value >= 1e3 ? 1e3 : 1;
    const char* unit = divisor == 1e6 ? "s" : divisor == 1e3 ? "ms" : "µs";
    axis.title = fmt::format("{} ({})", chart.y_title, unit);
    const double top = max_value > 0 ? max_value / divisor : 1;
    const double step = nice_step(top / 5);
    const int steps = std::max(1, static_cast<int>(std::ceil(top / step - 1e-9)));
    const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
    axis.hi = steps * step * divisor;
    for (int k = 0; k <= steps; ++k)
        axis.ticks.push_back({k * step * divisor, fmt::format("{:.{}f}", k * step, decimals)});
    return axis;
}

bool has_data(const Chart& chart) {
    for (const ChartSeries& s : chart.series)
        for (const auto& v : s.values)
            if (v && (!chart.log_scale || *v > 0)) return true;
    return false;
}

double slot_width(const Chart& chart) {
    return (kPlotRight - kPlotLeft) /
           static_cast<double>(std::max<size_t>(1, chart.categories.size()));
}
double category_x(const Chart& chart, size_t i) {
    return kPlotLeft + slot_width(chart) * (static_cast<double>(i) + 0.5);
}

std::string text_value(const Chart& chart, double v) {
    return chart.unit == ChartUnit::percent ? format_percent(v) : format_duration_us(v);
}

// Wide enough for the longest legend entry (engine specs can be long).
double chart_width(const Chart& chart) {
    size_t longest = 0;
    for (const ChartSeries& s : chart.series) longest = std::max(longest, s.name.size());
    if (chart.series.size() == 1)
        for (const std::string& c : chart.categories) longest = std::max(longest, c.size());
    return std::max(kMinWidth,
                    std::ceil(kLegendX + 36 + static_cast<double>(longest) * kCharWidth + 12));
}

// The document head, title, grid, axes, ticks and category labels.
std::string frame(const Chart& chart, const YAxis& axis) {
    const double width = chart_width(chart);
    std::string out = fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
        "viewBox=\"0 0 {0} {1}\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
        "<title>{2}</title>\n"
        "<rect x=\"0\" y=\"0\" width=\"{0}\" height=\"{1}\" fill=\"#ffffff\"/>\n"
        "<text x=\"{3}\" y=\"28\" font-size=\"17\" font-weight=\"bold\" "
        "text-anchor=\"middle\">{2}</text>\n",
        width, kHeight, xml_escape(chart.title), (kPlotLeft + kPlotRight) / 2);
    if (!chart.subtitle.empty())
        out += fmt::format(
            "<text x=\"{}\" y=\"48\" font-size=\"12\" fill=\"#444444\" "
            "text-anchor=\"middle\">{}</text>\n",
            (kPlotLeft + kPlotRight) / 2, xml_escape(chart.subtitle));

    for (double m : axis.minor)
        out += fmt::format(
            "<line x1=\"{0}\" y1=\"{2:.1f}\" x2=\"{1}\" y2=\"{2:.1f}\" stroke=\"#eeeeee\"/>\n",
            kPlotLeft, kPlotRight, axis.y(m));
    for (const Tick& t : axis.ticks) {
        const double y = axis.y(t.value);
        out += fmt::format(
            "<line x1=\"{0}\" y1=\"{2:.1f}\" x2=\"{1}\" y2=\"{2:.1f}\" stroke=\"#d8d8d8\"/>\n"
            "<line x1=\"{3}\" y1=\"{2:.1f}\" x2=\"{0}\" y2=\"{2:.1f}\" stroke=\"#000000\"/>\n"
            "<text x=\"{4}\" y=\"{2:.1f}\" dy=\"0.32em\" text-anchor=\"end\">{5}</text>\n",
            kPlotLeft, kPlotRight, y, kPlotLeft - 5, kPlotLeft - 8, xml_escape(t.label));
    }
    // Axes.
    out += fmt::format(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#000000\"/>\n"
        "<line x1=\"{0}\" y1=\"{2}\" x2=\"{3}\" y2=\"{2}\" stroke=\"#000000\"/>\n",
        kPlotLeft, kPlotTop, kPlotBottom, kPlotRight);
    out += fmt::format(
        "<text transform=\"translate(22 {}) rotate(-90)\" text-anchor=\"middle\" "
        "font-size=\"13\">{}</text>\n",
        (kPlotTop + kPlotBottom) / 2, xml_escape(axis.title));

    // Category labels: turned when they would collide, and thinned out when even turned labels
    // (one line of text each) would overlap.
    const double slot = slot_width(chart);
    size_t longest = 0;
    for (const std::string& c : chart.categories) longest = std::max(longest, c.size());
    const bool turned = static_cast<double>(longest) * kCharWidth > slot - 4;
    const double needed = turned ? 15 : static_cast<double>(longest) * kCharWidth + 6;
    const size_t every = std::max<size_t>(1, static_cast<size_t>(std::ceil(needed / slot)));
    for (size_t i = 0; i < chart.categories.size(); ++i) {
        const double x = category_x(chart, i);
        out += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#000000\"/>\n", x,
            kPlotBottom, kPlotBottom + (i % every == 0 ? 5 : 2));
        if (i % every != 0) continue;
        if (turned)
            out += fmt::format(
                "<text transform=\"translate({:.1f} {}) rotate(-45)\" text-anchor=\"end\">{}"
                "</text>\n",
                x + 4, kPlotBottom + 14, xml_escape(chart.categories[i]));
        else
            out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", x,
                               kPlotBottom + 20, xml_escape(chart.categories[i]));
    }
    // The axis title just below the labels: turned labels reach about 0.7 of their length down.
    const double label_depth = turned ? 14 + 0.7 * static_cast<double>(longest) * kCharWidth : 20;
    out += fmt::format(
        "<text x=\"{}\" y=\"{:.0f}\" text-anchor=\"middle\" font-size=\"13\">{}</text>\n",
        (kPlotLeft + kPlotRight) / 2, std::min(kHeight - 10, kPlotBottom + label_depth + 24),
        xml_escape(chart.x_title));
    if (!has_data(chart))
        out += fmt::format(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"14\" fill=\"#888888\">no "
            "data</text>\n",
            (kPlotLeft + kPlotRight) / 2, (kPlotTop + kPlotBottom) / 2);
    return out;
}

std::string legend_entry(size_t i, std::string_view name, bool line) {
    const double y = kPlotTop + 10 + 22 * static_cast<double>(i);
    std::string swatch =
        line ? fmt::format(
                   "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"{3}\" "
                   "stroke-width=\"2\"{4}/>\n<circle cx=\"{5}\" cy=\"{1}\" r=\"3.5\" "
                   "fill=\"{3}\"/>\n",
                   kLegendX, y, kLegendX + 28, colour(i), dash(i), kLegendX + 14)
             : fmt::format("<rect x=\"{}\" y=\"{}\" width=\"16\" height=\"12\" fill=\"{}\"/>\n",
                           kLegendX + 6, y - 6, colour(i));
    return swatch + fmt::format("<text x=\"{}\" y=\"{}\" dy=\"0.32em\">{}</text>\n", kLegendX + 36,
                                y, xml_escape(name));
}

}  // namespace

std::string bar_chart_svg(const Chart& chart) {
    const YAxis axis = make_axis(chart);
    std::string out = frame(chart, axis);
    const size_t series = std::max<size_t>(1, chart.series.size());
    const bool per_category = chart.series.size() == 1;
    const double group = slot_width(chart) * 0.7;
    const double bar = group / static_cast<double>(series);
    const bool labelled = chart.categories.size() * series <= 16;
    for (size_t s = 0; s < chart.series.size(); ++s) {
        const ChartSeries& ser = chart.series[s];
        for (size_t i = 0; i < chart.categories.size() && i < ser.values.size(); ++i) {
            if (!ser.values[i] || (axis.log && *ser.values[i] <= 0)) continue;
            const double v = *ser.values[i];
            const double x = category_x(chart, i) - group / 2 + bar * static_cast<double>(s);
            const double top = axis.y(v);
            const char* fill = colour(per_category ? i : s);
            out += fmt::format(
                "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
                "fill=\"{}\"><title>{}: {}</title></rect>\n",
                x, top, bar, std::max(0.0, axis.base() - top), fill,
                xml_escape(chart.categories[i]), xml_escape(text_value(chart, v)));
            if (labelled)
                out += fmt::format(
                    "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" font-size=\"11\">{}"
                    "</text>\n",
                    x + bar / 2, top - 4, xml_escape(text_value(chart, v)));
        }
    }
    if (per_category) {
        for (size_t i = 0; i < chart.categories.size(); ++i)
            out += legend_entry(i, chart.categories[i], false);
    } else {
        for (size_t s = 0; s < chart.series.size(); ++s)
            out += legend_entry(s, chart.series[s].name, false);
    }
    return out + "</svg>\n";
}

std::string line_chart_svg(const Chart& chart) {
    const YAxis axis = make_axis(chart);
    std::string out = frame(chart, axis);
    for (size_t s = 0; s < chart.series.size(); ++s) {
        const ChartSeries& ser = chart.series[s];
        std::string path;
        bool open = false;
        std::string markers;
        for (size_t i = 0; i < chart.categories.size(); ++i) {
            const bool present =
                i < ser.values.size() && ser.values[i] && (!axis.log || *ser.values[i] > 0);
            if (!present) {
                open = false;  // a gap: the line resumes at the next value
                continue;
            }
            const double v = *ser.values[i];
            const double x = category_x(chart, i);
            const double y = axis.y(v);
            path += fmt::format("{}{:.1f} {:.1f} ", open ? "L" : "M", x, y);
            open = true;
            markers += fmt::format(
                "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"><title>{} {}: {}</title>"
                "</circle>\n",
                x, y, colour(s), xml_escape(ser.name), xml_escape(chart.categories[i]),
                xml_escape(text_value(chart, v)));
        }
        if (!path.empty()) {
            path.pop_back();
            out +=
                fmt::format("<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{}/>\n",
                            path, colour(s), dash(s));
        }
        out += markers;
        out += legend_entry(s, ser.name, true);
    }
    return out + "</svg>\n";
}

}  // namespace sudokit::detail
