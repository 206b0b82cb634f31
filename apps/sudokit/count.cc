// `sudokit count`: the number of solutions of each puzzle, counted up to --limit.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "sudokit/batch.h"
#include "sudokit/cli_options.h"
#include "sudokit/commands.h"
#include "sudokit/result_text.h"

namespace sudokit::cli {

namespace {

struct CountOptions {
    InputOptions input;
    EngineOptions engine;
    uint32_t limit = 2;
};

// A count that reached --limit means "at least that many": the search stops there.
Status classify(const Job& job) {
    if (!job.item.puzzle.ok()) return Status::invalid;
    if (!job.supported) return Status::unsupported;
    if (!job.result.complete) return Status::unfinished;
    if (job.result.count == 0) return Status::no_solution;
    return Status::counted;
}

// The count, or the marker when there is none (no-solution prints its count, 0).
void append_count(std::string& out, const Job& job, Status status) {
    if (status == Status::counted || status == Status::no_solution) {
        out += std::to_string(job.result.count);
    } else {
        out += status_name(status);
    }
}

void write_line(std::string& out, const Job& job, Status status, bool stats) {
    append_count(out, job, status);
    append_tail(out, job, stats);
}

void write_grid(std::string& out, const Job& job, Status status, bool stats) {
    append_comment_line(out, job);
    if (job.item.puzzle.ok()) {
        out += format_grid(job.puzzle().grid, job.puzzle().alphabet);
        out += "count: ";
    }
    append_count(out, job, status);
    out += '\n';
    append_stats_line(out, job, stats);
    out += '\n';
}

void write_json(std::string& out, const Job& job, Status status, uint32_t limit,
                const std::string& engine, const JsonContext& context) {
    nlohmann::ordered_json j = json_head(job, status, context);
    const bool ran = job.ran();
    j["count"] = ran ? nlohmann::ordered_json(job.result.count) : nullptr;
    j["complete"] = ran ? nlohmann::ordered_json(job.result.complete) : nullptr;
    j["limit"] = limit;
    j["engine"] = engine;
    json_tail(j, job, status, context);
    out += j.dump();
    out += '\n';
}

void write_csv(std::string& out, const Job& job, Status status) {
    append_csv_puzzle(out, job);
    out += ',';
    if (status == Status::counted || status == Status::no_solution)
        out += std::to_string(job.result.count);
    out += ',';
    out += status_name(status);
    append_csv_stats_and_comment(out, job);
}

int run_count(const CountOptions& o) {
    const BatchConfig config{o.engine.engine_spec(),
                             Limits{.max_solutions = o.limit, .node_budget = o.engine.budget},
                             o.engine.thread_count()};
    const std::string engine_name(make_engine(config.engine_spec)->name());
    InputSet input(o.input.files, o.input.parse_options());
    const JsonContext context{&input, config};
    Output out(stdout);
    Tally tally;
    const Format format = o.engine.format;
    if (format == Format::csv) out.text() += "puzzle,count,status,nodes,guesses,comment\n";

    const JobWriters writers{
        .line = [&](std::string& text, const Job& job,
                    Status status) { write_line(text, job, status, o.engine.stats); },
        .grid = [&](std::string& text, const Job& job,
                    Status status) { write_grid(text, job, status, o.engine.stats); },
        .csv = write_csv,
        .json =
            [&](std::string& text, const Job& job, Status status) {
                write_json(text, job, status, o.limit, engine_name, context);
            },
    };
    const auto classify_and_count = [&](const Job& job) {
        const Status status = classify(job);
        if (status == Status::counted) ++(job.result.count == 1 ? tally.unique : tally.multiple);
        return status;
    };
    double seconds = 0;
    if (!run_tallied_batch(input, config, out, format, writers, classify_and_count, tally,
                           &seconds))
        return kExitInputProblem;
    if (!o.input.quiet) {
        std::string summary = plural(tally.puzzles, "puzzle") + ": ";
        summary += fmt::format("{} counted ({} unique, {} multiple), {} invalid, {} unsolvable",
                               tally[Status::counted], tally.unique, tally.multiple,
                               tally[Status::invalid], tally[Status::no_solution]);
        summary += summary_tail(tally, seconds);
        summary += fmt::format("engine {}, limit {}, {})", engine_name, o.limit,
                               plural(config.threads, "thread"));
        if (o.engine.stats) summary += "; " + format_stats(tally.stats);
        print_error(summary);
    }
    return tally.any_failure() || input.had_open_error() ? kExitInputProblem : kExitOk;
}

}  // namespace

Command add_count_command(CLI::App& app) {
    auto options = std::make_shared<CountOptions>();
    CLI::App* cmd = app.add_subcommand("count", "count the solutions of each puzzle up to a limit");
    add_input_options(*cmd, options->input);
    add_engine_options(*cmd, options->engine);
    cmd->add_option("-l,--limit", options->limit,
                    "stop counting at this many solutions (default 2: 1 = unique, 2 = several)")
        ->check(CLI::Range(1u, 0xffffffffu).description(""))
        ->type_name("N");
    cmd->footer(R"(Output: one result per input item, in input order (also with --threads).
  line    the number of solutions, then the input line's comment; a count equal to
          --limit means "at least that many"; 0 (status no-solution) counts as a failure
  grid    the puzzle as a readable grid, 'count: N', then a blank line
  json    one object per line: file, line, status, puzzle, count, complete, limit,
          engine, stats {nodes, guesses, backtracks, propagations}, comment, error
  csv     header, then puzzle,count,status,nodes,guesses,comment
In place of a count, a marker (the reason on stderr as 'sudokit: FILE: line N: ...'):
  invalid      malformed input, or givens in conflict
  unfinished   the --budget ran out before the count was known
  unsupported  the engine does not solve that grid size
Pencil-mark input is counted from its cells that have a single candidate.
Exit: 0 every puzzle has a solution, 1 some item has none or got a marker, 2 usage error.)");
    return Command{cmd, [options] { return run_count(*options); }};
}

}  // namespace sudokit::cli
