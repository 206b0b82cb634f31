// Ratings of many puzzles in input order on every core (run_ordered_batch), their messages and
// their JSON.
#include <fmt/format.h>

#include <cmath>
#include <memory>
#include <mutex>
#include <vector>

#include "sudokit/json.h"
#include "sudokit/rate.h"
#include "sudokit/status_words.h"

namespace sudokit {

OptionCheck check_rate_options(const RateBatchOptions& options) {
    const RateOptions& rate = options.rate;
    if (!std::isfinite(rate.max_er) || rate.max_er < 0)
        return OptionError{"max_er", "a rating >= 0 (0: no limit)"};
    if (rate.ep_only && rate.ed_only) return OptionError{"ep_only", "choose one", "ed_only"};
    // An early exit at EP or ED ends before ER is known, so --max would compare nothing: the
    // rating would be "-/1.2/1.2" with --max or without. Said, not dropped.
    if (rate.max_er > 0 && (rate.ep_only || rate.ed_only)) {
        return OptionError{"max_er", "choose one: an early exit at EP or ED leaves ER unknown",
                           rate.ep_only ? "ep_only" : "ed_only"};
    }
    if (!std::isfinite(options.timeout_seconds) || options.timeout_seconds < 0)
        return OptionError{"timeout_seconds", "a number of seconds >= 0"};
    if (options.threads < 0) return OptionError{"threads", "0 (every core) or more"};
    return std::nullopt;
}

std::string_view RateItem::status() const {
    if (rated()) return rate_end_name(rating.end);
    return status_word(pencil_marks ? StatusWord::unsupported : StatusWord::invalid);
}

bool RateItem::failed() const {
    if (!rated()) return true;
    if (rating.end == RateEnd::time_limit || rating.end == RateEnd::interrupted) return true;
    return rating.solutions == SolutionCount::several || rating.solutions == SolutionCount::none;
}

std::string RateItem::message(const RateBatchOptions& options) const {
    if (!item.puzzle.ok()) return item.puzzle.error().message();
    if (conflict) return fmt::format("line {}: the givens conflict (not rated)", item.line);
    if (pencil_marks) {
        return fmt::format(
            "line {}: pencil marks are not rated: Sudoku Explainer rates a puzzle from its "
            "givens (give the puzzle; hint and explain read pencil marks)",
            item.line);
    }
    if (rating.end == RateEnd::time_limit && rating.step_work_spent) {
        const uint64_t bound =
            options.rate.step_work.value_or(default_step_work(puzzle().grid.shape()));
        return fmt::format(
            "line {}: the search for step {} ran past its work bound of {} units before the "
            "rating ended (ER {}; a bound on large grids: see step_work)",
            item.line, rating.steps + 1, bound,
            rating.steps == 0 ? "unknown" : "at least " + se_rating_text(rating.se.er));
    }
    if (rating.end == RateEnd::time_limit) {
        return fmt::format(
            "line {}: the time limit of {:g} s ran out before the rating ended "
            "({} steps; ER {})",
            item.line, options.timeout_seconds, rating.steps,
            rating.steps == 0 ? "unknown" : "at least " + se_rating_text(rating.se.er));
    }
    if (rating.solutions == SolutionCount::several) {
        return fmt::format(
            "line {}: several solutions: rated as Sudoku Explainer does "
            "(uniqueness techniques applied all the same)",
            item.line);
    }
    if (rating.solutions == SolutionCount::none)
        return fmt::format("line {}: no solution: rated as Sudoku Explainer does", item.line);
    return "";
}

namespace {

// The batch's Raters, one per worker that is rating: a worker takes a free one for each puzzle
// and gives it back, so there are never more than workers, and none is shared.
class RaterPool {
  public:
    std::unique_ptr<Rater> take() {
        std::lock_guard<std::mutex> lock(mutex_);
        if (free_.empty()) return std::make_unique<Rater>();
        std::unique_ptr<Rater> rater = std::move(free_.back());
        free_.pop_back();
        return rater;
    }
    void give(std::unique_ptr<Rater> rater) {
        std::lock_guard<std::mutex> lock(mutex_);
        free_.push_back(std::move(rater));
    }

  private:
    std::mutex mutex_;
    std::vector<std::unique_ptr<Rater>> free_;
};

}  // namespace

BatchEnd run_rate_batch(const RateInput& input, const RateBatchOptions& options,
                        const RateOutput& output, const std::function<bool()>& chunk_done) {
    std::vector<RateItem> items;
    RaterPool raters;
    return run_ordered_batch(
        options.chunk_items, options.threads, options.cancel,
        [&](size_t count) { items.resize(count); },
        [&](size_t slot) {
            RateItem& item = items[slot];
            item.conflict = false;
            item.pencil_marks = false;
            return input(item);
        },
        [&](size_t slot) {
            RateItem& item = items[slot];
            item.rating = Rating{};
            if (!item.item.puzzle.ok()) return true;
            // Rating the givens alone would ignore the marks (a position whose marks lost the
            // solution's digit would rate "solved"), and a rating from the marks is not SE's.
            if (item.puzzle().marks) {
                item.pencil_marks = true;
                return true;
            }
            const Grid& grid = item.puzzle().grid;
            if (find_conflict(grid)) {
                item.conflict = true;
                return true;
            }
            RateOptions rate = options.rate;
            rate.cancel = options.cancel;
            rate.deadline = Limits::deadline_after(options.timeout_seconds);
            std::unique_ptr<Rater> rater = raters.take();
            item.rating = rater->rate(grid, rate);
            raters.give(std::move(rater));
            return item.rating.end != RateEnd::interrupted;
        },
        [&](size_t slot) { return output(items[slot]); }, chunk_done);
}

Json se_rating_json(bool known, double x) {
    return known ? Json(se_tenths(x) / 10.0) : Json(nullptr);
}

Json rate_item_json(const RateItem& item, std::string_view source, const RateBatchOptions& options,
                    RateJsonExtras extras) {
    Json out = Json::object();
    out["file"] = std::string(source);
    out["line"] = item.item.line;
    const bool ok = item.item.puzzle.ok();
    out["status"] = std::string(item.status());
    out["puzzle"] = ok ? format_line(item.puzzle().grid, item.puzzle().alphabet) : item.item.text;
    const Rating& r = item.rating;
    out["er"] = se_rating_json(item.rated() && r.er_known(), r.se.er);
    out["ep"] = se_rating_json(item.rated() && r.ep_known(), r.se.ep);
    out["ed"] = se_rating_json(item.rated() && r.ed_known(), r.se.ed);
    out["rating"] = item.rated() ? Json(rating_text(r, options.rate)) : Json(nullptr);
    out["solutions"] =
        item.rated() ? Json(std::string(solution_count_name(r.solutions))) : Json(nullptr);
    out["steps"] = item.rated() ? Json(r.steps) : Json(nullptr);
    out["comment"] = std::string(comment_text(ok ? item.puzzle().comment : item.item.comment));
    const std::string message = item.message(options);
    out["error"] = message.empty() ? Json(nullptr) : Json(message);
    if (extras.histogram) out["histogram"] = item.rated() ? histogram_json(r) : Json(nullptr);
    if (extras.path) {
        Json lines = Json::array();
        if (item.rated()) {
            const std::string text = rate_path_text(r.path, item.puzzle().grid.shape());
            size_t at = 0;
            while (at < text.size()) {
                const size_t end = text.find('\n', at);
                lines.push_back(text.substr(at, end - at));
                at = end == std::string::npos ? text.size() : end + 1;
            }
        }
        out["path"] = std::move(lines);
    }
    return out;
}

}  // namespace sudokit
