// `sudokit hint`: the next step from each input position (a puzzle, or a player's pencil marks),
// in full or, with --vague, only the technique and the house to look in.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "sudokit/cli_options.h"
#include "sudokit/commands.h"
#include "sudokit/human_cli.h"
#include "sudokit/input.h"
#include "sudokit/output.h"

namespace sudokit::cli {

namespace {

using Json = nlohmann::ordered_json;

struct HintOptions {
    InputOptions input;
    std::string order = "easiest";
    bool vague = false;
    TextFormat format = TextFormat::text;
};

// What became of an input item; the names are the JSON "status".
enum class HintStatus { step, solved, stuck, contradiction, invalid };
constexpr const char* kStatusNames[] = {"step", "solved", "stuck", "contradiction", "invalid"};
// The same statuses as the summary line counts them ("3 with a step, 1 solved, ...").
constexpr const char* kSummaryWords[] = {"with a step", "solved", "stuck", "contradictory",
                                         "invalid"};
static_assert(std::size(kSummaryWords) == std::size(kStatusNames));

struct Hint {
    HintStatus status = HintStatus::invalid;
    std::string text;  // the line printed
    std::optional<Step> step;
};

// "The pencil marks ..." continued after "Contradiction: ".
std::string lower_first(std::string text) {
    if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z')
        text[0] = static_cast<char>(text[0] - 'A' + 'a');
    return text;
}

Hint find_hint(const Puzzle& puzzle, const std::vector<Technique>& order, bool vague) {
    const CandidateGrid position = start_position(puzzle);
    const Shape shape = position.shape();
    const Alphabet alphabet = text_alphabet(puzzle);
    if (auto c = position.contradiction()) {
        return {HintStatus::contradiction,
                "Contradiction: " + contradiction_text(*c, shape, alphabet) +
                    "; the position has no solution.",
                std::nullopt};
    }
    if (position.solved()) return {HintStatus::solved, "Solved: every cell is placed.", {}};
    // A step from a position without solution is sound but leads nowhere: say so first.
    const Diagnosis diagnosis = diagnose(position);
    if (diagnosis.verdict == Diagnosis::Verdict::none) {
        return {HintStatus::contradiction,
                "Contradiction: the position has no solution (a complete search finds none).",
                std::nullopt};
    }
    if (diagnosis.verdict == Diagnosis::Verdict::marks_exclude) {
        const std::string where = position.topology().cell_name(diagnosis.lost.cell);
        return {HintStatus::contradiction,
                vague ? "Contradiction: the pencil marks exclude the solution; check the marks "
                        "of " +
                            where + "."
                      : "Contradiction: " + lower_first(diagnosis_text(diagnosis, shape, alphabet)),
                std::nullopt};
    }
    if (std::optional<Step> step = next_step(position, order)) {
        std::string text = vague ? step_hint_text(*step, shape) : step_text(*step, shape, alphabet);
        return {HintStatus::step, std::move(text), std::move(step)};
    }
    std::string text = "No technique applies: logic alone (with these techniques) cannot go on.";
    if (const std::string note = diagnosis_text(diagnosis, shape, alphabet); !note.empty())
        text += " " + note;
    return {HintStatus::stuck, std::move(text), std::nullopt};
}

// The step as JSON: in full (step_json), or with --vague only the technique and its house.
Json step_object(const Step& step, Shape shape, bool vague) {
    if (!vague) return Json::parse(step_json(step, shape));
    const TechniqueInfo& info = technique_info(step.technique);
    const std::optional<int> house = hint_house(step, shape);
    return Json{{"code", info.code},
                {"name", info.name},
                {"rating", info.rating},
                {"house", house ? Json(topology(shape).house_name(*house)) : Json(nullptr)}};
}

int run_hint(const HintOptions& o) {
    const std::vector<Technique> order = *parse_order(o.order);
    InputSet input(o.input.files, o.input.parse_options());
    Output out(stdout);
    size_t counts[std::size(kStatusNames)] = {};
    size_t items = 0;
    while (std::optional<InputSet::Entry> entry = input.next()) {
        const PuzzleReader::Item& item = entry->item;
        const std::string& source = input.source_name(entry->source);
        Hint hint;
        std::string error;
        if (item.puzzle.ok()) {
            hint = find_hint(item.puzzle.value(), order, o.vague);
        } else {
            error = item.puzzle.error().message();
            print_error(source, error);
            hint.text = "invalid";
        }
        ++items;
        ++counts[static_cast<size_t>(hint.status)];
        std::string& text = out.text();
        if (o.format == TextFormat::json) {
            Json j;
            j["file"] = source;
            j["line"] = item.line;
            j["status"] = kStatusNames[static_cast<size_t>(hint.status)];
            if (item.puzzle.ok()) {
                const Puzzle& p = item.puzzle.value();
                j["puzzle"] = format_line(p.grid, p.alphabet);
                j["marks"] =
                    p.marks ? Json(format_marks_line(*p.marks, marks_alphabet(p))) : Json(nullptr);
                j["text"] = hint.text;
                j["step"] =
                    hint.step ? step_object(*hint.step, p.grid.shape(), o.vague) : Json(nullptr);
                j["comment"] = std::string(comment_text(p.comment));
                j["error"] = nullptr;
            } else {
                j["puzzle"] = nullptr;
                j["marks"] = nullptr;
                j["text"] = nullptr;
                j["step"] = nullptr;
                j["comment"] = "";
                j["error"] = error;
            }
            text += j.dump();
        } else {
            text += hint.text;
        }
        text += '\n';
        if (!out.flush_if_full()) break;
    }
    if (!out.flush()) {
        report_write_error(out.error());
        return kExitInputProblem;
    }
    if (!o.input.quiet && items > 1) {
        std::string summary = fmt::format("{} positions:", items);
        for (size_t s = 0; s < std::size(kStatusNames); ++s)
            summary += fmt::format("{} {} {}", s == 0 ? "" : ",", counts[s], kSummaryWords[s]);
        print_error(summary);
    }
    const bool all_fine = counts[static_cast<size_t>(HintStatus::step)] +
                              counts[static_cast<size_t>(HintStatus::solved)] ==
                          items;
    return all_fine && !input.had_open_error() ? kExitOk : kExitInputProblem;
}

}  // namespace

Command add_hint_command(CLI::App& app) {
    auto options = std::make_shared<HintOptions>();
    CLI::App* cmd = app.add_subcommand(
        "hint", "the next logical step from each position (a puzzle or pencil marks)");
    add_input_options(*cmd, options->input);
    add_order_option(*cmd, options->order);
    cmd->add_flag("--vague", options->vague,
                  "name only the technique and the house to look in, no cell or digit");
    add_text_format_option(*cmd, options->format);
    cmd->footer(
        R"(Input: puzzle lines or grids, or pencil marks (an N^3-character line or a pencil-mark
grid, as 'sudokit convert --to pm|pmgrid' writes them); from pencil marks the step is
found in the marks as written (a cell with one mark counts as placed).
Output, one line per input item in input order:
  the step in community notation   Naked Pair {3,7} in r4c2,r4c8 => r4c1<>3, r4c5<>3,7
  --vague                          Look for a Naked Pair in row 4
  Solved: ...                      every cell is already placed
  No technique applies: ...        logic (with the --order techniques) cannot go on
  Contradiction: ...               the position has no solution: a cell without candidate,
                                   a digit without place, no solution at all, or pencil
                                   marks that exclude the (unique) solution
  invalid                          malformed input (the reason on stderr)
json: one object per line: file, line, status (step, solved, stuck, contradiction,
  invalid), puzzle, marks, text, step (docs/explain-json.md), comment, error.
With several items, a summary line on stderr (not with --quiet).
Exit: 0 every item got a step or is solved, 1 otherwise, 2 usage error.)");
    return Command{cmd, [options] { return run_hint(*options); }};
}

}  // namespace sudokit::cli
