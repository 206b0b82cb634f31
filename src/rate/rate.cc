// Sudoku Explainer's rating loop (docs/se-rating.md 1.2) on the stepper, and its texts.
#include "sudokit/rate.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <memory>

#include "human/stepper.h"
#include "sudokit/json.h"
#include "sudokit/status_words.h"

namespace sudokit {

std::string_view rate_end_name(RateEnd end) {
    switch (end) {
        case RateEnd::solved:
            return status_word(StatusWord::solved);
        case RateEnd::stuck:
            return status_word(StatusWord::stuck);
        case RateEnd::max_passed:
            return status_word(StatusWord::max);
        case RateEnd::ep_known:
            return status_word(StatusWord::ep_only);
        case RateEnd::ed_known:
            return status_word(StatusWord::ed_only);
        case RateEnd::time_limit:
            return status_word(StatusWord::timeout);
        case RateEnd::interrupted:
            break;
    }
    return status_word(StatusWord::interrupted);
}

std::string_view solution_count_name(SolutionCount count) {
    switch (count) {
        case SolutionCount::one:
            return "one";
        case SolutionCount::several:
            return "several";
        case SolutionCount::none:
            return "none";
        case SolutionCount::unknown:
            break;
    }
    return "unknown";
}

int se_tenths(double x) {
    if (!std::isfinite(x)) return 0;
    return static_cast<int>((x + 0.05) * 10);
}

std::string se_rating_text(double x) {
    const int w = se_tenths(x);
    // Java's w/10 and w%10 truncate toward zero; ratings are never negative here.
    return fmt::format("{}.{}", w / 10, w % 10);
}

// The steppers (made on first use: a rating keeps its path's explanations or not) and the
// engine that counts solutions: the registry's `auto`, which hands a long count on a 25x25 or
// larger grid to `sat` (`large` alone takes up to 43 s on the minimal 25x25 puzzles, `sat`
// 15 s: docs/results/large-grids.md).
struct Rater::State {
    std::unique_ptr<Engine> engine = make_engine("auto");
    std::unique_ptr<Stepper> plain, explaining;
    Stepper& stepper(bool explain) {
        std::unique_ptr<Stepper>& s = explain ? explaining : plain;
        if (s == nullptr) s = std::make_unique<Stepper>(se_order(), SearchMode::first, explain);
        return *s;
    }
};

Rater::Rater() : state_(std::make_unique<State>()) {}
Rater::~Rater() = default;
Rater::Rater(Rater&&) noexcept = default;
Rater& Rater::operator=(Rater&&) noexcept = default;

namespace {

SolutionCount count_solutions(Engine& engine, const Grid& puzzle, const RateOptions& options) {
    const Result result = engine.solve(
        puzzle, Limits{.max_solutions = 2, .deadline = options.deadline, .cancel = options.cancel});
    if (result.count >= 2) return SolutionCount::several;
    if (!result.complete()) return SolutionCount::unknown;
    return result.count == 1 ? SolutionCount::one : SolutionCount::none;
}

}  // namespace

Rating rate_puzzle(const Grid& puzzle, const RateOptions& options) {
    Rater rater;
    return rater.rate(puzzle, options);
}

Rating rate_puzzle(const Grid& puzzle, const RateOptions& options, Rater& rater) {
    return rater.rate(puzzle, options);
}

Rating Rater::rate(const Grid& puzzle, const RateOptions& options) {
    Rating rating;
    Stepper& stepper = state_->stepper(options.keep_path);
    rating.solutions = count_solutions(*state_->engine, puzzle, options);
    // Logic cannot finish a puzzle with several solutions or none (its ER is 20.0 whatever
    // comes first), and a nested level there can search for minutes: they are not tried.
    stepper.start_gated(
        options.uniqueness_as_se || rating.solutions == SolutionCount::one,
        rating.solutions == SolutionCount::one || rating.solutions == SolutionCount::unknown,
        Limits{.deadline = options.deadline, .cancel = options.cancel});
    stepper.set_step_budget(options.step_work.value_or(default_step_work(puzzle.shape())));
    CandidateGrid grid(puzzle);
    const int max_tenths = options.max_er > 0 ? se_tenths(options.max_er) : -1;
    // SE starts ER at -infinity; a grid with no empty cell keeps ER 0.0 here (see rate.h).
    double er = -INFINITY, ep = 0.0, ed = 0.0;
    // The early exits, decided after each step.
    RateEnd stop = RateEnd::solved;
    const RunEnd end = stepper.run(grid, [&](const Step& step, int) {
        if (step.rating > er) er = step.rating;
        ++rating.steps;
        ++rating.counts[static_cast<size_t>(step.technique)];
        if (options.keep_path) rating.path.push_back(step);
        if (ep == 0.0) {
            if (ed == 0.0) ed = er;
            if (!step.placements.empty()) ep = er;
        }
        if (max_tenths >= 0 && se_tenths(er) > max_tenths) {
            stop = RateEnd::max_passed;
            return false;
        }
        if (options.ed_only && !grid.solved()) {
            stop = RateEnd::ed_known;
            return false;
        }
        if (options.ep_only && ep != 0.0 && !grid.solved()) {
            stop = RateEnd::ep_known;
            return false;
        }
        return true;
    });
    switch (end) {
        case RunEnd::solved:
            rating.end = RateEnd::solved;
            break;
        case RunEnd::stuck:
        case RunEnd::contradiction:
            er = 20.0;
            // 20.0 passes any --max below it: said as ">max", like any other ER above it.
            rating.end = max_tenths >= 0 && se_tenths(er) > max_tenths ? RateEnd::max_passed
                                                                       : RateEnd::stuck;
            break;
        case RunEnd::stopped:
            rating.end = stop;
            break;
        case RunEnd::cancelled:
            rating.end = RateEnd::interrupted;
            break;
        case RunEnd::node_budget:
        case RunEnd::time_limit:
            rating.end = RateEnd::time_limit;
            break;
        case RunEnd::step_budget:
            rating.end = RateEnd::time_limit;
            rating.step_work_spent = true;
            break;
    }
    rating.se = SeRating{std::isfinite(er) ? er : 0.0, ep, ed};
    return rating;
}

std::string rating_text(const Rating& rating, const RateOptions& options) {
    std::string er = rating.end == RateEnd::max_passed ? ">" + se_rating_text(options.max_er)
                     : rating.er_known()               ? se_rating_text(rating.se.er)
                     : rating.er_bound()               ? ">=" + se_rating_text(rating.se.er)
                                                       : "-";
    return fmt::format("{}/{}/{}", er, rating.ep_known() ? se_rating_text(rating.se.ep) : "-",
                       rating.ed_known() ? se_rating_text(rating.se.ed) : "-");
}

namespace {

// SE's cell name: column letter, row number ("E2").
std::string se_cell(int cell, int n) {
    return fmt::format("{}{}", static_cast<char>('A' + cell % n), cell / n + 1);
}

// Java's Double.toString for the values ratings take: the shortest round-trip digits, with
// ".0" when they are a whole number.
std::string exact_double(double x) {
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, x);
    std::string text(buffer, ec == std::errc() ? end : buffer);
    if (text.find_first_of(".e") == std::string::npos) text += ".0";
    return text;
}

}  // namespace

