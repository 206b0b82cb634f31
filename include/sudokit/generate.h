// Random grids and puzzles. The RNG is passed in, so every result is reproducible from a seed.
#pragma once

#include <cstdint>
#include <random>

#include "sudokit/grid.h"

namespace sudokit {

// A random complete valid grid. Shapes up to 16x16 come from a randomized search (any valid
// grid can come out); larger ones from a pattern grid shuffled by validity-preserving
// transformations (digits, rows within bands, bands, columns within stacks, stacks).
Grid random_solution(Shape shape, std::mt19937_64& rng);

// `solution` with cells blanked in random order until only `clues` givens remain. The result
// may have several solutions.
Grid random_puzzle(const Grid& solution, int clues, std::mt19937_64& rng);

}  // namespace sudokit
