#include "engines/sat/sudoku_cnf.h"

#include <span>

namespace sudokit::detail {

namespace {

class CnfWriter {
  public:
    CnfWriter(SudokuCnf& cnf, AtMostOne amo) : cnf_(cnf), amo_(amo) {}

    void at_least_one(std::span<const int> vars) {
        for (int v : vars) cnf_.clauses.push_back(v);
        end_clause();
    }

    void at_most_one(std::span<const int> vars) {
        const size_t n = vars.size();
        if (n < 2) return;
        if (amo_ == AtMostOne::pairwise || n < 6) {
            for (size_t i = 0; i < n; ++i) {
                for (size_t j = i + 1; j < n; ++j) binary(-vars[i], -vars[j]);
            }
            return;
        }
        // s_i: one of x_1..x_i is true. x_i -> s_i, s_{i-1} -> s_i, x_i -> not s_{i-1}.
        int previous = 0;
        for (size_t i = 0; i + 1 < n; ++i) {
            const int s = ++cnf_.variables;
            binary(-vars[i], s);
            if (previous != 0) {
                binary(-previous, s);
                binary(-vars[i], -previous);
            }
            previous = s;
        }
        binary(-vars[n - 1], -previous);
    }

  private:
    void binary(int a, int b) {
        cnf_.clauses.push_back(a);
        cnf_.clauses.push_back(b);
        end_clause();
    }
    void end_clause() {
        cnf_.clauses.push_back(0);
        ++cnf_.clause_count;
    }

    SudokuCnf& cnf_;
    AtMostOne amo_;
};

}  // namespace

SudokuCnf encode_sudoku(const Grid& puzzle, AtMostOne amo) {
    SudokuCnf cnf;
    const Topology& topo = puzzle.topology();
    const int n = puzzle.size();
    const int cells = puzzle.cell_count();
    // Candidates: every digit no given peer holds; a given clashing with a peer (or too large)
    // leaves no solution.
    std::vector<DigitSet> open(cells, DigitSet::all(n));
    for (int cell = 0; cell < cells; ++cell) {
        const int d = puzzle[cell];
        if (d == 0) continue;
        if (d > n) {
            cnf.contradiction = true;
            return cnf;
        }
        for (int peer : topo.peers(cell)) {
            if (puzzle[peer] == d) {
                cnf.contradiction = true;
                return cnf;
            }
            open[peer].remove(d);
        }
    }
    // Variables, cell by cell and digit ascending.
    std::vector<int>& var_of = cnf.var_of;
    var_of.assign(static_cast<size_t>(cells) * n, 0);
    for (int cell = 0; cell < cells; ++cell) {
        if (puzzle[cell] != 0) continue;
        if (open[cell].empty()) {
            cnf.contradiction = true;
            return cnf;
        }
        cnf.open_cells.push_back(cell);
        for (int d = 1; d <= n; ++d) {
            if (!open[cell].contains(d)) continue;
            var_of[static_cast<size_t>(cell) * n + d - 1] = ++cnf.variables;
            cnf.var_cell.push_back(cell);
            cnf.var_digit.push_back(static_cast<uint8_t>(d));
        }
    }
    cnf.candidates = cnf.variables;

    CnfWriter writer(cnf, amo);
    std::vector<int> group;
    group.reserve(n);
    for (int cell : cnf.open_cells) {
        group.clear();
        for (int d = 1; d <= n; ++d) {
            if (int v = var_of[static_cast<size_t>(cell) * n + d - 1]) group.push_back(v);
        }
        writer.at_least_one(group);
        writer.at_most_one(group);
    }
    for (int h = 0; h < topo.house_count(); ++h) {
        DigitSet placed;
        for (int cell : topo.house(h)) {
            if (puzzle[cell] != 0) placed.add(puzzle[cell]);
        }
        for (int d = 1; d <= n; ++d) {
            if (placed.contains(d)) continue;
            group.clear();
            for (int cell : topo.house(h)) {
                if (int v = var_of[static_cast<size_t>(cell) * n + d - 1]) group.push_back(v);
            }
            if (group.empty()) {
                cnf.contradiction = true;
                return cnf;
            }
            writer.at_least_one(group);
            writer.at_most_one(group);
        }
    }
    return cnf;
}

}  // namespace sudokit::detail
