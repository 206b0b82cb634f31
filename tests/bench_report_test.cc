// Tests of the bench lab's report writers: the per-puzzle CSV parses with the right shape, every
// SVG chart is well-formed XML (checked by a small tag-balance parser here), the Markdown and HTML
// hold the thesis's tables and the page references each chart; the throughput writers likewise.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "report/progress_bar.h"
#include "report/report.h"
#include "sudokit/bench.h"
#include "test_support.h"

namespace sudokit {
namespace {

// ---- A minimal XML checker -----------------------------------------------------------------
// Well-formed enough for our SVG: one root element, every tag closed in order, attributes
// quoted, no stray '<' or '&' in text, entities known. Returns "" when fine, else the problem.
std::string xml_problem(const std::string& xml, std::string* root = nullptr) {
    std::vector<std::string> open;
    int roots = 0;
    size_t i = 0;
    // Text and attribute values: '&' only in known entities; '>' escaped too (our writers do).
    auto check_text = [](std::string_view text) -> std::string {
        for (size_t k = 0; k < text.size(); ++k) {
            if (text[k] == '>' || text[k] == '<') return "stray '" + std::string(1, text[k]) + "'";
            if (text[k] != '&') continue;
            const size_t semi = text.find(';', k);
            if (semi == std::string_view::npos) return "bad entity";
            const std::string name(text.substr(k + 1, semi - k - 1));
            if (name != "amp" && name != "lt" && name != "gt" && name != "quot" && name != "apos" &&
                name.rfind('#', 0) != 0)
                return "unknown entity &" + name + ";";
        }
        return "";
    };
    while (i < xml.size()) {
        const size_t lt = xml.find('<', i);
        const size_t text_end = lt == std::string::npos ? xml.size() : lt;
        if (std::string p = check_text(std::string_view(xml).substr(i, text_end - i)); !p.empty())
            return p;
        if (open.empty()) {
            for (size_t k = i; k < text_end; ++k)
                if (!std::isspace(static_cast<unsigned char>(xml[k])))
                    return "text outside the root at " + std::to_string(k);
        }
        if (lt == std::string::npos) break;
        if (xml.compare(lt, 5, "<?xml") == 0) {
            if (lt != 0) return "XML declaration not at the start";
            const size_t end = xml.find("?>", lt);
            if (end == std::string::npos) return "unclosed declaration";
            i = end + 2;
            continue;
        }
        if (xml.compare(lt, 4, "<!--") == 0) {
            const size_t end = xml.find("-->", lt);
            if (end == std::string::npos) return "unclosed comment";
            i = end + 3;
            continue;
        }
        // A tag: scan to its '>' outside quoted attribute values.
        size_t k = lt + 1;
        char quote = 0;
        for (; k < xml.size(); ++k) {
            if (quote != 0) {
                if (xml[k] == quote) quote = 0;
            } else if (xml[k] == '"' || xml[k] == '\'') {
                quote = xml[k];
            } else if (xml[k] == '>') {
                break;
            }
        }
        if (k == xml.size()) return "unclosed tag at " + std::to_string(lt);
        std::string tag = xml.substr(lt + 1, k - lt - 1);
        i = k + 1;
        if (!tag.empty() && tag[0] == '/') {
            const std::string name = tag.substr(1);
            if (open.empty() || open.back() != name)
                return "</" + name + "> closes " +
                       (open.empty() ? "nothing" : "<" + open.back() + ">");
            open.pop_back();
            continue;
        }
        const bool self_closing = !tag.empty() && tag.back() == '/';
        if (self_closing) tag.pop_back();
        const std::string name = tag.substr(0, tag.find_first_of(" \t\n"));
        if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0])))
            return "bad tag name '" + name + "'";
        // Attributes: name="value" pairs.
        std::string attrs = tag.substr(name.size());
        size_t a = 0;
        while (true) {
            while (a < attrs.size() && std::isspace(static_cast<unsigned char>(attrs[a]))) ++a;
            if (a == attrs.size()) break;
            const size_t eq = attrs.find('=', a);
            if (eq == std::string::npos) return "attribute without value in <" + name + ">";
            const char q = eq + 1 < attrs.size() ? attrs[eq + 1] : 0;
            if (q != '"' && q != '\'') return "unquoted attribute in <" + name + ">";
            const size_t close = attrs.find(q, eq + 2);
            if (close == std::string::npos) return "unterminated attribute in <" + name + ">";
            if (std::string p = check_text(std::string_view(attrs).substr(eq + 2, close - eq - 2));
                !p.empty())
                return p + " in an attribute of <" + name + ">";
            a = close + 1;
        }
        if (open.empty()) {
            ++roots;
            if (root != nullptr) *root = name;
        }
        if (!self_closing) open.push_back(name);
    }
    if (!open.empty()) return "<" + open.back() + "> never closed";
    if (roots != 1) return std::to_string(roots) + " root elements";
    return "";
}

