// The JSON of the library's values (nlohmann::ordered_json: fields keep the order they were set
// in) and their one-line text: the objects the CLI, the Python module and the server print. The
// other public headers never include nlohmann/json; only this one does. Input text can hold any
// bytes (a Latin-1 comment, a file name), so the text never fails: bytes that are not UTF-8
// become U+FFFD.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "sudokit/batch.h"
#include "sudokit/explain.h"
#include "sudokit/generate.h"
#include "sudokit/human.h"
#include "sudokit/rate.h"

namespace sudokit {

using Json = nlohmann::ordered_json;

// The value on one line (no newline), invalid UTF-8 replaced; never throws.
std::string json_text(const Json& value);
// Appends json_text(value) and '\n'.
void append_json_line(std::string& out, const Json& value);

// ---- Solve and count items (batch.h: the CLI's --format json, the Python module's dicts) --------
// Both start with file, line, status (outcome_name), puzzle (canonical; for invalid input the
// text as read, so that the item can be found) and end with stats (null when the engine did not
// run), comment and error (the message, null when the outcome answers the task).
//   solve: ... solution (null unless unique or found), count, unique (true: one; false: several;
//          null: not known or no solution), engine, ...
//   count: ... count, complete (false when the count reached the limit: "at least"), limit,
//          engine, ...
Json solve_item_json(const BatchItem& item, std::string_view source, const SolveOptions& options);
Json count_item_json(const BatchItem& item, std::string_view source, const SolveOptions& options);
// {"nodes", "guesses", "depth", "propagations"}.
Json stats_json(const Stats& stats);

// ---- Steps and paths of the human solver (human.h) ----------------------------------------------
// One JSON object per step / per path (docs/explain-json.md has the schema).
Json step_json(const Step& step, Shape shape);
Json path_json(const SolvePath& path);

// ---- Ratings (rate.h) ---------------------------------------------------------------------------
// A rating as a JSON number in SE's tenths (7.1, not 7.05 or 7.099999), or null when not known.
Json se_rating_json(bool known, double x);
// {"Full House": 3, ...} in Technique's order, only those used.
Json histogram_json(const Rating& rating);
// What an item's JSON carries beyond the rating (rate's --histogram and --path).
struct RateJsonExtras {
    bool histogram = false;  // "histogram": histogram_json (null when not rated)
    bool path = false;       // "path": the lines of rate_path_text (needs RateOptions::keep_path)
};
// The JSON of an item: file, line, status (the end, or "invalid"), puzzle, er, ep, ed (numbers in
// SE's tenths, null when unknown), rating (rating_text), solutions, steps, comment, error, then
// the extras asked for.
Json rate_item_json(const RateItem& item, std::string_view source, const RateBatchOptions& options,
                    RateJsonExtras extras = {});

// ---- Explanations and hints (explain.h) ---------------------------------------------------------
// {file, line, status (path end), puzzle, marks, shape, size, end, steps, summary, final,
// contradiction?, solutions, note, verified? (true, false, or null without a solution; only
// with verify), rating ({er, ep, ed, text} or null), comment, error}.
Json explanation_json(const Puzzle& puzzle, const Explanation& explanation,
                      std::string_view source);
// {file, line, status, puzzle, marks, text, step (full, or with `vague` code, name, rating,
// house), comment, error}.
Json hint_json(const Puzzle& puzzle, const Hint& hint, bool vague, std::string_view source);
// The fields explain and hint objects start with: {file, line, status, puzzle, marks} (marks:
// the pencil marks as a line for pencil-mark input, else null).
Json position_json_head(const Puzzle& puzzle, std::string_view status, std::string_view source);
// The JSON of an invalid item, with what was read: {file, line, status "invalid", puzzle (the
// text as read), marks null, then each of `null_fields` null, comment, error}.
Json invalid_item_json(const PuzzleReader::Item& item, std::string_view source,
                       std::span<const std::string_view> null_fields = {});

// ---- Generated puzzles (generate.h) -------------------------------------------------------------
// The JSON of a generated puzzle (`generate --format json`, Python's generate): index (0-based),
// status (generate_end_name), puzzle and solution (lines in the shape's default alphabet, null
// when not found), clues, er, ep, ed (numbers in SE's tenths, null when not rated), rating
// (rating_text), candidates (puzzles tried), seconds, seed; with `histogram`, "histogram"
// (histogram_json, null when not rated).
Json generated_puzzle_json(const GeneratedPuzzle& puzzle, const GenerateOptions& options,
                           bool histogram = false);

// ---- The lists a front end shows (engine.h, human.h)
// --------------------------------------------- `sudokit engines/techniques --format json` print
// them, Python's engines()/techniques() return them, so both list the same fields.
// [{name, description, sizes, options: [{name, values (null for text), syntax, default, help}],
// options_text ("stack=prealloc|alloc, hidden=on|off"), logic_only}], in all_engines()'s order.
Json engines_json();
// {techniques: [{code, name, rating, thesis (place in the thesis's order, null when not in it),
// assumes_uniqueness, direct, nested}], orders: {easiest, thesis, sb, se}}.
Json techniques_json();

}  // namespace sudokit
