// `sudokit explain`: the whole solving path of each puzzle by logic alone, one step per line in
// community notation, then a summary (steps per technique, the hardest, how it ended); or the
// same as one JSON object per puzzle (docs/explain-json.md).
#include "sudokit/explain.h"

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
#include "sudokit/json.h"

namespace sudokit::cli {

namespace {

struct ExplainOptions {
    InputOptions input;
    std::string order = "easiest";
    SearchMode mode = SearchMode::first;
    size_t max_steps = 0;
    double timeout = 0;
    std::optional<uint64_t> step_work;
    int threads = 0;
    bool grid = false;
    bool verify = false;
    bool no_rating = false;
    TextFormat format = TextFormat::text;
};

constexpr size_t kPathEnds = 6;  // PathEnd's values

// The tally of the summary line, by path end (PathEnd's order) and invalid input.
struct Tally {
    size_t items = 0;
    size_t ends[kPathEnds] = {};
    size_t invalid = 0;
    size_t unsound = 0;
    size_t operator[](PathEnd end) const { return ends[static_cast<size_t>(end)]; }
};

int run_explain(const ExplainOptions& o) {
    ExplainBatchOptions options;
    options.order = o.order;
    options.mode = std::string(search_mode_name(o.mode));
    options.max_steps = o.max_steps;
    options.checks = ExplainChecks{.verify = o.verify, .rate = !o.no_rating};
    options.timeout_seconds = o.timeout;
    options.step_work = o.step_work;
    options.threads = o.threads;
    options.cancel = interrupt_flag();
    if (const OptionCheck problem = check_explain_options(options)) {
        print_error(option_error_text(*problem, human_flag_of));
        return kExitUsage;
    }
    InputSet input(o.input.files, o.input.parse_options());
    input.set_cancel(options.cancel);
    if (input.interactive()) options.chunk_items = 1;
    const bool name_files = o.input.files.size() > 1;
    Output out(stdout);
    Tally tally;
    InputProgress progress(input);
    const auto next = [&](ExplainItem& item) { return input.next_into(item); };
    // After an item's text: flush a full buffer (the bar making way on a shared terminal).
    const auto written = [&] {
        if (out.full()) progress.before_output();
        const bool ok = out.flush_if_full();
        progress.written(tally.items);
        return ok;
    };
    const auto emit = [&](const ExplainItem& entry) {
        const PuzzleReader::Item& item = entry.item;
        const std::string& source = input.source_name(entry.source);
        std::string& text = out.text();
        const std::string where = name_files ? fmt::format("{}, line {}", source, item.line)
                                             : fmt::format("line {}", item.line);
        ++tally.items;
        for (const std::string& message : entry.messages(options)) {
            progress.before_message();
            print_error(source, message);
        }
        if (!entry.explained()) {
            ++tally.invalid;
            if (o.format == TextFormat::json) {
                append_json_line(text, invalid_item_json(item, source));
            } else {
                text += fmt::format("Puzzle {} ({}): invalid ({})\n\n", tally.items, where,
                                    item.puzzle.error().message());
            }
            return written();
        }
        const Puzzle& puzzle = item.puzzle.value();
        const Explanation& explanation = *entry.explanation;
        ++tally.ends[static_cast<size_t>(explanation.path.end)];
        if (explanation.check && explanation.check->verdict == StepCheck::Verdict::unsound)
            ++tally.unsound;
        if (o.format == TextFormat::json) {
            append_json_line(text, explanation_json(puzzle, explanation, source));
        } else {
            text += fmt::format("Puzzle {} ({}): {}{}{}\n", tally.items, where,
                                format_line(puzzle.grid, puzzle.alphabet),
                                puzzle.marks ? " (pencil marks)" : "", puzzle.comment);
            text += explanation_text(puzzle, explanation, o.grid);
            text += '\n';
        }
        return written();
    };
    const BatchEnd end = run_explain_batch(next, options, emit, [&] {
        progress.before_output();
        return out.flush();
    });
    progress.finish();
    if (!out.flush()) {
        report_write_error(out.error());
        return kExitInputProblem;
    }
    const bool stopped = end == BatchEnd::interrupted || interrupted();
    const size_t solved = tally[PathEnd::solved];
    if (!o.input.quiet && (tally.items > 1 || stopped)) {
        std::string summary = fmt::format("{}: {} solved by logic, {} stuck, {} contradiction",
                                          plural(tally.items, "puzzle"), solved,
                                          tally[PathEnd::stuck], tally[PathEnd::contradiction]);
        if (const size_t limited = tally[PathEnd::step_limit])
            summary += fmt::format(", {} step limit", limited);
        if (const size_t timed_out = tally[PathEnd::time_limit])
            summary += fmt::format(", {} timed out", timed_out);
        summary += fmt::format(", {} invalid", tally.invalid);
        if (o.verify) summary += fmt::format("; {} with an unsound step", tally.unsound);
        if (stopped) summary += "; interrupted";
        print_error(summary);
    }
    if (stopped) return interrupted_exit_code();
    return solved == tally.items && tally.unsound == 0 && !input.had_error() ? kExitOk
                                                                             : kExitInputProblem;
}

}  // namespace

Command add_explain_command(CLI::App& app) {
    auto options = std::make_shared<ExplainOptions>();
    CLI::App* cmd =
        app.add_subcommand("explain", "solve each puzzle by logic alone and explain every step");
    add_input_options(*cmd, options->input);
    add_order_option(*cmd, options->order);
    add_mode_option(*cmd, options->mode);
    cmd->add_option("--max-steps", options->max_steps, "stop after this many steps (0: no limit)")
        ->transform(whole_number<size_t>())
        ->type_name("N");
    add_timeout_option(*cmd, options->timeout);
    add_step_work_option(*cmd, options->step_work);
    add_threads_option(*cmd, options->threads, "puzzles explained");
    cmd->add_flag("--grid", options->grid,
                  "print the pencil-mark grid before each step, and the final position");
    cmd->add_flag("--verify", options->verify,
                  "check every step against the puzzle's solution (found by the default "
                  "engine): a line 'Verified: ...' or 'UNSOUND: step K ...', JSON 'verified'");
    cmd->add_flag("--no-rating", options->no_rating,
                  "leave out the line 'Rating: ER/EP/ED' (Sudoku Explainer's rating, as 'sudokit "
                  "rate' prints it; JSON 'rating'), which can take as long as the explanation");
    add_text_format_option(*cmd, options->format);
    cmd->footer(
        R"(text, per input item: 'Puzzle K (line L): <puzzle>', the numbered steps in community
notation (r4c2 = row 4 column 2, {3,7} digits, r4c1<>3 eliminates 3, r3c5=7 places 7), then
the steps per technique, the hardest, how the path ended (solved, stuck: no technique of
the order applies, contradiction: no solution, step limit, time limit: --timeout ran
out or a step's search ran past --step-work, with the steps found so far) and the solution or, when logic did not
finish, what a complete search says (harder techniques needed, several solutions, none,
or pencil marks that exclude the solution); the puzzle's Sudoku Explainer rating (its own
order of techniques, so its hardest step can differ from this path's); then a blank line.
json: one object per line: file, line, status, puzzle, marks, the path (shape, size, end,
steps, summary, final, contradiction; docs/explain-json.md), solutions, note, rating,
comment, error. Pencil-mark input is explained from the marks as written.
With several items, a summary line on stderr (not with --quiet). Ctrl-C stops: the
explanations finished before it are written (exit 130).
Exit: 0 every puzzle solved by logic (and, with --verify, every step sound), 1 some item
invalid, not solved or unsound, 2 usage error.)");
    return Command{cmd, [options] { return run_explain(*options); }};
}

}  // namespace sudokit::cli
