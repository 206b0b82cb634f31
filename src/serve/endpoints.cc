// Each endpoint reads its fields, checks them with the library's own checks where it has them,
// calls the library under the request's deadline and the server's cancel flag, and answers the
// library's JSON value for the item (the one the CLI's --format json prints), with "file" set to
// "request".
#include "serve/endpoints.h"

#include <fmt/format.h>

#include "serve/player.h"
#include "serve/request.h"
#include "sudokit/engine.h"
#include "sudokit/explain.h"
#include "sudokit/generate.h"
#include "sudokit/json.h"
#include "sudokit/outcome.h"
#include "sudokit/rate.h"

namespace sudokit::serve {

namespace {

constexpr std::string_view kSource = "request";
constexpr size_t kMaxOptionBytes = 4096;  // an engine spec, an order of techniques

BatchItem batch_item(Puzzle puzzle) {
    BatchItem item;
    item.item = PuzzleReader::Item(1, std::move(puzzle));
    return item;
}

SolveOptions solve_options(const Request& r, const ApiOptions& options) {
    SolveOptions solve;
    if (std::optional<std::string> engine = r.text("engine", kMaxOptionBytes))
        solve.engine = *engine;
    solve.timeout_seconds = r.seconds(options.max_seconds);
    solve.cancel = options.cancel;
    return solve;
}

// Solves one item with options.engine, as a batch does.
BatchItem solve_one(Puzzle puzzle, const SolveOptions& solve) {
    if (OptionCheck problem = check_solve_options(solve)) throw_option_error(*problem);
    std::unique_ptr<Engine> engine = make_engine(solve.engine);
    BatchItem item = batch_item(std::move(puzzle));
    item.result = engine->solve(item.puzzle().grid, solve.limits());
    item.outcome = outcome_of(item.result);
    return item;
}

std::vector<Technique> order_of(const Request& r) {
    std::optional<std::string> text = r.text("order", kMaxOptionBytes);
    if (!text) return std::vector<Technique>(easiest_order().begin(), easiest_order().end());
    std::string error;
    std::optional<std::vector<Technique>> order = parse_order(*text, &error);
    if (!order) throw BadRequest(400, "order", "order: " + error);
    return *order;
}

}  // namespace

std::string parse_endpoint(std::string_view body, const ApiOptions& options) {
    const Request r(body, {"puzzle", "size", "alphabet", "timeout"});
    const Puzzle puzzle = r.puzzle();
    SolveOptions solve;
    solve.timeout_seconds = r.seconds(options.max_seconds);
    solve.cancel = options.cancel;
    const CandidateGrid start = start_position(puzzle);
    std::unique_ptr<Engine> engine = make_engine(solve.engine);
    const Result result = engine->solve(start.values(), solve.limits());
    const Outcome outcome = outcome_of(result);
    Json j = position_json_head(puzzle, outcome_name(outcome), kSource);
    Json path = path_json(SolvePath{{}, start, PathEnd::stuck});
    j["shape"] = std::move(path["shape"]);
    j["size"] = std::move(path["size"]);
    j["position"] = std::move(path["final"]);
    j["givens"] = puzzle.grid.given_count();
    j["solutions"] = outcome == Outcome::unique    ? Json(1)
                     : outcome == Outcome::several ? Json(2)
                     : outcome == Outcome::none    ? Json(0)
                                                   : Json(nullptr);
    j["solution"] = outcome == Outcome::unique
                        ? Json(format_line(result.first, puzzle.alphabet == Alphabet::numeric
                                                             ? Alphabet::automatic
                                                             : puzzle.alphabet))
                        : Json(nullptr);
    j["comment"] = std::string(comment_text(puzzle.comment));
    const std::string reason = outcome_reason(outcome, result, solve, puzzle.grid.shape());
    j["error"] = reason.empty() ? Json(nullptr) : Json(reason);
    return json_text(j);
}

std::string solve_endpoint(std::string_view body, const ApiOptions& options) {
    const Request r(body, {"puzzle", "size", "alphabet", "timeout", "engine"});
    const SolveOptions solve = solve_options(r, options);
    const BatchItem item = solve_one(r.puzzle(), solve);
    return json_text(solve_item_json(item, kSource, solve));
}

std::string count_endpoint(std::string_view body, const ApiOptions& options) {
    const Request r(body, {"puzzle", "size", "alphabet", "timeout", "engine", "limit"});
    SolveOptions solve = solve_options(r, options);
    solve.max_solutions = static_cast<uint32_t>(r.whole("limit", 1, 1'000'000).value_or(1000));
    const BatchItem item = solve_one(r.puzzle(), solve);
    return json_text(count_item_json(item, kSource, solve));
}

std::string explain_endpoint(std::string_view body, const ApiOptions& options) {
    const Request r(body, {"puzzle", "size", "alphabet", "timeout", "order", "mode", "max_steps",
                           "verify", "rate"});
    HumanOptions human;
    human.order = order_of(r);
    if (std::optional<std::string> mode = r.text("mode", 32)) {
        std::optional<SearchMode> m = parse_search_mode(*mode);
        if (!m) {
            throw BadRequest(400, "mode",
                             fmt::format("mode: '{}' is not first, stepdown or focus", *mode));
        }
        human.mode = *m;
    }
    human.max_steps = static_cast<size_t>(r.whole("max_steps", 0, 1'000'000).value_or(0));
    const ExplainChecks checks{.verify = r.flag("verify").value_or(false),
                               .rate = r.flag("rate").value_or(true)};
    human.deadline = Limits::deadline_after(r.seconds(options.max_seconds));
    human.cancel = options.cancel;
    const Puzzle puzzle = r.puzzle();
    return json_text(explanation_json(puzzle, explain_puzzle(puzzle, human, checks), kSource));
}

std::string hint_endpoint(std::string_view body, const ApiOptions& options) {
    const Request r(body,
                    {"puzzle", "size", "alphabet", "timeout", "values", "marks", "order", "vague"});
    const std::vector<Technique> order = order_of(r);
    const bool vague = r.flag("vague").value_or(false);
    const Limits limits{.deadline = Limits::deadline_after(r.seconds(options.max_seconds)),
                        .cancel = options.cancel};
    const Puzzle puzzle = r.puzzle();
    const PlayerPosition player = read_player_position(r, puzzle);
    return json_text(player_hint_json(puzzle, player, order, vague, limits));
}

std::string rate_endpoint(std::string_view body, const ApiOptions& options) {
    const Request r(body, {"puzzle", "size", "alphabet", "timeout", "histogram", "path"});
    RateBatchOptions rate;
    rate.timeout_seconds = r.seconds(options.max_seconds);
    rate.cancel = options.cancel;
    rate.threads = 1;
    const RateJsonExtras extras{.histogram = r.flag("histogram").value_or(false),
                                .path = r.flag("path").value_or(false)};
    rate.rate.keep_path = extras.path;
    if (OptionCheck problem = check_rate_options(rate)) throw_option_error(*problem);
    RateItem item;
    item.item = PuzzleReader::Item(1, r.puzzle());
    RateOptions one = rate.rate;
    one.deadline = Limits::deadline_after(rate.timeout_seconds);
    one.cancel = options.cancel;
    item.rating = rate_puzzle(item.puzzle().grid, one);
    return json_text(rate_item_json(item, kSource, rate, extras));
}

std::string generate_endpoint(std::string_view body, const ApiOptions& options) {
    const Request r(body,
                    {"size", "symmetry", "min_er", "max_er", "technique", "min_clues", "max_clues",
                     "minimal", "keep_costly_grids", "seed", "timeout", "rate", "histogram"});
    GenerateOptions g;
    if (std::optional<std::string> size = r.text("size", 16)) {
        std::optional<Shape> shape = Shape::parse(*size);
        if (!shape) {
            throw BadRequest(
                400, "size",
                fmt::format("size: '{}' is not a box shape RxC (e.g. 3x3, 4x4)", *size));
        }
        g.shape = *shape;
    }
    if (std::optional<std::string> symmetry = r.text("symmetry", 32)) {
        std::optional<Symmetry> s = parse_symmetry(*symmetry);
        if (!s) {
            std::string names;
            for (Symmetry each : all_symmetries())
                names += (names.empty() ? "" : ", ") + std::string(symmetry_name(each));
            throw BadRequest(400, "symmetry",
                             fmt::format("symmetry: '{}' is not one of {}", *symmetry, names));
        }
        g.symmetry = *s;
    }
    if (std::optional<std::string> technique = r.text("technique", 64)) {
        g.target.technique = find_technique(*technique);
        if (!g.target.technique) {
            throw BadRequest(400, "technique",
                             fmt::format("technique: '{}' is not a technique name or code (see "
                                         "/api/techniques)",
                                         *technique));
        }
    }
    g.target.min_er = r.number("min_er").value_or(0);
    g.target.max_er = r.number("max_er").value_or(0);
    g.target.min_clues = static_cast<int>(r.whole("min_clues", 0, 1296).value_or(0));
    g.target.max_clues = static_cast<int>(r.whole("max_clues", 0, 1296).value_or(0));
    g.minimal = r.flag("minimal");
    g.keep_costly_grids = r.flag("keep_costly_grids").value_or(false);
    g.rate = r.flag("rate").value_or(true);
    g.seed = static_cast<uint64_t>(
        r.whole("seed", 0, 9'007'199'254'740'991LL)  // the largest whole number a double holds
            .value_or(
                static_cast<long long>(Clock::now().time_since_epoch().count() & 0xffffffff)));
    g.timeout_seconds = r.seconds(options.max_seconds);
    g.cancel = options.cancel;
    const bool histogram = r.flag("histogram").value_or(false);
    if (OptionCheck problem = check_generate_options(g)) throw_option_error(*problem);
    Generator generator(g);
    return json_text(generated_puzzle_json(generator.generate(0), g, histogram));
}

std::string techniques_endpoint() { return json_text(techniques_json()); }

}  // namespace sudokit::serve