TEST(BenchXmlChecker, CatchesBrokenDocuments) {
    EXPECT_EQ(xml_problem("<a x=\"1\"><b/>t &amp; u</a>"), "");
    EXPECT_NE(xml_problem("<a><b></a></b>"), "");
    EXPECT_NE(xml_problem("<a>"), "");
    EXPECT_NE(xml_problem("<a x=1></a>"), "");
    EXPECT_NE(xml_problem("<a>x & y</a>"), "");
    EXPECT_NE(xml_problem("<a></a><b></b>"), "");
    EXPECT_NE(xml_problem("<a>1 > 0</a>"), "");
}

// ---- A minimal CSV reader (RFC 4180 quoting) -----------------------------------------------
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            row.push_back(field);
            field.clear();
        } else if (c == '\n') {
            row.push_back(field);
            field.clear();
            rows.push_back(row);
            row.clear();
        } else {
            field += c;
        }
    }
    EXPECT_FALSE(quoted) << "unterminated quote";
    EXPECT_TRUE(field.empty() && row.empty()) << "last line without a line end";
    return rows;
}

// A result made by hand: three engines (one spec with a comma, to test quoting), five puzzles
// over two bands plus an unrated one, a wrong answer and an unsolved puzzle.
ExperimentResult sample_result() {
    ExperimentResult r;
    r.set_name = "sample <set>";
    r.engines = {"backtrack", "propagate:stack=alloc,x=1", "human"};
    for (std::optional<double> rating : {std::optional(1.2), std::optional(1.5), std::optional(2.6),
                                         std::optional(2.6), std::optional<double>()})
        r.puzzles.push_back({Grid(), rating, 0});
    for (size_t p = 0; p < r.puzzles.size(); ++p) r.puzzles[p].line = static_cast<int>(p + 2);
    r.warmup = 10;
    r.reps = 40;
    r.machine = MachineInfo{.cpu_model = "Test CPU @ 3.0GHz",
                            .cores = 8,
                            .compiler = "GCC 12.2.0",
                            .build_type = "Release (optimized, NDEBUG)",
                            .date = "2025-05-01 12:00 UTC"};
    r.seconds = 1.5;
    const double times[3][5] = {{120, 900, 15000, 22000, 80}, {8, 9, 11, 12, 7}, {3, 4, 0, 0, 2}};
    for (size_t e = 0; e < 3; ++e) {
        for (size_t p = 0; p < 5; ++p) {
            Measurement m;
            m.engine = e;
            m.puzzle = p;
            m.outcome = BenchVerdict::solved;
            if (e == 2 && p >= 2) m.outcome = p == 3 ? BenchVerdict::wrong : BenchVerdict::unsolved;
            if (m.outcome == BenchVerdict::solved) m.median_us = times[e][p];
            m.count = m.outcome == BenchVerdict::unsolved ? 0 : 1;
            m.stats.nodes = 100 * (e + 1) + p;
            m.stats.guesses = p;
            m.runs = r.reps;
            r.measurements.push_back(m);
        }
    }
    return r;
}

TEST(BenchReport, ResultsCsvHasOneRowPerEngineAndPuzzle) {
    const ExperimentResult r = sample_result();
    std::ostringstream out;
    write_results_csv(out, r);
    const auto rows = parse_csv(out.str());
    ASSERT_EQ(rows.size(), 1 + r.engines.size() * r.puzzles.size());
    EXPECT_EQ(rows[0],
              (std::vector<std::string>{"engine", "puzzle", "rating", "solved", "median_us",
                                        "nodes", "guesses", "outcome", "runs"}));
    for (const auto& row : rows) ASSERT_EQ(row.size(), 9u);
    EXPECT_EQ(rows[1], (std::vector<std::string>{"backtrack", "1", "1.2", "1", "120.000", "100",
                                                 "0", "solved", "40"}));
    EXPECT_EQ(rows[6][0], "propagate:stack=alloc,x=1");  // quoted, read back whole
    EXPECT_EQ(rows[5][2], "");                           // unrated
    EXPECT_EQ(rows[14],
              (std::vector<std::string>{"human", "4", "2.6", "0", "", "303", "3", "wrong", "40"}));
    EXPECT_EQ(rows[13][7], "unsolved");
    EXPECT_EQ(rows[13][4], "");
}

