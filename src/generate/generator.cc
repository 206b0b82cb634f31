// The generator: a random grid, clue removal (minimal, or under a technique's ceiling), then,
// for a target, rejection plus a local search that moves clues (one orbit out, others in until
// the puzzle is unique again, then the removal again) and keeps a move that gets no easier,
// climbing on the target's score until it lands on it (used where it measured faster than
// rejection alone: see worth_climbing).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

#include "generate/random.h"
#include "generate/symmetric_minimal.h"
#include "generate/target.h"
#include "sudokit/generate.h"
#include "sudokit/status_words.h"

namespace sudokit {

namespace {

// Moves tried from one base puzzle without getting closer before a new grid is drawn. Small:
// a fresh base is cheap, and a base that stalls is usually a dead end.
constexpr int kStaleMoves = 12;
// Moves that take the orbit of a removable clue out, at most, to make a symmetric puzzle minimal
// clue by clue before a new grid is drawn.
constexpr int kMinimalRepairs = 6;
// Search nodes per uniqueness check when minimality is not asked for. A check either ends
// within a few dozen nodes or takes thousands to millions (a sparse 25x25: most of a
// minimal 25x25's time), and a budget of 64 to 2000 nodes removes about as many clues.
constexpr uint64_t kNodeBudget = 256;
// How far below the technique's rating the hardest technique a candidate used may be for a
// local search to start from it.
constexpr double kClimbWithin = 1.0;
// Local search only for techniques rated below the chains and for grids up to this side.
constexpr double kClimbBelowRating = 6.5;
constexpr int kClimbUpToSize = 12;
// Orbits added at most to make a puzzle unique again after a clue orbit was taken out.
constexpr int kMaxRepairs = 12;
// A minimal 25x25's time follows the puzzle's difficulty, with a heavy tail: a few grids take
// 200-640 s where the median takes 18 s. Their cost shows early: the checks' work after 230 of
// some 470 checks predicts the whole (docs/results/generate.md). A grid whose checks pass one
// of these limits is dropped, as soon as they do, and another drawn (unless
// GenerateOptions::keep_costly_grids). About 30 % of the grids are kept, and a puzzle takes
// 6-8 s on average instead of 28-35 s; the second limit catches the grids whose checks get
// heavy later.
constexpr WorkLimit kCostlyGrid25[] = {{.checks = 230, .work = 5000},
                                       {.checks = 300, .work = 15000}};

bool within(int value, int lo, int hi) {
    return (lo == 0 || value >= lo) && (hi == 0 || value <= hi);
}

// The ends of SE's scale: a Full House, and the rating of a position where no step applies.
constexpr double kLowestRating = 1.0;
constexpr double kNoStepRating = 20.0;
// From this ER on, SE's path needs the nested chains: none of 2,000 random minimal 9x9 puzzles
// rated this or more (docs/results/generate.md).
constexpr double kRareRating = 10.0;
// The easiest rating a minimal puzzle is known to get: ER 1.0 means Full Houses alone, and none
// of the 85,632 minimal 4x4 puzzles is solved by them (all checked).
constexpr double kLowestMinimalRating = 1.2;
// The clue counts of 2,000 random minimal 9x9 puzzles (generate --seed 2 -n 2000):
// docs/results/generate.md.
constexpr int kFewestMinimalClues9 = 21;
constexpr int kMostMinimalClues9 = 28;

}  // namespace

bool default_minimal(Shape shape) { return shape.size() <= 16; }

std::string_view generate_end_name(GenerateEnd end) {
    switch (end) {
        case GenerateEnd::found:
            return status_word(StatusWord::found);
        case GenerateEnd::time_limit:
            return status_word(StatusWord::timeout);
        case GenerateEnd::interrupted:
            break;
    }
    return status_word(StatusWord::interrupted);
}

int fewest_unique_clues(Shape shape) {
    // Proved by exhaustive searches: 4x4 (every 4x4 grid checked here too), 6x6 (either box
    // orientation: one is the other transposed), 9x9 (McGuire, Tugemann and Civario, 2012).
    if (shape == Shape{2, 2}) return 4;
    if (shape == Shape{2, 3} || shape == Shape{3, 2}) return 8;
    if (shape == Shape{3, 3}) return 17;
    // With two digits absent from the givens, swapping them in a solution gives another one.
    return std::max(shape.size() - 1, 0);
}

OptionCheck check_generate_options(const GenerateOptions& options) {
    const Shape shape = options.shape;
    if (!shape.valid())
        return OptionError{"shape", fmt::format("'{}' is not a valid box shape", shape.name())};
    if (shape.size() < 2)
        return OptionError{"shape", "a 1x1 grid has no puzzle to make: its one cell holds 1"};
    const GenerateTarget& t = options.target;
    const int cells = shape.cell_count();
    if (t.min_clues < 0 || t.max_clues < 0 || t.min_clues > cells || t.max_clues > cells) {
        const bool low = t.min_clues < 0 || t.min_clues > cells;
        return OptionError{
            low ? "min_clues" : "max_clues",
            fmt::format("a {}x{} grid has {} cells", shape.size(), shape.size(), cells)};
    }
    if (t.max_clues != 0 && t.min_clues > t.max_clues) {
        return OptionError{
            "min_clues", fmt::format("the lower bound {} is above the upper bound {}", t.min_clues,
                                     t.max_clues)};
    }
    const int fewest = fewest_unique_clues(shape);
    if (t.max_clues != 0 && t.max_clues < fewest) {
        const int n = shape.size();
        return OptionError{
            "max_clues",
            fewest == n - 1
                ? fmt::format("a {}x{} puzzle with one solution has at least {} clues (with two "
                              "digits absent from the clues, swapping them gives a second "
                              "solution)",
                              n, n, fewest)
                : fmt::format("no {}x{} puzzle with one solution has fewer than {} clues", n, n,
                              fewest)};
    }
    if (!std::isfinite(t.min_er) || t.min_er < 0)
        return OptionError{"min_er", "ratings are numbers >= 0"};
    if (!std::isfinite(t.max_er) || t.max_er < 0)
        return OptionError{"max_er", "ratings are numbers >= 0"};
    // SE's scale: 1.0 (a Full House) is the easiest step, 20.0 means that no step applies.
    for (const auto& [field, value] : {std::pair{"min_er", t.min_er}, {"max_er", t.max_er}}) {
        if (value != 0 && se_tenths(value) < se_tenths(kLowestRating)) {
            return OptionError{field, fmt::format("Sudoku Explainer's ratings start at {} (a "
                                                  "Full House); 0 means no bound",
                                                  se_rating_text(kLowestRating))};
        }
    }
    if (se_tenths(t.min_er) > se_tenths(kNoStepRating)) {
        return OptionError{"min_er", fmt::format("Sudoku Explainer's ratings end at {} (no step "
                                                 "applies)",
                                                 se_rating_text(kNoStepRating))};
    }
    if (t.max_er != 0 && se_tenths(t.min_er) > se_tenths(t.max_er)) {
        return OptionError{"min_er",
                           fmt::format("the lower bound {} is above the upper bound {}",
                                       se_rating_text(t.min_er), se_rating_text(t.max_er))};
    }
    if (t.technique) {
        const TechniqueInfo& info = technique_info(*t.technique);
        if (info.direct()) {
            return OptionError{
                "technique",
                fmt::format("{} is one of Sudoku Explainer's shortcuts, which the easiest order "
                            "does not use; ask for the technique it stands for",
                            info.name)};
        }
        if (t.max_er != 0 && se_tenths(info.rating) > se_tenths(t.max_er)) {
            return OptionError{
                "technique",
                fmt::format("{} is rated {}, above the upper bound {} of {{}}", info.code,
                            se_rating_text(info.rating), se_rating_text(t.max_er)),
                "max_er"};
        }
        // A puzzle that needs the technique rates exactly its rating.
        if (t.min_er != 0 && se_tenths(info.rating) < se_tenths(t.min_er)) {
            return OptionError{
                "technique",
                fmt::format("{} is rated {}, below the lower bound {} of {{}}: a puzzle that "
                            "needs it rates {}",
                            info.code, se_rating_text(info.rating), se_rating_text(t.min_er),
                            se_rating_text(info.rating)),
                "min_er"};
        }
    }
    if (!std::isfinite(options.timeout_seconds) || options.timeout_seconds < 0)
        return OptionError{"timeout_seconds", "a number of seconds >= 0"};
    return std::nullopt;
}

std::vector<OptionError> generate_option_warnings(const GenerateOptions& options) {
    std::vector<OptionError> out;
    const GenerateTarget& t = options.target;
    const bool minimal = options.minimal.value_or(default_minimal(options.shape) && !t.technique);
    const double lowest = t.technique ? technique_info(*t.technique).rating : t.min_er;
    const double highest = t.technique ? technique_info(*t.technique).rating : t.max_er;
    if (se_tenths(lowest) >= se_tenths(kRareRating)) {
        out.push_back(OptionError{
            t.technique ? "technique" : "min_er",
            fmt::format("ER {} and up needs Sudoku Explainer's nested chains, which random "
                        "puzzles almost never need (none of 2,000 random minimal 9x9 puzzles "
                        "rated {} or more)",
                        se_rating_text(kRareRating), se_rating_text(kRareRating))});
    }
    if (minimal && highest != 0 && se_tenths(highest) < se_tenths(kLowestMinimalRating)) {
        out.push_back(OptionError{
            t.technique ? "technique" : "max_er",
            fmt::format("ER {} means Full Houses alone, and no minimal puzzle is known to be "
                        "solved by them (none of the 85,632 minimal 4x4 puzzles is); without "
                        "minimal puzzles, fewer clues taken out make it easy",
                        se_rating_text(kLowestRating))});
    }
    if (minimal && options.shape == Shape{3, 3}) {
        if (t.max_clues != 0 && t.max_clues < kFewestMinimalClues9) {
            out.push_back(OptionError{
                "max_clues", fmt::format("minimal 9x9 puzzles of fewer than {} clues are rare "
                                         "(none of 2,000 random ones)",
                                         kFewestMinimalClues9)});
        }
        if (t.min_clues > kMostMinimalClues9) {
            out.push_back(OptionError{
                "min_clues", fmt::format("minimal 9x9 puzzles of more than {} clues are rare "
                                         "(none of 2,000 random ones)",
                                         kMostMinimalClues9)});
        }
    }
    return out;
}

struct Generator::State {
    explicit State(GenerateOptions o)
        : options(std::move(o)),
          minimal(options.minimal.value_or(default_minimal(options.shape) &&
                                           !options.target.technique)),
          judge(options.target),
          orbits(symmetry_orbits(options.shape, options.symmetry)),
          orbit_of(options.shape.cell_count()),
          symmetric_minimizer(orbits, orbit_of) {
        for (int i = 0; i < static_cast<int>(orbits.size()); ++i) {
            for (int cell : orbits[i]) orbit_of[cell] = i;
        }
        const GenerateTarget& t = options.target;
        removal.symmetry = options.symmetry;
        removal.minimal = minimal;
        if (minimal && options.shape.size() == 25 && options.symmetry == Symmetry::none &&
            !options.keep_costly_grids) {
            removal.work_limits.assign(std::begin(kCostlyGrid25), std::end(kCostlyGrid25));
        }
        if (!minimal) {
            removal.min_clues = t.min_clues;
            removal.stop_at = t.max_clues;
            removal.node_budget = kNodeBudget;
            if (t.technique) {
                removal.accept = [this](const Grid& puzzle) {
                    return judge.within_ceiling(puzzle);
                };
            }
        }
    }

