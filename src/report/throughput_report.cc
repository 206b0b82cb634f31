// Writers for throughput rows: CSV for tools and a Markdown table for people.
#include <fmt/format.h>

#include <algorithm>
#include <ostream>
#include <utility>

#include "report/report.h"
#include "report/report_text.h"

namespace sudokit {

namespace {

// The fastest and slowest round (both the overall time when there are no rounds).
std::pair<double, double> round_range(const ThroughputRow& r) {
    if (r.round_us.empty()) return {r.us_per_puzzle(), r.us_per_puzzle()};
    const auto [low, high] = std::minmax_element(r.round_us.begin(), r.round_us.end());
    return {*low, *high};
}

// "5 (10.1–10.6)": the rounds and the spread of their µs per puzzle; "1" for a single round.
std::string rounds_text(const ThroughputRow& r) {
    if (r.round_us.size() <= 1) return r.solves > 0 ? "1" : "0";
    const auto [low, high] = round_range(r);
    return fmt::format("{} ({}–{})", r.round_us.size(), detail::format_us(low),
                       detail::format_us(high));
}

}  // namespace

void write_throughput_csv(std::ostream& out, std::span<const ThroughputRow> rows, bool header) {
    if (header)
        out << "engine,set,puzzles,threads,passes,seconds,puzzles_per_second,us_per_puzzle,"
               "solved,unsolved,wrong,multiple,unsupported,no_guess_share,guesses_per_puzzle,"
               "rounds,round_min_us,round_max_us\n";
    for (const ThroughputRow& r : rows) {
        const auto [low, high] = round_range(r);
        out << fmt::format(
            "{},{},{},{},{},{:.6f},{:.1f},{:.3f},{},{},{},{},{},{:.4f},{:.3f},{},{:.3f},{:.3f}\n",
            detail::csv_field(r.engine), detail::csv_field(r.set), r.puzzles, r.threads, r.passes,
            r.seconds, r.puzzles_per_second(), r.us_per_puzzle(), r.solved, r.unsolved, r.wrong,
            r.multiple, r.unsupported, r.no_guess_share(), r.guesses_per_puzzle(),
            r.round_us.size(), low, high);
    }
}

std::string throughput_markdown(std::span<const ThroughputRow> rows) {
    detail::Table t;
    t.header = {"engine",         "set",     "puzzles/s", "µs/puzzle",        "solved", "no guess",
                "guesses/puzzle", "threads", "passes",    "rounds (µs range)"};
    t.align = {detail::Align::left, detail::Align::left};
    for (const ThroughputRow& r : rows) {
        std::string solved = fmt::format("{}/{}", r.solved, r.puzzles);
        if (r.wrong > 0) solved += fmt::format(", {} wrong", r.wrong);
        if (r.unsupported > 0) solved += fmt::format(", {} unsupported", r.unsupported);
        t.rows.push_back({r.engine, r.set, fmt::format("{:.0f}", r.puzzles_per_second()),
                          detail::format_us(r.us_per_puzzle()), solved,
                          detail::format_percent(r.no_guess_share()),
                          fmt::format("{:.2f}", r.guesses_per_puzzle()), std::to_string(r.threads),
                          std::to_string(r.passes), rounds_text(r)});
    }
    return detail::table_markdown(t);
}

}  // namespace sudokit
