// `sudokit hint`: the next step from each input position (a puzzle, or a player's pencil marks),
// in full or, with --vague, only the technique and the house to look in.
#include <fmt/format.h>

#include <memory>

#include "cli_options.h"
#include "commands.h"
#include "human_cli.h"
#include "input.h"
#include "input_progress.h"
#include "interrupt.h"
#include "output.h"
#include "status.h"
#include "sudokit/explain.h"
#include "sudokit/json.h"

namespace sudokit::cli {

namespace {

struct HintOptions {
    InputOptions input;
    std::string order = "easiest";
    bool vague = false;
    double timeout = 0;
    int threads = 0;
    TextFormat format = TextFormat::text;
};

// The summary line counts the statuses in Hint::Status's order.
constexpr const char* kSummaryWords[] = {"with a step",   "solved",    "stuck",
                                         "contradictory", "timed out", "invalid"};
constexpr std::string_view kInvalidNullFields[] = {"text", "step"};

int run_hint(const HintOptions& o) {
    HintBatchOptions options;
    options.order = o.order;
    options.vague = o.vague;
    options.timeout_seconds = o.timeout;
    options.threads = o.threads;
    options.cancel = interrupt_flag();
    if (const OptionCheck problem = check_hint_options(options)) {
        print_error(option_error_text(*problem, human_flag_of));
        return kExitUsage;
    }
    InputSet input(o.input.files, o.input.parse_options());
    input.set_cancel(options.cancel);
    if (input.interactive()) options.chunk_items = 1;
    Output out(stdout);
    size_t counts[std::size(kSummaryWords)] = {};
    size_t items = 0;
    size_t several = 0;  // steps given on positions with several solutions
    InputProgress progress(input);
    const auto next = [&](HintItem& item) { return input.next_into(item); };
    const auto emit = [&](const HintItem& entry) {
        const PuzzleReader::Item& item = entry.item;
        const std::string& source = input.source_name(entry.source);
        std::string& text = out.text();
        for (const std::string& message : entry.messages(options)) {
            progress.before_message();
            print_error(source, message);
        }
        if (entry.hint.several_solutions) ++several;
        if (item.puzzle.ok()) {
            if (o.format == TextFormat::json) {
                append_json_line(text, hint_json(item.puzzle.value(), entry.hint, o.vague, source));
            } else {
                text += entry.hint.text;
                text += '\n';
            }
        } else if (o.format == TextFormat::json) {
            append_json_line(text, invalid_item_json(item, source, kInvalidNullFields));
        } else {
            text += "invalid\n";
        }
        ++items;
        ++counts[static_cast<size_t>(entry.hint.status)];
        if (out.full()) progress.before_output();
        const bool ok = out.flush_if_full();
        progress.written(items);
        return ok;
    };
    const BatchEnd end = run_hint_batch(next, options, emit, [&] {
        progress.before_output();
        return out.flush();
    });
    progress.finish();
    if (!out.flush()) {
        report_write_error(out.error());
        return kExitInputProblem;
    }
    const bool stopped = end == BatchEnd::interrupted || interrupted();
    if (!o.input.quiet && (items > 1 || stopped)) {
        std::string summary = fmt::format("{}:", plural(items, "position"));
        for (size_t s = 0; s < std::size(kSummaryWords); ++s) {
            // The timed-out count only when there are some: --timeout is rarely used.
            if (s == static_cast<size_t>(Hint::Status::time_limit) && counts[s] == 0) continue;
            summary += fmt::format("{} {} {}", s == 0 ? "" : ",", counts[s], kSummaryWords[s]);
        }
        if (stopped) summary += "; interrupted";
        print_error(summary);
    }
    if (stopped) return interrupted_exit_code();
    const bool all_fine = counts[static_cast<size_t>(Hint::Status::step)] +
                              counts[static_cast<size_t>(Hint::Status::solved)] ==
                          items;
    return all_fine && several == 0 && !input.had_error() ? kExitOk : kExitInputProblem;
}

}  // namespace

Command add_hint_command(CLI::App& app) {
    auto options = std::make_shared<HintOptions>();
    CLI::App* cmd = app.add_subcommand(
        "hint", "the next logical step from each position (a puzzle or pencil marks)");
    add_input_options(*cmd, options->input);
    add_order_option(*cmd, options->order);
    cmd->add_flag("--vague", options->vague,
                  "name only the technique and the house to look in, no cell or digit");
    add_timeout_option(*cmd, options->timeout);
    add_threads_option(*cmd, options->threads, "positions hinted at");
    add_text_format_option(*cmd, options->format);
    cmd->footer(
        R"(Input: puzzle lines or grids, or pencil marks (an N^3-character line or a pencil-mark
grid, as 'sudokit convert --to pm|pmgrid' writes them); from pencil marks the step is
found in the marks as written (a cell with one mark counts as placed).
Output, one line per input item in input order:
  the step in community notation   Naked Pair {3,7} in r4c2,r4c8 => r4c1<>3, r4c5<>3,7
  --vague                          Look for a Naked Pair in row 4
  Solved: ...                      every cell is already placed
  No technique applies: ...        logic (with the --order techniques) cannot go on
  Contradiction: ...               the position has no solution: a cell without candidate,
                                   a digit without place, no solution at all, or pencil
                                   marks that exclude the (unique) solution
  Timeout: ...                     --timeout ran out before a step was found
  invalid                          malformed input (the reason on stderr)
json: one object per line: file, line, status (step, solved, stuck, contradiction,
  timeout, invalid), puzzle, marks, text, step (docs/explain-json.md), comment, error.
With several items, a summary line on stderr (not with --quiet).
Exit: 0 every item got a step or is solved, 1 otherwise (a step on a position with several
solutions included: the text and stderr say so), 2 usage error.)");
    return Command{cmd, [options] { return run_hint(*options); }};
}

}  // namespace sudokit::cli
