// `sudokit explain`: the whole solving path of each puzzle by logic alone, one step per line in
// community notation, then a summary (steps per technique, the hardest, how it ended); or the
// same as one JSON object per puzzle (docs/explain-json.md).
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

struct ExplainOptions {
    InputOptions input;
    std::string order = "easiest";
    SearchMode mode = SearchMode::first;
    size_t max_steps = 0;
    bool grid = false;
    TextFormat format = TextFormat::text;
};

// The tally of the summary line, by path end (PathEnd's order) and invalid input.
struct Tally {
    size_t items = 0;
    size_t ends[4] = {};
    size_t invalid = 0;
};

// A path that did not solve the puzzle is checked by a complete search, to tell a puzzle that
// needs harder techniques from one that has several solutions or none, or pencil marks that
// lost a digit of the solution. A contradiction needs it only for the last.
std::optional<Diagnosis> diagnosis_of(const Puzzle& puzzle, const SolvePath& path,
                                      const CandidateGrid& start) {
    // A path cut short by --max-steps says nothing about what logic could do.
    if (path.end == PathEnd::solved || path.end == PathEnd::step_limit) return std::nullopt;
    if (path.end == PathEnd::contradiction) {
        if (!puzzle.marks) return std::nullopt;
        Diagnosis d = diagnose(start);
        if (d.verdict != Diagnosis::Verdict::marks_exclude) return std::nullopt;
        return d;
    }
    return diagnose(start);
}

void write_text(std::string& out, const Puzzle& puzzle, const CandidateGrid& start,
                const SolvePath& path, const std::optional<Diagnosis>& diagnosis, bool grid) {
    const Shape shape = start.shape();
    const Alphabet alphabet = text_alphabet(puzzle);
    const Alphabet marks = marks_alphabet(puzzle);
    const int width = static_cast<int>(std::to_string(path.steps.size()).size());
    CandidateGrid position = start;
    for (size_t i = 0; i < path.steps.size(); ++i) {
        if (grid) out += format_marks_grid(position.marks(), marks);
        out += fmt::format("{:>{}}. {}\n", i + 1, width, step_text(path.steps[i], shape, alphabet));
        if (grid) {
            apply_step(position, path.steps[i]);
            out += '\n';
        }
    }
    if (grid) {
        out += path.end == PathEnd::solved ? format_grid(path.final.values(), alphabet)
                                           : format_marks_grid(path.final.marks(), marks);
    }
    out += summary_text(summarize(path));
    if (path.end == PathEnd::solved) {
        out += "Solution: " + format_line(path.final.values(), alphabet) + "\n";
    }
    if (path.end == PathEnd::contradiction) {
        if (auto c = path.final.contradiction())
            out += "Reason: " + contradiction_text(*c, shape, alphabet) + ".\n";
    }
    if (diagnosis) {
        if (const std::string note = diagnosis_text(*diagnosis, shape, alphabet); !note.empty())
            out += note + "\n";
    }
}

Json json_object(const std::string& source, const PuzzleReader::Item& item, const SolvePath& path,
                 const std::optional<Diagnosis>& diagnosis) {
    Json j;
    j["file"] = source;
    j["line"] = item.line;
    const Puzzle& puzzle = item.puzzle.value();
    j["status"] = path_end_name(path.end);
    j["puzzle"] = format_line(puzzle.grid, puzzle.alphabet);
    j["marks"] = puzzle.marks ? Json(format_marks_line(*puzzle.marks, marks_alphabet(puzzle)))
                              : Json(nullptr);
    Json path_fields = Json::parse(path_json(path));
    for (auto& [key, value] : path_fields.items()) j[key] = std::move(value);
    std::optional<int> solutions;
    if (path.end == PathEnd::solved) solutions = 1;
    if (path.end == PathEnd::contradiction) solutions = 0;
    if (diagnosis) solutions = diagnosis->solutions();
    j["solutions"] = solutions ? Json(*solutions) : Json(nullptr);
    std::string note;
    if (diagnosis) note = diagnosis_text(*diagnosis, puzzle.grid.shape(), Alphabet::automatic);
    j["note"] = note.empty() ? Json(nullptr) : Json(note);
    j["comment"] = std::string(comment_text(puzzle.comment));
    j["error"] = nullptr;
    return j;
}

Json invalid_object(const std::string& source, const PuzzleReader::Item& item) {
    Json j;
    j["file"] = source;
    j["line"] = item.line;
    j["status"] = "invalid";
    j["puzzle"] = nullptr;
    j["marks"] = nullptr;
    j["comment"] = "";
    j["error"] = item.puzzle.error().message();
    return j;
}

