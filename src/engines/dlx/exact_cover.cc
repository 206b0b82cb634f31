// Generic exact cover by Algorithm X on dancing links (see exact_cover.h for the node layout).
// The search is iterative (an explicit stack of choices, one per level) so deep 36x36 searches
// need no call stack, and it undoes every cover before returning so the matrix can be reused.
#include "engines/dlx/exact_cover.h"

#include <algorithm>
#include <bit>
#include <limits>

#include "core/tsan.h"
#include "engines/search_guard.h"

namespace sudokit::detail {

namespace {

using Node = ExactCoverNode;

constexpr int32_t kCovered = ExactCover::kCoveredBit;

// Columns looked at before checking whether a column of size 0 or 1 has turned up (nothing can
// beat those). Big enough to vectorise the minimum, small enough to stop early on easy nodes.
constexpr int32_t kScanBlock = 64;

// Takes every row in the column out of the other columns' lists, then marks the column
// covered (Knuth's cover; the mark stands in for unlinking the header).
inline void cover_links(Node* n, int32_t* keys, int32_t unit, int32_t header, uint64_t& updates) {
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
            keys[x] -= unit;
            ++updates;
            ++q;
        }
    }
    keys[header] += kCovered;
}

// Exactly undoes cover_links: the rows go back bottom up, each walked leftwards (the reverse
// of the cover order).
inline void uncover_links(Node* n, int32_t* keys, int32_t unit, int32_t header) {
    keys[header] -= kCovered;
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
            keys[x] += unit;
            --q;
        }
    }
}

// Covers the columns of a row other than the node's own, going right from the node.
inline void cover_rest(Node* n, int32_t* keys, int32_t unit, int32_t node, uint64_t& updates) {
    for (int32_t q = node + 1; q != node;) {
        const int32_t x = n[q].top;
        if (x <= 0) {
            q = n[q].up;
            continue;
        }
        cover_links(n, keys, unit, x, updates);
        ++q;
    }
}

inline void uncover_rest(Node* n, int32_t* keys, int32_t unit, int32_t node) {
    for (int32_t q = node - 1; q != node;) {
        const int32_t x = n[q].top;
        if (x <= 0) {
            q = n[q].down;
            continue;
        }
        uncover_links(n, keys, unit, x);
        --q;
    }
}

// On x86-64 the scan gets an AVX2 clone picked at load time (its 32-bit minimum is one
// instruction there, three without SSE4.1); elsewhere the plain loop. Not under ThreadSanitizer:
// the clone's resolver runs while the program is being loaded, before TSan's runtime is set up,
// and its instrumented code crashes there.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(SUDOKIT_TSAN)
#define SUDOKIT_DLX_SCAN_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SUDOKIT_DLX_SCAN_CLONES
#endif

// The smallest key of headers 1..count (Knuth's MRV rule: fewest rows, first in column order),
// block by block, stopping once a key below `good_enough` (size 0 or 1) is seen.
SUDOKIT_DLX_SCAN_CLONES int32_t smallest_key(const int32_t* keys, int32_t count,
                                             int32_t good_enough) {
    int32_t best = std::numeric_limits<int32_t>::max();
    for (int32_t base = 1; base <= count; base += kScanBlock) {
        const int32_t end = std::min(base + kScanBlock, count + 1);
        int32_t block = std::numeric_limits<int32_t>::max();
        for (int32_t i = base; i < end; ++i) block = std::min(block, keys[i]);
        best = std::min(best, block);
        if (best < good_enough) break;
    }
    return best;
}

}  // namespace

static_assert(sizeof(Node) == 3 * sizeof(int32_t), "compact nodes: three int32 each");

ExactCover::ExactCover(int column_count)
    : column_count_(std::clamp(column_count, 0, kMaxColumns)),
      shift_(std::bit_width(static_cast<uint32_t>(column_count_))),
      size_unit_(int32_t{1} << shift_) {
    const int c = column_count_;
    nodes_.reserve(static_cast<size_t>(c) + 2);
    keys_.resize(static_cast<size_t>(c) + 1);
    for (int h = 0; h <= c; ++h) {
        nodes_.push_back({h, h, 0});  // headers: empty lists
        keys_[h] = h;                 // size 0, active
    }
    nodes_.push_back({0, 0, 0});  // spacer before row 0
}