    void count_candidate(GeneratedPuzzle& result) const {
        ++result.candidates;
        if (options.tried != nullptr) options.tried->fetch_add(1, std::memory_order_relaxed);
    }

    GenerateEnd stop_reason() const {
        return options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed)
                   ? GenerateEnd::interrupted
                   : GenerateEnd::time_limit;
    }

    // Makes a puzzle acceptable: minimal clue by clue (not just orbit by orbit) when minimal
    // puzzles with a symmetry are asked for, by moving the orbit of a removable clue out, and
    // with a clue count in the bounds. False when that did not work out.
    bool settle(Grid& puzzle, const Grid& solution, std::mt19937_64& rng) {
        if (minimal && options.symmetry != Symmetry::none && searches_symmetric_minimal()) {
            if (!symmetric_minimizer.run(puzzle, solution, rng, counter)) return false;
        } else if (minimal && options.symmetry != Symmetry::none) {
            for (int repair = 0;; ++repair) {
                const std::optional<int> cell = removable_clue(puzzle, counter);
                // A check the deadline cut proves nothing: not minimal.
                if (counter.out_of_time()) return false;
                if (!cell) break;
                if (repair == kMinimalRepairs) return false;
                std::optional<Grid> next = move(puzzle, solution, rng, orbit_of[*cell]);
                if (!next) return false;
                puzzle = std::move(*next);
            }
        }
        const GenerateTarget& t = options.target;
        return within(puzzle.given_count(), t.min_clues, t.max_clues);
    }