TEST(BenchReport, MarkdownHoldsTheThesisTables) {
    const ExperimentResult r = sample_result();
    const std::string md = summary_markdown(r, summarize(r));
    for (const char* heading :
         {"## Puzzles per band and share solved", "## Total time on the puzzles all engines solved",
          "## Mean time per band (µs)", "## Median time per band (µs)", "## Wrong answers"})
        EXPECT_NE(md.find(heading), std::string::npos) << heading;
    // Band 2.6 has two puzzles, of which human solved none (one wrong).
    EXPECT_NE(md.find("| 2.6 | 2 | 100.0% (2) | 100.0% (2) | 0.0% (0), 1 wrong |"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("| unrated | 1 |"), std::string::npos);
    // Totals over puzzles 1 and 2 (the only ones all solved): 1020 µs, 17 µs, 7 µs.
    EXPECT_NE(md.find("| backtrack | 5/5 | 1.020 | 145.71 |"), std::string::npos) << md;
    EXPECT_NE(md.find("| human | 2/5 | 0.007 | 1.00 |"), std::string::npos) << md;
    // Mean time of backtrack in band 2.6: (15000 + 22000) / 2.
    EXPECT_NE(md.find("| 2.6 | 2 | 18500.0 | 11.5 | – |"), std::string::npos) << md;
    EXPECT_NE(md.find("Test CPU @ 3.0GHz"), std::string::npos);
    EXPECT_NE(md.find("10 warm-up runs, then 40 timed runs"), std::string::npos);
    // Every table row has as many cells as its header.
    std::istringstream lines(md);
    size_t columns = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] != '|') {
            columns = 0;
            continue;
        }
        const size_t bars = static_cast<size_t>(std::count(line.begin(), line.end(), '|'));
        if (columns == 0) columns = bars;
        EXPECT_EQ(bars, columns) << line;
    }
}

TEST(BenchReport, CountsOfOneAreSingular) {
    // One puzzle, one timed run, one hardware thread, a budget of one node: no "1 puzzles".
    ExperimentResult r = sample_result();
    r.puzzles.resize(1);
    std::erase_if(r.measurements, [](const Measurement& m) { return m.puzzle != 0; });
    r.warmup = 1;
    r.reps = 1;
    r.machine.cores = 1;
    r.limits.node_budget = 1;
    const ExperimentSummary summary = summarize(r);
    const std::string md = summary_markdown(r, summary);
    for (const char* text :
         {"(1 puzzle)", "1 warm-up run, then 1 timed run of one", "within 1 node.",
          "1 hardware thread;", "1 of 1 puzzle solved by every engine"})
        EXPECT_NE(md.find(text), std::string::npos) << text << "\n" << md;
    const std::string html = index_html(r, summary);
    for (const char* text : {"(1 puzzle)", "<dd>1 hardware thread</dd>", "1 of 1 puzzle solved"})
        EXPECT_NE(html.find(text), std::string::npos) << text;
    EXPECT_NE(total_time_svg(r, summary).find("over the 1 puzzle all engines solved"),
              std::string::npos);
    EXPECT_NE(band_time_svg(r, summary, false).find("median of 1 timed run per puzzle"),
              std::string::npos);
    EXPECT_EQ(md.find(" 1 puzzles"), std::string::npos);
}

