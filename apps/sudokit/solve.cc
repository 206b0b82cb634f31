// `sudokit solve`: the solution of each puzzle, uniqueness checked unless --first.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "sudokit/batch.h"
#include "sudokit/cli_options.h"
#include "sudokit/commands.h"
#include "sudokit/result_text.h"

namespace sudokit::cli {

namespace {

struct SolveOptions {
    InputOptions input;
    EngineOptions engine;
    bool unique = true;
};

Status classify(const Job& job, bool unique) {
    if (!job.item.puzzle.ok()) return Status::invalid;
    if (!job.supported) return Status::unsupported;
    const Result& r = job.result;
    if (unique && r.count >= 2) return Status::multiple;
    // With --first any solution found answers the question; a unique one needs the search done.
    if (r.count >= 1 && (r.complete || !unique)) return Status::solved;
    if (!r.complete) return Status::unfinished;
    return Status::no_solution;
}

void write_line(std::string& out, const Job& job, Status status, bool stats) {
    if (status == Status::solved) {
        append_line(out, job.result.first, job.puzzle().alphabet);
    } else {
        out += status_name(status);
    }
    append_tail(out, job, stats);
}

void write_grid(std::string& out, const Job& job, Status status, bool stats) {
    append_comment_line(out, job);
    if (status == Status::solved) {
        out += format_grid(job.result.first, job.puzzle().alphabet);
    } else {
        out += status_name(status);
        out += '\n';
    }
    append_stats_line(out, job, stats);
    out += '\n';
}

void write_json(std::string& out, const Job& job, Status status, bool unique,
                const std::string& engine, const JsonContext& context) {
    nlohmann::ordered_json j = json_head(job, status, context);
    const bool ran = job.ran();
    j["solution"] =
        status == Status::solved
            ? nlohmann::ordered_json(format_line(job.result.first, job.puzzle().alphabet))
            : nlohmann::ordered_json(nullptr);
    j["count"] = ran ? nlohmann::ordered_json(job.result.count) : nullptr;
    const bool known = ran && unique && (job.result.complete || job.result.count >= 2);
    j["unique"] = known ? nlohmann::ordered_json(job.result.count == 1) : nullptr;
    j["engine"] = engine;
    json_tail(j, job, status, context);
    out += j.dump();
    out += '\n';
}

void write_csv(std::string& out, const Job& job, Status status) {
    append_csv_puzzle(out, job);
    out += ',';
    if (status == Status::solved) append_line(out, job.result.first, job.puzzle().alphabet);
    out += ',';
    if (job.ran()) out += std::to_string(job.result.count);
    out += ',';
    out += status_name(status);
    append_csv_stats_and_comment(out, job);
}

int run_solve(const SolveOptions& o) {
    const BatchConfig config{
        o.engine.engine_spec(),
        Limits{.max_solutions = o.unique ? 2u : 1u, .node_budget = o.engine.budget},
        o.engine.thread_count()};
    const std::string engine_name(make_engine(config.engine_spec)->name());
    InputSet input(o.input.files, o.input.parse_options());
    const JsonContext context{&input, config};
    Output out(stdout);
    Tally tally;
    const Format format = o.engine.format;
    if (format == Format::csv) out.text() += "puzzle,solution,count,status,nodes,guesses,comment\n";

    const JobWriters writers{
        .line = [&](std::string& text, const Job& job,
                    Status status) { write_line(text, job, status, o.engine.stats); },
        .grid = [&](std::string& text, const Job& job,
                    Status status) { write_grid(text, job, status, o.engine.stats); },
        .csv = write_csv,
        .json =
            [&](std::string& text, const Job& job, Status status) {
                write_json(text, job, status, o.unique, engine_name, context);
            },
    };
    const auto classify_and_count = [&](const Job& job) {
        const Status status = classify(job, o.unique);
        if (status == Status::solved && o.unique) ++tally.unique;
        if (status == Status::multiple) ++tally.multiple;
        return status;
    };
    double seconds = 0;
    if (!run_tallied_batch(input, config, out, format, writers, classify_and_count, tally,
                           &seconds))
        return kExitInputProblem;
    if (!o.input.quiet) {
        std::string summary = plural(tally.puzzles, "puzzle") + ": ";
        const size_t solved = tally[Status::solved] + tally[Status::multiple];
        summary += fmt::format("{} solved", solved);
        if (o.unique)
            summary += fmt::format(" ({} unique, {} multiple)", tally.unique, tally.multiple);
        summary += fmt::format(", {} invalid, {} unsolvable", tally[Status::invalid],
                               tally[Status::no_solution]);
        summary += summary_tail(tally, seconds);
        summary += fmt::format("engine {}, {})", engine_name, plural(config.threads, "thread"));
        if (o.engine.stats) summary += "; " + format_stats(tally.stats);
        print_error(summary);
    }
    return tally.any_failure() || input.had_open_error() ? kExitInputProblem : kExitOk;
}

}  // namespace

Command add_solve_command(CLI::App& app) {
    auto options = std::make_shared<SolveOptions>();
    CLI::App* cmd = app.add_subcommand("solve", "solve each puzzle, one result per input item");
    add_input_options(*cmd, options->input);
    add_engine_options(*cmd, options->engine);
    cmd->add_flag("--unique,!--first", options->unique,
                  "--unique (default): check that the solution is unique, mark a puzzle with "
                  "several solutions 'multiple'; --first: take the first solution found");
    cmd->footer(R"(Output: one result per input item, in input order (also with --threads).
  line    the solution in the puzzle's alphabet, then the input line's comment
  grid    the solution as a readable grid, then a blank line
  json    one object per line: file, line, status, puzzle, solution, count, unique,
          engine, stats {nodes, guesses, backtracks, propagations}, comment, error
  csv     header, then puzzle,solution,count,status,nodes,guesses,comment
In place of a solution, a marker (the reason on stderr as 'sudokit: FILE: line N: ...'):
  invalid      malformed input, or givens in conflict
  no-solution  the puzzle has no solution
  multiple     more than one solution (not with --first)
  unfinished   the --budget ran out
  unsupported  the engine does not solve that grid size
Pencil-mark input is solved from its cells that have a single candidate.
Exit: 0 all solved, 1 some item got a marker, 2 usage error.)");
    return Command{cmd, [options] { return run_solve(*options); }};
}

}  // namespace sudokit::cli
