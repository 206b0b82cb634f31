// Generic exact cover: Knuth's Algorithm X on dancing links, laid out as in his DLX1 program
// (nodes in one array linked by int32 indices, rows stored contiguously between spacer nodes).
// Knows nothing about Sudoku; the adapter in dlx.cc builds the Sudoku matrix on top of it.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "sudokit/engine.h"

namespace sudokit::detail {

// What a search may spend: max_solutions 0 means "all"; node_budget, deadline and cancel as in
// sudokit::Limits.
struct ExactCoverLimits {
    uint64_t max_solutions = 0;
    uint64_t node_budget = 0;
    Clock::time_point deadline = Clock::time_point::max();
    const std::atomic<bool>* cancel = nullptr;
};

// Cost counters of one search (Knuth's "nodes" and "updates", plus two of ours).
struct ExactCoverCounters {
    uint64_t nodes = 0;    // rows tried: each row placed in the partial solution
    uint64_t guesses = 0;  // rows tried after the first one at a choice point
    uint64_t depth = 0;    // the most rows the search held at once (its deepest level)
    uint64_t updates = 0;  // link updates: a node taken out of its column's list
};

struct ExactCoverResult {
    uint64_t solutions = 0;      // at most ExactCoverLimits::max_solutions when that is set
    Stop stop = Stop::finished;  // finished, solution_limit, node_budget, time_limit, cancelled
    ExactCoverCounters counters;
};

// Receives each solution as the row ids it uses: the selected rows first, in the order they
// were selected, then the rows chosen by the search, top level first.
using ExactCoverVisitor = std::function<void(std::span<const int> rows)>;

// One node of the matrix (12 bytes). Header: up/down of the column's list. Row node: up/down in
// its column, top = header index (>= 1). Spacer: top <= 0, see ExactCover.
struct ExactCoverNode {
    int32_t up;
    int32_t down;
    int32_t top;
};

class ExactCover {
  public:
    static constexpr int32_t kCoveredBit = int32_t{1} << 30;  // a key's covered flag

    // Keys leave 20 bits for the header index (and at least 10 for the size).
    static constexpr int kMaxColumns = (1 << 20) - 1;

    // A matrix of min(column_count, kMaxColumns) columns and no rows yet.
    explicit ExactCover(int column_count);

    // Appends a row; false (and nothing added) when it is empty, names a column out of range,
    // names a column twice, or would make a column too long for the key (2^30 / 2^shift rows).
    bool add_row(std::span<const int> columns);

    int column_count() const { return column_count_; }
    int row_count() const { return static_cast<int>(row_start_.size()); }

    // Puts a row into every solution before searching (e.g. a Sudoku given): covers its
    // columns. False, with nothing changed, when the row clashes with a row already selected.
    bool select(int row);
    // Undoes every select(), last first.
    void unselect_all();
    // Back to the built state in one copy of the links saved at the first select() after the
    // last add_row(): drops the selection (and anything left covered). Cheaper than
    // unselect_all() once more than a few rows are selected.
    void reset();
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
    int column_size(int column) const { return (keys_[column + 1] & (kCoveredBit - 1)) >> shift_; }

    // The link-consistency checker (debug aid): every key is well formed (its own header index,
    // the covered flag or nothing); every column list is a doubly linked cycle of that column's
    // nodes in row order whose length is the key's size; the active columns hold exactly the
    // rows that meet no covered column; the spacers wrap each row. Empty string when all holds,
    // otherwise the first problem found.
    std::string check_links() const;

  private:
    using Node = ExactCoverNode;

    int row_of(int node) const;

    int column_count_;
    int shift_;          // bits of the header index in a key
    int32_t size_unit_;  // 1 << shift_: one row in a key's size field
    std::vector<Node> nodes_;
    std::vector<int32_t> keys_;      // per header (index 0 unused), see above
    std::vector<Node> built_nodes_;  // the links as built, for reset()
    std::vector<int32_t> built_keys_;
    bool built_saved_ = false;        // built_* match the rows added so far
    std::vector<int32_t> row_start_;  // first node of each row
    std::vector<int32_t> selected_;   // first node of each selected row, in order
    std::vector<int32_t> choice_;     // per search level: the header, then the row node tried
    std::vector<int> solution_rows_;  // scratch for the visitor
};

}  // namespace sudokit::detail
