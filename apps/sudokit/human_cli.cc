// The options explain and hint share.
#include "human_cli.h"

#include "cli_options.h"
#include "sudokit/explain.h"

namespace sudokit::cli {

void add_order_option(CLI::App& command, std::string& order) {
    command
        .add_option("--order", order,
                    "techniques to try, in turn: easiest (default: all, by rating), thesis, sb, "
                    "se (Sudoku Explainer's, with its direct techniques), one of them up to a "
                    "technique (easiest:xw), or codes joined by '+' (ns+hs+pt; see 'sudokit "
                    "techniques')")
        ->check(CLI::Validator(
            [](const std::string& text) -> std::string {
                ExplainBatchOptions options;
                options.order = text;
                const OptionCheck problem = check_explain_options(options);
                return problem ? problem->reason : "";
            },
            ""))
        ->type_name("ORDER");
}

std::string human_flag_of(std::string_view field) {
    if (field == "timeout_seconds") return "--timeout";
    if (field == "max_steps") return "--max-steps";
    return "--" + std::string(field);
}

void add_mode_option(CLI::App& command, SearchMode& mode) {
    command
        .add_option("--mode", mode,
                    "after a step: first = back to the first technique (default), stepdown = on "
                    "to the next, focus = first, looking around the last placed digit first")
        ->transform(enum_names<SearchMode>({{"first", SearchMode::first},
                                            {"stepdown", SearchMode::stepdown},
                                            {"focus", SearchMode::focus}}))
        ->type_name("first|stepdown|focus");
}

void add_text_format_option(CLI::App& command, TextFormat& format) {
    command.add_option("-f,--format", format, "output format (default text)")
        ->transform(
            enum_names<TextFormat>({{"text", TextFormat::text}, {"json", TextFormat::json}}))
        ->type_name("text|json");
}

}  // namespace sudokit::cli
