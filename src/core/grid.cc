// Grid, pencil marks and the rule checks shared by every engine and by the tests.
#include "sudokit/grid.h"

namespace sudokit {

int Grid::given_count() const {
    int count = 0;
    for (uint8_t v : values_) count += v != 0;
    return count;
}

bool Grid::is_complete() const {
    for (uint8_t v : values_) {
        if (v == 0) return false;
    }
    return true;
}

PencilMarks PencilMarks::from_grid(const Grid& grid) {
    const Topology& topo = grid.topology();
    PencilMarks marks(grid.shape());
    for (int cell = 0; cell < grid.cell_count(); ++cell) {
        if (grid[cell] != 0) {
            marks.cells[cell] = DigitSet::single(grid[cell]);
            continue;
        }
        for (int peer : topo.peers(cell)) {
            if (grid[peer] != 0) marks.cells[cell].remove(grid[peer]);
        }
    }
    return marks;
}

Grid PencilMarks::solved_cells() const {
    Grid grid(shape);
    for (int cell = 0; cell < shape.cell_count(); ++cell) {
        if (cells[cell].size() == 1) grid.set(cell, cells[cell].lowest());
    }
    return grid;
}

std::optional<Conflict> find_conflict(const Grid& grid) {
    const Topology& topo = grid.topology();
    const int n = grid.size();
    std::optional<Conflict> best;
    // Report the conflict whose second cell comes first in reading order, so the message
    // points at the earliest place a reader would notice it.
    std::vector<int> seen(n + 1);
    for (int h = 0; h < topo.house_count(); ++h) {
        std::fill(seen.begin(), seen.end(), -1);
        for (int cell : topo.house(h)) {
            int d = grid[cell];
            if (d == 0 || d > n) continue;
            if (seen[d] >= 0) {
                if (!best || cell < best->cell_b ||
                    (cell == best->cell_b && seen[d] < best->cell_a)) {
                    best = Conflict{seen[d], cell, d, h};
                }
                break;
            }
            seen[d] = cell;
        }
    }
    return best;
}

bool is_valid_solution(const Grid& solution) {
    return solution.is_complete() && !find_conflict(solution);
}

bool solves(const Grid& puzzle, const Grid& solution) {
    if (puzzle.shape() != solution.shape() || !is_valid_solution(solution)) return false;
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        if (puzzle[cell] != 0 && puzzle[cell] != solution[cell]) return false;
    }
    return true;
}

}  // namespace sudokit
