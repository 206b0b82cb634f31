// solve and count of one puzzle (the library's batch runner on one item, as the CLI runs them),
// and the engine list.
#include <pybind11/stl.h>

#include "module.h"
#include "solve_result.h"
#include "sudokit/json.h"

namespace sudokit::python {

namespace {

// count's and count_many's names: max_solutions is their `limit`.
std::string count_argument_of(std::string_view field) {
    return field == "max_solutions" ? "limit" : argument_of(field);
}

}  // namespace

SolveOptions solve_options(const std::string& engine, const py::object& max_solutions,
                           const char* limit_name, const py::object& node_budget,
                           const py::object& timeout) {
    SolveOptions options;
    options.engine = engine;
    options.max_solutions =
        static_cast<uint32_t>(whole_argument(max_solutions, limit_name, 1, UINT32_MAX));
    options.node_budget = budget_argument(node_budget);
    options.timeout_seconds = timeout_argument(timeout);
    const bool limit = std::string_view(limit_name) == "limit";
    if (const OptionCheck problem = check_solve_options(options))
        throw py::value_error(option_error_text(*problem, limit ? count_argument_of : argument_of));
    return options;
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

py::list engine_list() { return to_python(engines_json()).cast<py::list>(); }

}  // namespace

void bind_solve(py::module_& m) {
    bind_solve_result(m);

    m.def(
        "solve",
        [](const py::object& puzzle, const std::string& engine, const py::object& max_solutions,
           const py::object& node_budget, const py::object& timeout) {
            const SolveOptions options =
                solve_options(engine, max_solutions, "max_solutions", node_budget, timeout);
            SolveRecords records;
            records.add(run_one(puzzle_argument(puzzle), options), options);
            return records.result(0, py::none(),
                                  py::str(std::string(engine_name_of(options.engine))));
        },
        py::arg("puzzle"), py::kw_only(), py::arg("engine") = "auto", py::arg("max_solutions") = 2,
        py::arg("budget") = py::none(), py::arg("timeout") = py::none(),
        R"(Solves one puzzle (a Puzzle or a string) and returns a SolveResult.

engine: a name from engines() with options ("propagate:stack=alloc"); "auto" picks the best.
max_solutions: stop counting there (2 answers "unique or not"; 1: the first solution,
outcome "found"). budget: search nodes allowed (None: no limit; outcome "unfinished"
when spent). timeout: seconds (None: no limit; outcome "timeout"). The GIL is released
while the engine runs. A string that does not parse raises sudokit.ParseError.)");

    m.def(
        "count",
        [](const py::object& puzzle, const py::object& limit, const std::string& engine,
           const py::object& node_budget, const py::object& timeout) {
            const SolveOptions options =
                solve_options(engine, limit, "limit", node_budget, timeout);
            return item_dict(
                count_item_json(run_one(puzzle_argument(puzzle), options), "", options),
                std::nullopt);
        },
        py::arg("puzzle"), py::kw_only(), py::arg("limit") = 2, py::arg("engine") = "auto",
        py::arg("budget") = py::none(), py::arg("timeout") = py::none(),
        R"(Counts the solutions of one puzzle up to `limit` and returns the dict of
`sudokit count --format json`: file (None), line, status, puzzle, count, complete (False when
the count reached the limit: "at least"), limit, engine, stats, comment, error.)");

    m.def("engines", &engine_list,
          "The engines, as `sudokit engines --format json` lists them: dicts of name, "
          "description, sizes, options (each a dict of name, values, syntax, default, help), "
          "options_text, logic_only.");
}

}  // namespace sudokit::python
