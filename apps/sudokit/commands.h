// The subcommands of the sudokit program: each file adds one to the CLI11 app and returns the
// function that runs it once the command line is parsed.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace sudokit::cli {

// Exit codes: 0 all fine, 1 some input invalid or unsolvable (or another marker), 2 usage error.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInputProblem = 1;
inline constexpr int kExitUsage = 2;

struct Command {
    CLI::App* app;             // the subcommand, to see whether it was given
    std::function<int()> run;  // returns the exit code
};

Command add_solve_command(CLI::App& app);
Command add_count_command(CLI::App& app);
Command add_convert_command(CLI::App& app);
Command add_engines_command(CLI::App& app);
Command add_bench_command(CLI::App& app);  // bench_command.cc
Command add_explain_command(CLI::App& app);
Command add_hint_command(CLI::App& app);
Command add_techniques_command(CLI::App& app);
Command add_rate_command(CLI::App& app);      // rate.cc
Command add_generate_command(CLI::App& app);  // generate.cc
Command add_serve_command(CLI::App& app);     // serve.cc

}  // namespace sudokit::cli
