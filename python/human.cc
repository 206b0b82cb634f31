// explain, hint and rate of one puzzle, and the technique table: the library's explain_puzzle,
// find_hint and rating batch, returning the dicts of the CLI's JSON (docs/explain-json.md).
#include <cmath>
#include <limits>

#include "module.h"
#include "sudokit/explain.h"
#include "sudokit/json.h"

namespace sudokit::python {

std::optional<uint64_t> step_work_argument(const py::object& step_work) {
    if (step_work.is_none()) return std::nullopt;
    return static_cast<uint64_t>(
        whole_argument(step_work, "step_work", 0, std::numeric_limits<int64_t>::max()));
}

RateBatchOptions rate_options(const py::object& max_er, bool ep_only, bool ed_only,
                              const py::object& timeout, bool path, const py::object& step_work) {
    RateBatchOptions options;
    options.rate.step_work = step_work_argument(step_work);
    if (!max_er.is_none()) options.rate.max_er = number_argument(max_er, "max");
    options.rate.ep_only = ep_only;
    options.rate.ed_only = ed_only;
    options.rate.keep_path = path;
    options.timeout_seconds = timeout_argument(timeout);
    if (const OptionCheck problem = check_rate_options(options))
        throw py::value_error(option_error_text(*problem, argument_of));
    return options;
}

namespace {

HumanOptions human_options(const std::string& order, const std::string& mode,
                           const py::object& max_steps, const py::object& timeout,
                           const py::object& step_work) {
    ExplainBatchOptions options;
    options.step_work = step_work_argument(step_work);
    options.order = order;
    options.mode = mode;
    if (!max_steps.is_none()) {
        if (!py::isinstance<py::int_>(max_steps) || py::isinstance<py::bool_>(max_steps))
            throw py::type_error("max_steps: a whole number expected");
        const py::int_ steps = max_steps;
        if (steps < py::int_(0)) throw py::value_error("max_steps: 0 or more expected");
        options.max_steps = steps.cast<size_t>();
    }
    options.timeout_seconds = timeout_argument(timeout);
    if (const OptionCheck problem = check_explain_options(options))
        throw py::value_error(option_error_text(*problem, argument_of));
    return explain_human_options(options);
}

Explanation run_explain(const Puzzle& puzzle, HumanOptions options, ExplainChecks checks) {
    InterruptScope interrupt;
    options.cancel = interrupt.flag();
    std::optional<Explanation> explanation;
    {
        py::gil_scoped_release release;
        explanation.emplace(explain_puzzle(puzzle, options, checks));
    }
    interrupt.raise_if_interrupted();
    return std::move(*explanation);
}

py::dict rate_one(const Puzzle& puzzle, RateBatchOptions options, bool histogram, bool path) {
    InterruptScope interrupt;
    options.threads = 1;
    options.chunk_items = 1;
    options.cancel = interrupt.flag();
    Json json;
    {
        py::gil_scoped_release release;
        bool given = false;
        run_rate_batch(
            [&](RateItem& item) {
                if (given) return false;
                given = true;
                item.item = PuzzleReader::Item(puzzle.line, puzzle);
                return true;
            },
            options,
            [&](const RateItem& item) {
                json = rate_item_json(item, "", options,
                                      RateJsonExtras{.histogram = histogram, .path = path});
                return true;
            });
    }
    interrupt.raise_if_interrupted();
    return item_dict(std::move(json), std::nullopt);
}

py::list technique_list() { return to_python(techniques_json()["techniques"]).cast<py::list>(); }

}  // namespace

void bind_human(py::module_& m) {
    m.def(
        "explain",
        [](const py::object& puzzle, const std::string& order, const std::string& mode,
           const py::object& max_steps, const py::object& timeout, bool verify, bool rate,
           const py::object& step_work) {
            const Puzzle p = puzzle_argument(puzzle);
            const Explanation explanation =
                run_explain(p, human_options(order, mode, max_steps, timeout, step_work),
                            ExplainChecks{.verify = verify, .rate = rate});
            return item_dict(explanation_json(p, explanation, ""), std::nullopt);
        },
        py::arg("puzzle"), py::kw_only(), py::arg("order") = "easiest", py::arg("mode") = "first",
        py::arg("max_steps") = py::none(), py::arg("timeout") = py::none(),
        py::arg("verify") = false, py::arg("rate") = true, py::arg("step_work") = py::none(),
        R"(Solves one puzzle by logic alone and returns the dict of `sudokit explain --format json`
(docs/explain-json.md): file (None), line, status, puzzle, marks, shape, size, end, steps,
summary, final, solutions, note, rating, comment, error (and verified with verify=True).

order: "easiest" (default), "thesis", "sb", "se" or technique codes joined by '+'
(see techniques()). mode: "first", "stepdown" or "focus". max_steps, timeout: limits.
step_work: the bound on the work of one step's search (None: the shape's default, none on
9x9; 0: none); a search cut by it ends the path with status "timeout".
verify: check every step against the solution found by the default engine.
rate: rate the puzzle on Sudoku Explainer's scale ("rating": er, ep, ed, text); False: None.)");

    m.def(
        "explain_text",
        [](const py::object& puzzle, const std::string& order, const std::string& mode,
           const py::object& max_steps, const py::object& timeout, bool verify, bool grid,
           bool rate, const py::object& step_work) {
            const Puzzle p = puzzle_argument(puzzle);
            const Explanation explanation =
                run_explain(p, human_options(order, mode, max_steps, timeout, step_work),
                            ExplainChecks{.verify = verify, .rate = rate});
            return text_of(explanation_text(p, explanation, grid));
        },
        py::arg("puzzle"), py::kw_only(), py::arg("order") = "easiest", py::arg("mode") = "first",
        py::arg("max_steps") = py::none(), py::arg("timeout") = py::none(),
        py::arg("verify") = false, py::arg("grid") = false, py::arg("rate") = true,
        py::arg("step_work") = py::none(),
        R"(The explanation as `sudokit explain` prints it (numbered steps, summary, solution);
grid=True adds the pencil marks before each step. Arguments as for explain().)");

    m.def(
        "hint",
        [](const py::object& puzzle, const std::string& order, bool vague,
           const py::object& timeout) {
            const Puzzle p = puzzle_argument(puzzle);
            HintBatchOptions options;
            options.order = order;
            options.vague = vague;
            options.timeout_seconds = timeout_argument(timeout);
            if (const OptionCheck problem = check_hint_options(options))
                throw py::value_error(option_error_text(*problem, argument_of));
            const std::vector<Technique> techniques = hint_order(options);
            InterruptScope interrupt;
            Hint hint;
            {
                py::gil_scoped_release release;
                const Limits limits{.deadline = Limits::deadline_after(options.timeout_seconds),
                                    .cancel = interrupt.flag()};
                hint = find_hint(p, techniques, vague, limits);
            }
            interrupt.raise_if_interrupted();
            return item_dict(hint_json(p, hint, vague, ""), std::nullopt);
        },
        py::arg("puzzle"), py::kw_only(), py::arg("order") = "easiest", py::arg("vague") = false,
        py::arg("timeout") = py::none(),
        R"(The next step from a position (a puzzle, or pencil marks as written) and returns the
dict of `sudokit hint --format json`: file (None), line, status (step, solved, stuck,
contradiction, timeout), puzzle, marks, text (the line a person reads), step, comment,
error. vague=True names only the technique and the house.)");

    m.def(
        "rate",
        [](const py::object& puzzle, const py::object& max_er, bool ep_only, bool ed_only,
           const py::object& timeout, bool histogram, bool path, const py::object& step_work) {
            const Puzzle p = puzzle_argument(puzzle);
            return rate_one(p, rate_options(max_er, ep_only, ed_only, timeout, path, step_work),
                            histogram, path);
        },
        py::arg("puzzle"), py::kw_only(), py::arg("max") = py::none(), py::arg("ep_only") = false,
        py::arg("ed_only") = false, py::arg("timeout") = py::none(), py::arg("histogram") = false,
        py::arg("path") = false, py::arg("step_work") = py::none(),
        R"(Sudoku Explainer's rating of one puzzle (docs/rate.md), as the dict of
`sudokit rate --format json`: file (None), line, status (solved, stuck, max, ep-only, ed-only,
timeout), puzzle, er, ep, ed (floats in SE's tenths, None when unknown), rating
("er/ep/ed" as serate prints it), solutions (one, several, none, unknown), steps, comment,
error; histogram=True adds the steps per technique, path=True the steps in the layout of SE's
step lists. max: stop once ER passes it. ep_only/ed_only: SE's early exits. step_work: the
bound on one step's search, as for explain() (a rating cut by it has status "timeout").)");

    m.def("techniques", &technique_list,
          "The techniques in rating order, as `sudokit techniques --format json` lists them: "
          "dicts of code (for order=), name, rating, thesis, assumes_uniqueness, direct, "
          "nested.");
}

}  // namespace sudokit::python
