// `sudokit techniques`: the human solver's technique table (code, name, SE rating, place in
// the thesis's order) and the named orders, as a text table or one JSON object.
#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "commands.h"
#include "human_cli.h"
#include "output.h"
#include "sudokit/human.h"
#include "sudokit/json.h"

namespace sudokit::cli {

namespace {

// 1-based place of a technique in an order, 0 when the order lacks it.
int place_in(std::span<const Technique> order, Technique technique) {
    const auto it = std::find(order.begin(), order.end(), technique);
    return it == order.end() ? 0 : static_cast<int>(it - order.begin()) + 1;
}

std::string codes_of(std::span<const Technique> order) {
    std::string out;
    for (Technique t : order) out += (out.empty() ? "" : "+") + std::string(technique_info(t).code);
    return out;
}

void write_text(std::string& out) {
    size_t code_width = 4;
    size_t name_width = 9;
    for (const TechniqueInfo& t : all_techniques()) {
        code_width = std::max(code_width, t.code.size());
        name_width = std::max(name_width, t.name.size());
    }
    out += fmt::format("{:<{}}  {:<{}}  {:>6}  {:<6}  {}\n", "CODE", code_width, "TECHNIQUE",
                       name_width, "RATING", "THESIS", "NOTE");
    for (const TechniqueInfo& t : all_techniques()) {
        const int thesis = place_in(thesis_order(), t.id);
        const char* note = t.assumes_uniqueness() ? "U" : t.direct() ? "D" : t.nested() ? "N" : "";
        out += fmt::format("{:<{}}  {:<{}}  {:>6.1f}  {:<6}  {}", t.code, code_width, t.name,
                           name_width, t.rating, thesis == 0 ? "-" : std::to_string(thesis), note);
        while (out.back() == ' ') out.pop_back();
        out += '\n';
    }
    out +=
        "\nRATING: difficulty on the Sudoku Explainer scale (chains add a length bonus).\n"
        "THESIS: place in the thesis's strategy-based solver (SB); '-': not in it.\n"
        "NOTE: U = assumes the puzzle has one solution (used only after checking it has);\n"
        "D = Sudoku Explainer's direct shortcut (places a digit without applying its own\n"
        "eliminations; only in the se order); N = a nested level of forcing chains (not\n"
        "tried on a puzzle with several solutions; one search can take seconds).\n"
        "Orders for --order (explain, hint; the human engine's order=):\n";
    out += "  easiest  " + codes_of(easiest_order()) + " (the default of explain and hint)\n";
    out += "  thesis   " + codes_of(thesis_order()) + "\n";
    out += "  sb       " + codes_of(sb_order()) + " (the default of the human engine)\n";
    out += "  se       " + codes_of(se_order()) + " (Sudoku Explainer's producer order)\n";
    out += "  or an order up to a technique, e.g. easiest:xw (every technique up to X-Wing)\n";
    out += "  or codes joined by '+', e.g. ns+hs+pt ('hs' = hsb+hsl)\n";
}

void write_json(std::string& out) { append_json_line(out, techniques_json()); }

}  // namespace

Command add_techniques_command(CLI::App& app) {
    auto format = std::make_shared<TextFormat>(TextFormat::text);
    CLI::App* cmd =
        app.add_subcommand("techniques", "list the human solver's techniques and orders");
    add_text_format_option(*cmd, *format);
    cmd->footer(
        "text: one row per technique, easiest first: code (for --order), name, SE rating, place "
        "in the thesis's order; then the named orders.\n"
        "json: one object {\"techniques\": [{code, name, rating, thesis}], \"orders\": {easiest, "
        "thesis, sb}} (thesis: place in the thesis's order, null when not in it).");
    return Command{cmd, [format] {
                       Output out(stdout);
                       if (*format == TextFormat::json) {
                           write_json(out.text());
                       } else {
                           write_text(out.text());
                       }
                       if (!out.flush()) {
                           report_write_error(out.error());
                           return kExitInputProblem;
                       }
                       return kExitOk;
                   }};
}

}  // namespace sudokit::cli
