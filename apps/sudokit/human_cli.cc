// Options, starting positions and the search-based diagnosis shared by explain and hint.
#include "sudokit/human_cli.h"

#include "sudokit/cli_options.h"
#include "sudokit/engine.h"

namespace sudokit::cli {

namespace {

// Enough for any 9x9 and most larger puzzles in well under a second; a search that needs more
// leaves the diagnosis unknown rather than stalling an explanation.
constexpr uint64_t kDiagnosisNodes = 2'000'000;

}  // namespace

void add_order_option(CLI::App& command, std::string& order) {
    command
        .add_option("--order", order,
                    "techniques to try, in turn: easiest (default: all, by rating), thesis, sb, "
                    "or codes joined by '+' (ns+hs+pt; see 'sudokit techniques')")
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

CandidateGrid start_position(const Puzzle& puzzle) {
    return puzzle.marks ? CandidateGrid::from_marks(*puzzle.marks) : CandidateGrid(puzzle.grid);
}

std::optional<int> Diagnosis::solutions() const {
    switch (verdict) {
        case Verdict::unknown:
            return std::nullopt;
        case Verdict::unique:
            return 1;
        case Verdict::several:
            return 2;
        case Verdict::none:
        case Verdict::marks_exclude:
            return 0;
    }
    return std::nullopt;
}

Diagnosis diagnose(const CandidateGrid& position) {
    const std::string spec = EngineOptions::default_engine_spec();
    const EngineInfo* info = find_engine(spec);
    if (info == nullptr || !info->supports(position.shape())) return {};
    const Result result = make_engine(spec)->solve(
        position.values(), Limits{.max_solutions = 2, .node_budget = kDiagnosisNodes});
    if (!result.complete) return {};
    if (result.count == 0) return {Diagnosis::Verdict::none, {}};
    if (result.count >= 2) return {Diagnosis::Verdict::several, {}};
    for (int cell = 0; cell < position.topology().cell_count(); ++cell) {
        const int digit = result.first[cell];
        if (position.value(cell) == 0 && !position.has(cell, digit))
            return {Diagnosis::Verdict::marks_exclude, {cell, digit}};
    }
    return {Diagnosis::Verdict::unique, {}};
}

std::string diagnosis_text(const Diagnosis& diagnosis, Shape shape, Alphabet alphabet) {
    switch (diagnosis.verdict) {
        case Diagnosis::Verdict::unknown:
            return "";
        case Diagnosis::Verdict::unique:
            return "The puzzle has one solution: it needs techniques beyond these.";
        case Diagnosis::Verdict::several:
            return "The puzzle has more than one solution: logic alone cannot finish it.";
        case Diagnosis::Verdict::none:
            return "The puzzle has no solution.";
        case Diagnosis::Verdict::marks_exclude:
            return "The pencil marks exclude the solution: it has " +
                   digit_text(diagnosis.lost.digit, shape.size(), alphabet) + " in " +
                   topology(shape).cell_name(diagnosis.lost.cell) +
                   ", which the marks of that cell lack.";
    }
    return "";
}

}  // namespace sudokit::cli
