// The human solver: pencil marks, techniques as data, steps, solving paths and their
// explanations (docs/ARCHITECTURE.md "Human solver"; the thesis's strategy-based solver SB, seed
// 000). The `human` engine (engine.h registry) runs the same stepper behind the Engine interface.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/engine.h"
#include "sudokit/grid.h"
#include "sudokit/io.h"

namespace sudokit {

// ---- Techniques -----------------------------------------------------------------------------
// One enumerator per row of techniques.def, in rating order.
enum class Technique : uint8_t {
#define SUDOKIT_TECHNIQUE(id, name, code, rating, se, level, finder, renderer, hint, flags) id,
#include "sudokit/techniques.def"
#undef SUDOKIT_TECHNIQUE
};

inline constexpr int kTechniqueCount = 0
#define SUDOKIT_TECHNIQUE(id, name, code, rating, se, level, finder, renderer, hint, flags) +1
#include "sudokit/techniques.def"
#undef SUDOKIT_TECHNIQUE
    ;

// The flags column of techniques.def.
enum TechniqueFlags : unsigned {
    kPlain = 0,
    // Valid only when the puzzle has exactly one solution (unique rectangles and loops, BUG):
    // offered only after the solver has checked that it has.
    kAssumesUniqueness = 1,
    // A Sudoku Explainer shortcut that places a digit without applying its own eliminations
    // (Direct Pointing, Direct Hidden Pair, ...): in SE's order `se`, not in the easiest order.
    kDirect = 2,
    // A nested chaining level (SE's C7-C10): not tried on a puzzle known to have several
    // solutions or none, where logic cannot finish and one search can take minutes.
    kNested = 4,
};

struct TechniqueInfo {
    Technique id;
    std::string_view name;  // "Naked Pair"
    std::string_view code;  // "np"
    double rating;          // difficulty on the Sudoku Explainer scale (chains add a length bonus)
    std::string_view hint;  // the name with its article, for vague hints: "an X-Wing", "Pointing"
    unsigned flags;         // TechniqueFlags
    int se_place;           // place in Sudoku Explainer's order (se_order), 1 first; 0: not in it
    int chain_level;        // dynamic forcing chains: 1 "(+)", 2-5 nested; 0 otherwise
    constexpr bool assumes_uniqueness() const { return (flags & kAssumesUniqueness) != 0; }
    constexpr bool direct() const { return (flags & kDirect) != 0; }
    constexpr bool nested() const { return (flags & kNested) != 0; }
};

// Every technique, in rating order (the table's order).
std::span<const TechniqueInfo> all_techniques();
const TechniqueInfo& technique_info(Technique technique);
// By code ("np") or name ("Naked Pair", "naked-pair", "naked_pair"), case-insensitive.
std::optional<Technique> find_technique(std::string_view text);

// ---- Orders ---------------------------------------------------------------------------------
// Every technique, easiest first (rating order, without the direct shortcuts): what `explain`,
// `hint` and the `human` engine use by default.
std::span<const Technique> easiest_order();
// The thesis's SB exactly: naked single, hidden single (box, then row/column), pointing,
// naked pair, hidden pair, naked triple, naked quad.
std::span<const Technique> thesis_order();
// The thesis's order followed by every other technique in rating order (derived, not listed):
// SB extended to the whole ladder.
std::span<const Technique> sb_order();
// Sudoku Explainer's producer order (docs/se-rating.md 1.4): its direct shortcuts between the
// singles, then I1-I15 and the chaining producers. A rating needs this order.
std::span<const Technique> se_order();
// "easiest", "thesis", "sb", "se", one of them up to and including a technique ("easiest:xw":
// every technique up to X-Wing), or codes/names joined by '+' ("ns+hs+pt"; "hs" stands for both
// hidden singles). Null with *error set when a name is unknown or the list is empty.
std::optional<std::vector<Technique>> parse_order(std::string_view text,
                                                  std::string* error = nullptr);

// How the stepper walks the order after a step succeeded.
enum class SearchMode : uint8_t {
    first,     // back to the first technique (the thesis's rule)
    stepdown,  // on to the next technique, round the order; stuck after a full round of misses
               // (the nested chaining levels are last resorts: tried only after every other
               // technique of the order missed, as one search can take seconds)
    focus,     // as first, but singles are searched first around the last placed digit
};
// "first", "stepdown", "focus".
std::optional<SearchMode> parse_search_mode(std::string_view text);
std::string_view search_mode_name(SearchMode mode);

// The default bound on the work of the search for one step (HumanOptions::step_work,
// RateOptions::step_work), in the units of max_work: 0 (none) up to 9x9, so that 9x9 paths and
// ratings are Sudoku Explainer's; above, 2^18 * (16/N)^3 units (262,144 on 16x16, 68,719 on
// 25x25), so that a nested chaining level that would search for minutes is cut after about a
// second (docs/human-solver.md "Bounds on large grids").
uint64_t default_step_work(Shape shape);

struct HumanOptions {
    std::vector<Technique> order =
        std::vector<Technique>(easiest_order().begin(), easiest_order().end());
    SearchMode mode = SearchMode::first;
    size_t max_steps = 0;  // 0: no limit
    // A bound on the work of the path that does not depend on the machine's speed (0: none):
    // the steps and the start cells the chaining searches try, together (the `human` engine's
    // node budget). When it is spent the path ends step_limit.
    uint64_t max_work = 0;
    // The same units for the search of each step: a step whose search spends them is not found,
    // and the path ends time_limit with SolvePath::step_work_spent (the steps so far kept).
    // nullopt: default_step_work of the puzzle's shape; 0: no bound.
    std::optional<uint64_t> step_work = std::nullopt;
    Clock::time_point deadline = Clock::time_point::max();  // checked before each step
    const std::atomic<bool>* cancel = nullptr;              // set to stop before the next step
    // Whether steps carry their explanation (the `human` engine and a rating need none).
    bool explain = true;
    // The uniqueness techniques (unique rectangles, BUG) are offered only for a puzzle with one
    // solution: nullopt lets the solver check once (fastest engine); true or false says it.
    std::optional<bool> unique = std::nullopt;
};

// ---- Steps ----------------------------------------------------------------------------------
struct Candidate {
    int cell = 0;
    int digit = 0;
    auto operator<=>(const Candidate&) const = default;
};

// What a house, cell or candidate is to the pattern of a step (docs/explain-json.md lists each
// family's use).
enum class Role : uint8_t {
    base,      // the pattern itself: a single's house, a subset's cells, a fish's base lines
    cover,     // what receives the eliminations: a locked digit's other house, a fish's cover lines
    fin,       // a fish's fin
    pivot,     // a wing's pivot
    pincer,    // a wing's pincers
    extra,     // a unique loop's or BUG's cell outside the deadly pattern
    excluder,  // an aligned exclusion's excluding cells
    on,        // a chain node: the candidate is true
    off,       // a chain node: the candidate is false
};
std::string_view role_name(Role role);  // "base", "cover", "fin", ...

struct HouseMark {
    int house = 0;  // Topology house id
    Role role = Role::base;
    bool operator==(const HouseMark&) const = default;
};
struct CellMark {
    int cell = 0;
    Role role = Role::base;
    bool operator==(const CellMark&) const = default;
};
struct CandidateMark {
    Candidate candidate;
    Role role = Role::base;
    bool operator==(const CandidateMark&) const = default;
};

// A link of a chain, in chain order: strong (if `from` is off then `to` is on) or weak (if `from`
// is on then `to` is off).
enum class LinkKind : uint8_t { strong, weak };
std::string_view link_kind_name(LinkKind kind);  // "strong", "weak"
struct ChainLink {
    Candidate from;
    Candidate to;
    LinkKind kind = LinkKind::strong;
    bool operator==(const ChainLink&) const = default;
};

// Why a node of a forcing chain follows from its parents (SE's causes).
enum class Cause : uint8_t {
    assumption,     // the chain's start: assumed on or off
    naked_single,   // the cell's other candidates (one left, or this one taken)
    hidden_box,     // the digit's other places in a box
    hidden_row,     // ... in a row
    hidden_column,  // ... in a column
    advanced,       // a nested deduction (explanation.nested[node.nested])
};
std::string_view cause_name(Cause cause);  // "assumption", "naked_single", ...

// The shape of a chain step (its StepExplanation::variant and the JSON's `variant`): the text
// of the step and the web page tell them apart by it.
enum class ChainVariant : int {
    cycle = 1,               // a cycle: X-, Y- or bidirectional, in Eureka notation
    generalized_x_wing = 2,  // an X-cycle of four cells (named "Generalized X-Wing")
    forcing_chain = 3,       // one chain from an assumption to its negation (X, XY, Turbot Fish)
    contradiction = 4,       // an assumption leads to two contradicting nodes
    double_implication = 5,  // a candidate on and off both lead to the same node
    cell_chains = 6,         // each candidate of a cell leads to the same node
    region_chains = 7,       // each place of a digit in a house leads to the same node
};

struct Step;

// A node of the implication tree of a forcing chain: a candidate taken as on or off because of
// its parents (earlier nodes; parents[0] is the one it was derived from, dynamic chains add the
// eliminations that made the link possible).
struct ChainNode {
    Candidate candidate;
    bool on = false;
    Cause cause = Cause::assumption;
    std::vector<int> parents;  // indexes into StepExplanation::nodes; empty for an assumption
    int nested = -1;           // Cause::advanced: index into StepExplanation::nested, or -1
    bool operator==(const ChainNode&) const = default;
};

// How a step is explained: the pattern with the role of each part. Built only when the sink asks
// for it (StepSink::explain), so the search loops never pay for it.
struct StepExplanation {
    DigitSet digits;  // the digits of the pattern
    std::vector<HouseMark> houses;
    std::vector<CellMark> cells;
    std::vector<CandidateMark> candidates;
    std::vector<ChainLink> links;  // chains: the links in order
    std::vector<ChainNode> nodes;  // forcing chains: the tree of implications
    std::vector<int> targets;      // forcing chains: the nodes that prove the effect
    std::vector<Step> nested;      // the advanced nodes' deductions (docs/explain-json.md)
    int variant = 0;  // family-specific: a unique loop's or BUG's type, a ChainVariant, ...
    bool operator==(const StepExplanation&) const = default;
    void clear();
};

// One deduction, as data, in two parts: the effect the stepper applies (eliminations first,
// then placements) with its own rating, and the explanation the text, the JSON, the web page and
// the tests read.
struct Step {
    Technique technique = Technique::full_house;
    double rating = 0.0;                  // the technique's rating plus any bonus (chain length)
    std::vector<Candidate> placements;    // cell := digit
    std::vector<Candidate> eliminations;  // digit removed from cell
    StepExplanation explanation;          // empty unless asked for
    bool operator==(const Step&) const = default;
};

// ---- Candidate grid -------------------------------------------------------------------------
// Why a position has no solution.
struct Contradiction {
    enum class Kind : uint8_t {
        no_candidates,  // an empty cell has no candidate left (cell)
        no_place,       // a digit missing from a house has no candidate in it (house, digit)
        duplicate,      // a house holds a digit twice (house, digit; cell = the second one)
    };
    Kind kind;
    int cell = -1;
    int house = -1;
    int digit = 0;
};

namespace detail {
struct CellSlots;  // per shape: each cell's three houses and its index in each
}

// The pencil marks of a position: placed values, the candidates of each empty cell and, per
// house and digit, the positions (bit i = the i-th cell of Topology::house) still holding it.
// Placed cells have no candidates.
class CandidateGrid {
  public:
    // Candidates allowed by the rules given the placed values.
    explicit CandidateGrid(const Grid& puzzle);
    // Placed values from `values`; an empty cell keeps the marks a player wrote, less the digits
    // placed in its houses (the rule every player applies first, not a technique).
    CandidateGrid(const Grid& values, const PencilMarks& marks);
    // From pencil marks alone: a cell with one mark counts as placed (as the pencil-mark formats
    // read it), so a naked single written as a lone mark is taken as already placed.
    static CandidateGrid from_marks(const PencilMarks& marks);

