// The experiment report: per-puzzle CSV, the thesis's tables (Markdown and HTML), its charts (SVG)
// and one HTML page that shows the tables and embeds the charts, all written to one folder.
#include "report/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <ostream>
#include <sstream>

#include "core/count_text.h"
#include "report/report_text.h"
#include "report/svg_chart.h"

namespace sudokit {

using detail::Align;
using detail::Table;

namespace {

std::string or_dash(const std::optional<double>& us) { return us ? detail::format_us(*us) : "–"; }

std::vector<Align> first_left(size_t columns) {
    std::vector<Align> align(columns, Align::right);
    if (columns > 0) align[0] = Align::left;
    return align;
}

// One row per band (label, puzzles, then one cell per engine made by `cell`).
template <class Cell>
Table band_table(const ExperimentResult& r, const ExperimentSummary& s, Cell cell) {
    Table t;
    t.header = {"band", "puzzles"};
    for (const std::string& e : r.engines) t.header.push_back(e);
    t.align = first_left(t.header.size());
    for (const BandSummary& b : s.bands) {
        std::vector<std::string> row = {b.label, std::to_string(b.puzzles)};
        for (const EngineBandStats& e : b.engines) row.push_back(cell(b, e));
        t.rows.push_back(std::move(row));
    }
    return t;
}

// Puzzles per band and the share each engine solved (the thesis's correctness table).
Table share_table(const ExperimentResult& r, const ExperimentSummary& s) {
    Table t = band_table(r, s, [](const BandSummary& b, const EngineBandStats& e) {
        return fmt::format(
            "{} ({}){}",
            detail::format_percent(static_cast<double>(e.solved) / static_cast<double>(b.puzzles)),
            e.solved, e.wrong > 0 ? fmt::format(", {} wrong", e.wrong) : "");
    });
    std::vector<std::string> all = {"all", std::to_string(r.puzzles.size())};
    for (const EngineTotals& e : s.totals)
        all.push_back(fmt::format(
            "{} ({}){}",
            detail::format_percent(r.puzzles.empty() ? 0
                                                     : static_cast<double>(e.solved) /
                                                           static_cast<double>(r.puzzles.size())),
            e.solved, e.wrong > 0 ? fmt::format(", {} wrong", e.wrong) : ""));
    t.rows.push_back(std::move(all));
    return t;
}

// Total time per engine on the puzzles every engine solved, and relative to the fastest.
Table total_table(const ExperimentResult& r, const ExperimentSummary& s) {
    Table t;
    t.header = {"engine", "solved", "total time on common puzzles (ms)", "relative to fastest"};
    t.align = first_left(t.header.size());
    double fastest = 0;
    for (const EngineTotals& e : s.totals)
        if (fastest == 0 || e.common_total_us < fastest) fastest = e.common_total_us;
    for (size_t e = 0; e < r.engines.size(); ++e) {
        const EngineTotals& tot = s.totals[e];
        t.rows.push_back(
            {r.engines[e], fmt::format("{}/{}", tot.solved, r.puzzles.size()),
             fmt::format("{:.3f}", tot.common_total_us / 1e3),
             fastest > 0 ? fmt::format("{:.2f}", tot.common_total_us / fastest) : "–"});
    }
    return t;
}

// Mean or median time per band per engine, over the puzzles the engine solved in the band.
Table band_time_table(const ExperimentResult& r, const ExperimentSummary& s, bool use_median) {
    return band_table(r, s, [use_median](const BandSummary&, const EngineBandStats& e) {
        return or_dash(use_median ? e.median_us : e.mean_us);
    });
}

// Every wrong answer, so that it is found and fixed (an engine must never be wrong).
Table wrong_table(const ExperimentResult& r) {
    Table t;
    t.header = {"engine", "puzzle", "input line"};
    t.align = first_left(t.header.size());
    for (const Measurement& m : r.measurements)
        if (m.outcome == BenchVerdict::wrong)
            t.rows.push_back({r.engines[m.engine], std::to_string(m.puzzle + 1),
                              std::to_string(r.puzzles[m.puzzle].line)});
    return t;
}

// What the time cap did: which engines had cells cut short, and how many runs those kept.
std::string cap_text(const ExperimentResult& r) {
    if (r.max_seconds <= 0) return "";
    std::string cut;
    for (size_t e = 0; e < r.engines.size(); ++e) {
        int cells = 0;
        int fewest = r.reps;
        for (size_t p = 0; p < r.puzzles.size(); ++p) {
            const Measurement& m = r.at(e, p);
            if (m.outcome == BenchVerdict::unsupported || m.runs >= r.reps || m.runs == 0) continue;
            ++cells;
            fewest = std::min(fewest, m.runs);
        }
        if (cells > 0)
            cut +=
                fmt::format("{}{} on {} puzzle{} (down to {} timed runs)", cut.empty() ? "" : "; ",
                            r.engines[e], cells, cells == 1 ? "" : "s", fewest);
    }
    return fmt::format(
        " Time cap: {:g} s of warm-up and {:g} s of timed runs per (engine, puzzle), keeping at "
        "least one warm-up and {} timed runs; cut short: {}.",
        r.max_seconds, r.max_seconds, kMinCappedReps, cut.empty() ? "none" : cut);
}

std::string method_text(const ExperimentResult& r) {
    return fmt::format(
        "{} warm-up run{}, then {} timed run{} of one `solve` call per (engine, puzzle); the "
        "median is kept. {}{}. A puzzle counts as solved when the answer is a complete grid that "
        "keeps the givens and breaks no rule (checked outside the engine, on every run); the time "
        "of a puzzle not solved is left out.{}",
        r.warmup, r.warmup == 1 ? "" : "s", r.reps, r.reps == 1 ? "" : "s",
        r.limits.max_solutions <= 1
            ? "Each call looks for the first solution"
            : fmt::format("Each call counts up to {} solutions", r.limits.max_solutions),
        r.limits.node_budget > 0 ? " within " + detail::count_text(r.limits.node_budget, "node")
                                 : "",
        cap_text(r));
}

// Where the ratings of the bands come from: the input, sudokit's SE rating, or none.
std::string ratings_text(const ExperimentResult& r) {
    const size_t from_input = r.puzzles.size() - r.rated_here - r.unrated;
    std::vector<std::string> parts;
    if (from_input > 0) parts.push_back(fmt::format("{} from the input", from_input));
    if (r.rated_here > 0)
        parts.push_back(fmt::format("{} by sudokit's Sudoku Explainer rating (`sudokit rate`'s ER)",
                                    r.rated_here));
    if (r.unrated > 0) parts.push_back(fmt::format("{} unrated", r.unrated));
    return "Ratings: " + fmt::format("{}", fmt::join(parts, ", ")) + ".";
}

std::string machine_text(const MachineInfo& m) {
    return fmt::format("{}, {}; {}; build {}; {}", m.cpu_model,
                       detail::count_text(m.cores, "hardware thread"), m.compiler, m.build_type,
                       m.date);
}

std::vector<std::string> band_labels(const ExperimentSummary& s) {
    std::vector<std::string> labels;
    for (const BandSummary& b : s.bands)
        if (b.band) labels.push_back(b.label);
    return labels;
}

bool write_file(const std::filesystem::path& path, const std::string& text, std::string* error) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) {
        *error = "cannot write " + path.string();
        return false;
    }
    return true;
}

}  // namespace

