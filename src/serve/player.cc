#include "serve/player.h"

#include <fmt/format.h>

#include "sudokit/explain.h"

namespace sudokit::serve {

namespace {

Grid read_values(const Request& r, const Puzzle& puzzle) {
    const Grid& givens = puzzle.grid;
    const Json& v = r.value("values");
    if (v.is_null()) return givens;
    const int cells = givens.cell_count();
    const int n = givens.size();
    if (!v.is_array() || v.size() != static_cast<size_t>(cells)) {
        throw BadRequest(400, "values",
                         fmt::format("values: expected an array of {} numbers (0 empty)", cells));
    }
    const Topology& topo = givens.topology();
    Grid values = givens;
    for (int c = 0; c < cells; ++c) {
        const Json& x = v[static_cast<size_t>(c)];
        if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() > n) {
            throw BadRequest(400, "values",
                             fmt::format("values[{}] ({}): expected a number from 0 to {}", c,
                                         topo.cell_name(c), n));
        }
        const int d = x.get<int>();
        if (givens[c] != 0 && d != givens[c]) {
            throw BadRequest(400, "values",
                             fmt::format("values[{}]: {} is a given {}, not {}", c,
                                         topo.cell_name(c), givens[c], d));
        }
        values.set(c, d);
    }
    return values;
}

}  // namespace

PlayerPosition read_player_position(const Request& r, const Puzzle& puzzle) {
    Grid values = read_values(r, puzzle);
    const Shape shape = values.shape();
    const int cells = shape.cell_count();
    const int n = shape.size();
    std::vector<bool> marked(static_cast<size_t>(cells), false);
    const Json& m = r.value("marks");
    if (m.is_null()) {
        if (puzzle.marks && !r.has("values")) {
            // Pencil-mark input: the marks as written, as the CLI's hint reads them.
            CandidateGrid position = start_position(puzzle);
            std::fill(marked.begin(), marked.end(), true);
            return {position.values(), std::move(position), std::move(marked)};
        }
        CandidateGrid position(values);
        return {std::move(values), std::move(position), std::move(marked)};
    }
    if (!m.is_array() || m.size() != static_cast<size_t>(cells)) {
        throw BadRequest(400, "marks",
                         fmt::format("marks: expected an array of {} arrays of digits", cells));
    }
    const Topology& topo = topology(shape);
    PencilMarks marks(shape);
    for (int c = 0; c < cells; ++c) {
        const Json& cell = m[static_cast<size_t>(c)];
        if (!cell.is_array()) {
            throw BadRequest(
                400, "marks",
                fmt::format("marks[{}] ({}): expected an array of digits", c, topo.cell_name(c)));
        }
        if (cell.empty()) continue;
        DigitSet set;
        for (const Json& d : cell) {
            if (!d.is_number_integer() || d.get<long long>() < 1 || d.get<long long>() > n) {
                throw BadRequest(400, "marks",
                                 fmt::format("marks[{}] ({}): expected digits from 1 to {}", c,
                                             topo.cell_name(c), n));
            }
            set.add(d.get<int>());
        }
        if (values[c] == 0) {
            marks.cells[static_cast<size_t>(c)] = set;
            marked[static_cast<size_t>(c)] = true;
        }
    }
    CandidateGrid position(values, marks);
    return {std::move(values), std::move(position), std::move(marked)};
}

std::optional<WrongEntry> check_player(const Puzzle& puzzle, const PlayerPosition& player,
                                       const Limits& limits) {
    const Grid& givens = puzzle.marks ? start_position(puzzle).values() : puzzle.grid;
    std::unique_ptr<Engine> engine = make_engine(default_engine_spec());
    Limits bounded = limits;
    bounded.max_solutions = 2;
    const Result result = engine->solve(givens, bounded);
    if (outcome_of(result) != Outcome::unique) return std::nullopt;
    const Grid& solution = result.first;
    const int cells = givens.cell_count();
    for (int c = 0; c < cells; ++c) {
        const int d = player.values[c];
        if (d != 0 && d != solution[c]) return WrongEntry{WrongEntry::Kind::digit, {c, d}};
    }
    for (int c = 0; c < cells; ++c) {
        if (player.values[c] == 0 && player.marked[static_cast<size_t>(c)] &&
            !player.position.has(c, solution[c])) {
            return WrongEntry{WrongEntry::Kind::mark, {c, solution[c]}};
        }
    }
    return std::nullopt;
}

Json player_hint_json(const Puzzle& puzzle, const PlayerPosition& player,
                      std::span<const Technique> order, bool vague, const Limits& limits) {
    // The head names the position the hint is about: the placed values, and the marks when
    // the player wrote some.
    Puzzle shown = puzzle;
    shown.grid = player.values;
    const bool any_marks =
        std::find(player.marked.begin(), player.marked.end(), true) != player.marked.end();
    shown.marks = any_marks ? std::optional<PencilMarks>(player.position.marks()) : std::nullopt;
    const Alphabet alphabet = text_alphabet(puzzle);
    const Topology& topo = player.values.topology();
    const std::optional<WrongEntry> wrong = check_player(puzzle, player, limits);
    Hint hint;
    if (wrong) {
        const std::string cell = topo.cell_name(wrong->candidate.cell);
        hint.status = Hint::Status::contradiction;
        hint.text =
            wrong->kind == WrongEntry::Kind::digit
                ? fmt::format("Contradiction: the {} in {} is not the solution's digit.",
                              digit_text(wrong->candidate.digit, topo.size(), alphabet), cell)
                : fmt::format(
                      "Contradiction: the pencil marks of {} removed the "
                      "solution's digit.",
                      cell);
    } else {
        hint = find_hint(player.position, alphabet, order, vague, limits);
    }
    Json j = hint_json(shown, hint, vague, "request");
    if (wrong) {
        const int c = wrong->candidate.cell;
        j["wrong"] = Json{{"kind", wrong->kind == WrongEntry::Kind::digit ? "digit" : "mark"},
                          {"cell", c},
                          {"name", topo.cell_name(c)},
                          {"row", topo.row_of(c) + 1},
                          {"col", topo.col_of(c) + 1},
                          {"digit", wrong->candidate.digit}};
    } else {
        j["wrong"] = nullptr;
    }
    return j;
}

}  // namespace sudokit::serve