    Shape shape() const { return shape_; }
    int size() const { return n_; }
    const Topology& topology() const { return *topo_; }

    int value(int cell) const { return values_[cell]; }
    DigitSet candidates(int cell) const { return cands_[cell]; }
    bool has(int cell, int digit) const { return cands_[cell].contains(digit); }
    // Positions of a digit in a house: bit i = topology().house(house)[i] has it as candidate.
    uint64_t positions(int house, int digit) const {
        return pos_[static_cast<size_t>(house) * n_ + (digit - 1)];
    }
    DigitSet placed_in(int house) const { return placed_[house]; }
    int empty_in(int house) const { return empty_[house]; }
    int empty_count() const { return empty_total_; }
    bool solved() const { return empty_total_ == 0; }
    // Index of a cell within a house that holds it (its bit in positions()).
    int index_in(int house, int cell) const;
    // The empty cells with exactly one candidate: bit c % 64 of word c / 64.
    std::span<const uint64_t> single_cells() const { return singles_; }

    // The first contradiction in a fixed order, if any (cells, then houses).
    std::optional<Contradiction> contradiction() const;

    Grid values() const;
    PencilMarks marks() const;  // placed cells hold their digit as the one mark

    // Removes a candidate; false when it was not there.
    bool eliminate(int cell, int digit);
    // Places a digit (the cell loses its candidates) and removes it from the peers.
    void place(int cell, int digit);

