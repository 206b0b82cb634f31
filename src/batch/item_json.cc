// The JSON objects of solve and count items (include/sudokit/batch.h).
#include "sudokit/batch.h"
#include "sudokit/json.h"

namespace sudokit {

namespace {

Json head(const BatchItem& item, std::string_view source) {
    Json j;
    j["file"] = source;
    j["line"] = item.item.line;
    j["status"] = outcome_name(item.outcome);
    if (item.item.puzzle.ok()) {
        j["puzzle"] = format_line(item.puzzle().grid, item.puzzle().alphabet);
    } else {
        j["puzzle"] = item.item.text.empty() ? Json(nullptr) : Json(item.item.text);
    }
    return j;
}

void tail(Json& j, const BatchItem& item, Task task, const SolveOptions& options) {
    j["stats"] = item.ran() ? stats_json(item.result.stats) : Json(nullptr);
    j["comment"] = std::string(
        comment_text(item.item.puzzle.ok() ? item.puzzle().comment : item.item.comment));
    const std::string message = item.message(task, options);
    j["error"] = message.empty() ? Json(nullptr) : Json(message);
}

bool has_solution(Outcome outcome) {
    return outcome == Outcome::unique || outcome == Outcome::found;
}

}  // namespace

Json stats_json(const Stats& s) {
    return Json{{"nodes", s.nodes},
                {"guesses", s.guesses},
                {"depth", s.depth},
                {"propagations", s.propagations}};
}

Json solve_item_json(const BatchItem& item, std::string_view source, const SolveOptions& options) {
    Json j = head(item, source);
    j["solution"] = has_solution(item.outcome)
                        ? Json(format_line(item.result.first, item.puzzle().alphabet))
                        : Json(nullptr);
    j["count"] = item.ran() ? Json(item.result.count) : Json(nullptr);
    j["unique"] = item.outcome == Outcome::unique    ? Json(true)
                  : item.outcome == Outcome::several ? Json(false)
                                                     : Json(nullptr);
    j["engine"] = engine_name_of(options.engine);
    tail(j, item, Task::solve, options);
    return j;
}

Json count_item_json(const BatchItem& item, std::string_view source, const SolveOptions& options) {
    Json j = head(item, source);
    j["count"] = item.ran() ? Json(item.result.count) : Json(nullptr);
    j["complete"] = item.ran() ? Json(item.result.complete()) : Json(nullptr);
    j["limit"] = options.max_solutions;
    j["engine"] = engine_name_of(options.engine);
    tail(j, item, Task::count, options);
    return j;
}

}  // namespace sudokit