void write_results_csv(std::ostream& out, const ExperimentResult& result) {
    out << "engine,puzzle,rating,solved,median_us,nodes,guesses,outcome,runs\n";
    for (const Measurement& m : result.measurements) {
        const auto& rating = result.puzzles[m.puzzle].rating;
        out << detail::csv_field(result.engines[m.engine]) << ',' << m.puzzle + 1 << ','
            << (rating ? fmt::format("{}", *rating) : "") << ','
            << (m.outcome == BenchVerdict::solved ? 1 : 0) << ','
            << (m.median_us ? fmt::format("{:.3f}", *m.median_us) : "") << ',' << m.stats.nodes
            << ',' << m.stats.guesses << ',' << verdict_name(m.outcome) << ',' << m.runs << '\n';
    }
}

std::string summary_markdown(const ExperimentResult& result, const ExperimentSummary& summary,
                             const ReportOptions& options) {
    std::string out = fmt::format("# {}\n\n", options.title);
    out += fmt::format("Data set: **{}** ({}). Engines: {}.\n\n", result.set_name,
                       detail::count_text(result.puzzles.size(), "puzzle"),
                       fmt::join(result.engines, ", "));
    out += "Method: " + method_text(result) + "\n\n";
    out += "Machine: " + machine_text(result.machine) + ". The run took " +
           fmt::format("{:.1f} s.\n\n", result.seconds);

    out += fmt::format("## Puzzles per band and share solved\n\nBands of {} on the rating. {}\n\n",
                       summary.band_width, ratings_text(result));
    out += detail::table_markdown(share_table(result, summary));
    out += fmt::format(
        "\n## Total time on the puzzles all engines solved\n\n{} of {} solved by every engine; "
        "the total is the sum of their median times.\n\n",
        summary.common.size(), detail::count_text(result.puzzles.size(), "puzzle"));
    out += detail::table_markdown(total_table(result, summary));
    out += "\n## Mean time per band (µs)\n\nOver the puzzles each engine solved in the band.\n\n";
    out += detail::table_markdown(band_time_table(result, summary, false));
    out += "\n## Median time per band (µs)\n\n";
    out += detail::table_markdown(band_time_table(result, summary, true));
    const Table wrong = wrong_table(result);
    if (!wrong.rows.empty()) {
        out += "\n## Wrong answers\n\nThese answers broke a rule or changed a given.\n\n";
        out += detail::table_markdown(wrong);
    }
    return out;
}