bool ExactCover::add_row(std::span<const int> columns) {
    if (columns.empty()) return false;
    for (size_t i = 0; i < columns.size(); ++i) {
        if (columns[i] < 0 || columns[i] >= column_count_) return false;
        if (column_size(columns[i]) + 1 >= (kCoveredBit >> shift_)) return false;
        for (size_t j = 0; j < i; ++j) {
            if (columns[j] == columns[i]) return false;
        }
    }
    built_saved_ = false;
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
        keys_[header] += size_unit_;
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

bool ExactCover::is_active(int column) const { return keys_[column + 1] < kCoveredBit; }

void ExactCover::cover(int column) {
    uint64_t ignored = 0;
    cover_links(nodes_.data(), keys_.data(), size_unit_, column + 1, ignored);
}

void ExactCover::uncover(int column) {
    uncover_links(nodes_.data(), keys_.data(), size_unit_, column + 1);
}

bool ExactCover::select(int row) {
    if (row < 0 || row >= row_count()) return false;
    const int32_t first = row_start_[row];
    // A row clashes with the selection exactly when one of its columns is already covered.
    for (int32_t q = first; nodes_[q].top > 0; ++q) {
        if (!is_active(nodes_[q].top - 1)) return false;
    }
    if (selected_.empty() && !built_saved_) {
        built_nodes_ = nodes_;
        built_keys_ = keys_;
        built_saved_ = true;
    }
    uint64_t ignored = 0;
    cover_links(nodes_.data(), keys_.data(), size_unit_, nodes_[first].top, ignored);
    cover_rest(nodes_.data(), keys_.data(), size_unit_, first, ignored);
    selected_.push_back(first);
    return true;
}

void ExactCover::unselect_all() {
    while (!selected_.empty()) {
        const int32_t first = selected_.back();
        selected_.pop_back();
        uncover_rest(nodes_.data(), keys_.data(), size_unit_, first);
        uncover_links(nodes_.data(), keys_.data(), size_unit_, nodes_[first].top);
    }
}

void ExactCover::reset() {
    if (built_saved_) {
        std::copy(built_nodes_.begin(), built_nodes_.end(), nodes_.begin());
        std::copy(built_keys_.begin(), built_keys_.end(), keys_.begin());
        selected_.clear();
    } else {
        unselect_all();  // nothing was selected since the last add_row
    }
}

std::string ExactCover::check_links() const {
    const int32_t c = column_count_;
    const int32_t total = static_cast<int32_t>(nodes_.size());
    const int32_t index_mask = size_unit_ - 1;
    // Keys: each names its own header and carries the covered flag or nothing.
    std::vector<char> active(static_cast<size_t>(c) + 1, 0);
    for (int32_t h = 1; h <= c; ++h) {
        const int32_t key = keys_[h];
        if (key < 0 || (key & index_mask) != h)
            return "column " + std::to_string(h - 1) + ": malformed key " + std::to_string(key);
        active[h] = key < kCoveredBit;
    }
    // Every column list, covered or not: a doubly linked cycle of that column's nodes in row
    // order (restoring last-in first-out puts every node back where it was), whose length is
    // the size in the key.
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
        if (count != column_size(h - 1))
            return name + ": size " + std::to_string(column_size(h - 1)) + " but " +
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
    int32_t* keys = keys_.data();
    const int32_t unit = size_unit_;
    const int32_t index_mask = unit - 1;
    const int32_t good_enough = 2 * unit;  // keys below this have size 0 or 1
    // Each level covers at least one column, so the depth never exceeds the column count.
    choice_.resize(static_cast<size_t>(column_count_) + 1);
    int32_t* choice = choice_.data();
    const uint64_t max_solutions = limits.max_solutions;
    SearchGuard guard(Limits{.max_solutions = 0,
                             .node_budget = limits.node_budget,
                             .deadline = limits.deadline,
                             .cancel = limits.cancel});
    uint64_t nodes = 0;
    uint64_t updates = 0;

    int level = 0;
    bool stopped = false;        // a limit ended the search
    bool level_covered = false;  // when stopped: the column at `level` is covered
    while (true) {
        // Entering `level`: with every column covered the partial solution is a solution;
        // otherwise branch on the smallest column, unless it is empty (a dead end).
        bool opened = false;
        const int32_t key = smallest_key(keys, column_count_, good_enough);
        if (key >= kCovered) {
            ++result.solutions;
            if (visit) {
                solution_rows_.clear();
                for (int32_t first : selected_) solution_rows_.push_back(row_of(first));
                for (int l = 0; l < level; ++l) solution_rows_.push_back(row_of(choice[l]));
                visit(solution_rows_);
            }
            if (max_solutions != 0 && result.solutions >= max_solutions) {
                stopped = true;
                result.stop = Stop::solution_limit;
                break;
            }
        } else if (key < unit) {
            // An empty column: no row can cover it, a dead end.
        } else {
            const int32_t column = key & index_mask;
            cover_links(n, keys, unit, column, updates);
            choice[level] = column;
            opened = true;
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
                uncover_rest(n, keys, unit, tried);
            }
            const int32_t next = n[tried].down;
            if (next == column) {
                uncover_links(n, keys, unit, column);
                if (level == 0) break;
                --level;
                continue;
            }
            if (guard.must_stop(nodes)) {
                choice[level] = column;
                stopped = true;
                level_covered = true;
                result.stop = guard.stop();
                break;
            }
            ++nodes;
            if (tried != column) ++counters.guesses;
            choice[level] = next;
            cover_rest(n, keys, unit, next, updates);
            ++level;
            counters.depth = std::max(counters.depth, static_cast<uint64_t>(level));
            descended = true;
        }
        if (!descended) break;
    }

    if (stopped) {
        // Undo what the open levels still hold, deepest first.
        if (level_covered) uncover_links(n, keys, unit, choice[level]);
        for (int l = level - 1; l >= 0; --l) {
            uncover_rest(n, keys, unit, choice[l]);
            uncover_links(n, keys, unit, n[choice[l]].top);
        }
    }
    counters.nodes = nodes;
    counters.updates = updates;
    return result;
}

}  // namespace sudokit::detail
