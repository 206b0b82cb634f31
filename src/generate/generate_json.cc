// generated_puzzle_json: one generated puzzle as the CLI's JSON lines and the Python module
// show it, in the field layout of rate_item_json where the two overlap.
#include "sudokit/generate.h"
#include "sudokit/io.h"
#include "sudokit/json.h"

namespace sudokit {

Json generated_puzzle_json(const GeneratedPuzzle& puzzle, const GenerateOptions& options,
                           bool histogram) {
    const Alphabet alphabet = default_alphabet(options.shape.size());
    const bool found = puzzle.found();
    const bool rated = found && puzzle.rated;
    Json out = Json::object();
    // Counted from 1, as the text's order and the messages on stderr count puzzles ("puzzle 3").
    out["index"] = puzzle.index + 1;
    out["status"] = std::string(generate_end_name(puzzle.end));
    out["puzzle"] = found ? Json(format_line(puzzle.puzzle, alphabet)) : Json(nullptr);
    out["solution"] = found ? Json(format_line(puzzle.solution, alphabet)) : Json(nullptr);
    out["clues"] = found ? Json(puzzle.puzzle.given_count()) : Json(nullptr);
    const Rating& r = puzzle.rating;
    out["er"] = se_rating_json(rated && r.er_known(), r.se.er);
    out["ep"] = se_rating_json(rated && r.ep_known(), r.se.ep);
    out["ed"] = se_rating_json(rated && r.ed_known(), r.se.ed);
    out["rating"] = rated ? Json(rating_text(r)) : Json(nullptr);
    out["candidates"] = puzzle.candidates;
    out["seconds"] = puzzle.seconds;
    out["seed"] = options.seed;
    if (histogram) out["histogram"] = rated ? histogram_json(r) : Json(nullptr);
    return out;
}

}  // namespace sudokit
