// hint as a library call: the next step from a position (a puzzle or a player's pencil marks),
// after checking that the position still has its solution, and the hint's JSON.
#include "sudokit/explain.h"
#include "sudokit/json.h"
#include "sudokit/status_words.h"

namespace sudokit {

namespace {

// "The pencil marks ..." continued after "Contradiction: ".
std::string lower_first(std::string text) {
    if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z')
        text[0] = static_cast<char>(text[0] - 'A' + 'a');
    return text;
}

// The step as JSON: in full (step_json), or with --vague only the technique and its house.
Json step_object(const Step& step, Shape shape, bool vague) {
    if (!vague) return step_json(step, shape);
    const TechniqueInfo& info = technique_info(step.technique);
    const std::optional<int> house = hint_house(step, shape);
    return Json{{"code", info.code},
                {"name", info.name},
                {"rating", info.rating},
                {"house", house ? Json(topology(shape).house_name(*house)) : Json(nullptr)}};
}

}  // namespace

std::string_view hint_status_name(Hint::Status status) {
    switch (status) {
        case Hint::Status::step:
            return status_word(StatusWord::step);
        case Hint::Status::solved:
            return status_word(StatusWord::solved);
        case Hint::Status::stuck:
            return status_word(StatusWord::stuck);
        case Hint::Status::contradiction:
            return status_word(StatusWord::contradiction);
        case Hint::Status::time_limit:
            return status_word(StatusWord::timeout);
        case Hint::Status::invalid:
            break;
    }
    return status_word(StatusWord::invalid);
}

Hint find_hint(const Puzzle& puzzle, std::span<const Technique> order, bool vague,
               const Limits& limits) {
    return find_hint(start_position(puzzle), text_alphabet(puzzle), order, vague, limits);
}

Hint find_hint(const CandidateGrid& position, Alphabet alphabet, std::span<const Technique> order,
               bool vague, const Limits& limits) {
    using Status = Hint::Status;
    const Shape shape = position.shape();
    if (auto c = position.contradiction()) {
        return {Status::contradiction,
                "Contradiction: " + contradiction_text(*c, shape, alphabet) +
                    "; the position has no solution.",
                std::nullopt};
    }
    if (position.solved()) return {Status::solved, "Solved: every cell is placed.", {}};
    // A step from a position without solution is sound but leads nowhere: say so first.
    const Diagnosis diagnosis = diagnose(position, limits);
    if (diagnosis.verdict == Diagnosis::Verdict::none) {
        return {Status::contradiction,
                "Contradiction: the position has no solution (a complete search finds none).",
                std::nullopt};
    }
    if (diagnosis.verdict == Diagnosis::Verdict::marks_exclude) {
        const std::string where = position.topology().cell_name(diagnosis.lost.cell);
        return {Status::contradiction,
                vague ? "Contradiction: the pencil marks exclude the solution; check the marks "
                        "of " +
                            where + "."
                      : "Contradiction: " + lower_first(diagnosis_text(diagnosis, shape, alphabet)),
                std::nullopt};
    }
    HumanOptions options;
    options.order.assign(order.begin(), order.end());
    options.max_steps = 1;
    options.deadline = limits.deadline;
    options.cancel = limits.cancel;
    SolvePath path = solve_path(position, options);
    if (!path.steps.empty()) {
        Step& step = path.steps.front();
        std::string text = vague ? step_hint_text(step, shape) : step_text(step, shape, alphabet);
        const bool several = diagnosis.verdict == Diagnosis::Verdict::several;
        if (several)
            text += " (but the position has more than one solution: logic alone cannot finish it)";
        return {Status::step, std::move(text), std::move(step), several};
    }
    if (path.step_work_spent) {
        return {Status::time_limit,
                "Timeout: the search for a step ran past its work bound (a bound on large "
                "grids).",
                {}};
    }
    if (path.end == PathEnd::time_limit || path.end == PathEnd::interrupted) {
        return {Status::time_limit, "Timeout: no step was found within the time limit.", {}};
    }
    std::string text = "No technique applies: logic alone (with these techniques) cannot go on.";
    if (const std::string note = diagnosis_text(diagnosis, shape, alphabet); !note.empty())
        text += " " + note;
    return {Status::stuck, std::move(text), std::nullopt};
}

Json hint_json(const Puzzle& puzzle, const Hint& hint, bool vague, std::string_view source) {
    Json j = position_json_head(puzzle, hint_status_name(hint.status), source);
    j["text"] = hint.text;
    j["step"] = hint.step ? step_object(*hint.step, puzzle.grid.shape(), vague) : Json(nullptr);
    j["comment"] = std::string(comment_text(puzzle.comment));
    j["error"] = nullptr;
    return j;
}

}  // namespace sudokit
