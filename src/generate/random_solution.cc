// The seeded grids and puzzles of the tests and fuzz targets (random_solution, random_puzzle),
// kept as they were so that seeded tests see the same sequence: randomized MRV search for small
// shapes, shuffled pattern grids for large ones. The generator uses random_grid (full_grid.cc).
#include <algorithm>
#include <bit>
#include <numeric>
#include <vector>

#include "sudokit/generate.h"

namespace sudokit {

namespace {

// Fills `grid` by depth-first search, cell with fewest candidates first, candidates in random
// order. Gives up after `budget` placements so that the caller can restart.
bool fill_random(Grid& grid, std::mt19937_64& rng, long& budget) {
    const Topology& topo = grid.topology();
    int best = -1;
    int best_count = 1 << 30;
    uint64_t best_mask = 0;
    const uint64_t all = DigitSet::all(grid.size()).bits();
    for (int cell = 0; cell < grid.cell_count(); ++cell) {
        if (grid[cell] != 0) continue;
        uint64_t mask = all;
        for (int peer : topo.peers(cell)) {
            if (grid[peer] != 0) mask &= ~(uint64_t{1} << (grid[peer] - 1));
        }
        int count = std::popcount(mask);
        if (count < best_count) {
            best = cell;
            best_count = count;
            best_mask = mask;
            if (count <= 1) break;
        }
    }
    if (best < 0) return true;
    if (best_count == 0) return false;
    std::vector<int> digits;
    for (int d : DigitSet(best_mask)) digits.push_back(d);
    std::shuffle(digits.begin(), digits.end(), rng);
    for (int d : digits) {
        if (--budget < 0) return false;
        grid.set(best, d);
        if (fill_random(grid, rng, budget)) return true;
    }
    grid.set(best, 0);
    return false;
}

// Random permutation of 0..n-1 that keeps groups of `group` consecutive indices together, with
// the order inside each group shuffled too (rows within bands, then bands).
std::vector<int> grouped_permutation(int n, int group, std::mt19937_64& rng) {
    std::vector<int> groups(n / group);
    std::iota(groups.begin(), groups.end(), 0);
    std::shuffle(groups.begin(), groups.end(), rng);
    std::vector<int> perm;
    for (int g : groups) {
        std::vector<int> inner(group);
        std::iota(inner.begin(), inner.end(), g * group);
        std::shuffle(inner.begin(), inner.end(), rng);
        perm.insert(perm.end(), inner.begin(), inner.end());
    }
    return perm;
}

Grid shuffled_pattern(Shape shape, std::mt19937_64& rng) {
    const int n = shape.size(), r = shape.box_rows, c = shape.box_cols;
    // The classic pattern: row i is the first row shifted by (i % r) * c + i / r.
    auto rows = grouped_permutation(n, r, rng);
    auto cols = grouped_permutation(n, c, rng);
    std::vector<int> digits(n);
    std::iota(digits.begin(), digits.end(), 1);
    std::shuffle(digits.begin(), digits.end(), rng);
    Grid grid(shape);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            int row = rows[i], col = cols[j];
            int value = ((row % r) * c + row / r + col) % n;
            grid.set(i * n + j, digits[value]);
        }
    }
    return grid;
}

}  // namespace

Grid random_solution(Shape shape, std::mt19937_64& rng) {
    if (shape.size() <= 16) {
        while (true) {
            Grid grid(shape);
            long budget = 20L * shape.cell_count();
            if (fill_random(grid, rng, budget)) return grid;
        }
    }
    return shuffled_pattern(shape, rng);
}

Grid random_puzzle(const Grid& solution, int clues, std::mt19937_64& rng) {
    Grid puzzle = solution;
    std::vector<int> cells(solution.cell_count());
    std::iota(cells.begin(), cells.end(), 0);
    std::shuffle(cells.begin(), cells.end(), rng);
    const int to_remove = std::max(0, solution.cell_count() - clues);
    for (int i = 0; i < to_remove; ++i) puzzle.set(cells[i], 0);
    return puzzle;
}

}  // namespace sudokit
