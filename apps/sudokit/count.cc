// `sudokit count`: the number of solutions of each puzzle, counted up to --limit.
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

struct CountOptions {
    InputOptions input;
    EngineOptions engine;
    uint32_t limit = 2;
};

// Items whose count is printed: an answer, or 0 for no solution. A count that reached --limit
// means "at least that many" (complete is false in JSON).
bool has_count(const BatchItem& item) {
    switch (item.outcome) {
        case Outcome::unique:
        case Outcome::found:
        case Outcome::several:
        case Outcome::none:
            return true;
        default:
            return false;
    }
}

// The count as text: ">=288" when the search stopped at --limit (JSON's complete: false), so
// that a limit of 288 and one of 289 on a grid of 288 solutions do not print the same.
std::string count_text(const BatchItem& item) {
    const std::string count = std::to_string(item.result.count);
    return item.result.complete() ? count : ">=" + count;
}

// The count, or the marker when there is none.
void append_count(std::string& out, const BatchItem& item) {
    if (has_count(item)) {
        out += count_text(item);
    } else {
        out += outcome_name(item.outcome);
    }
}

void write_line(std::string& out, const BatchItem& item, bool stats) {
    append_count(out, item);
    append_tail(out, item, stats);
}

void write_grid(std::string& out, const BatchItem& item, bool stats) {
    append_comment_line(out, item);
    if (item.item.puzzle.ok()) {
        out += format_grid(item.puzzle().grid, item.puzzle().alphabet);
        out += "count: ";
    }
    append_count(out, item);
    out += '\n';
    append_stats_line(out, item, stats);
    out += '\n';
}

void write_csv(std::string& out, const BatchItem& item) {
    append_csv_puzzle(out, item);
    out += ',';
    if (has_count(item)) out += count_text(item);
    out += ',';
    out += outcome_name(item.outcome);
    append_csv_stats_and_comment(out, item);
}

int run_count(const CountOptions& o) {
    BatchOptions options{.solve = o.engine.solve_options(o.limit), .threads = o.engine.threads};
    const std::string_view engine_name = engine_name_of(options.solve.engine);
    InputSet input(o.input.files, o.input.parse_options());
    Output out(stdout);
    const Format format = o.engine.format;
    if (!start_shard(input, o.input, format, out, "puzzle,count,status,nodes,guesses,comment\n"))
        return kExitUsage;

    const ItemWriters writers = engine_item_writers(
        input, options.solve, o.engine.stats, write_line, write_grid, write_csv, count_item_json);
    const TalliedBatch run = run_tallied_batch(input, options, Task::count, out, format, writers);
    if (run.write_failed) return kExitInputProblem;  // reported, or a closed pipe: no summary
    if (!o.input.quiet) {
        const BatchTally& tally = run.tally;
        const size_t counted =
            tally[Outcome::unique] + tally[Outcome::several] + tally[Outcome::found];
        std::string counts = fmt::format("{} counted ({} unique, {} multiple", counted,
                                         tally[Outcome::unique], tally[Outcome::several]);
        if (tally[Outcome::found] != 0)
            counts += fmt::format(", {} at least 1", tally[Outcome::found]);
        counts += fmt::format("), {} invalid, {} unsolvable", tally[Outcome::invalid],
                              tally[Outcome::none]);
        print_batch_summary(run, counts,
                            fmt::format("engine {}, limit {}, {})", engine_name, o.limit,
                                        plural(batch_threads(options.threads), "thread")),
                            o.engine.stats);
    }
    return batch_exit_code(run, Task::count, input);
}

}  // namespace

Command add_count_command(CLI::App& app) {
    auto options = std::make_shared<CountOptions>();
    CLI::App* cmd = app.add_subcommand("count", "count the solutions of each puzzle up to a limit");
    add_input_options(*cmd, options->input);
    add_engine_options(*cmd, options->engine);
    add_shard_option(*cmd, options->input.shard);
    cmd->add_option("-l,--limit", options->limit,
                    "stop counting at this many solutions (default 2: 1 = unique, 2 = several)")
        ->transform(whole_number<uint32_t>(1))
        ->type_name("N");
    cmd->footer(R"(Output: one result per input item, in input order (also with --threads).
  line    the number of solutions, then the input line's comment; a count that reached
          --limit is written '>=N' (at least N: the search stopped there); 0 (status
          no-solution) counts as a failure
  grid    the puzzle as a readable grid, 'count: N' (or '>=N'), then a blank line
  json    one object per line: file, line, status (unique, multiple, found = at least
          one with --limit 1, no-solution, or the marker), puzzle, count, complete (false
          when the count reached --limit), limit, engine, stats {nodes, guesses,
          depth, propagations}, comment, error
  csv     header, then puzzle,count,status,nodes,guesses,comment (count '>=N' as above)
In place of a count, a marker (the reason on stderr as 'sudokit: FILE: line N: ...'):
  invalid      malformed input, or givens in conflict
  unfinished   the --budget ran out before the count was known
  timeout      the --timeout ran out before the count was known
  stuck        a logic-only engine (human) cannot finish
  unsupported  the engine does not solve that grid size
--shard I/K: only the items on lines I, I+K, I+2K, ... (by their first line), each output
line tagged 'LINE<tab>' (CSV: a first column line; with several files 'FILE:LINE<tab>' and
columns file,line); merge the shards' outputs with: sort -m -n -k1,1 OUT... | cut -f2-
Ctrl-C stops the batch: the results finished before it are written, in order (exit 130).
Pencil-mark input is counted from its cells that have a single candidate.
Exit: 0 every puzzle has a solution, 1 some item has none or got a marker, 2 usage error.)");
    return Command{cmd, [options] { return run_count(*options); }};
}

}  // namespace sudokit::cli