std::string total_time_svg(const ExperimentResult& result, const ExperimentSummary& summary) {
    detail::Chart chart;
    chart.title = "Total time per engine";
    chart.subtitle = fmt::format("sum of median times over the {} all engines solved",
                                 detail::count_text(summary.common.size(), "puzzle"));
    chart.x_title = "engine";
    chart.y_title = "total time";
    chart.categories = result.engines;
    detail::ChartSeries series{"total time", {}};
    for (const EngineTotals& t : summary.totals)
        series.values.push_back(summary.common.empty() ? std::nullopt
                                                       : std::optional(t.common_total_us));
    chart.series.push_back(std::move(series));
    return detail::bar_chart_svg(chart);
}

std::string band_time_svg(const ExperimentResult& result, const ExperimentSummary& summary,
                          bool log_scale) {
    detail::Chart chart;
    chart.title = log_scale ? "Mean time per rating band (log scale)" : "Mean time per rating band";
    chart.subtitle =
        fmt::format("median of {} per puzzle{}, mean over the puzzles each engine solved",
                    detail::count_text(result.reps, "timed run"),
                    result.max_seconds > 0 ? " (fewer under the time cap)" : "");
    chart.x_title = fmt::format("rating band (width {})", summary.band_width);
    chart.y_title = "mean time per puzzle";
    chart.log_scale = log_scale;
    chart.categories = band_labels(summary);
    for (size_t e = 0; e < result.engines.size(); ++e) {
        detail::ChartSeries series{result.engines[e], {}};
        for (const BandSummary& b : summary.bands)
            if (b.band) series.values.push_back(b.engines[e].mean_us);
        chart.series.push_back(std::move(series));
    }
    return detail::line_chart_svg(chart);
}

std::string solved_share_svg(const ExperimentResult& result, const ExperimentSummary& summary) {
    detail::Chart chart;
    chart.title = "Share solved per rating band";
    chart.subtitle = "a complete grid that keeps the givens and breaks no rule";
    chart.x_title = fmt::format("rating band (width {})", summary.band_width);
    chart.y_title = "puzzles solved";
    chart.unit = detail::ChartUnit::percent;
    chart.categories = band_labels(summary);
    for (size_t e = 0; e < result.engines.size(); ++e) {
        detail::ChartSeries series{result.engines[e], {}};
        for (const BandSummary& b : summary.bands)
            if (b.band)
                series.values.push_back(static_cast<double>(b.engines[e].solved) /
                                        static_cast<double>(b.puzzles));
        chart.series.push_back(std::move(series));
    }
    return detail::line_chart_svg(chart);
}

