// The reduced CNF of a Sudoku puzzle for the `sat` engine: one variable per candidate that is
// still open once every given's peers have lost its digit, at-least-one clauses for every open
// cell and every (house, digit) the givens leave open, and at-most-one constraints over the same
// groups, pairwise or by a sequential counter (auxiliary variables). Independent of the solver.
#pragma once

#include <cstdint>
#include <vector>

#include "sudokit/grid.h"

namespace sudokit::detail {

enum class AtMostOne : uint8_t {
    pairwise,    // every pair of the group: n(n-1)/2 binary clauses, no new variable
    sequential,  // Sinz's sequential counter for groups of 6 or more: 3n-4 clauses, n-1 variables
};

struct SudokuCnf {
    // DIMACS literals, each clause ended by 0; variables are 1..variables.
    std::vector<int> clauses;
    int variables = 0;
    // Candidate variable v (1..candidates) stands for digit var_digit[v - 1] in cell var_cell[v -
    // 1]; auxiliary variables come after them.
    int candidates = 0;
    std::vector<int> var_cell;
    std::vector<uint8_t> var_digit;
    // The other way: var_of[cell * N + digit - 1] is the candidate's variable, 0 where the givens
    // rule it out (or the cell is given). Filled up to the first contradiction found.
    std::vector<int> var_of;
    // Cells left open by the givens, ascending.
    std::vector<int> open_cells;
    // The givens alone decide that there is no solution: two of them clash, one is no digit of
    // the shape, an open cell has no candidate, or a house has no place for an open digit.
    bool contradiction = false;
    uint64_t clause_count = 0;
};

SudokuCnf encode_sudoku(const Grid& puzzle, AtMostOne amo);

}  // namespace sudokit::detail