TEST(BenchReport, ChartsAreWellFormedSvg) {
    const ExperimentResult r = sample_result();
    const ExperimentSummary s = summarize(r);
    const std::pair<std::string, std::string> charts[] = {
        {"total", total_time_svg(r, s)},
        {"linear", band_time_svg(r, s, false)},
        {"log", band_time_svg(r, s, true)},
        {"share", solved_share_svg(r, s)},
    };
    for (const auto& [name, svg] : charts) {
        SCOPED_TRACE(name);
        std::string root;
        EXPECT_EQ(xml_problem(svg, &root), "");
        EXPECT_EQ(root, "svg");
        EXPECT_NE(svg.find("xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
        // The legend names every engine (XML-escaped) and the axes have titles.
        for (const std::string& e : r.engines) EXPECT_NE(svg.find(e), std::string::npos) << e;
        EXPECT_NE(svg.find("<title>"), std::string::npos);
    }
    EXPECT_NE(charts[0].second.find("total time (ms)"), std::string::npos);
    EXPECT_NE(charts[1].second.find("mean time per puzzle (ms)"), std::string::npos);
    EXPECT_NE(charts[2].second.find("(log scale)"), std::string::npos);
    // Log ticks are decades with units, from below the fastest to above the slowest band.
    for (const char* tick : {">1 µs<", ">10 µs<", ">1 ms<", ">10 ms<", ">100 ms<"})
        EXPECT_NE(charts[2].second.find(tick), std::string::npos) << tick;
    EXPECT_NE(charts[3].second.find("puzzles solved (%)"), std::string::npos);
    // Bars of the total-time chart: one per engine.
    size_t bars = 0;
    for (size_t at = 0; (at = charts[0].second.find("<rect x=", at)) != std::string::npos; ++at)
        ++bars;
    EXPECT_EQ(bars, 1 + r.engines.size() + r.engines.size());  // background, bars, legend
}

TEST(BenchReport, ChartsStayWellFormedWithoutDataAndWithManyBands) {
    ExperimentResult r = sample_result();
    for (BenchPuzzle& p : r.puzzles) p.rating.reset();
    ExperimentSummary s = summarize(r);
    const std::string empty = band_time_svg(r, s, true);
    EXPECT_EQ(xml_problem(empty), "");
    EXPECT_NE(empty.find("no data"), std::string::npos);

    // 100 bands of width 0.1: labels are thinned out, the document stays valid.
    ExperimentResult many;
    many.engines = {"a", "b"};
    for (int i = 0; i < 100; ++i) many.puzzles.push_back({Grid(), 1.0 + i / 10.0, 0});
    for (size_t e = 0; e < 2; ++e) {
        for (size_t p = 0; p < 100; ++p) {
            Measurement m;
            m.engine = e;
            m.puzzle = p;
            m.outcome = p % 7 == 3 ? BenchVerdict::unsolved : BenchVerdict::solved;
            if (m.outcome == BenchVerdict::solved)
                m.median_us = 1.0 + static_cast<double>(p * p * (e + 1));
            many.measurements.push_back(m);
        }
    }
    s = summarize(many);
    ASSERT_EQ(s.bands.size(), 100u);
    for (bool log : {false, true}) EXPECT_EQ(xml_problem(band_time_svg(many, s, log)), "");
    EXPECT_EQ(xml_problem(solved_share_svg(many, s)), "");
    EXPECT_EQ(xml_problem(total_time_svg(many, s)), "");
}

TEST(BenchReport, WritesTheFolderAndThePageReferencesEveryChart) {
    const ExperimentResult r = sample_result();
    const testing::TempDir temp("bench_report");
    const auto dir = temp / "nested";
    std::string error;
    ASSERT_TRUE(write_experiment_report(r, dir, ReportOptions{}, &error)) << error;
    for (std::string_view file : {kResultsCsv, kSummaryMarkdown, kTotalTimeSvg, kBandTimeLinearSvg,
                                  kBandTimeLogSvg, kSolvedShareSvg, kIndexHtml})
        EXPECT_TRUE(std::filesystem::is_regular_file(dir / file)) << file;
    for (std::string_view svg :
         {kTotalTimeSvg, kBandTimeLinearSvg, kBandTimeLogSvg, kSolvedShareSvg}) {
        std::ifstream in(dir / svg);
        std::stringstream text;
        text << in.rdbuf();
        EXPECT_EQ(xml_problem(text.str()), "") << svg;
    }
    std::ifstream in(dir / kIndexHtml);
    std::stringstream page;
    page << in.rdbuf();
    const std::string html = page.str();
    for (std::string_view svg :
         {kTotalTimeSvg, kBandTimeLinearSvg, kBandTimeLogSvg, kSolvedShareSvg})
        EXPECT_NE(html.find("<img src=\"" + std::string(svg) + "\""), std::string::npos) << svg;
    EXPECT_NE(html.find("Test CPU @ 3.0GHz"), std::string::npos);
    EXPECT_NE(html.find("GCC 12.2.0"), std::string::npos);
    EXPECT_NE(html.find("Release (optimized, NDEBUG)"), std::string::npos);
    EXPECT_NE(html.find("2025-05-01 12:00 UTC"), std::string::npos);
    EXPECT_NE(html.find("sample &lt;set&gt;"), std::string::npos);  // escaped
    EXPECT_EQ(html.find("sample <set>"), std::string::npos);
    EXPECT_EQ(std::count(html.begin(), html.end(), '<') - std::count(html.begin(), html.end(), '>'),
              0);
    EXPECT_NE(html.find("<table>"), std::string::npos);
    std::filesystem::remove_all(dir.parent_path());

    // A folder that cannot be made is an error, not a crash.
    EXPECT_FALSE(write_experiment_report(r, "/proc/sudokit_cannot_write_here", {}, &error));
    EXPECT_FALSE(error.empty());
}

TEST(BenchReport, EndToEndWithBacktrack) {
    BenchSet set;
    set.name = "easy";
    const char* lines[] = {
        "..1....9..62.5.1......86..2.4..1..7.9.6274.............8...59.....7..8..2.3.9..4.",
        "..2..3..5...87....37..4......7...6..5....64.9.2..14.5..8......1.........6..5...83",
        "629......7....3....5126......5.91.4....3..98..3.4...2...3..5.9.4.......3........7",
    };
    const double ratings[] = {1.2, 2.6, 2.6};
    for (size_t i = 0; i < 3; ++i)
        set.puzzles.push_back({testing::grid_from_line(lines[i]), ratings[i], 0});
    ExperimentOptions options;
    options.engines = {"backtrack"};
    options.warmup = 1;
    options.reps = 3;
    std::string error;
    auto result = run_experiment(set, options, &error);
    ASSERT_TRUE(result) << error;
    const testing::TempDir temp("bench_e2e");
    const auto& dir = temp.path();
    ASSERT_TRUE(write_experiment_report(*result, dir, {}, &error)) << error;
    std::ifstream in(dir / kResultsCsv);
    std::stringstream csv;
    csv << in.rdbuf();
    const auto rows = parse_csv(csv.str());
    ASSERT_EQ(rows.size(), 4u);
    for (size_t i = 1; i < rows.size(); ++i) {
        EXPECT_EQ(rows[i][3], "1");
        EXPECT_FALSE(rows[i][4].empty());
    }
    std::filesystem::remove_all(dir);
}

// ---- Throughput writers --------------------------------------------------------------------

TEST(BenchReport, ThroughputCsvAndMarkdown) {
    ThroughputRow row;
    row.engine = "backtrack";
    row.set = "top95";
    row.puzzles = 95;
    row.solved = 94;
    row.unsolved = 1;
    row.no_guess = 19;
    row.guesses = 950;
    row.passes = 4;
    row.solves = 380;
    row.seconds = 0.5;
    ThroughputRow other = row;
    other.engine = "dlx:opt=a,b";
    other.round_us = {10, 30, 20};  // interleaved rounds: the median round counts
    const std::vector<ThroughputRow> rows = {row, other};
    std::ostringstream out;
    write_throughput_csv(out, rows);
    const auto csv = parse_csv(out.str());
    ASSERT_EQ(csv.size(), 3u);
    for (const auto& r : csv) EXPECT_EQ(r.size(), csv[0].size());
    EXPECT_EQ(csv[2][0], "dlx:opt=a,b");
    EXPECT_EQ(csv[1][6], "760.0");    // puzzles per second
    EXPECT_EQ(csv[1][13], "0.2000");  // no-guess share: 19 of 95
    EXPECT_EQ(csv[1][14], "10.000");  // guesses per puzzle
    EXPECT_EQ(csv[2][6], "50000.0");  // from the median round, 20 µs
    EXPECT_EQ(csv[2][7], "20.000");
    EXPECT_EQ((std::vector<std::string>(csv[2].begin() + 15, csv[2].end())),
              (std::vector<std::string>{"3", "10.000", "30.000"}));
    std::ostringstream no_header;
    write_throughput_csv(no_header, rows, false);
    EXPECT_EQ(parse_csv(no_header.str()).size(), 2u);

    const std::string md = throughput_markdown(rows);
    EXPECT_NE(md.find("| backtrack | top95 | 760 | 1315.8 | 94/95 | 20.0% | 10.00 | 1 | 4 | 1 |"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("| 50000 | 20.0 | 94/95 | 20.0% | 10.00 | 1 | 4 | 3 (10.0–30.0) |"),
              std::string::npos)
        << md;
}

}  // namespace
}  // namespace sudokit
