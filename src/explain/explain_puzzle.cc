// explain as a library call: the path by logic alone, the diagnosis by a complete search when
// logic stops short, and their text and JSON.
#include <fmt/format.h>

#include "engines/auto/auto_engine.h"
#include "sudokit/engine.h"
#include "sudokit/explain.h"
#include "sudokit/json.h"
#include "sudokit/status_words.h"

namespace sudokit {

namespace {

// Enough for any 9x9 and most larger puzzles in well under a second; a search that needs more
// leaves the diagnosis unknown rather than stalling an explanation.
constexpr uint64_t kDiagnosisNodes = 2'000'000;

// A path that did not solve the puzzle is checked by a complete search, to tell a puzzle that
// needs harder techniques from one that has several solutions or none, or pencil marks that
// lost a digit of the solution. A contradiction needs it only for the last.
std::optional<Diagnosis> diagnosis_of(const Puzzle& puzzle, const Explanation& e,
                                      const HumanOptions& options) {
    const Limits limits{.deadline = options.deadline, .cancel = options.cancel};
    switch (e.path.end) {
        case PathEnd::stuck:
            return diagnose(e.start, limits);
        case PathEnd::contradiction: {
            if (!puzzle.marks) return std::nullopt;
            Diagnosis d = diagnose(e.start, limits);
            if (d.verdict != Diagnosis::Verdict::marks_exclude) return std::nullopt;
            return d;
        }
        default:
            // Solved, or cut short (step limit, time limit, interrupt): nothing to explain.
            return std::nullopt;
    }
}

}  // namespace

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

Diagnosis diagnose(const CandidateGrid& position, const Limits& limits) {
    std::unique_ptr<Engine> engine = make_auto_engine();
    Limits bounded = limits;
    bounded.max_solutions = 2;
    if (bounded.node_budget == 0) bounded.node_budget = kDiagnosisNodes;
    const Result result = engine->solve(position.values(), bounded);
    if (!result.answered()) return {};
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

StepCheck check_steps(const SolvePath& path, const Grid& solution) {
    StepCheck check;
    check.verdict = StepCheck::Verdict::sound;
    for (size_t i = 0; i < path.steps.size(); ++i) {
        const Step& step = path.steps[i];
        for (const Candidate& c : step.eliminations) {
            if (solution[c.cell] == c.digit) return {StepCheck::Verdict::unsound, i, c, false};
        }
        for (const Candidate& c : step.placements) {
            if (solution[c.cell] != c.digit) return {StepCheck::Verdict::unsound, i, c, true};
        }
    }
    return check;
}

std::string step_check_text(const StepCheck& check, const SolvePath& path, Shape shape,
                            Alphabet alphabet) {
    switch (check.verdict) {
        case StepCheck::Verdict::sound:
            return fmt::format("Verified: all {} steps agree with the solution.",
                               path.steps.size());
        case StepCheck::Verdict::no_solution:
            return "Not verified: the puzzle has no single solution to check the steps against.";
        case StepCheck::Verdict::unsound: {
            const Topology& topo = topology(shape);
            const std::string digit = digit_text(check.wrong.digit, shape.size(), alphabet);
            return fmt::format("UNSOUND: step {} ({}) {} {} {} r{}c{}, against the solution.",
                               check.step + 1, step_text(path.steps[check.step], shape, alphabet),
                               check.placed ? "places" : "removes", digit,
                               check.placed ? "in" : "from", topo.row_of(check.wrong.cell) + 1,
                               topo.col_of(check.wrong.cell) + 1);
        }
    }
    return "";
}

Explanation explain_puzzle(const Puzzle& puzzle, const HumanOptions& options,
                           const ExplainChecks& checks) {
    CandidateGrid start = start_position(puzzle);
    SolvePath path = solve_path(start, options);
    Explanation e{std::move(start), std::move(path), std::nullopt, std::nullopt, std::nullopt};
    e.diagnosis = diagnosis_of(puzzle, e, options);
    const bool path_complete = e.path.end == PathEnd::solved || e.path.end == PathEnd::stuck;
    if (checks.rate && !puzzle.marks && path_complete) {
        e.rating = rate_puzzle(puzzle.grid, RateOptions{.deadline = options.deadline,
                                                        .cancel = options.cancel,
                                                        .step_work = options.step_work});
    }
    if (checks.verify) {
        std::unique_ptr<Engine> engine = make_auto_engine();
        const Result result = engine->solve(
            e.start.values(), Limits{.max_solutions = 2, .node_budget = kDiagnosisNodes});
        e.check = result.complete() && result.count == 1 ? check_steps(e.path, result.first)
                                                         : StepCheck{};
    }
    return e;
}

std::string explanation_text(const Puzzle& puzzle, const Explanation& e, bool grid) {
    const Shape shape = e.start.shape();
    const SolvePath& path = e.path;
    const Alphabet alphabet = text_alphabet(puzzle);
    const Alphabet marks = marks_alphabet(puzzle);
    const int width = static_cast<int>(std::to_string(path.steps.size()).size());
    std::string out;
    CandidateGrid position = e.start;
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
    if (e.diagnosis) {
        if (const std::string note = diagnosis_text(*e.diagnosis, shape, alphabet); !note.empty())
            out += note + "\n";
    }
    if (e.rating) out += explain_rating_text(*e.rating) + "\n";
    if (e.check) out += step_check_text(*e.check, path, shape, alphabet) + "\n";
    return out;
}

std::string explain_rating_text(const Rating& rating) {
    switch (rating.end) {
        case RateEnd::time_limit:
            if (rating.step_work_spent) {
                return "Rating: not finished: the search for step " +
                       std::to_string(rating.steps + 1) + " ran past its work bound (ER at least " +
                       se_rating_text(rating.se.er) + ").";
            }
            return "Rating: not finished within the time limit.";
        case RateEnd::interrupted:
            return "Rating: interrupted.";
        default:
            return "Rating: " + rating_text(rating) +
                   " (Sudoku Explainer's ER/EP/ED, in its order of techniques)";
    }
}

Json explanation_json(const Puzzle& puzzle, const Explanation& e, std::string_view source) {
    const SolvePath& path = e.path;
    Json j = position_json_head(puzzle, path_end_name(path.end), source);
    Json path_fields = path_json(path);
    for (auto& [key, value] : path_fields.items()) j[key] = std::move(value);
    std::optional<int> solutions;
    if (path.end == PathEnd::solved) solutions = 1;
    if (path.end == PathEnd::contradiction) solutions = 0;
    if (e.diagnosis) solutions = e.diagnosis->solutions();
    j["solutions"] = solutions ? Json(*solutions) : Json(nullptr);
    std::string note;
    if (e.diagnosis) note = diagnosis_text(*e.diagnosis, puzzle.grid.shape(), Alphabet::automatic);
    j["note"] = note.empty() ? Json(nullptr) : Json(note);
    if (e.check) {
        j["verified"] = e.check->verdict == StepCheck::Verdict::no_solution
                            ? Json(nullptr)
                            : Json(e.check->verdict == StepCheck::Verdict::sound);
    }
    if (e.rating && e.rating->complete()) {
        const Rating& r = *e.rating;
        j["rating"] = Json{{"er", se_rating_json(r.er_known(), r.se.er)},
                           {"ep", se_rating_json(r.ep_known(), r.se.ep)},
                           {"ed", se_rating_json(r.ed_known(), r.se.ed)},
                           {"text", rating_text(r)}};
    } else {
        j["rating"] = nullptr;
    }
    j["comment"] = std::string(comment_text(puzzle.comment));
    j["error"] = nullptr;
    return j;
}

Json position_json_head(const Puzzle& puzzle, std::string_view status, std::string_view source) {
    Json j;
    j["file"] = source;
    j["line"] = puzzle.line;
    j["status"] = status;
    j["puzzle"] = format_line(puzzle.grid, puzzle.alphabet);
    j["marks"] = puzzle.marks ? Json(format_marks_line(*puzzle.marks, marks_alphabet(puzzle)))
                              : Json(nullptr);
    return j;
}

Json invalid_item_json(const PuzzleReader::Item& item, std::string_view source,
                       std::span<const std::string_view> null_fields) {
    Json j;
    j["file"] = source;
    j["line"] = item.line;
    j["status"] = status_word(StatusWord::invalid);
    j["puzzle"] = item.text.empty() ? Json(nullptr) : Json(item.text);
    j["marks"] = nullptr;
    for (std::string_view field : null_fields) j[std::string(field)] = nullptr;
    j["comment"] = std::string(comment_text(item.comment));
    j["error"] = item.puzzle.error().message();
    return j;
}

}  // namespace sudokit
