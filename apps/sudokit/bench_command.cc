// `sudokit bench`: the benchmark lab (include/sudokit/bench.h) on puzzle files. Experiment mode
// (the thesis method) writes a report folder; --throughput prints puzzles per second per engine.
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

#include "cli_options.h"
#include "commands.h"
#include "interrupt.h"
#include "output.h"
#include "report/progress_bar.h"
#include "report/report.h"
#include "sudokit/batch.h"
#include "sudokit/bench.h"

namespace sudokit::cli {

namespace {

struct BenchOptions {
    std::vector<std::string> files;
    std::vector<std::string> engines;
    std::string size;
    size_t limit = 0;
    bool throughput = false;
    // Experiment mode.
    int warmup = 10;
    int reps = 40;
    double max_seconds = 0;
    std::string out = "bench-report";
    double band_width = 0.1;
    std::string title = "sudokit benchmark";
    double rating_timeout = 10;  // per puzzle without a rating in its file
    bool no_rating = false;
    // Both modes.
    uint32_t solutions = 0;  // 0: the mode's default (experiment 1, throughput 2)
    uint64_t budget = 0;
    bool pin = false;
    bool quiet = false;
    // Throughput mode.
    bool transform = false;
    uint64_t seed = 1;
    double min_time = 0;
    int rounds = 1;
    int threads = 1;
    bool csv = false;
};

// Reads every file (stdin when none or "-") with the bench lab's rated-file reader; reports the
// lines it skipped. Returns false when some input could not be read.
bool read_sets(const BenchOptions& o, std::vector<BenchSet>& sets) {
    BenchReadOptions read;
    if (!o.size.empty()) read.shape = Shape::parse(o.size);
    read.limit = o.limit;
    bool ok = true;
    std::vector<std::string> files = o.files.empty() ? std::vector<std::string>{"-"} : o.files;
    for (const std::string& file : files) {
        std::optional<BenchSet> set;
        std::string error;
        if (file == "-") {
            std::string text(std::istreambuf_iterator<char>(std::cin), {});
            set = read_bench_set(text, "stdin", read);
        } else {
            set = load_bench_set(file, &error, read);
        }
        if (!set) {
            print_error(error);
            ok = false;
            continue;
        }
        const std::string source = file == "-" ? "stdin" : file;
        for (const BenchReadError& e : set->errors)
            print_error(source, fmt::format("line {}: {}", e.line, e.reason));
        ok = ok && set->errors.empty();
        sets.push_back(std::move(*set));
    }
    return ok;
}

// The engines asked for, or every engine that takes the first puzzle's shape.
std::vector<std::string> engine_specs(const BenchOptions& o, const std::vector<BenchSet>& sets) {
    if (!o.engines.empty()) return o.engines;
    std::vector<std::string> specs;
    std::optional<Shape> shape;
    for (const BenchSet& s : sets)
        if (!shape && !s.puzzles.empty()) shape = s.puzzles.front().grid.shape();
    for (const EngineInfo& info : all_engines())
        if (!shape || info.supports(*shape)) specs.emplace_back(info.name);
    return specs;
}

int run_experiment_mode(const BenchOptions& o, std::vector<BenchSet>& sets, bool input_ok) {
    // The files together are one data set, as in the thesis.
    BenchSet all;
    for (BenchSet& s : sets) {
        all.name += (all.name.empty() ? "" : "+") + s.name;
        for (BenchPuzzle& p : s.puzzles) all.puzzles.push_back(std::move(p));
    }
    if (all.puzzles.empty()) {
        print_error("no puzzles to measure");
        return kExitInputProblem;
    }
    ExperimentOptions options;
    options.engines = engine_specs(o, sets);
    options.warmup = o.warmup;
    options.reps = o.reps;
    options.max_seconds = o.max_seconds;
    options.limits.max_solutions = o.solutions == 0 ? 1 : o.solutions;
    options.limits.node_budget = o.budget;
    if (o.pin) options.pin = 0;
    // The bands need a rating: a puzzle whose file carries none gets sudokit's SE rating, on
    // every core, before the (single-threaded) timing starts.
    if (!o.no_rating) options.rate = se_rating_function(o.rating_timeout, interrupt_flag());
    options.rate_threads = 0;
    ProgressBar bar(stderr);
    if (!o.quiet && bar.active()) options.progress = bar.callback();
    std::string error;
    auto result = run_experiment(all, options, &error);
    bar.finish();
    if (!result) {
        print_error(error);
        return kExitUsage;
    }
    ReportOptions report;
    report.band_width = o.band_width;
    report.title = o.title;
    if (!write_experiment_report(*result, o.out, report, &error)) {
        print_error(error);
        return kExitInputProblem;
    }
    const ExperimentSummary summary = summarize(*result, o.band_width);
    Output out(stdout);
    out.text() = summary_markdown(*result, summary, report);
    if (!out.flush()) {
        report_write_error(out.error());
        return kExitInputProblem;
    }
    size_t wrong = 0;
    for (const EngineTotals& t : summary.totals) wrong += t.wrong;
    if (!o.quiet)
        print_error(fmt::format("{} puzzle{} x {} engine{} in {:.1f} s; report in {}",
                                result->puzzles.size(), result->puzzles.size() == 1 ? "" : "s",
                                result->engines.size(), result->engines.size() == 1 ? "" : "s",
                                result->seconds,
                                (std::filesystem::path(o.out) / kIndexHtml).string()));
    if (wrong > 0) print_error(fmt::format("{} wrong answers (see the report)", wrong));
    return input_ok && wrong == 0 ? kExitOk : kExitInputProblem;
}

int run_throughput_mode(const BenchOptions& o, const std::vector<BenchSet>& sets, bool input_ok) {
    ThroughputOptions options;
    options.engines = engine_specs(o, sets);
    options.max_solutions = o.solutions == 0 ? 2 : o.solutions;
    options.node_budget = o.budget;
    options.transform = o.transform;
    options.seed = o.seed;
    options.min_seconds = o.min_time;
    options.rounds = o.rounds;
    options.threads = batch_threads(o.threads);
    options.pin = o.pin;
    ProgressBar bar(stderr);
    if (!o.quiet && bar.active()) options.progress = bar.callback();
    std::vector<ThroughputRow> rows;
    for (const BenchSet& set : sets) {
        std::string error;
        auto set_rows = run_throughput(set, options, &error);
        if (!set_rows) {
            bar.finish();
            print_error(error);
            return kExitUsage;
        }
        rows.insert(rows.end(), set_rows->begin(), set_rows->end());
    }
    bar.finish();
    Output out(stdout);
    if (o.csv) {
        std::ostringstream csv;
        write_throughput_csv(csv, rows);
        out.text() = csv.str();
    } else {
        out.text() = throughput_markdown(rows);
    }
    if (!out.flush()) {
        report_write_error(out.error());
        return kExitInputProblem;
    }
    size_t wrong = 0;
    for (const ThroughputRow& r : rows) wrong += r.wrong;
    if (wrong > 0) print_error(fmt::format("{} wrong answer{}", wrong, wrong == 1 ? "" : "s"));
    return input_ok && wrong == 0 ? kExitOk : kExitInputProblem;
}

int run_bench(const BenchOptions& o) {
    std::vector<BenchSet> sets;
    const bool input_ok = read_sets(o, sets);
    if (sets.empty()) return kExitInputProblem;
    return o.throughput ? run_throughput_mode(o, sets, input_ok)
                        : run_experiment_mode(o, sets, input_ok);
}

std::string check_engine(const std::string& spec) {
    std::string error;
    return make_engine(spec, &error) == nullptr ? error : "";
}

// Checked before the run, which may take hours, rather than when the report is written.
std::string check_report_folder(const std::string& path) {
    if (path.empty()) return "the report folder needs a name";
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_directory(path, ec))
        return "'" + path + "' is not a folder";
    return "";
}

}  // namespace

