// The benchmark lab's report writers: the experiment's CSV, Markdown tables, SVG charts and HTML
// page, and the throughput tables. The CLI and the tests use them; the installed library and the
// Python module do not link them (they are the report layer, above bench).
#pragma once

#include <filesystem>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

#include "sudokit/bench.h"

namespace sudokit {

// ---- Reports --------------------------------------------------------------------------------
struct ReportOptions {
    double band_width = 0.1;
    std::string title = "sudokit benchmark";
};
// The file names a report folder holds.
inline constexpr std::string_view kResultsCsv = "results.csv";
inline constexpr std::string_view kSummaryMarkdown = "summary.md";
inline constexpr std::string_view kTotalTimeSvg = "total_time.svg";
inline constexpr std::string_view kBandTimeLinearSvg = "band_time_linear.svg";
inline constexpr std::string_view kBandTimeLogSvg = "band_time_log.svg";
inline constexpr std::string_view kSolvedShareSvg = "solved_share.svg";
inline constexpr std::string_view kIndexHtml = "index.html";

// Per-puzzle CSV: engine,puzzle,rating,solved,median_us,nodes,guesses,outcome (puzzle is the
// 1-based position in the set; rating and median_us empty when unknown / not solved).
void write_results_csv(std::ostream& out, const ExperimentResult& result);
// The thesis's tables: puzzles per band and share solved per engine; total time per engine on
// the puzzles all engines solved; mean and median time per band per engine.
std::string summary_markdown(const ExperimentResult& result, const ExperimentSummary& summary,
                             const ReportOptions& options = {});
// The charts (standalone SVG documents).
std::string total_time_svg(const ExperimentResult& result, const ExperimentSummary& summary);
std::string band_time_svg(const ExperimentResult& result, const ExperimentSummary& summary,
                          bool log_scale);
std::string solved_share_svg(const ExperimentResult& result, const ExperimentSummary& summary);
// The page that shows the tables and embeds the charts by file name.
std::string index_html(const ExperimentResult& result, const ExperimentSummary& summary,
                       const ReportOptions& options = {});
// Writes all of the above into `dir` (created when missing). False (and *error) on failure.
bool write_experiment_report(const ExperimentResult& result, const std::filesystem::path& dir,
                             const ReportOptions& options, std::string* error);

// engine,set,puzzles,threads,passes,seconds,puzzles_per_second,us_per_puzzle,solved,unsolved,
// wrong,multiple,no_guess_share,guesses_per_puzzle (a header line first when asked).
void write_throughput_csv(std::ostream& out, std::span<const ThroughputRow> rows,
                          bool header = true);
// A Markdown table of the same, for the terminal and summary files.
std::string throughput_markdown(std::span<const ThroughputRow> rows);

}  // namespace sudokit