std::string index_html(const ExperimentResult& result, const ExperimentSummary& summary,
                       const ReportOptions& options) {
    using detail::xml_escape;
    const MachineInfo& m = result.machine;
    std::string out = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<title>{0}</title>\n<style>\n"
        "body {{ font-family: Helvetica, Arial, sans-serif; max-width: 1200px; margin: 2em auto; "
        "padding: 0 1em; color: #222; }}\n"
        ".wide {{ overflow-x: auto; }}\n"
        "table {{ border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }}\n"
        "th, td {{ border: 1px solid #ccc; padding: 0.25em 0.5em; }}\n"
        "td {{ white-space: nowrap; }} th {{ overflow-wrap: anywhere; min-width: 4em; }}\n"
        "th {{ background: #f2f2f2; }} .l {{ text-align: left; }} .r {{ text-align: right; }}\n"
        "figure {{ margin: 1.5em 0; }} img {{ max-width: 100%; height: auto; }}\n"
        "dt {{ font-weight: bold; float: left; clear: left; width: 8em; }} dd {{ margin-left: "
        "9em; }}\n"
        "</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
        xml_escape(options.title));
    out +=
        fmt::format("<p>Data set <b>{}</b> ({}); engines: {}.</p>\n", xml_escape(result.set_name),
                    detail::count_text(result.puzzles.size(), "puzzle"),
                    xml_escape(fmt::format("{}", fmt::join(result.engines, ", "))));
    std::string method = xml_escape(method_text(result));
    if (const size_t at = method.find("`solve`"); at != std::string::npos)
        method.replace(at, 7, "<code>solve</code>");
    out += "<p>" + method + "</p>\n";
    out += fmt::format(
        "<h2>Machine</h2>\n<dl>\n<dt>CPU</dt><dd>{}</dd>\n<dt>Cores</dt><dd>{}"
        "</dd>\n<dt>Compiler</dt><dd>{}</dd>\n<dt>Build</dt><dd>{}</dd>\n<dt>Date</dt>"
        "<dd>{}</dd>\n<dt>Run time</dt><dd>{:.1f} s</dd>\n</dl>\n",
        xml_escape(m.cpu_model), detail::count_text(m.cores, "hardware thread"),
        xml_escape(m.compiler), xml_escape(m.build_type), xml_escape(m.date), result.seconds);

    // Many engines make wide tables: they scroll sideways instead of running off the page.
    auto table = [](const Table& t) {
        return "<div class=\"wide\">" + detail::table_html(t) + "</div>\n";
    };
    auto figure = [](std::string_view file, std::string_view caption) {
        return fmt::format(
            "<figure><img src=\"{0}\" alt=\"{1}\"><figcaption>{1} (<a href=\"{0}\">{0}</a>)"
            "</figcaption></figure>\n",
            file, xml_escape(caption));
    };
    out += fmt::format(
        "<h2>Puzzles per band and share solved</h2>\n<p>Bands of {} on the "
        "rating. {}</p>\n",
        summary.band_width, xml_escape(ratings_text(result)));
    out += table(share_table(result, summary));
    out += figure(kSolvedShareSvg, "Share solved per rating band");
    out += fmt::format(
        "<h2>Total time on the puzzles all engines solved</h2>\n<p>{} of {} solved by every "
        "engine; the total is the sum of their median times.</p>\n",
        summary.common.size(), detail::count_text(result.puzzles.size(), "puzzle"));
    out += table(total_table(result, summary));
    out += figure(kTotalTimeSvg, "Total time per engine");
    out += "<h2>Mean time per band (µs)</h2>\n";
    out += table(band_time_table(result, summary, false));
    out += figure(kBandTimeLinearSvg, "Mean time per rating band");
    out += figure(kBandTimeLogSvg, "Mean time per rating band, log scale");
    out += "<h2>Median time per band (µs)</h2>\n";
    out += table(band_time_table(result, summary, true));
    const Table wrong = wrong_table(result);
    if (!wrong.rows.empty()) {
        out += "<h2>Wrong answers</h2>\n";
        out += table(wrong);
    }
    out += fmt::format(
        "<p>Per-puzzle results: <a href=\"{0}\">{0}</a>; the tables as Markdown: "
        "<a href=\"{1}\">{1}</a>.</p>\n</body>\n</html>\n",
        kResultsCsv, kSummaryMarkdown);
    return out;
}

bool write_experiment_report(const ExperimentResult& result, const std::filesystem::path& dir,
                             const ReportOptions& options, std::string* error) {
    std::string ignored;
    if (error == nullptr) error = &ignored;
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        *error = fmt::format("cannot create {}: {}", dir.string(), ec.message());
        return false;
    }
    const ExperimentSummary summary = summarize(result, options.band_width);
    std::ostringstream csv;
    write_results_csv(csv, result);
    const std::pair<std::string_view, std::string> files[] = {
        {kResultsCsv, csv.str()},
        {kSummaryMarkdown, summary_markdown(result, summary, options)},
        {kTotalTimeSvg, total_time_svg(result, summary)},
        {kBandTimeLinearSvg, band_time_svg(result, summary, false)},
        {kBandTimeLogSvg, band_time_svg(result, summary, true)},
        {kSolvedShareSvg, solved_share_svg(result, summary)},
        {kIndexHtml, index_html(result, summary, options)},
    };
    for (const auto& [name, text] : files)
        if (!write_file(dir / name, text, error)) return false;
    return true;
}

}  // namespace sudokit
