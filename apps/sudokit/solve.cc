// `sudokit solve`: the solution of each puzzle, uniqueness checked unless --first.
#include <fmt/format.h>

#include <memory>

#include "cli_options.h"
#include "commands.h"
#include "result_text.h"
#include "status.h"
#include "sudokit/json.h"
#include "tallied_batch.h"

namespace sudokit::cli {

namespace {

struct SolveCommandOptions {
    InputOptions input;
    EngineOptions engine;
    bool unique = true;
};

bool has_solution(const BatchItem& item) {
    return item.outcome == Outcome::unique || item.outcome == Outcome::found;
}

void write_line(std::string& out, const BatchItem& item, bool stats) {
    if (has_solution(item)) {
        append_line(out, item.result.first, item.puzzle().alphabet);
    } else {
        out += outcome_name(item.outcome);
    }
    append_tail(out, item, stats);
}

void write_grid(std::string& out, const BatchItem& item, bool stats) {
    append_comment_line(out, item);
    if (has_solution(item)) {
        out += format_grid(item.result.first, item.puzzle().alphabet);
    } else {
        out += outcome_name(item.outcome);
        out += '\n';
    }
    append_stats_line(out, item, stats);
    out += '\n';
}

void write_csv(std::string& out, const BatchItem& item) {
    append_csv_puzzle(out, item);
    out += ',';
    if (has_solution(item)) append_line(out, item.result.first, item.puzzle().alphabet);
    out += ',';
    if (item.ran()) out += std::to_string(item.result.count);
    out += ',';
    out += outcome_name(item.outcome);
    append_csv_stats_and_comment(out, item);
}

int run_solve(const SolveCommandOptions& o) {
    BatchOptions options{.solve = o.engine.solve_options(o.unique ? 2u : 1u),
                         .threads = o.engine.threads};
    const std::string_view engine_name = engine_name_of(options.solve.engine);
    InputSet input(o.input.files, o.input.parse_options());
    Output out(stdout);
    const Format format = o.engine.format;
    if (!start_shard(input, o.input, format, out,
                     "puzzle,solution,count,status,nodes,guesses,comment\n"))
        return kExitUsage;

    const ItemWriters writers = engine_item_writers(
        input, options.solve, o.engine.stats, write_line, write_grid, write_csv, solve_item_json);
    const TalliedBatch run = run_tallied_batch(input, options, Task::solve, out, format, writers);
    if (run.write_failed) return kExitInputProblem;  // reported, or a closed pipe: no summary
    if (!o.input.quiet) {
        const BatchTally& tally = run.tally;
        std::string counts =
            fmt::format("{} solved", tally[Outcome::unique] + tally[Outcome::found]);
        counts += o.unique ? fmt::format(", {} multiple", tally[Outcome::several])
                           : std::string(" (uniqueness not checked)");
        counts += fmt::format(", {} invalid, {} unsolvable", tally[Outcome::invalid],
                              tally[Outcome::none]);
        print_batch_summary(run, counts,
                            fmt::format("engine {}, {})", engine_name,
                                        plural(batch_threads(options.threads), "thread")),
                            o.engine.stats);
    }
    return batch_exit_code(run, Task::solve, input);
}

}  // namespace

Command add_solve_command(CLI::App& app) {
    auto options = std::make_shared<SolveCommandOptions>();
    CLI::App* cmd = app.add_subcommand("solve", "solve each puzzle, one result per input item");
    add_input_options(*cmd, options->input);
    add_engine_options(*cmd, options->engine);
    add_shard_option(*cmd, options->input.shard);
    cmd->add_flag("--unique,!--first", options->unique,
                  "--unique (default): check that the solution is unique, mark a puzzle with "
                  "several solutions 'multiple'; --first: take the first solution found");
    cmd->footer(R"(Output: one result per input item, in input order (also with --threads).
  line    the solution in the puzzle's alphabet, then the input line's comment
  grid    the solution as a readable grid, then a blank line
  json    one object per line: file, line, status (unique, found, or the marker),
          puzzle, solution, count, unique, engine, stats {nodes, guesses, depth,
          propagations}, comment, error
  csv     header, then puzzle,solution,count,status,nodes,guesses,comment
In place of a solution, a marker (the reason on stderr as 'sudokit: FILE: line N: ...'):
  invalid      malformed input, or givens in conflict
  no-solution  the puzzle has no solution
  multiple     more than one solution (not with --first)
  unfinished   the --budget ran out
  timeout      the --timeout ran out
  stuck        a logic-only engine (human) cannot finish
  unsupported  the engine does not solve that grid size
--shard I/K: only the items on lines I, I+K, I+2K, ... (by their first line), each output
line tagged 'LINE<tab>' (CSV: a first column line; with several files 'FILE:LINE<tab>' and
columns file,line); merge the shards' outputs with: sort -m -n -k1,1 OUT... | cut -f2-
Ctrl-C stops the batch: the results finished before it are written, in order (exit 130).
Pencil-mark input is solved from its cells that have a single candidate.
Exit: 0 all solved, 1 some item got a marker, 2 usage error.)");
    return Command{cmd, [options] { return run_solve(*options); }};
}

}  // namespace sudokit::cli
