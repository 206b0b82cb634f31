// Explaining a puzzle and hinting at a position, as every front end does it (the CLI's explain
// and hint, the Python module, the web page): the path by logic alone, what a complete search
// says when logic stops short, the next step from a player's pencil marks, and their text and
// JSON (docs/explain-json.md).
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/batch.h"
#include "sudokit/human.h"
#include "sudokit/io.h"
#include "sudokit/option_error.h"
#include "sudokit/rate.h"

namespace sudokit {

// The position a puzzle starts from: the candidates its givens allow, or, for pencil-mark
// input, the marks as written (a cell with a single mark counts as placed).
CandidateGrid start_position(const Puzzle& puzzle);

// What a complete search (the default engine, up to two solutions, under a node budget and the
// caller's limits) says about the placed values of a position and the marks around them.
struct Diagnosis {
    enum class Verdict : uint8_t {
        unknown,        // not known: the budget or time ran out, or no engine solves the shape
        unique,         // one solution, which the marks keep
        several,        // two or more solutions
        none,           // no solution
        marks_exclude,  // one solution, but the marks have lost one of its digits (`lost`)
    };
    Verdict verdict = Verdict::unknown;
    Candidate lost;  // marks_exclude: the first cell (row-major) whose marks lack its digit

    // Solutions of the position itself (values and marks): 0, 1, 2 (two or more); null when
    // unknown.
    std::optional<int> solutions() const;
};
// `limits` gives the deadline and cancel flag; its node budget, when 0, becomes the diagnosis's
// own (enough for any 9x9 and most larger puzzles in well under a second).
Diagnosis diagnose(const CandidateGrid& position, const Limits& limits = {});
// One sentence: "The puzzle has more than one solution: logic alone cannot finish it.", ...;
// "" for unknown.
std::string diagnosis_text(const Diagnosis& diagnosis, Shape shape, Alphabet alphabet);

// The alphabet explanations are written in: the puzzle's own (a 16x16 puzzle in hex reads 0-F
// throughout); pencil marks have no numeric form, so numeric input gets the default alphabet.
inline Alphabet text_alphabet(const Puzzle& puzzle) { return puzzle.alphabet; }
inline Alphabet marks_alphabet(const Puzzle& puzzle) {
    return puzzle.alphabet == Alphabet::numeric ? Alphabet::automatic : puzzle.alphabet;
}

// ---- explain ---------------------------------------------------------------------------------
// The check of a path's steps against the solution (explain --verify): a sound step never
// places a digit the solution lacks nor removes one it has.
struct StepCheck {
    enum class Verdict : uint8_t {
        sound,        // every step agrees with the solution
        unsound,      // step `step` (0-based) contradicts it
        no_solution,  // nothing to check against: the puzzle has none, several, or the search
                      // gave up (see `solutions`)
    };
    Verdict verdict = Verdict::no_solution;
    size_t step = 0;
    Candidate wrong;      // unsound: the effect that contradicts the solution
    bool placed = false;  // unsound: `wrong` is a placement (else an elimination)
};
struct Explanation {
    CandidateGrid start;
    SolvePath path;
    // When logic did not finish (stuck), or pencil marks led to a contradiction: what a complete
    // search says. Not asked after a step limit, a time limit or an interrupt.
    std::optional<Diagnosis> diagnosis;
    // With verify: the check of every step against the puzzle's solution (null when not asked).
    std::optional<StepCheck> check;
    // With rate: Sudoku Explainer's ER/EP/ED of the puzzle (rate_puzzle, as `sudokit rate`
    // prints it), whatever order the path used. Null when not asked, for pencil-mark input (SE
    // rates a puzzle from its givens), and when the path was cut short (step or time limit,
    // interrupt) or its givens conflict.
    std::optional<Rating> rating;
};

// What explain_puzzle does beyond the path.
struct ExplainChecks {
    bool verify = false;  // check every step against the solution (Explanation::check)
    bool rate = false;    // rate the puzzle on SE's scale (Explanation::rating)
};

// The first step of `path` that contradicts `solution`.
StepCheck check_steps(const SolvePath& path, const Grid& solution);
// "every step agrees with the solution", "step 12 (Naked Pair ...) removes 7 from r4c5, the
// solution's digit", ...
std::string step_check_text(const StepCheck& check, const SolvePath& path, Shape shape,
                            Alphabet alphabet);

// Solves by logic alone under options (order, mode, step limit, deadline, cancel flag); with
// checks.verify, finds the puzzle's solution with the default engine and checks every step
// against it; with checks.rate, rates the puzzle under the same deadline and cancel flag.
Explanation explain_puzzle(const Puzzle& puzzle, const HumanOptions& options,
                           const ExplainChecks& checks = {});
// "Rating: 2.8/2.8/2.6 (Sudoku Explainer's ER/EP/ED)", or why it is unknown ("Rating: not
// finished within the time limit").
std::string explain_rating_text(const Rating& rating);
// The numbered steps, the summary, the solution or why there is none, the diagnosis; with
// `grid`, the pencil-mark grid before each step and the final position.
std::string explanation_text(const Puzzle& puzzle, const Explanation& explanation, bool grid);

// ---- hint ------------------------------------------------------------------------------------
struct Hint {
    enum class Status : uint8_t { step, solved, stuck, contradiction, time_limit, invalid };
    Status status = Status::invalid;
    std::string text;  // the line a person reads
    std::optional<Step> step;
    // A step was found, but the position has more than one solution (said in `text`): logic
    // alone cannot finish it, whatever step comes next.
    bool several_solutions = false;
};
// "step", "solved", "stuck", "contradiction", "timeout", "invalid".
std::string_view hint_status_name(Hint::Status status);
// The next step from a position in `order` (full, or with `vague` only the technique and the
// house); first the contradictions: a cell without candidate, a position without solution, or
// pencil marks that lost the solution's digit. `limits` bounds the search that checks it.
Hint find_hint(const Puzzle& puzzle, std::span<const Technique> order, bool vague,
               const Limits& limits = {});
// The same from a position built by the caller (a player's values and marks, where an empty
// cell with one mark stays empty, unlike the pencil-mark formats), its text in `alphabet`.
Hint find_hint(const CandidateGrid& position, Alphabet alphabet, std::span<const Technique> order,
               bool vague, const Limits& limits = {});

// ---- options and batches -----------------------------------------------------------------
// The options of explain and hint as a front end receives them (the order and mode by name),
// checked by the library so that every front end refuses the same things with the same reason.
struct ExplainBatchOptions {
    std::string order = "easiest";  // parse_order's names: "easiest", "se", "hsb,ns,...", ...
    std::string mode = "first";     // first, stepdown or focus (SearchMode)
    size_t max_steps = 0;           // 0: no limit
    // The bound on the work of each step's search, of the path and of the rating
    // (HumanOptions::step_work): nullopt, the shape's default (none on 9x9); 0, none.
    std::optional<uint64_t> step_work = std::nullopt;
    ExplainChecks checks;
    double timeout_seconds = 0;  // per puzzle, 0: none
    int threads = 0;             // see batch_threads
    size_t chunk_items = 256;    // items read before they are explained; 1: each as it comes
    const std::atomic<bool>* cancel = nullptr;
};
struct HintBatchOptions {
    std::string order = "easiest";
    bool vague = false;          // only the technique and the house
    double timeout_seconds = 0;  // per position, 0: none
    int threads = 0;
    size_t chunk_items = 256;
    const std::atomic<bool>* cancel = nullptr;
};
// The first option that cannot work, or nothing. Fields: "order" (the reason parse_order
// gives), "mode", "timeout_seconds", "threads".
OptionCheck check_explain_options(const ExplainBatchOptions& options);
OptionCheck check_hint_options(const HintBatchOptions& options);
// The solver's options of one puzzle of a checked batch (its deadline starts now).
HumanOptions explain_human_options(const ExplainBatchOptions& options);
// The technique order of a checked hint batch.
std::vector<Technique> hint_order(const HintBatchOptions& options);

// One input item and its explanation (null for invalid input).
struct ExplainItem {
    int source = 0;
    PuzzleReader::Item item;
    std::optional<Explanation> explanation;
    bool explained() const { return explanation.has_value(); }
    // The stderr lines to print for it ("line 5: the time limit of 2 s ran out before the
    // explanation ended", an unsound step, the input error), empty when there is nothing to say.
    std::vector<std::string> messages(const ExplainBatchOptions& options) const;
};
struct HintItem {
    int source = 0;
    PuzzleReader::Item item;
    Hint hint;
    std::vector<std::string> messages(const HintBatchOptions& options) const;
};

using ExplainInput = std::function<bool(ExplainItem& item)>;
using ExplainOutput = std::function<bool(const ExplainItem& item)>;
using HintInput = std::function<bool(HintItem& item)>;
using HintOutput = std::function<bool(const HintItem& item)>;

// Explains (or hints at) every item of `input` on batch_threads(options.threads) workers and
// hands each to `output` in input order (run_ordered_batch). The options must have passed their
// check. After a cancel, the items finished before the first unfinished one are handed on.
BatchEnd run_explain_batch(const ExplainInput& input, const ExplainBatchOptions& options,
                           const ExplainOutput& output,
                           const std::function<bool()>& chunk_done = {});
BatchEnd run_hint_batch(const HintInput& input, const HintBatchOptions& options,
                        const HintOutput& output, const std::function<bool()>& chunk_done = {});

}  // namespace sudokit
