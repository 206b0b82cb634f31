// The options explain and hint share.
#include "human_cli.h"

#include "cli_options.h"

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
                std::string error;
                if (!parse_order(text, &error)) return error;
                return "";
            },
            ""))
        ->type_name("ORDER");
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
