// Sudoku Explainer's rating (ER/EP/ED), computed by SE's own loop on sudokit's human solver:
// the `se` order, the first step of the first producer that finds one, the scan restarted from
// the top after every step (docs/rate.md; docs/se-rating.md section 1). Every box shape is
// rated with the same procedure and scale (SE itself rates only 9x9).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/batch.h"
#include "sudokit/engine.h"
#include "sudokit/human.h"
#include "sudokit/io.h"
#include "sudokit/option_error.h"

namespace sudokit {

// SE's three numbers, as exact doubles (printed with se_rating_text).
//   er: the hardest step (20.0 when no producer can advance the position)
//   ep: the hardest step up to and including the first step that places a value (0.0 if none)
//   ed: the first step's rating (0.0 if none)
struct SeRating {
    double er = 0.0;
    double ep = 0.0;
    double ed = 0.0;
    bool operator==(const SeRating&) const = default;
};

// How a rating ended.
enum class RateEnd : uint8_t {
    solved,       // every cell placed: ER/EP/ED final
    stuck,        // no producer advances the position: ER = 20.0 (SE's "no hint"), EP/ED final
    max_passed,   // RateOptions::max_er was passed: ER is only known to be above it
    ep_known,     // RateOptions::ep_only: stopped at the first placement (EP, ED final)
    ed_known,     // RateOptions::ed_only: stopped after the first step (ED final)
    time_limit,   // the deadline passed, or one step's search spent step_work, before the end
    interrupted,  // the cancel flag was set
};
// "solved", "stuck", "max", "ep-only", "ed-only", "timeout", "interrupted".
std::string_view rate_end_name(RateEnd end);

// What the rating knows about the puzzle's solutions (checked once, by the default engine under
// the rating's deadline).
enum class SolutionCount : uint8_t { one, several, none, unknown };
std::string_view solution_count_name(SolutionCount count);  // "one", "several", "none", "unknown"

struct RateOptions {
    // Stop once ER passes this rating (compared in SE's printed tenths: --max 7.0 stops at 7.1,
    // not at 7.0 nor at an X-chain of 6.699999999999999); 0: no limit.
    double max_er = 0.0;
    bool ep_only = false;  // stop at the first step that places a value
    bool ed_only = false;  // stop after the first step
    Clock::time_point deadline = Clock::time_point::max();  // checked before each step
    const std::atomic<bool>* cancel = nullptr;              // checked before each step
    // SE applies the uniqueness techniques (unique rectangles and loops, BUG) without asking
    // whether the puzzle has one solution, and so does the rating by default, so that the number
    // is SE's whatever the input; false offers them only when the puzzle has one solution.
    bool uniqueness_as_se = true;
    // Keep the steps (rating.steps), with their explanations (for rate_path_text).
    bool keep_path = false;
    // The bound on the work of the search for each step (HumanOptions::step_work): a step
    // whose search spends it ends the rating time_limit with Rating::step_work_spent, ER at
    // least the hardest step so far. nullopt: default_step_work of the shape (none on 9x9);
    // 0: no bound.
    std::optional<uint64_t> step_work = std::nullopt;
};

struct Rating {
    SeRating se;
    RateEnd end = RateEnd::solved;
    SolutionCount solutions = SolutionCount::unknown;
    int steps = 0;                              // steps applied
    std::array<int, kTechniqueCount> counts{};  // steps per technique (Technique's order)
    std::vector<Step> path;                     // with RateOptions::keep_path
    // time_limit because the search for the next step spent RateOptions::step_work, not
    // because of the clock.
    bool step_work_spent = false;

    // Which of the three numbers are final (the early exits and a timeout leave some unknown).
    bool er_known() const { return end == RateEnd::solved || end == RateEnd::stuck; }
    bool ep_known() const { return er_known() || se.ep != 0.0; }
    bool ed_known() const { return er_known() || se.ed != 0.0; }
    // Cut by the time limit (or the step bound) or an interrupt after some steps: ER is at
    // least se.er (the
    // hardest step so far is a step of SE's path), which rating_text writes ">=8.3".
    bool er_bound() const {
        return (end == RateEnd::time_limit || end == RateEnd::interrupted) && steps > 0;
    }
    // Whether the numbers are a rating (not cut short by a timeout or an interrupt).
    bool complete() const { return end != RateEnd::time_limit && end != RateEnd::interrupted; }
};

// Rates a puzzle by SE's loop (docs/se-rating.md 1.2). A step "places a value" (for EP) when it has
// placements: singles, SE's direct techniques and chains whose result is a value. A grid with no
// empty cell rates 0.0/0.0/0.0 (SE prints the integer cast of -infinity). Conflicting givens
// are the caller's to reject (find_conflict); the rating of such a grid is SE's (usually 20.0).
Rating rate_puzzle(const Grid& puzzle, const RateOptions& options = {});

// The reusable state of ratings: the steppers over the se order (with and without
// explanations, each made on first use) and their workspaces, and the engine that counts
// solutions (the default engine, `auto`).
// A caller that rates many puzzles keeps one per thread (the rating batch keeps one per worker);
// one Rater is used by one thread at a time. rate_puzzle() without one makes its own.
class Rater {
  public:
    Rater();
    ~Rater();
    Rater(Rater&&) noexcept;
    Rater& operator=(Rater&&) noexcept;