    // Where a grid is dear (above 9x9: a removal and the check of every clue take 60 ms on
    // 16x16), a long local search on it (SymmetricMinimizer) makes a symmetric minimal puzzle
    // 2-38x sooner than a few moves per grid (5x on 16x16 with a half-turn); with orbits of 4
    // cells (a quarter turn) it seldom ends, and on 9x9 new grids cost 0.2 ms: the few moves
    // below do better there.
    bool searches_symmetric_minimal() const {
        const int size = options.shape.size();
        return size > 9 && size <= 16 && options.symmetry != Symmetry::rot90;
    }

    // A neighbour of `puzzle`: one orbit of givens out (`out`, or a random one when -1), orbits
    // of the solution in until it is unique, then the removal pass. Nullopt when no move works
    // out.
    std::optional<Grid> move(const Grid& puzzle, const Grid& solution, std::mt19937_64& rng,
                             int out = -1) {
        std::vector<int> given, empty;
        for (int i = 0; i < static_cast<int>(orbits.size()); ++i) {
            (puzzle[orbits[i][0]] != 0 ? given : empty).push_back(i);
        }
        if (given.empty() || empty.empty()) return std::nullopt;
        Grid next = puzzle;
        if (out < 0) out = given[detail::draw_below(rng, given.size())];
        for (int cell : orbits[out]) next.set(cell, 0);
        for (int repair = 0;; ++repair) {
            if (repair == kMaxRepairs || empty.empty()) return std::nullopt;
            const size_t pick = detail::draw_below(rng, empty.size());
            for (int cell : orbits[empty[pick]]) next.set(cell, solution[cell]);
            empty[pick] = empty.back();
            empty.pop_back();
            const SolutionCount count = counter.count(next);
            if (count == SolutionCount::one) break;
            if (count != SolutionCount::several) return std::nullopt;  // out of time
        }
        return remove_clues(next, removal, rng, counter);
    }

