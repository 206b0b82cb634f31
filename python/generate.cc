// generate (the library's generate_batch on every core without the GIL, one dict per puzzle:
// generated_puzzle_json), and the seeded random_solution and random_puzzle
// (include/sudokit/generate.h).
#include "sudokit/generate.h"

#include <cmath>
#include <random>
#include <stdexcept>

#include "module.h"
#include "sudokit/json.h"

namespace sudokit::python {

namespace {

std::mt19937_64 rng_of(const py::object& seed) {
    if (const std::optional<uint64_t> value = seed_argument(seed)) return std::mt19937_64(*value);
    return std::mt19937_64(std::random_device{}());
}

Puzzle as_puzzle(Grid grid) {
    Puzzle puzzle;
    puzzle.alphabet = default_alphabet(grid.size());
    puzzle.grid = std::move(grid);
    puzzle.line = 1;
    return puzzle;
}

// rating=/clues=: None, one number (both ends), or a pair (lo, hi) whose ends may be None.
template <class T>
std::pair<T, T> range_argument(const py::object& value, const char* name) {
    if (value.is_none()) return {T{}, T{}};
    auto end = [&](const py::handle& x) -> T {
        if (x.is_none()) return T{};
        const double v = number_argument(py::reinterpret_borrow<py::object>(x), name);
        if (!std::isfinite(v) || v < 0)
            throw py::value_error(std::string(name) + ": numbers >= 0 expected");
        if constexpr (std::is_integral_v<T>) {
            if (v != std::floor(v))
                throw py::value_error(std::string(name) + ": whole numbers expected");
        }
        return static_cast<T>(v);
    };
    if (py::isinstance<py::tuple>(value) || py::isinstance<py::list>(value)) {
        const py::sequence pair = value;
        if (pair.size() != 2)
            throw py::value_error(std::string(name) + ": a pair (lo, hi) expected");
        return {end(pair[0]), end(pair[1])};
    }
    const T one = end(value);
    return {one, one};
}

// The argument that sets a field of GenerateOptions, for the library's option errors.
std::string generate_argument_of(std::string_view field) {
    if (field == "shape") return "size";
    if (field == "min_clues" || field == "max_clues") return "clues";
    if (field == "min_er" || field == "max_er") return "rating";
    if (field == "timeout_seconds") return "timeout";
    return std::string(field);
}

py::list generate(const py::object& count_argument, const py::object& size,
                  const std::string& symmetry, const py::object& rating,
                  const py::object& technique, const py::object& clues, const py::object& minimal,
                  const py::object& seed, const py::object& timeout, bool rate, bool histogram,
                  bool keep_costly_grids, int threads) {
    // As the CLI's --count: at least one puzzle (0 would be a call that does nothing).
    const uint64_t count =
        static_cast<uint64_t>(whole_argument(count_argument, "count", 1, INT64_MAX));
    GenerateBatchOptions batch;
    GenerateOptions& o = batch.generate;
    o.shape = shape_argument(size).value_or(Shape{});
    if (std::optional<Symmetry> s = parse_symmetry(symmetry)) {
        o.symmetry = *s;
    } else {
        throw py::value_error("symmetry: '" + symmetry +
                              "' is not one of none, rot180, rot90, mirror, diagonal, "
                              "antidiagonal");
    }
    std::tie(o.target.min_er, o.target.max_er) = range_argument<double>(rating, "rating");
    std::tie(o.target.min_clues, o.target.max_clues) = range_argument<int>(clues, "clues");
    if (!technique.is_none()) {
        const std::string name = py::str(technique);
        o.target.technique = find_technique(name);
        if (!o.target.technique)
            throw py::value_error("technique: '" + name +
                                  "' is not a name or code of sudokit.techniques()");
    }
    if (!minimal.is_none()) o.minimal = minimal.cast<bool>();
    o.keep_costly_grids = keep_costly_grids;
    if (!rate && o.target.rated())
        throw py::value_error("rating: needs the rating that rate=False turns off");
    o.rate = rate;
    const std::optional<uint64_t> given_seed = seed_argument(seed);
    o.seed =
        given_seed ? *given_seed : std::random_device{}() * 0x100000000ull + std::random_device{}();
    o.timeout_seconds = timeout_argument(timeout);
    batch.count = count;
    batch.threads = threads_argument(threads);
    if (const OptionCheck problem = check_generate_options(o))
        throw py::value_error(option_error_text(*problem, generate_argument_of));

    InterruptScope interrupt;
    o.cancel = interrupt.flag();
    std::vector<Json> results;
    results.reserve(static_cast<size_t>(std::min<uint64_t>(count, 1u << 20)));
    {
        py::gil_scoped_release release;
        generate_batch(batch, [&](const GeneratedPuzzle& p) {
            results.push_back(generated_puzzle_json(p, o, histogram));
            return true;
        });
    }
    interrupt.raise_if_interrupted();
    py::list out;
    for (Json& json : results) out.append(item_dict(std::move(json), std::nullopt));
    return out;
}

}  // namespace

void bind_generate(py::module_& m) {
    m.def("generate", &generate, py::arg("count") = 1, py::kw_only(), py::arg("size") = 9,
          py::arg("symmetry") = "none", py::arg("rating") = py::none(),
          py::arg("technique") = py::none(), py::arg("clues") = py::none(),
          py::arg("minimal") = py::none(), py::arg("seed") = py::none(),
          py::arg("timeout") = py::none(), py::arg("rate") = true, py::arg("histogram") = false,
          py::arg("keep_costly_grids") = false, py::arg("threads") = 0,
          R"(New puzzles with one solution, as `sudokit generate --format json` makes them
(docs/generate.md), on every core without the GIL; a list of `count` dicts in index order:
index, status (found, timeout), puzzle, solution, clues, er, ep, ed, rating ("er/ep/ed" as
`sudokit rate` prints it), candidates (puzzles tried), seconds, seed (and histogram).

size: a side N, "RxC" or (R, C). symmetry: none, rot180, rot90, mirror, diagonal,
antidiagonal. rating: SE's ER as one number or a pair (lo, hi), an end None for no bound.
technique: a name or code of techniques(): the easiest path needs it and nothing rated above.
clues: a number or a pair (lo, hi). minimal: None (minimal up to 16x16 without a technique
target), True or False. seed: puzzle i depends only on (seed, i, options), whatever `threads`.
timeout: seconds per puzzle (None: no limit); a puzzle not found in time has status "timeout".
rate: False skips the rating (faster; not with `rating`). keep_costly_grids: minimal 25x25
only, keep every grid drawn (by default a grid whose first uniqueness checks cost much is
dropped for another: about 7x faster on average, puzzles easier to solve by search).)");
    m.def(
        "random_solution",
        [](const py::object& size, const py::object& seed) {
            const Shape shape = shape_argument(size).value_or(Shape{});
            std::mt19937_64 rng = rng_of(seed);
            Grid grid;
            {
                py::gil_scoped_release release;
                grid = random_solution(shape, rng);
            }
            return as_puzzle(std::move(grid));
        },
        py::kw_only(), py::arg("size") = 9, py::arg("seed") = py::none(),
        R"(A random complete valid grid as a Puzzle. size: a side N, "RxC" or (R, C).
seed: an integer for a reproducible grid (None: random).)");
    m.def(
        "random_puzzle",
        [](const py::object& solution, int clues, const py::object& seed) {
            const Puzzle full = puzzle_argument(solution);
            if (!full.grid.is_complete() || !is_valid_solution(full.grid))
                throw py::value_error("solution: a complete valid grid expected");
            if (clues < 0 || clues > full.grid.cell_count())
                throw py::value_error("clues: 0 to N*N expected");
            std::mt19937_64 rng = rng_of(seed);
            return as_puzzle(random_puzzle(full.grid, clues, rng));
        },
        py::arg("solution"), py::arg("clues"), py::kw_only(), py::arg("seed") = py::none(),
        R"(The solution with cells blanked in random order until `clues` givens remain. The
puzzle may have several solutions (generate() makes puzzles with one).)");
}

}  // namespace sudokit::python
