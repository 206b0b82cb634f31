// A player's position for a hint: the puzzle's givens, the digits placed since and the pencil
// marks written, and the check of them against the puzzle's solution that comes before a hint
// (a wrong digit or a mark that removed the solution's digit is pointed at).
#pragma once

#include <optional>
#include <span>

#include "serve/request.h"
#include "sudokit/engine.h"
#include "sudokit/human.h"
#include "sudokit/io.h"
#include "sudokit/json.h"

namespace sudokit::serve {

struct PlayerPosition {
    Grid values;  // the givens and the placed digits
    // The empty cells' candidates: the marks written (a cell without marks: every digit), less
    // the digits placed in its houses. An empty cell with one candidate stays empty.
    CandidateGrid position;
    std::vector<bool> marked;  // the cells whose marks the player wrote
};
// "values": N² numbers (0 empty; the givens kept); "marks": N² arrays of digits ([] for a cell
// without marks). Without either, the position is the puzzle's.
PlayerPosition read_player_position(const Request& request, const Puzzle& puzzle);

// The first of the player's entries the solution contradicts: a placed digit it does not have
// (kind "digit") or an empty cell whose marks lack its digit (kind "mark"). Nothing when the
// puzzle has no unique solution within the limits, or when nothing is wrong.
struct WrongEntry {
    enum class Kind : uint8_t { digit, mark };
    Kind kind = Kind::digit;
    Candidate candidate;  // digit: the wrong digit; mark: the solution's digit the marks lack
};
std::optional<WrongEntry> check_player(const Puzzle& puzzle, const PlayerPosition& player,
                                       const Limits& limits);

// hint_json of the player's position with "wrong": {kind, cell, name, row, col, digit} or null
// (when wrong, status is "contradiction" and the text names the cell).
Json player_hint_json(const Puzzle& puzzle, const PlayerPosition& player,
                      std::span<const Technique> order, bool vague, const Limits& limits);

}  // namespace sudokit::serve
