// random_solution and random_puzzle (include/sudokit/generate.h), seeded for reproducible
// results. The puzzle generator (uniqueness, symmetry, ratings) is bound once it is merged.
#include "sudokit/generate.h"

#include <random>

#include "module.h"

namespace sudokit::python {

namespace {

std::mt19937_64 rng_of(const py::object& seed) {
    if (seed.is_none()) return std::mt19937_64(std::random_device{}());
    return std::mt19937_64(seed.cast<uint64_t>());
}

Puzzle as_puzzle(Grid grid) {
    Puzzle puzzle;
    puzzle.alphabet = default_alphabet(grid.size());
    puzzle.grid = std::move(grid);
    puzzle.line = 1;
    return puzzle;
}

}  // namespace

void bind_generate(py::module_& m) {
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
        py::arg("size") = 9, py::arg("seed") = py::none(),
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
        py::arg("solution"), py::arg("clues"), py::arg("seed") = py::none(),
        R"(The solution with cells blanked in random order until `clues` givens remain. The
puzzle may have several solutions (the generator that keeps it unique comes later).)");
}

}  // namespace sudokit::python
