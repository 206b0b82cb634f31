// `sudokit rate`: Sudoku Explainer's ER/EP/ED of each puzzle (the library's rate_puzzle, in
// input order on every core through run_rate_batch), printed as serate prints it, as CSV or JSON.
#include "sudokit/rate.h"

#include <fmt/format.h>

#include <chrono>
#include <memory>

#include "cli_options.h"
#include "commands.h"
#include "input.h"
#include "input_progress.h"
#include "interrupt.h"
#include "output.h"
#include "status.h"
#include "sudokit/json.h"
#include "sudokit/status_words.h"

namespace sudokit::cli {

namespace {

enum class RateFormat { text, csv, json };

struct RateCommandOptions {
    InputOptions input;
    RateFormat format = RateFormat::text;
    int threads = 0;
    double max_er = 0;
    bool ep_only = false;
    bool ed_only = false;
    double timeout = 0;
    std::optional<uint64_t> step_work;
    bool histogram = false;
    bool path = false;
};

// The puzzle as the line was read: canonical cells and the comment; for invalid input the text.
// A comment that starts with " ED=" is the rating that `rate` or `generate` wrote after the
// cells (and its histogram): the new rating takes its place instead of following it.
std::string puzzle_text(const RateItem& item) {
    if (!item.item.puzzle.ok()) return item.item.text;
    const std::string& comment = item.puzzle().comment;
    return format_line(item.puzzle().grid, item.puzzle().alphabet) +
           (comment.starts_with(" ED=") ? std::string() : comment);
}

std::string puzzle_cells(const RateItem& item) {
    if (!item.item.puzzle.ok()) return item.item.text;
    return format_line(item.puzzle().grid, item.puzzle().alphabet);
}

void write_text(std::string& out, const RateItem& item, const RateCommandOptions& o,
                const RateBatchOptions& options) {
    out += puzzle_text(item);
    if (!item.rated()) {
        out += ' ';
        out += item.status();
        out += '\n';
        return;
    }
    const Rating& r = item.rating;
    if (r.end == RateEnd::time_limit) {
        // What the steps found so far tell: ER is at least the hardest of them.
        const char* cut =
            r.step_work_spent ? "a step's search ran past its work bound" : "cut by the time limit";
        if (r.er_bound()) {
            out += fmt::format(" timeout ED={} (ER at least {}: {} after {})",
                               rating_text(r, options.rate), se_rating_text(r.se.er), cut,
                               plural(static_cast<size_t>(r.steps), "step"));
        } else {
            out += fmt::format(" timeout ({} before the first step)", cut);
        }
        out += '\n';
    } else {
        out += " ED=";
        out += rating_text(r, options.rate);
        if (r.solutions == SolutionCount::several) out += " (several solutions)";
        if (r.solutions == SolutionCount::none) out += " (no solution)";
        if (o.histogram) {
            out += ' ';
            out += histogram_text(r);
        }
        out += '\n';
    }
    if (o.path) out += rate_path_text(r.path, item.puzzle().grid.shape());
}

void write_csv(std::string& out, const RateItem& item, const RateCommandOptions& o,
               const RateBatchOptions& options) {
    append_csv_field(out, puzzle_cells(item));
    const Rating& r = item.rating;
    std::string er, ep, ed;
    if (item.rated()) {
        if (r.end == RateEnd::max_passed) er = ">" + se_rating_text(options.rate.max_er);
        if (r.er_bound()) er = ">=" + se_rating_text(r.se.er);
        if (r.er_known()) er = se_rating_text(r.se.er);
        if (r.ep_known()) ep = se_rating_text(r.se.ep);
        if (r.ed_known()) ed = se_rating_text(r.se.ed);
    }
    out += fmt::format(",{},{},{},{},", er, ep, ed, item.status());
    if (item.rated()) out += solution_count_name(r.solutions);
    if (o.histogram) {
        out += ',';
        if (item.rated()) out += histogram_text(r);
    }
    out += ',';
    append_csv_field(
        out, comment_text(item.item.puzzle.ok() ? item.puzzle().comment : item.item.comment));
    out += '\n';
}

void write_json(std::string& out, const RateItem& item, const RateCommandOptions& o,
                const RateBatchOptions& options, std::string_view source) {
    append_json_line(out, rate_item_json(item, source, options,
                                         RateJsonExtras{.histogram = o.histogram, .path = o.path}));
}

// The flag that sets a field of RateBatchOptions, for the library's option errors.
std::string flag_of(std::string_view field) {
    if (field == "max_er") return "--max";
    if (field == "ep_only") return "--ep-only";
    if (field == "ed_only") return "--ed-only";
    if (field == "timeout_seconds") return "--timeout";
    return "--" + std::string(field);
}

int run_rate(const RateCommandOptions& o) {
    RateBatchOptions options;
    options.rate.max_er = o.max_er;
    options.rate.ep_only = o.ep_only;
    options.rate.ed_only = o.ed_only;
    options.rate.keep_path = o.path;
    options.rate.step_work = o.step_work;
    options.timeout_seconds = o.timeout;
    options.threads = o.threads;
    options.cancel = interrupt_flag();
    // --ep-only with --ed-only is the library's check rather than CLI11's excludes(), which the
    // help would print as "--ep-only Excludes: --ed-only".
    if (const OptionCheck problem = check_rate_options(options)) {
        print_error(option_error_text(*problem, flag_of));
        return kExitUsage;
    }
    if (o.path && o.format == RateFormat::csv) {
        print_error("--path: the path has no CSV layout; use --format text or json");
        return kExitUsage;
    }
    InputSet input(o.input.files, o.input.parse_options());
    input.set_shard(parse_shard(o.input.shard));
    if (input.tagged() && o.path && o.format == RateFormat::text) {
        print_error(
            "--shard: the path spans several lines and cannot be tagged; use --format json");
        return kExitUsage;
    }
    input.set_cancel(options.cancel);
    if (input.interactive()) options.chunk_items = 1;
    Output out(stdout);
    if (o.format == RateFormat::csv) {
        if (input.tagged()) out.text() += shard_csv_header(input.several_files());
        out.text() += o.histogram ? "puzzle,er,ep,ed,status,solutions,histogram,comment\n"
                                  : "puzzle,er,ep,ed,status,solutions,comment\n";
    }
    // The summary's counts: each item is in one of rated, invalid, marks and timed_out;
    // several and none are rated ones.
    size_t items = 0, rated = 0, failed = 0, invalid = 0, marks = 0, timed_out = 0, several = 0,
           none = 0;
    InputProgress progress(input);
    const auto start = std::chrono::steady_clock::now();
    const auto next = [&](RateItem& item) { return input.next_into(item); };
    const auto emit = [&](const RateItem& item) {
        ++items;
        if (item.failed()) ++failed;
        if (item.pencil_marks) {
            ++marks;
        } else if (!item.rated()) {
            ++invalid;
        } else if (!item.rating.complete()) {
            ++timed_out;
        } else {
            ++rated;
            several += item.rating.solutions == SolutionCount::several ? 1 : 0;
            none += item.rating.solutions == SolutionCount::none ? 1 : 0;
        }
        const std::string message = item.message(options);
        if (!message.empty()) {
            progress.before_message();
            print_error(input.source_name(item.source), message);
        }
        if (o.format != RateFormat::json)
            input.append_tag(out.text(), item.source, item.item.line,
                             o.format == RateFormat::csv ? ',' : '\t');
        switch (o.format) {
            case RateFormat::text:
                write_text(out.text(), item, o, options);
                break;
            case RateFormat::csv:
                write_csv(out.text(), item, o, options);
                break;
            case RateFormat::json:
                write_json(out.text(), item, o, options, input.source_name(item.source));
                break;
        }
        if (out.full()) progress.before_output();
        const bool ok = out.flush_if_full();
        progress.written(items);
        return ok;
    };
    const BatchEnd end = run_rate_batch(next, options, emit, [&] {
        progress.before_output();
        return out.flush();
    });
    progress.finish();
    if (!out.flush()) {
        report_write_error(out.error());
        return kExitInputProblem;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!o.input.quiet) {
        std::string summary = fmt::format("{}: {} rated", plural(items, "puzzle"), rated);
        if (several + none != 0)
            summary += fmt::format(" ({} with several solutions, {} with none)", several, none);
        summary += fmt::format(", {} invalid", invalid);
        if (marks != 0) summary += fmt::format(", {} pencil marks not rated", marks);
        if (timed_out != 0) summary += fmt::format(", {} timed out", timed_out);
        summary += fmt::format(" {}{})", format_timing(seconds, items, input.interactive()),
                               plural(batch_threads(options.threads), "thread"));
        if (end == BatchEnd::interrupted) summary += "; interrupted";
        print_error(summary);
    }
    if (end == BatchEnd::interrupted) return interrupted_exit_code();
    return failed == 0 && !input.had_error() ? kExitOk : kExitInputProblem;
}

}  // namespace

Command add_rate_command(CLI::App& app) {
    auto options = std::make_shared<RateCommandOptions>();
    CLI::App* cmd = app.add_subcommand(
        "rate", "each puzzle's Sudoku Explainer rating (ER/EP/ED), as serate prints it");
    add_input_options(*cmd, options->input);
    add_shard_option(*cmd, options->input.shard);
    cmd->add_option("-f,--format", options->format, "output format (default text)")
        ->transform(enum_names<RateFormat>(
            {{"text", RateFormat::text}, {"csv", RateFormat::csv}, {"json", RateFormat::json}}))
        ->type_name("text|csv|json");
    add_threads_option(*cmd, options->threads, "puzzles rated");
    cmd->add_option("--max", options->max_er,
                    "stop rating a puzzle once its ER passes this rating and print '>ER' "
                    "(0: no limit)")
        ->check(real_number(0, true, "a rating"))
        ->type_name("ER");
    cmd->add_flag("--ep-only", options->ep_only,
                  "stop at the first step that places a value (EP and ED known, ER printed '-'; "
                  "not with --max)");
    cmd->add_flag("--ed-only", options->ed_only,
                  "stop after the first step (ED known; EP too when that step places a value; not "
                  "with --max)");
    add_timeout_option(*cmd, options->timeout);
    add_step_work_option(*cmd, options->step_work);
    cmd->add_flag("--histogram", options->histogram,
                  "append the number of steps per technique on the path (code:count)");
    cmd->add_flag("--path", options->path,
                  "print the path after each rating in the layout of SE's step lists "
                  "(step | rating | technique | text | placement | eliminations | complexity | "
                  "exact rating); text and json only");
    cmd->footer(
        R"(text: '<puzzle><comment> ED=<er>/<ep>/<ed>' per input item, as gsf's serate prints
'%g ED=%r/%p/%d' (ratings as SE rounds them: (int)((x + 0.05) * 10) tenths). A number an
early exit leaves unknown is '-', an ER above --max is '>MAX'. A puzzle with several solutions
(or none) is rated as Sudoku Explainer rates it and marked '(several solutions)'; a puzzle
that ran out of --timeout (or whose search for a step ran past --step-work, a bound set by
default on grids above 9x9) is marked 'timeout' with what its steps so far tell
('timeout ED=>=8.3/1.2/1.2 (ER at least 8.3: ...)'), malformed input 'invalid', pencil
marks 'unsupported' (SE rates a puzzle from its givens; hint and explain read marks), the
reason on stderr as 'sudokit: FILE: line N: ...'. 20.0: no technique of SE's order advances.
csv: header, then puzzle,er,ep,ed,status,solutions[,histogram],comment; status is solved,
stuck, max, ep-only, ed-only, timeout, invalid or unsupported.
json: one object per line: file, line, status, puzzle, er, ep, ed, rating, solutions, steps,
comment, error (and histogram, keyed by technique code, and path when asked).
--shard I/K: only the items on lines I, I+K, I+2K, ... (by their first line), each output
line tagged 'LINE<tab>' (CSV: a first column line; with several files 'FILE:LINE<tab>' and
columns file,line); merge the shards' outputs with: sort -m -n -k1,1 OUT... | cut -f2-
Every box shape from 4x4 to 25x25 is rated with the same procedure (SE itself rates 9x9 only).
Ctrl-C stops: the ratings finished before it are written, in order (exit 130).
Exit: 0 every puzzle rated, 1 some item invalid, timed out, or with several solutions or none,
2 usage error.)");
    return Command{cmd, [options] { return run_rate(*options); }};
}

}  // namespace sudokit::cli
