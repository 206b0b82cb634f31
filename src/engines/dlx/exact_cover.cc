// Generic exact cover by Algorithm X on dancing links (see exact_cover.h for the node layout).
// The search is iterative (an explicit stack of choices, one per level) so deep 36x36 searches
// need no call stack, and it undoes every cover before returning so the matrix can be reused.
#include "engines/dlx/exact_cover.h"

#include <algorithm>

namespace sudokit::detail {

namespace {

// The hot moves work on raw arrays so the compiler can keep everything in registers.
using Node = ExactCoverNode;
using Item = ExactCoverItem;

// Takes every row in the column out of the other columns' lists, then the column out of the
// active list (Knuth's cover).
inline void cover_links(Node* n, Item* items, int32_t header, uint64_t& updates) {
    for (int32_t p = n[header].down; p != header; p = n[p].down) {
        for (int32_t q = p + 1; q != p;) {
            const int32_t x = n[q].top;
            if (x <= 0) {  // spacer: wrap to the row's first node
                q = n[q].up;
                continue;
            }
            const int32_t u = n[q].up;
            const int32_t d = n[q].down;
            n[u].down = d;
            n[d].up = u;
            --n[x].top;
            ++updates;
            ++q;
        }
    }
    const int32_t l = items[header].left;
    const int32_t r = items[header].right;
    items[l].right = r;
    items[r].left = l;
}

// Exactly undoes cover_links: the column back in the active list, then its rows bottom up, each
// row walked leftwards (the reverse of the cover order).
inline void uncover_links(Node* n, Item* items, int32_t header) {
    const int32_t l = items[header].left;
    const int32_t r = items[header].right;
    items[l].right = header;
    items[r].left = header;
    for (int32_t p = n[header].up; p != header; p = n[p].up) {
        for (int32_t q = p - 1; q != p;) {
            const int32_t x = n[q].top;
            if (x <= 0) {  // spacer: wrap to the row's last node
                q = n[q].down;
                continue;
            }
            const int32_t u = n[q].up;
            const int32_t d = n[q].down;
            n[u].down = q;
            n[d].up = q;
            ++n[x].top;
            --q;
        }
    }
}

// Covers the columns of a row other than the node's own, going right from the node.
inline void cover_rest(Node* n, Item* items, int32_t node, uint64_t& updates) {
    for (int32_t q = node + 1; q != node;) {
        const int32_t x = n[q].top;
        if (x <= 0) {
            q = n[q].up;
            continue;
        }
        cover_links(n, items, x, updates);
        ++q;
    }
}

inline void uncover_rest(Node* n, Item* items, int32_t node) {
    for (int32_t q = node - 1; q != node;) {
        const int32_t x = n[q].top;
        if (x <= 0) {
            q = n[q].down;
            continue;
        }
        uncover_links(n, items, x);
        --q;
    }
}

// The active column with fewest rows, the first such in column order (Knuth's MRV rule).
// Stops looking at a size of 0 or 1: nothing can beat those.
inline int32_t choose_column(const Node* n, const Item* items) {
    int32_t best = items[0].right;
    int32_t best_size = n[best].top;
    for (int32_t c = items[best].right; c != 0 && best_size > 1; c = items[c].right) {
        if (n[c].top < best_size) {
            best_size = n[c].top;
            best = c;
        }
    }
    return best;
}

}  // namespace

static_assert(sizeof(Node) == 3 * sizeof(int32_t), "compact nodes: three int32 each");

ExactCover::ExactCover(int column_count) : column_count_(std::max(column_count, 0)) {
    const int c = column_count_;
    nodes_.reserve(static_cast<size_t>(c) + 2);
    items_.resize(static_cast<size_t>(c) + 1);
    for (int i = 0; i <= c; ++i) {
        nodes_.push_back({i, i, 0});  // root and headers: empty lists, size 0
        items_[i] = {i == 0 ? c : i - 1, i == c ? 0 : i + 1};
    }
    nodes_.push_back({0, 0, 0});  // spacer before row 0
}

bool ExactCover::add_row(std::span<const int> columns) {
    if (columns.empty()) return false;
    for (size_t i = 0; i < columns.size(); ++i) {
        if (columns[i] < 0 || columns[i] >= column_count_) return false;
        for (size_t j = 0; j < i; ++j) {
            if (columns[j] == columns[i]) return false;
        }
    }
    const int32_t row = row_count();
    const int32_t spacer = static_cast<int32_t>(nodes_.size()) - 1;
    const int32_t first = spacer + 1;
    for (int column : columns) {
        const int32_t header = column + 1;
        const int32_t node = static_cast<int32_t>(nodes_.size());
        const int32_t last = nodes_[header].up;
        nodes_.push_back({last, header, header});
        nodes_[last].down = node;
        nodes_[header].up = node;
        ++nodes_[header].top;
    }
    const int32_t last = static_cast<int32_t>(nodes_.size()) - 1;
    nodes_[spacer].down = last;
    nodes_.push_back({first, 0, -(row + 1)});
    row_start_.push_back(first);
    return true;
}

int ExactCover::row_of(int node) const {
    while (nodes_[node].top > 0) --node;
    return -nodes_[node].top;
}

bool ExactCover::is_active(int column) const {
    const int32_t header = column + 1;
    return items_[items_[header].left].right == header;
}

void ExactCover::cover(int column) {
    uint64_t ignored = 0;
    cover_links(nodes_.data(), items_.data(), column + 1, ignored);
}

void ExactCover::uncover(int column) { uncover_links(nodes_.data(), items_.data(), column + 1); }

bool ExactCover::select(int row) {
    if (row < 0 || row >= row_count()) return false;
    const int32_t first = row_start_[row];
    // A row clashes with the selection exactly when one of its columns is already covered.
    for (int32_t q = first; nodes_[q].top > 0; ++q) {
        if (!is_active(nodes_[q].top - 1)) return false;
    }
    uint64_t ignored = 0;
    cover_links(nodes_.data(), items_.data(), nodes_[first].top, ignored);
    cover_rest(nodes_.data(), items_.data(), first, ignored);
    selected_.push_back(first);
    return true;
}

void ExactCover::unselect_all() {
    Node* n = nodes_.data();
    Item* items = items_.data();
    while (!selected_.empty()) {
        const int32_t first = selected_.back();
        selected_.pop_back();
        uncover_rest(n, items, first);
        uncover_links(n, items, n[first].top);
    }
}

std::string ExactCover::check_links() const {
    const int32_t c = column_count_;
    const int32_t total = static_cast<int32_t>(nodes_.size());
    auto in_range = [&](int32_t x) { return x >= 0 && x <= c; };
    // The active list: a doubly linked cycle through the root, each column once, in column
    // order (uncovering last-in first-out puts every column back where it was).
    std::vector<char> active(static_cast<size_t>(c) + 1, 0);
    int32_t previous = 0;
    for (int32_t x = items_[0].right;; x = items_[x].right) {
        if (!in_range(x) || !in_range(items_[x].left) || !in_range(items_[x].right))
            return "active list leaves the column range at " + std::to_string(previous);
        if (items_[x].left != previous)
            return "active list: left of " + std::to_string(x) + " is not " +
                   std::to_string(previous);
        if (x == 0) break;
        if (x <= previous) return "active list out of order at column " + std::to_string(x - 1);
        active[x] = 1;
        previous = x;
    }
    // Every column list, covered or not: a doubly linked cycle of that column's nodes in row
    // order, whose length is the header's size field.
    std::vector<char> listed(static_cast<size_t>(total), 0);
    const int32_t first_row_node = c + 2;
    for (int32_t h = 1; h <= c; ++h) {
        const std::string name = "column " + std::to_string(h - 1);
        int32_t count = 0;
        int32_t prev = h;
        for (int32_t p = nodes_[h].down; p != h; p = nodes_[p].down) {
            if (p < first_row_node || p >= total || nodes_[p].top <= 0)
                return name + ": list reaches a node that is not a row node";
            if (nodes_[p].top != h) return name + ": list holds a node of another column";
            if (nodes_[p].up != prev) return name + ": up link does not match down link";
            if (prev != h && p <= prev) return name + ": list out of row order";
            if (listed[p]) return name + ": list repeats a node";
            listed[p] = 1;
            prev = p;
            ++count;
        }
        if (nodes_[h].up != prev) return name + ": header's up link is not the last node";
        if (count != nodes_[h].top)
            return name + ": size " + std::to_string(nodes_[h].top) + " but " +
                   std::to_string(count) + " rows listed";
    }
    // Rows: the spacers wrap each row, and a row is in the lists of its active columns exactly
    // when it meets no covered column.
    for (int32_t r = 0; r < row_count(); ++r) {
        const std::string name = "row " + std::to_string(r);
        const int32_t first = row_start_[r];
        int32_t last = first;
        bool live = true;
        for (int32_t q = first; q < total && nodes_[q].top > 0; ++q) {
            last = q;
            if (!active[nodes_[q].top]) live = false;
        }
        if (nodes_[first - 1].top != -r || nodes_[first - 1].down != last)
            return name + ": spacer before it does not lead to its last node";
        if (last + 1 >= total || nodes_[last + 1].up != first)
            return name + ": spacer after it does not lead to its first node";
        for (int32_t q = first; q <= last; ++q) {
            if (active[nodes_[q].top] && listed[q] != live)
                return name + (live ? " is missing from" : " is still in") + " column " +
                       std::to_string(nodes_[q].top - 1);
        }
    }
    return "";
}

ExactCoverResult ExactCover::search(const ExactCoverLimits& limits,
                                    const ExactCoverVisitor& visit) {
    ExactCoverResult result;
    ExactCoverCounters& counters = result.counters;
    Node* n = nodes_.data();
    Item* items = items_.data();
    // Each level covers at least one column, so the depth never exceeds the column count.
    choice_.resize(static_cast<size_t>(column_count_) + 1);
    int32_t* choice = choice_.data();
    const uint64_t max_solutions = limits.max_solutions;
    const uint64_t budget = limits.node_budget;
    uint64_t nodes = 0;
    uint64_t updates = 0;

    int level = 0;
    bool stopped = false;        // a limit ended the search
    bool level_covered = false;  // when stopped: the column at `level` is covered
    bool out_of_budget = false;
    while (true) {
        // Entering `level`: with no active column left the partial solution is a solution;
        // otherwise branch on the smallest column, unless it is empty (a dead end).
        bool opened = false;
        if (items[0].right == 0) {
            ++result.solutions;
            if (visit) {
                solution_rows_.clear();
                for (int32_t first : selected_) solution_rows_.push_back(row_of(first));
                for (int l = 0; l < level; ++l) solution_rows_.push_back(row_of(choice[l]));
                visit(solution_rows_);
            }
            if (max_solutions != 0 && result.solutions >= max_solutions) {
                stopped = true;
                break;
            }
        } else {
            const int32_t column = choose_column(n, items);
            if (n[column].top == 0) {
                ++counters.backtracks;
            } else {
                cover_links(n, items, column, updates);
                choice[level] = column;
                opened = true;
            }
        }
        if (!opened) {
            if (level == 0) break;
            --level;
        }
        // Advancing `level` to its next row: undo the row tried there (if any), then try the one
        // below it; a level with no rows left is undone and left for the one above.
        bool descended = false;
        while (!descended) {
            const int32_t tried = choice[level];
            int32_t column = tried;
            if (tried > column_count_) {
                column = n[tried].top;
                uncover_rest(n, items, tried);
            }
            const int32_t next = n[tried].down;
            if (next == column) {
                uncover_links(n, items, column);
                ++counters.backtracks;
                if (level == 0) break;
                --level;
                continue;
            }
            if (budget != 0 && nodes >= budget) {
                choice[level] = column;
                stopped = true;
                level_covered = true;
                out_of_budget = true;
                break;
            }
            ++nodes;
            if (tried != column) ++counters.guesses;
            choice[level] = next;
            cover_rest(n, items, next, updates);
            ++level;
            descended = true;
        }
        if (!descended) break;
    }

    if (stopped) {
        // Undo what the open levels still hold, deepest first.
        if (level_covered) uncover_links(n, items, choice[level]);
        for (int l = level - 1; l >= 0; --l) {
            uncover_rest(n, items, choice[l]);
            uncover_links(n, items, n[choice[l]].top);
        }
        result.complete = !out_of_budget;
    }
    counters.nodes = nodes;
    counters.updates = updates;
    return result;
}

}  // namespace sudokit::detail
