// The sudokit program: a CLI11 app with one subcommand per file (solve, count, convert, engines,
// bench, explain, hint, techniques, rate, generate, serve). Exit codes: 0 fine, 1 some input
// invalid/unsolvable, 2 usage error.
#include <CLI/CLI.hpp>
#include <csignal>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli_options.h"
#include "commands.h"
#include "output.h"

#ifndef SUDOKIT_VERSION
#define SUDOKIT_VERSION "unknown"
#endif

int main(int argc, char** argv) {
    using namespace sudokit::cli;
    // A closed pipe (`sudokit solve big.txt | head`) shows up as EPIPE from the write, so the
    // program stops quietly and cleanly instead of dying halfway through a line.
    std::signal(SIGPIPE, SIG_IGN);

    CLI::App app{
        "sudokit: solve, count, convert, explain, rate and generate Sudoku puzzles of sizes 4x4 to "
        "36x36",
        "sudokit"};
    // Before the subcommands are added: each takes its parent's formatter.
    app.formatter(std::make_shared<HelpFormatter>());
    app.set_version_flag("--version", "sudokit " SUDOKIT_VERSION);
    app.require_subcommand(0, 1);
    app.failure_message([](const CLI::App*, const CLI::Error& e) {
        return "sudokit: " + std::string(e.what()) + "\nRun with --help for more information.\n";
    });
    app.footer(
        "Puzzles come from the file operands or standard input, one result per input item "
        "in input order.\nRun 'sudokit COMMAND --help' for a command's options.\n"
        "Exit: 0 fine, 1 some input invalid or unsolvable, 2 usage error.");
    const std::vector<Command> commands = {
        add_solve_command(app),    add_count_command(app),      add_convert_command(app),
        add_engines_command(app),  add_bench_command(app),      add_explain_command(app),
        add_hint_command(app),     add_techniques_command(app), add_rate_command(app),
        add_generate_command(app), add_serve_command(app),
    };
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? kExitOk : kExitUsage;
    }
    try {
        for (const Command& command : commands) {
            if (command.app->parsed()) return command.run();
        }
    } catch (const std::exception& e) {
        print_error(std::string("internal error: ") + e.what());
        return kExitInputProblem;
    }
    std::cerr << app.help();
    return kExitUsage;
}