std::string rate_path_text(const std::vector<Step>& path, Shape shape) {
    const int n = shape.size();
    const Alphabet alphabet = default_alphabet(n);
    std::string out;
    int number = 0;
    for (const Step& step : path) {
        std::string placement = "-";
        if (!step.placements.empty()) {
            placement.clear();
            for (const Candidate& c : step.placements) {
                if (!placement.empty()) placement += ' ';
                placement += se_cell(c.cell, n) + "=" + digit_symbol(c.digit, alphabet);
            }
        }
        // Eliminations grouped per cell, cells in order of first appearance, digits ascending.
        std::vector<std::pair<int, DigitSet>> cells;
        for (const Candidate& c : step.eliminations) {
            auto it = std::find_if(cells.begin(), cells.end(),
                                   [&](const auto& e) { return e.first == c.cell; });
            if (it == cells.end()) it = cells.insert(cells.end(), {c.cell, DigitSet{}});
            it->second.add(c.digit);
        }
        std::string eliminations = cells.empty() ? "-" : "";
        for (const auto& [cell, digits] : cells) {
            if (!eliminations.empty()) eliminations += ' ';
            eliminations += se_cell(cell, n) + "-";
            for (int d = 1; d <= n; ++d) {
                if (digits.contains(d)) eliminations += digit_symbol(d, alphabet);
            }
        }
        out +=
            fmt::format("{:3} | {} | {} | {} | {} | {} | - | {}\n", ++number,
                        se_rating_text(step.rating), technique_info(step.technique).name,
                        step_text(step, shape), placement, eliminations, exact_double(step.rating));
    }
    return out;
}

std::string histogram_text(const Rating& rating) {
    std::string out;
    for (const TechniqueInfo& info : all_techniques()) {
        const int count = rating.counts[static_cast<size_t>(info.id)];
        if (count == 0) continue;
        if (!out.empty()) out += ' ';
        out += fmt::format("{}:{}", info.code, count);
    }
    return out;
}

Json histogram_json(const Rating& rating) {
    Json out = Json::object();
    for (const TechniqueInfo& info : all_techniques()) {
        const int count = rating.counts[static_cast<size_t>(info.id)];
        // Keyed by code, as the text histogram and --order write techniques (sudokit
        // techniques, or Python's techniques(), gives each code's name).
        if (count != 0) out[std::string(info.code)] = count;
    }
    return out;
}

}  // namespace sudokit