    // Whether a local search from a too easy candidate pays (docs/results/generate.md): it does
    // where judging a neighbour is a cheap walk of logic, below a technique without chains on
    // grids up to 12x12 (X-Wing and Unique Rectangle puzzles 2-4x faster than by rejection).
    // It does not pay for X-Cycles (the walks run the chains), on 16x16 (a move redoes the
    // ceiling-bound removal over 90 clues: X-Wing 4x slower), nor below a rating band (a
    // neighbour of a hard puzzle costs a full rating, tens of milliseconds, against a fraction
    // of a millisecond for a fresh candidate: no faster up to 8.0-9.0, slower on 9.0-10.0).
    bool worth_climbing(const detail::Evaluation& e) const {
        if (e.stage != 0 || options.shape.size() > kClimbUpToSize) return false;
        const double rating = technique_info(*options.target.technique).rating;
        return rating < kClimbBelowRating && e.score >= rating - kClimbWithin;
    }

    GenerateOptions options;
    bool minimal;
    SolutionCounter counter;
    detail::TargetJudge judge;
    std::vector<std::vector<int>> orbits;
    std::vector<int> orbit_of;  // cell -> its orbit's index
    detail::SymmetricMinimizer symmetric_minimizer;
    RemovalOptions removal;
};

Generator::Generator(GenerateOptions options) {
    if (const OptionCheck problem = check_generate_options(options))
        throw std::invalid_argument(option_error_text(*problem));
    state_ = std::make_unique<State>(std::move(options));
}

