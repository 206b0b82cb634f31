// `dlx`: the Sudoku adapter over the generic exact-cover core (exact_cover.h). The matrix of a
// shape is built once per engine object and reused; each solve selects the givens' rows, searches
// (which undoes its own covers) and resets the links to their built state in one copy.
// Stats: a node is a candidate row tried, a guess a row tried after the first at a choice point,
// a backtrack a dead end (a position with a column no row can cover), and propagations count
// link updates (nodes taken out of a column list by the search; the givens' covers are not
// counted).
#include "engines/dlx/dlx.h"

#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "engines/dlx/exact_cover.h"
#include "engines/engine_options.h"

namespace sudokit {

namespace {

// Row of candidate (cell, digit): cell * N + digit - 1, so a row id decodes with / and %.
// Columns, N² of each kind: the cell is filled, then digit d in row r, in col c, in box b.
std::unique_ptr<detail::ExactCover> build_matrix(Shape shape) {
    const Topology& topo = topology(shape);
    const int n = shape.size();
    const int cells = shape.cell_count();
    auto matrix = std::make_unique<detail::ExactCover>(4 * cells);
    for (int cell = 0; cell < cells; ++cell) {
        for (int d = 0; d < n; ++d) {
            const int columns[4] = {
                cell,
                cells + topo.row_of(cell) * n + d,
                2 * cells + topo.col_of(cell) * n + d,
                3 * cells + topo.box_of(cell) * n + d,
            };
            matrix->add_row(columns);
        }
    }
    return matrix;
}

class DlxEngine final : public Engine {
  public:
    std::string_view name() const override { return "dlx"; }
    bool supports(Shape) const override { return true; }

  protected:
    Result search(const Grid& puzzle, const Limits& limits) override {
        Result result;  // its empty grid is already 9x9, the common case
        if (result.first.shape() != puzzle.shape()) result.first = Grid(puzzle.shape());
        detail::ExactCover& matrix = matrix_for(puzzle.shape());
        const int n = puzzle.size();
        // Givens go in before the search; one that clashes with an earlier one (or is no digit
        // of this shape) means no solution.
        bool consistent = true;
        for (int cell = 0; cell < puzzle.cell_count() && consistent; ++cell) {
            const int d = puzzle[cell];
            if (d == 0) continue;
            consistent = d <= n && matrix.select(cell * n + d - 1);
        }
        if (consistent) {
            // max_solutions 0 reads as 1 (as in backtrack): the core would take it as "all".
            detail::ExactCoverLimits cover_limits;
            cover_limits.max_solutions = std::max<uint32_t>(limits.max_solutions, 1);
            cover_limits.node_budget = limits.node_budget;
            cover_limits.deadline = limits.deadline;
            cover_limits.cancel = limits.cancel;
            // One reference captured, so std::function keeps the lambda without allocating.
            struct {
                Grid& grid;
                int n;
                bool have = false;
            } first{result.first, n};
            auto keep_first = [&first](std::span<const int> rows) {
                if (first.have) return;
                first.have = true;
                for (int row : rows) first.grid.set(row / first.n, row % first.n + 1);
            };
            detail::ExactCoverResult found = matrix.search(cover_limits, keep_first);
            result.count = static_cast<uint32_t>(found.solutions);
            result.stop = found.stop;
            result.stats.nodes = found.counters.nodes;
            result.stats.guesses = found.counters.guesses;
            result.stats.depth = found.counters.depth;
            result.stats.propagations = found.counters.updates;
        }
        matrix.reset();
        return result;
    }

  private:
    detail::ExactCover& matrix_for(Shape shape) {
        for (auto& [s, matrix] : matrices_) {
            if (s == shape) return *matrix;
        }
        matrices_.emplace_back(shape, build_matrix(shape));
        return *matrices_.back().second;
    }

    std::vector<std::pair<Shape, std::unique_ptr<detail::ExactCover>>> matrices_;
};

}  // namespace

EngineInfo dlx_engine_info() {
    return EngineInfo{
        .name = "dlx",
        .description = "Algorithm X on dancing links (Knuth): exact cover, smallest column first",
        .sizes = "all",
        .options = {},
        .supports = [](Shape s) { return s.valid(); },
        .make = [](std::string_view options, std::string* error) -> std::unique_ptr<Engine> {
            detail::OptionValues values;
            if (!detail::parse_engine_options("dlx", {}, options, values, error)) return nullptr;
            return std::make_unique<DlxEngine>();
        },
    };
}

}  // namespace sudokit
