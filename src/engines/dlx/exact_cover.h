// Generic exact cover: Knuth's Algorithm X on dancing links, laid out as in his DLX1 program
// (nodes in one array linked by int32 indices, rows stored contiguously between spacer nodes).
// Knows nothing about Sudoku; the adapter in dlx.cc builds the Sudoku matrix on top of it.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace sudokit::detail {

// What a search may spend; 0 means "no limit" for both.
struct ExactCoverLimits {
    uint64_t max_solutions = 0;
    uint64_t node_budget = 0;
};

// Cost counters of one search (Knuth's "nodes" and "updates", plus two of ours).
struct ExactCoverCounters {
    uint64_t nodes = 0;       // rows tried: each row placed in the partial solution
    uint64_t guesses = 0;     // rows tried after the first one at a choice point
    uint64_t backtracks = 0;  // levels left with every row tried, or an empty column met
    uint64_t updates = 0;     // link updates: a node taken out of its column's list
};

struct ExactCoverResult {
    uint64_t solutions = 0;  // at most ExactCoverLimits::max_solutions when that is set
    bool complete = true;    // false when the node budget stopped the search
    ExactCoverCounters counters;
};

// Receives each solution as the row ids it uses: the selected rows first, in the order they
// were selected, then the rows chosen by the search, top level first.
using ExactCoverVisitor = std::function<void(std::span<const int> rows)>;

// One node of the matrix (12 bytes). Header: up/down of the column list, top = column size.
// Row node: up/down in its column, top = header index. Spacer: see ExactCover.
struct ExactCoverNode {
    int32_t up;
    int32_t down;
    int32_t top;
};
// The doubly linked list of active columns.
struct ExactCoverItem {
    int32_t left;
    int32_t right;
};

// An exact-cover matrix of primary columns 0..C-1 and rows 0..R-1 (each a set of columns).
// Built once, then searched many times: every search and every select() is undone before the
// next one starts, so the links are back in their built state between uses.
//
// Node array layout (indices, not pointers):
//   0            root of the list of active columns (uses items_ only)
//   1..C         column headers: up/down of the column's list, `top` holds the column size
//   C+1          spacer before row 0
//   ...          row r's nodes, one per column (top = header index), then a spacer
// A spacer's `top` is -r for the row after it (-R for the last one); its `up` is the first
// node of the row before it and its `down` the last node of the row after it, so walking a
// row to the right or left wraps around through the spacers.
class ExactCover {
  public:
    explicit ExactCover(int column_count);

    // Appends a row; false (and nothing added) when it is empty, names a column out of range,
    // or names a column twice.
    bool add_row(std::span<const int> columns);

    int column_count() const { return column_count_; }
    int row_count() const { return static_cast<int>(row_start_.size()); }

    // Puts a row into every solution before searching (e.g. a Sudoku given): covers its
    // columns. False, with nothing changed, when the row clashes with a row already selected.
    bool select(int row);
    // Undoes every select(), last first.
    void unselect_all();
    int selected_count() const { return static_cast<int>(selected_.size()); }

    // Algorithm X from the current state (the selected rows in place): smallest column first,
    // rows in the order they were added. Counts solutions up to limits.max_solutions, shows each
    // to `visit` (may be empty), and leaves the links as it found them.
    ExactCoverResult search(const ExactCoverLimits& limits, const ExactCoverVisitor& visit = {});

    // Low-level moves, for tests and debugging; cover/uncover must be paired last-in first-out
    // and undone before the next search.
    void cover(int column);
    void uncover(int column);
    bool is_active(int column) const;
    // Rows left in an active column's list.
    int column_size(int column) const { return nodes_[column + 1].top; }

    // The link-consistency checker (debug aid): the active-column list is a proper doubly linked
    // cycle; every column list is one too, in row order, with its size field right; the
    // active columns hold exactly the rows that meet no covered column; the spacers wrap each
    // row. Empty string when all holds, otherwise the first problem found.
    std::string check_links() const;

  private:
    using Node = ExactCoverNode;
    using Item = ExactCoverItem;

    int row_of(int node) const;

    int column_count_;
    std::vector<Node> nodes_;
    std::vector<Item> items_;         // index 0 is the root, 1..C the columns
    std::vector<int32_t> row_start_;  // first node of each row
    std::vector<int32_t> selected_;   // first node of each selected row, in order
    std::vector<int32_t> choice_;     // per search level: the header, then the row node tried
    std::vector<int> solution_rows_;  // scratch for the visitor
};

}  // namespace sudokit::detail
