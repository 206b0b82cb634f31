// Explanations and hints of many puzzles in input order on every core (run_ordered_batch), and
// the checks of their options that every front end shares.
#include <fmt/format.h>

#include <cmath>

#include "sudokit/explain.h"

namespace sudokit {

namespace {

OptionCheck check_order(const std::string& order) {
    std::string error;
    if (!parse_order(order, &error)) return OptionError{"order", error};
    return std::nullopt;
}

OptionCheck check_limits(double timeout_seconds, int threads) {
    if (!std::isfinite(timeout_seconds) || timeout_seconds < 0)
        return OptionError{"timeout_seconds", "a number of seconds >= 0"};
    if (threads < 0) return OptionError{"threads", "0 (every core) or more"};
    return std::nullopt;
}

}  // namespace

OptionCheck check_explain_options(const ExplainBatchOptions& options) {
    if (OptionCheck problem = check_order(options.order)) return problem;
    if (!parse_search_mode(options.mode))
        return OptionError{"mode",
                           fmt::format("'{}' is not one of first, stepdown, focus", options.mode)};
    return check_limits(options.timeout_seconds, options.threads);
}

OptionCheck check_hint_options(const HintBatchOptions& options) {
    if (OptionCheck problem = check_order(options.order)) return problem;
    return check_limits(options.timeout_seconds, options.threads);
}

HumanOptions explain_human_options(const ExplainBatchOptions& options) {
    HumanOptions human;
    human.order = parse_order(options.order).value();
    human.mode = parse_search_mode(options.mode).value();
    human.max_steps = options.max_steps;
    human.step_work = options.step_work;
    human.deadline = Limits::deadline_after(options.timeout_seconds);
    human.cancel = options.cancel;
    return human;
}

std::vector<Technique> hint_order(const HintBatchOptions& options) {
    return parse_order(options.order).value();
}

std::vector<std::string> ExplainItem::messages(const ExplainBatchOptions& options) const {
    if (!item.puzzle.ok()) return {item.puzzle.error().message()};
    std::vector<std::string> lines;
    if (!explanation) return lines;
    const Explanation& e = *explanation;
    if (e.check && e.check->verdict == StepCheck::Verdict::unsound) {
        const Puzzle& puzzle = item.puzzle.value();
        lines.push_back(fmt::format(
            "line {}: {}", item.line,
            step_check_text(*e.check, e.path, puzzle.grid.shape(), text_alphabet(puzzle))));
    }
    if (e.path.end == PathEnd::time_limit && e.path.step_work_spent) {
        const uint64_t bound = options.step_work.value_or(default_step_work(e.start.shape()));
        lines.push_back(fmt::format(
            "line {}: the search for step {} ran past its work bound of {} units before the "
            "explanation ended (a bound on large grids: see step_work)",
            item.line, e.path.steps.size() + 1, bound));
    } else if (e.path.end == PathEnd::time_limit) {
        lines.push_back(
            fmt::format("line {}: the time limit of {:g} s ran out before the "
                        "explanation ended",
                        item.line, options.timeout_seconds));
    }
    return lines;
}

std::vector<std::string> HintItem::messages(const HintBatchOptions& options) const {
    if (!item.puzzle.ok()) return {item.puzzle.error().message()};
    std::vector<std::string> lines;
    if (hint.status == Hint::Status::time_limit) {
        lines.push_back(
            fmt::format("line {}: the time limit of {:g} s ran out before a step was "
                        "found",
                        item.line, options.timeout_seconds));
    }
    if (hint.several_solutions)
        lines.push_back(fmt::format("line {}: the position has more than one solution", item.line));
    return lines;
}

BatchEnd run_explain_batch(const ExplainInput& input, const ExplainBatchOptions& options,
                           const ExplainOutput& output, const std::function<bool()>& chunk_done) {
    std::vector<ExplainItem> items;
    return run_ordered_batch(
        options.chunk_items, options.threads, options.cancel,
        [&](size_t count) { items.resize(count); }, [&](size_t slot) { return input(items[slot]); },
        [&](size_t slot) {
            ExplainItem& item = items[slot];
            item.explanation.reset();
            if (!item.item.puzzle.ok()) return true;
            item.explanation.emplace(explain_puzzle(
                item.item.puzzle.value(), explain_human_options(options), options.checks));
            return item.explanation->path.end != PathEnd::interrupted;
        },
        [&](size_t slot) { return output(items[slot]); }, chunk_done);
}

BatchEnd run_hint_batch(const HintInput& input, const HintBatchOptions& options,
                        const HintOutput& output, const std::function<bool()>& chunk_done) {
    std::vector<HintItem> items;
    const std::vector<Technique> order = hint_order(options);
    return run_ordered_batch(
        options.chunk_items, options.threads, options.cancel,
        [&](size_t count) { items.resize(count); }, [&](size_t slot) { return input(items[slot]); },
        [&](size_t slot) {
            HintItem& item = items[slot];
            item.hint = Hint{};
            if (!item.item.puzzle.ok()) return true;
            const Limits limits{.deadline = Limits::deadline_after(options.timeout_seconds),
                                .cancel = options.cancel};
            item.hint = find_hint(item.item.puzzle.value(), order, options.vague, limits);
            return !(options.cancel != nullptr && options.cancel->load());
        },
        [&](size_t slot) { return output(items[slot]); }, chunk_done);
}

}  // namespace sudokit