int run_explain(const ExplainOptions& o) {
    const HumanOptions human{*parse_order(o.order), o.mode, o.max_steps};
    InputSet input(o.input.files, o.input.parse_options());
    const bool name_files = o.input.files.size() > 1;
    Output out(stdout);
    Tally tally;
    while (std::optional<InputSet::Entry> entry = input.next()) {
        const PuzzleReader::Item& item = entry->item;
        const std::string& source = input.source_name(entry->source);
        ++tally.items;
        std::string& text = out.text();
        const std::string where = name_files ? fmt::format("{}, line {}", source, item.line)
                                             : fmt::format("line {}", item.line);
        if (!item.puzzle.ok()) {
            ++tally.invalid;
            print_error(source, item.puzzle.error().message());
            if (o.format == TextFormat::json) {
                text += invalid_object(source, item).dump() + "\n";
            } else {
                text += fmt::format("Puzzle {} ({}): invalid ({})\n\n", tally.items, where,
                                    item.puzzle.error().message());
            }
            if (!out.flush_if_full()) break;
            continue;
        }
        const Puzzle& puzzle = item.puzzle.value();
        const CandidateGrid start = start_position(puzzle);
        const SolvePath path = solve_path(start, human);
        ++tally.ends[static_cast<size_t>(path.end)];
        const std::optional<Diagnosis> diagnosis = diagnosis_of(puzzle, path, start);
        if (o.format == TextFormat::json) {
            text += json_object(source, item, path, diagnosis).dump() + "\n";
        } else {
            text += fmt::format("Puzzle {} ({}): {}{}{}\n", tally.items, where,
                                format_line(puzzle.grid, puzzle.alphabet),
                                puzzle.marks ? " (pencil marks)" : "", puzzle.comment);
            write_text(text, puzzle, start, path, diagnosis, o.grid);
            text += '\n';
        }
        if (!out.flush_if_full()) break;
    }
    if (!out.flush()) {
        report_write_error(out.error());
        return kExitInputProblem;
    }
    const size_t solved = tally.ends[static_cast<size_t>(PathEnd::solved)];
    if (!o.input.quiet && tally.items > 1) {
        std::string summary =
            fmt::format("{} puzzles: {} solved by logic, {} stuck, {} contradiction", tally.items,
                        solved, tally.ends[static_cast<size_t>(PathEnd::stuck)],
                        tally.ends[static_cast<size_t>(PathEnd::contradiction)]);
        if (const size_t limited = tally.ends[static_cast<size_t>(PathEnd::step_limit)])
            summary += fmt::format(", {} step limit", limited);
        summary += fmt::format(", {} invalid", tally.invalid);
        print_error(summary);
    }
    return solved == tally.items && !input.had_open_error() ? kExitOk : kExitInputProblem;
}

}  // namespace

Command add_explain_command(CLI::App& app) {
    auto options = std::make_shared<ExplainOptions>();
    CLI::App* cmd =
        app.add_subcommand("explain", "solve each puzzle by logic alone and explain every step");
    add_input_options(*cmd, options->input);
    add_order_option(*cmd, options->order);
    add_mode_option(*cmd, options->mode);
    cmd->add_option("--max-steps", options->max_steps, "stop after this many steps (0: no limit)")
        ->type_name("N");
    cmd->add_flag("--grid", options->grid,
                  "print the pencil-mark grid before each step, and the final position");
    add_text_format_option(*cmd, options->format);
    cmd->footer(
        R"(text, per input item: 'Puzzle K (line L): <puzzle>', the numbered steps in community
notation (r4c2 = row 4 column 2, {3,7} digits, r4c1<>3 eliminates 3, r3c5=7 places 7), then
the steps per technique, the hardest, how the path ended (solved, stuck: no technique of
the order applies, contradiction: no solution) and the solution or, when logic did not
finish, what a complete search says (harder techniques needed, several solutions, none,
or pencil marks that exclude the solution); then a blank line.
json: one object per line: file, line, status, puzzle, marks, the path (shape, size, end,
steps, summary, final, contradiction; docs/explain-json.md), solutions, note, comment,
error. Pencil-mark input is explained from the marks as written.
With several items, a summary line on stderr (not with --quiet).
Exit: 0 every puzzle solved by logic, 1 some item invalid or not solved, 2 usage error.)");
    return Command{cmd, [options] { return run_explain(*options); }};
}

}  // namespace sudokit::cli
