// solve and count of one puzzle (the library's batch runner on one item, as the CLI runs them),
// sudokit.SolveResult, and the engine list.
#include <pybind11/stl.h>

#include "module.h"
#include "solve_result.h"

namespace sudokit::python {

SolveResult SolveResult::of(const BatchItem& item, const SolveOptions& options,
                            const std::optional<std::string>& file) {
    SolveResult r;
    r.outcome = item.outcome;
    r.file = file;
    r.line = item.item.line;
    const bool ok = item.item.puzzle.ok();
    if (ok) {
        r.puzzle = format_line(item.puzzle().grid, item.puzzle().alphabet);
        if (r.solved()) r.solution = format_line(item.result.first, item.puzzle().alphabet);
    } else {
        r.puzzle = item.item.text;
    }
    if (item.ran()) {
        r.count = item.result.count;
        r.stats = item.result.stats;
    }
    r.engine = std::string(engine_name_of(options.engine));
    r.comment = std::string(comment_text(ok ? item.puzzle().comment : item.item.comment));
    r.error = item.message(Task::solve, options);
    return r;
}

namespace {

py::object optional_text(const std::string& text) {
    if (text.empty()) return py::none();
    return text_of(text);
}

py::object stats_dict(const std::optional<Stats>& stats) {
    if (!stats) return py::none();
    return to_python(stats_json(*stats));
}

}  // namespace

SolveOptions solve_options(const std::string& engine, uint32_t max_solutions,
                           const py::object& node_budget, const py::object& timeout) {
    if (max_solutions < 1) throw py::value_error("max_solutions: 1 or more expected");
    SolveOptions options;
    options.engine = engine_argument(engine);
    options.max_solutions = max_solutions;
    options.node_budget = budget_argument(node_budget);
    options.timeout_seconds = timeout_argument(timeout);
    return options;
}

py::dict SolveResult::to_dict() const {
    py::dict d;
    d["file"] = file ? py::object(text_of(*file)) : py::object(py::none());
    d["line"] = line;
    d["status"] = py::str(std::string(outcome_name(outcome)));
    d["puzzle"] = optional_text(puzzle);
    d["solution"] = optional_text(solution);
    d["count"] = count ? py::object(py::int_(*count)) : py::object(py::none());
    d["unique"] = outcome == Outcome::unique    ? py::object(py::bool_(true))
                  : outcome == Outcome::several ? py::object(py::bool_(false))
                                                : py::object(py::none());
    d["engine"] = engine;
    d["stats"] = stats_dict(stats);
    d["comment"] = text_of(comment);
    d["error"] = optional_text(error);
    return d;
}

namespace {

// One item through run_batch on the calling thread, without the GIL.
BatchItem run_one(Puzzle puzzle, SolveOptions options) {
    InterruptScope interrupt;
    BatchItem done;
    {
        py::gil_scoped_release release;
        bool given = false;
        const int line = puzzle.line;
        run_batch(
            [&](BatchItem& item) {
                if (given) return false;
                given = true;
                item.item = PuzzleReader::Item(line, std::move(puzzle));
                return true;
            },
            BatchOptions{
                .solve = options, .threads = 1, .chunk_items = 1, .cancel = interrupt.flag()},
            [&](const BatchItem& item) {
                done = item;
                return true;
            });
    }
    interrupt.raise_if_interrupted();
    return done;
}

py::list engine_list() {
    py::list out;
    for (const EngineInfo& info : all_engines()) {
        py::dict d;
        d["name"] = std::string(info.name);
        d["description"] = std::string(info.description);
        d["sizes"] = std::string(info.sizes);
        d["options"] = std::string(info.options);
        d["logic_only"] = info.logic_only;
        out.append(d);
    }
    return out;
}

}  // namespace

void bind_solve(py::module_& m) {
    py::class_<SolveResult>(
        m, "SolveResult",
        R"(What became of one puzzle: its outcome, the solution and the engine's counters.

outcome is the CLI's marker word: unique, found (a solution; uniqueness not asked),
multiple, no-solution, unfinished (node budget), timeout, stuck (a logic-only engine),
invalid, unsupported, interrupted. to_dict() gives the fields of `sudokit solve --format json`.)")
        .def_property_readonly(
            "outcome", [](const SolveResult& r) { return std::string(outcome_name(r.outcome)); },
            "The marker word (the JSON 'status'): unique, found, multiple, no-solution, "
            "unfinished, timeout, stuck, invalid, unsupported, interrupted.")
        .def_property_readonly("solved", &SolveResult::solved,
                               "True when there is a solution (outcome unique or found).")
        .def_property_readonly(
            "solution", [](const SolveResult& r) { return optional_text(r.solution); },
            "The solution as a canonical line, or None.")
        .def_property_readonly(
            "count", [](const SolveResult& r) { return r.count; },
            "Solutions found (at most max_solutions); None when the engine did not run.")
        .def_property_readonly(
            "stats", [](const SolveResult& r) { return stats_dict(r.stats); },
            "The engine's counters {nodes, guesses, backtracks, propagations} (engine.h "
            "defines them), or None when the engine did not run.")
        .def_property_readonly(
            "error", [](const SolveResult& r) { return optional_text(r.error); },
            "Why the outcome is a failure ('line 3: no solution', the parser's message for "
            "invalid input), or None.")
        .def_readonly("line", &SolveResult::line, "The item's line (position + 1 in a list).")
        .def_readonly("file", &SolveResult::file, "The source= given to the call, or None.")
        .def_property_readonly(
            "puzzle", [](const SolveResult& r) { return optional_text(r.puzzle); },
            "The puzzle as a canonical line (invalid input: the text as read).")
        .def_readonly("engine", &SolveResult::engine, "The engine's name.")
        .def_property_readonly(
            "comment", [](const SolveResult& r) { return text_of(r.comment); },
            "The input line's comment.")
        .def("to_dict", &SolveResult::to_dict,
             "The fields of `sudokit solve --format json`: file, line, status, puzzle, "
             "solution, count, unique, engine, stats, comment, error.")
        .def("__eq__", [](const SolveResult& a, const SolveResult& b) { return a == b; })
        .def("__repr__",
             [](const SolveResult& r) {
                 std::string text = "<SolveResult line " + std::to_string(r.line) + " " +
                                    std::string(outcome_name(r.outcome));
                 if (!r.solution.empty()) text += " " + r.solution;
                 return text + ">";
             })
        .def(py::pickle(
            [](const SolveResult& r) {
                return py::make_tuple(
                    static_cast<int>(r.outcome), r.file, r.line, py::bytes(r.puzzle),
                    py::bytes(r.solution), r.count,
                    r.stats ? py::object(py::make_tuple(r.stats->nodes, r.stats->guesses,
                                                        r.stats->backtracks, r.stats->propagations))
                            : py::object(py::none()),
                    r.engine, py::bytes(r.comment), py::bytes(r.error));
            },
            [](const py::tuple& s) {
                if (py::len(s) != 10) throw py::value_error("bad SolveResult state");
                SolveResult r;
                const int outcome = s[0].cast<int>();
                if (outcome < 0 || outcome >= static_cast<int>(kOutcomeCount))
                    throw py::value_error("bad SolveResult state");
                r.outcome = static_cast<Outcome>(outcome);
                r.file = s[1].cast<std::optional<std::string>>();
                r.line = s[2].cast<int>();
                r.puzzle = s[3].cast<std::string>();
                r.solution = s[4].cast<std::string>();
                r.count = s[5].cast<std::optional<uint32_t>>();
                if (!s[6].is_none()) {
                    const py::tuple t = s[6];
                    r.stats = Stats{t[0].cast<uint64_t>(), t[1].cast<uint64_t>(),
                                    t[2].cast<uint64_t>(), t[3].cast<uint64_t>()};
                }
                r.engine = s[7].cast<std::string>();
                r.comment = s[8].cast<std::string>();
                r.error = s[9].cast<std::string>();
                return r;
            }));

    m.def(
        "solve",
        [](const py::object& puzzle, const std::string& engine, uint32_t max_solutions,
           const py::object& node_budget, const py::object& timeout) {
            const SolveOptions options = solve_options(engine, max_solutions, node_budget, timeout);
            return SolveResult::of(run_one(puzzle_argument(puzzle), options), options,
                                   std::nullopt);
        },
        py::arg("puzzle"), py::arg("engine") = "auto", py::arg("max_solutions") = 2,
        py::arg("node_budget") = py::none(), py::arg("timeout") = py::none(),
        R"(Solves one puzzle (a Puzzle or a string) and returns a SolveResult.

engine: a name from engines() with options ("propagate:stack=alloc"); "auto" picks the best.
max_solutions: stop counting there (2 answers "unique or not"; 1: the first solution,
outcome "found"). node_budget: search nodes allowed (None: no limit; outcome "unfinished"
when spent). timeout: seconds (None: no limit; outcome "timeout"). The GIL is released
while the engine runs. A string that does not parse raises sudokit.ParseError.)");

    m.def(
        "count",
        [](const py::object& puzzle, uint32_t limit, const std::string& engine,
           const py::object& node_budget, const py::object& timeout) {
            const SolveOptions options = solve_options(engine, limit, node_budget, timeout);
            return item_dict(
                count_item_json(run_one(puzzle_argument(puzzle), options), "", options),
                std::nullopt);
        },
        py::arg("puzzle"), py::arg("limit") = 2, py::arg("engine") = "auto",
        py::arg("node_budget") = py::none(), py::arg("timeout") = py::none(),
        R"(Counts the solutions of one puzzle up to `limit` and returns the dict of
`sudokit count --format json`: file (None), line, status, puzzle, count, complete (False when
the count reached the limit: "at least"), limit, engine, stats, comment, error.)");

    m.def("engines", &engine_list,
          "The engines, as `sudokit engines` lists them: dicts of name, description, sizes, "
          "options, logic_only.");
}

}  // namespace sudokit::python