Command add_bench_command(CLI::App& app) {
    auto options = std::make_shared<BenchOptions>();
    BenchOptions& o = *options;
    CLI::App* cmd = app.add_subcommand(
        "bench", "measure engines: the thesis experiment (a report folder) or throughput");
    add_files_option(*cmd, o.files,
                     "puzzle files, one single-line puzzle per line, a rating from a CSV column "
                     "'er' or an 'ED=er/ep/ed' field; '-' or none: standard input");
    one_value_per_use(
        cmd->add_option("-e,--engine", o.engines,
                        "an engine to measure, NAME or NAME:key=value,... (repeat for several; "
                        "default: every engine that takes the puzzles' size)"))
        ->check(check_engine)
        ->type_name("NAME[:opts]");
    cmd->add_option("--size", o.size, "box shape RxC (default: from the cell count)")
        ->check(check_size)
        ->type_name("RxC");
    cmd->add_option("--limit", o.limit, "read at most N puzzles of each file (0: all)")
        ->transform(whole_number<size_t>())
        ->type_name("N");
    cmd->add_flag("--throughput", o.throughput,
                  "throughput mode: puzzles per second per engine and file, on stdout");
    cmd->add_option("--warmup", o.warmup, "experiment: untimed runs per engine and puzzle (10)")
        ->transform(whole_number(0, 1000000))
        ->type_name("N");
    cmd->add_option("--reps", o.reps, "experiment: timed runs whose median is kept (40)")
        ->transform(whole_number(1, 1000000))
        ->type_name("N");
    cmd->add_option("--max-time", o.max_seconds,
                    "experiment: cap on the seconds of warm-up, and again of timed runs, per "
                    "engine and puzzle (0: no cap); at least 1 warm-up and 3 timed runs are kept")
        ->check(real_number(0, true, "a number of seconds"))
        ->type_name("SECONDS");
    cmd->add_option("-o,--out", o.out, "experiment: the report folder (default bench-report)")
        ->check(check_report_folder)
        ->type_name("DIR");
    cmd->add_option("--band-width", o.band_width, "experiment: width of the rating bands (0.1)")
        ->check(real_number(0, false))
        ->type_name("W");
    cmd->add_option("--title", o.title, "experiment: the report's title")->type_name("TEXT");
    cmd->add_option("--rating-timeout", o.rating_timeout,
                    "experiment: seconds to rate each puzzle whose file gives no rating, by "
                    "'sudokit rate' (10; 0: no limit); one not rated in time is 'unrated'")
        ->check(real_number(0, true, "a number of seconds"))
        ->type_name("SECONDS");
    cmd->add_flag("--no-rating", o.no_rating,
                  "experiment: leave puzzles without a rating in their file unrated");
    cmd->add_option("--solutions", o.solutions,
                    "stop each solve at N solutions: 1 = first solution (the experiment's "
                    "default), 2 = unique or not (throughput's default)")
        ->transform(whole_number<uint32_t>(1, 1000000))
        ->type_name("N");
    cmd->add_option("--budget", o.budget,
                    "search nodes allowed per solve (0 = no limit); a puzzle that runs out counts "
                    "as not solved")
        ->transform(whole_number<uint64_t>())
        ->type_name("NODES");
    cmd->add_flag("--pin", o.pin,
                  "pin to one CPU (experiment) or each thread to its own CPU (throughput)");
    cmd->add_flag("--transform", o.transform,
                  "throughput: measure a random validity-preserving transformation of each "
                  "puzzle (digits, rows, columns, bands, stacks, transposition)");
    cmd->add_option("--seed", o.seed, "throughput: seed of the transformations (1)")
        ->transform(whole_number<uint64_t>())
        ->type_name("N");
    cmd->add_option("--min-time", o.min_time,
                    "throughput: repeat the set until this many seconds passed (0: once)")
        ->check(real_number(0, true, "a number of seconds"))
        ->type_name("SECONDS");
    cmd->add_option("--rounds", o.rounds,
                    "throughput: timed rounds, engines interleaved (order reversed every other "
                    "round); the median round is reported (1)")
        ->transform(whole_number(1, 100000))
        ->type_name("N");
    cmd->add_option(
           "-j,--threads", o.threads,
           "throughput: threads, each with its own engine (1; capped at the number of cores)")
        ->transform(whole_number(1, 4096))
        ->type_name("N");
    cmd->add_flag("--csv", o.csv, "throughput: CSV instead of a Markdown table");
    cmd->add_flag("-q,--quiet", o.quiet, "no progress bar and no summary line on stderr");
    cmd->footer(R"(Experiment (default): for each engine and puzzle, --warmup untimed runs, then
--reps timed runs of one solve call; the median is kept. An answer counts when it is a
complete grid that keeps the givens and breaks no rule (checked outside the engine).
Writes results.csv, summary.md, total_time.svg, band_time_linear.svg, band_time_log.svg,
solved_share.svg and index.html to --out, and prints summary.md on stdout.
Throughput (--throughput): an untimed pass checks every answer, then timed passes run
until --min-time, in --rounds rounds that interleave the engines; prints puzzles/s,
µs/puzzle, share solved without guessing, guesses per puzzle.
A progress bar is drawn on stderr when it is a terminal.
Exit: 0 fine, 1 unreadable input lines or a wrong answer, 2 usage error.)");
    return Command{cmd, [options] { return run_bench(*options); }};
}

}  // namespace sudokit::cli