    Rating rate(const Grid& puzzle, const RateOptions& options = {});

  private:
    struct State;
    std::unique_ptr<State> state_;
};

// rate_puzzle on a caller's Rater: the same rating, without making the state again.
Rating rate_puzzle(const Grid& puzzle, const RateOptions& options, Rater& rater);

// ---- Text --------------------------------------------------------------------------------------
// A rating as serate prints it: w = (int)((x + 0.05) * 10), then w/10 "." w%10 ("7.2", "20.0").
std::string se_rating_text(double x);
// SE's tenths of a rating: (int)((x + 0.05) * 10).
int se_tenths(double x);
// "er/ep/ed" as serate's default %r/%p/%d; an unknown number (an early exit) is "-", ER
// above RateOptions::max_er is ">max" (e.g. ">7.0/1.2/1.2"), and ER of a rating cut by the
// time limit after some steps ">=" the hardest so far (">=8.3/1.2/1.2").
std::string rating_text(const Rating& rating, const RateOptions& options = {});

// The path in the layout of shared/data/se_paths, one line per step:
//   "  1 | 1.2 | Hidden Single (box) | Hidden Single: r5c1=7 (box 4) | A5=7 | - | - | 1.2"
// step | rating (SE's rounding) | technique | text | placement | eliminations | chain
// complexity | exact rating (shortest round-trip double, Java style "2.0"). The technique name
// and text are sudokit's own (technique_info().name, step_text); cells in the placement and
// elimination fields are SE's (column letter, row number: "E2"), eliminations grouped per cell
// ("C5-79"), digits in the shape's alphabet. sudokit's steps carry no chain complexity: "-".
std::string rate_path_text(const std::vector<Step>& path, Shape shape);
// The technique counts "code:count" joined by ' ', in Technique's order (rating order), only
// those used: "fh:3 hsb:20 hsl:5 ns:2".
std::string histogram_text(const Rating& rating);

// ---- Batches -----------------------------------------------------------------------------------
struct RateBatchOptions {
    RateOptions rate;            // deadline and cancel are set per item from the two below
    double timeout_seconds = 0;  // per puzzle, 0: none
    int threads = 0;             // see batch_threads
    size_t chunk_items = 4096;   // items read before they are rated; 1: each as it comes
    const std::atomic<bool>* cancel = nullptr;
};
// The first option that cannot work, or nothing. Fields: "max_er", "ep_only" (with "ed_only":
// choose one), "timeout_seconds", "threads".
OptionCheck check_rate_options(const RateBatchOptions& options);

// One input item and its rating.
struct RateItem {
    int source = 0;
    PuzzleReader::Item item;
    bool conflict = false;  // the givens conflict: not rated
    // Pencil-mark input: not rated (status "unsupported"; docs/rate.md says why).
    bool pencil_marks = false;
    Rating rating;  // valid when rated()
    bool rated() const { return item.puzzle.ok() && !conflict && !pencil_marks; }
    const Puzzle& puzzle() const { return item.puzzle.value(); }
    // The status word of the item: rate_end_name of its rating, "invalid" (malformed input,
    // conflicting givens) or "unsupported" (pencil marks).
    std::string_view status() const;
    // Whether the item counts as a failure (exit 1): invalid input, conflicting givens, pencil
    // marks, a timeout, or a puzzle with several solutions or none (rated all the same).
    bool failed() const;
    // The stderr reason ("line 5: several solutions: rated as Sudoku Explainer does, ...");
    // "" when there is nothing to say.
    std::string message(const RateBatchOptions& options) const;
};

using RateInput = std::function<bool(RateItem& item)>;
using RateOutput = std::function<bool(const RateItem& item)>;

// Rates every item of `input` on batch_threads(options.threads) workers and hands each to
// `output` in input order (run_ordered_batch, the machinery of run_batch).
BatchEnd run_rate_batch(const RateInput& input, const RateBatchOptions& options,
                        const RateOutput& output, const std::function<bool()>& chunk_done = {});

}  // namespace sudokit