Generator::~Generator() = default;

GeneratedPuzzle Generator::generate(uint64_t index) {
    State& s = *state_;
    const GenerateOptions& o = s.options;
    const auto start = Clock::now();
    const Clock::time_point deadline = Limits::deadline_after(o.timeout_seconds);
    s.counter.set_limits(deadline, o.cancel);
    s.judge.set_limits(deadline, o.cancel);
    std::mt19937_64 rng = detail::puzzle_rng(o.seed, index);
    GeneratedPuzzle result;
    result.index = index;
    const bool targeted = o.target.rated() || o.target.technique.has_value();
    const auto finish = [&](const Grid& puzzle, const Grid& solution,
                            const detail::Evaluation* evaluation) {
        result.end = GenerateEnd::found;
        result.puzzle = puzzle;
        result.solution = solution;
        if (!o.rate) {
            // The judge's rating of a technique target stays the judge's.
        } else if (evaluation != nullptr && evaluation->rated) {
            // Rated in full: a hit is inside the band, below the cut.
            result.rated = true;
            result.rating = evaluation->rating;
        } else if (o.rate) {
            RateOptions rate;
            rate.deadline = deadline;
            rate.cancel = o.cancel;
            result.rating = rate_puzzle(puzzle, rate, s.judge.rater());
            result.rated = true;
        }
    };
    for (;;) {
        if (s.counter.out_of_time()) {
            result.end = s.stop_reason();
            break;
        }
        const Grid solution = random_grid(o.shape, rng);
        std::optional<Grid> removed = remove_clues(solution, s.removal, rng, s.counter);
        if (s.counter.out_of_time()) continue;  // ends above
        s.count_candidate(result);
        if (!removed) continue;  // a heavy start
        Grid& puzzle = *removed;
        if (!s.settle(puzzle, solution, rng)) continue;
        if (!targeted) {
            finish(puzzle, solution, nullptr);
            break;
        }
        detail::Evaluation best = s.judge.judge(puzzle);
        if (best.verdict == detail::Verdict::hit) {
            finish(puzzle, solution, &best);
            break;
        }
        if (best.verdict != detail::Verdict::too_easy || !s.worth_climbing(best)) continue;
        // Climb: keep any move that is no easier, until kStaleMoves moves in a row got no
        // closer.
        bool hit = false;
        for (int stale = 0; stale < kStaleMoves && !hit;) {
            std::optional<Grid> next = s.move(puzzle, solution, rng);
            if (s.counter.out_of_time()) break;
            ++stale;
            if (!next) continue;
            s.count_candidate(result);
            if (!s.settle(*next, solution, rng)) continue;
            detail::Evaluation e = s.judge.judge(*next);
            if (e.verdict == detail::Verdict::hit) {
                finish(*next, solution, &e);
                hit = true;
            } else if (e.verdict == detail::Verdict::too_easy && e.better_or_equal(best)) {
                if (e.better(best)) stale = 0;
                best = std::move(e);
                puzzle = std::move(*next);
            } else if (e.verdict == detail::Verdict::out_of_time) {
                break;
            }
        }
        if (hit) break;
    }
    // Every check the limits cut counts as "unknown" where it happens, but one that ends inside
    // a counter, a walk or a rating can still steer a removal or a judgement. Once the limits
    // have passed, nothing found is trusted: a puzzle is found only if none of its work was cut,
    // so a seed gives the same puzzle with or without a deadline, or a timeout.
    if (result.found() && s.counter.out_of_time()) {
        result.end = s.stop_reason();
        result.puzzle = Grid{};
        result.solution = Grid{};
        result.rated = false;
        result.rating = Rating{};
    }
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
}

}  // namespace sudokit
