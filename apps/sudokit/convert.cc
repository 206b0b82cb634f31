// `sudokit convert`: reads puzzles in any input format and writes them in one format. Single
// threaded and allocation-light on the line path (one output buffer, block writes): the speed
// target is a million 9x9 lines per second on one core.
#include <fmt/format.h>

#include <chrono>
#include <memory>

#include "cli_options.h"
#include "commands.h"
#include "input.h"
#include "output.h"
#include "status.h"
#include "sudokit/json.h"
#include "sudokit/outcome.h"
#include "sudokit/status_words.h"

namespace sudokit::cli {

namespace {

enum class Target { line, grid, pm, pmgrid, json, csv, numeric };

struct ConvertOptions {
    InputOptions input;
    Target to = Target::line;
    Alphabet out_alphabet = Alphabet::automatic;  // automatic: the puzzle's own
};

// The alphabet to write a puzzle in (pencil marks have no numeric form: the writers use the
// size's default alphabet there).
Alphabet output_alphabet(const ConvertOptions& o, const Puzzle& puzzle) {
    const Alphabet a = o.to == Target::numeric ? Alphabet::numeric : o.out_alphabet;
    return a == Alphabet::automatic ? puzzle.alphabet : a;
}

PencilMarks marks_of(const Puzzle& puzzle) {
    return puzzle.marks ? *puzzle.marks : PencilMarks::from_grid(puzzle.grid);
}

void append_comment_line(std::string& out, const Puzzle& puzzle) {
    std::string_view text = comment_text(puzzle.comment);
    if (text.empty()) return;
    out += "# ";
    out += text;
    out += '\n';
}

void write_puzzle(std::string& out, const ConvertOptions& o, const Puzzle& puzzle,
                  const std::string& source) {
    const Alphabet alphabet = output_alphabet(o, puzzle);
    switch (o.to) {
        case Target::line:
        case Target::numeric:
            append_line(out, puzzle.grid, alphabet);
            out += puzzle.comment;
            out += '\n';
            return;
        case Target::pm:
            out += format_marks_line(marks_of(puzzle), alphabet);
            out += puzzle.comment;
            out += '\n';
            return;
        case Target::grid:
            append_comment_line(out, puzzle);
            out += format_grid(puzzle.grid, alphabet);
            out += '\n';
            return;
        case Target::pmgrid:
            append_comment_line(out, puzzle);
            out += format_marks_grid(marks_of(puzzle), alphabet);
            out += '\n';
            return;
        case Target::csv:
            append_line(out, puzzle.grid, alphabet);
            out += ',';
            append_csv_field(out, comment_text(puzzle.comment));
            out += '\n';
            return;
        case Target::json: {
            Json j;
            j["file"] = source;
            j["line"] = puzzle.line;
            j["status"] = status_word(StatusWord::converted);
            j["puzzle"] = format_line(puzzle.grid, alphabet);
            j["shape"] = puzzle.grid.shape().name();
            j["givens"] = puzzle.grid.given_count();
            if (puzzle.marks) {
                j["marks"] = format_marks_line(*puzzle.marks, alphabet);
            } else {
                j["marks"] = nullptr;
            }
            j["comment"] = std::string(comment_text(puzzle.comment));
            j["error"] = nullptr;
            append_json_line(out, j);
            return;
        }
    }
}

void write_invalid(std::string& out, const ConvertOptions& o, const PuzzleReader::Item& item,
                   const std::string& source) {
    const std::string_view marker = outcome_name(Outcome::invalid);
    switch (o.to) {
        case Target::grid:
        case Target::pmgrid:
            out += marker;
            out += "\n\n";
            return;
        case Target::csv:
            out += marker;
            out += ",\n";
            return;
        case Target::json: {
            Json j;
            j["file"] = source;
            j["line"] = item.line;
            j["status"] = marker;
            j["puzzle"] = item.text.empty() ? Json(nullptr) : Json(item.text);
            j["shape"] = nullptr;
            j["givens"] = nullptr;
            j["marks"] = nullptr;
            j["comment"] = std::string(comment_text(item.comment));
            j["error"] = item.puzzle.error().message();
            append_json_line(out, j);
            return;
        }
        default:
            out += marker;
            out += '\n';
            return;
    }
}

int run_convert(const ConvertOptions& o) {
    InputSet input(o.input.files, o.input.parse_options());
    Output out(stdout);
    size_t converted = 0;
    size_t invalid = 0;
    if (o.to == Target::csv) out.text() += "puzzle,comment\n";
    const auto start = std::chrono::steady_clock::now();
    while (std::optional<InputSet::Entry> entry = input.next()) {
        const Parsed<Puzzle>& parsed = entry->item.puzzle;
        const std::string& source = input.source_name(entry->source);
        if (parsed.ok()) {
            write_puzzle(out.text(), o, parsed.value(), source);
            ++converted;
        } else {
            print_error(source, parsed.error().message());
            write_invalid(out.text(), o, entry->item, source);
            ++invalid;
        }
        if (!out.flush_if_full()) break;
    }
    if (!out.flush()) {
        report_write_error(out.error());
        return kExitInputProblem;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!o.input.quiet) {
        const size_t total = converted + invalid;
        std::string summary = fmt::format("{}: {} converted, {} invalid in {:.3f} s",
                                          plural(total, "puzzle"), converted, invalid, seconds);
        if (total != 0 && seconds > 0)
            summary += fmt::format(" ({:.0f} puzzles/s)", static_cast<double>(total) / seconds);
        print_error(summary);
    }
    return invalid != 0 || input.had_error() ? kExitInputProblem : kExitOk;
}

}  // namespace

Command add_convert_command(CLI::App& app) {
    auto options = std::make_shared<ConvertOptions>();
    CLI::App* cmd = app.add_subcommand(
        "convert", "read puzzles in any input format and write them in one format");
    add_input_options(*cmd, options->input);
    cmd->add_option("-t,--to", options->to, "output format (default line)")
        ->transform(enum_names<Target>({{"line", Target::line},
                                        {"grid", Target::grid},
                                        {"pm", Target::pm},
                                        {"pmgrid", Target::pmgrid},
                                        {"json", Target::json},
                                        {"csv", Target::csv},
                                        {"numeric", Target::numeric}}))
        ->type_name("line|grid|pm|pmgrid|json|csv|numeric");
    add_alphabet_option(*cmd, "--out-alphabet", options->out_alphabet,
                        "how digits are written in the output (default auto: as in the input; "
                        "pencil marks have no numeric form and use the size's default)");
    cmd->footer(R"(Output formats (comments of the input lines are kept):
  line     one line of N*N cells, '.' for empty, then the comment
  numeric  the same with numbers separated by spaces, 0 for empty
  grid     a readable grid with box separators, '# comment' above it, then a blank line
  pm       the N*N*N pencil-mark line: slot d of a cell holds d or '.'; a plain puzzle
           gets the candidates its givens allow
  pmgrid   the forum pencil-mark grid, then a blank line
  json     one object per line: file, line, status, puzzle, shape, givens, marks,
           comment, error
  csv      header, then puzzle,comment
A malformed item is written as the marker 'invalid' (csv: 'invalid,'), its reason on stderr.
Exit: 0 all converted, 1 some item invalid, 2 usage error.)");
    return Command{cmd, [options] { return run_convert(*options); }};
}

}  // namespace sudokit::cli
