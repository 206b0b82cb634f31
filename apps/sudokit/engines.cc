// `sudokit engines`: the registry's engines with their description, sizes and options.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "cli_options.h"
#include "commands.h"
#include "human_cli.h"
#include "output.h"
#include "sudokit/json.h"

namespace sudokit::cli {

namespace {

int run_engines(TextFormat format) {
    size_t name_width = 4;
    size_t sizes_width = 5;
    for (const EngineInfo& info : all_engines()) {
        name_width = std::max(name_width, info.name.size());
        sizes_width = std::max(sizes_width, info.sizes.size());
    }
    Output out(stdout);
    std::string& text = out.text();
    if (format == TextFormat::json) {
        append_json_line(text, engines_json());
        if (!out.flush()) {
            report_write_error(out.error());
            return kExitInputProblem;
        }
        return kExitOk;
    }
    text += fmt::format("{:<{}}  {:<{}}  {}\n", "NAME", name_width, "SIZES", sizes_width,
                        "DESCRIPTION");
    for (const EngineInfo& info : all_engines()) {
        text += fmt::format("{:<{}}  {:<{}}  {}\n", info.name, name_width, info.sizes, sizes_width,
                            info.description);
        if (!info.options.empty())
            text += fmt::format("{:<{}}  options: {}\n", "", name_width + sizes_width + 2,
                                engine_options_text(info));
    }
    text += fmt::format("\ndefault: {}; choose with --engine NAME or --engine NAME:key=value,...\n",
                        default_engine_spec());
    if (!out.flush()) {
        report_write_error(out.error());
        return kExitInputProblem;
    }
    return kExitOk;
}

}  // namespace

Command add_engines_command(CLI::App& app) {
    auto format = std::make_shared<TextFormat>(TextFormat::text);
    CLI::App* cmd = app.add_subcommand("engines", "list the solving engines");
    add_text_format_option(*cmd, *format);
    cmd->footer(
        "Each line: the name to give to --engine, the grid sizes it solves, what it "
        "does, and the options it takes after a colon (NAME:key=value,...).\n"
        "json: one array [{name, description, sizes, options: [{name, values, syntax, default, "
        "help}], options_text, logic_only}].");
    return Command{cmd, [format] { return run_engines(*format); }};
}

}  // namespace sudokit::cli