    bool operator==(const CandidateGrid& o) const {
        return shape_ == o.shape_ && values_ == o.values_ && cands_ == o.cands_;
    }

  private:
    explicit CandidateGrid(Shape shape);
    void init_from(const Grid& values, const std::vector<DigitSet>& marks);

    void note_size(int cell);  // keeps singles_ in step with cands_[cell]

    Shape shape_;
    const Topology* topo_;
    const detail::CellSlots* slots_;
    int n_;
    std::vector<uint8_t> values_;
    std::vector<DigitSet> cands_;
    std::vector<uint64_t> pos_;      // house * N + digit-1
    std::vector<DigitSet> placed_;   // per house
    std::vector<uint8_t> empty_;     // per house
    std::vector<uint64_t> singles_;  // see single_cells()
    int empty_total_ = 0;
};

// Whether a position's puzzle (its placed values) has exactly one solution: the check the
// uniqueness techniques need, made with the fastest engine for the shape.
bool has_unique_solution(const CandidateGrid& position);

// ---- Finding and applying steps -------------------------------------------------------------
// Applies a step: its eliminations, then its placements. Returns the number of candidates
// removed plus placements made (0: the step changed nothing).
int apply_step(CandidateGrid& grid, const Step& step);
// Every step one technique finds in a position (at most `limit`, 0: all), in its scan order,
// with explanations. A uniqueness technique is run as asked: the caller knows the puzzle.
std::vector<Step> find_steps(const CandidateGrid& grid, Technique technique, size_t limit = 0);
// Every step any of `techniques` finds in a position: the same steps as find_steps() of each
// technique in turn, but a producer of several techniques (the chaining ones) runs once for all
// of them. Grouped by producer, in the order their first technique is listed.
std::vector<Step> find_steps(const CandidateGrid& grid, std::span<const Technique> techniques);
// The first step of the first technique in `order` that finds one; nullopt when none does.
// Uniqueness techniques and the nested chaining levels are tried only when the position's puzzle
// has one solution.
std::optional<Step> next_step(const CandidateGrid& grid,
                              std::span<const Technique> order = easiest_order());

// How a solving path ended.
enum class PathEnd : uint8_t {
    solved,         // every cell placed (by logic alone)
    stuck,          // no technique of the order applies
    contradiction,  // the position has no solution (shown by final.contradiction())
    step_limit,     // HumanOptions::max_steps (or max_work) reached
    time_limit,     // HumanOptions::deadline passed, or one step's search spent step_work
    interrupted,    // HumanOptions::cancel was set
};
// "solved", "stuck", "contradiction", "step-limit", "timeout", "interrupted" (status_words.h).
std::string_view path_end_name(PathEnd end);

struct SolvePath {
    std::vector<Step> steps;
    CandidateGrid final;  // the position after the last step
    PathEnd end = PathEnd::stuck;
    // time_limit because the search for the next step spent HumanOptions::step_work (the bound
    // on one step's work), not because of the clock.
    bool step_work_spent = false;
};
// Solves by logic alone, recording every step. Never guesses.
SolvePath solve_path(const Grid& puzzle, const HumanOptions& options = {});
SolvePath solve_path(const CandidateGrid& start, const HumanOptions& options = {});

// ---- Summaries and explanations -------------------------------------------------------------
struct PathSummary {
    std::vector<int> counts;           // steps per technique, indexed by Technique
    std::optional<Technique> hardest;  // the highest-rated technique used
    double max_rating = 0.0;           // its rating (0 when no step)
    int steps = 0;
    int placing_steps = 0;  // steps that place at least one digit (the others only eliminate)
    int placements = 0;     // digits placed, by all steps
    int eliminations = 0;   // candidates removed, by all steps
    PathEnd end = PathEnd::stuck;
    bool step_work_spent = false;  // SolvePath::step_work_spent
};
PathSummary summarize(const SolvePath& path);

// Community notation, one line, no newline:
//   "Hidden Single: r3c5=7 (box 2)"
//   "Naked Pair {3,7} in r4c2,r4c8 => r4c1<>3, r4c5<>3,7"
// Cells are r<row>c<col>; digits are written as the grids are (io.h): automatic is the shape's
// default alphabet (16x16: 1-9 then A-G, "r1c1=G"; 36x36: 0-9A-Z), numeric writes numbers.
std::string step_text(const Step& step, Shape shape, Alphabet alphabet = Alphabet::automatic);
// A vague hint: the technique and the house to look in, no cell or digit:
//   "Look for a Naked Pair in row 4", "Look for Pointing in box 3". A naked single, which has
// no house, names the box of its cell.
std::string step_hint_text(const Step& step, Shape shape);
// The house a vague hint points at: the pattern's base house, or for a naked single the box of
// its cell; nullopt when the step has neither.
std::optional<int> hint_house(const Step& step, Shape shape);
// Why a position has no solution, in words: "r4c5 has no candidate left", "7 has no place left
// in row 3", "row 3 holds 7 twice (r3c8)". Digits as in step_text.
std::string contradiction_text(const Contradiction& contradiction, Shape shape,
                               Alphabet alphabet = Alphabet::automatic);
// Several lines: steps per technique (rating order), the hardest technique, how it ended.
std::string summary_text(const PathSummary& summary);

}  // namespace sudokit
