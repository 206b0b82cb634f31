// Random complete grids for the generator: a randomised depth-first search (the cell with the
// fewest candidates first, ties broken by a random cell order, digits in random order, restarts
// when a search wanders too long), then the validity-preserving transformations drawn at random:
// digits relabelled, bands and the rows inside each band, stacks and the columns inside each
// stack permuted, and for square boxes a transposition. The search picks which grid; the
// transformations spread it over its whole equivalence class.
#include <bit>
#include <numeric>
#include <vector>

#include "generate/random.h"
#include "sudokit/generate.h"

namespace sudokit {

namespace {

// Side lengths above this get the house pass (house_pass): below it the cells alone find a
// grid at once, and the pass would only slow the search down.
constexpr int kHousePassFrom = 16;

class Filler {
  public:
    Filler(Shape shape, std::mt19937_64& rng) : topo_(topology(shape)), rng_(rng) {
        n_ = shape.size();
        all_ = DigitSet::all(n_).bits();
        houses_ = n_ > kHousePassFrom;
    }

    // One complete grid (restarts until a search finishes within its budget).
    Grid fill() {
        for (;;) {
            start();
            budget_ = 8L * topo_.cell_count() + 1000;
            if (search()) break;
        }
        Grid grid(topo_.shape());
        for (int cell = 0; cell < topo_.cell_count(); ++cell) grid.set(cell, values_[cell]);
        return grid;
    }

  private:
    void start() {
        const int cells = topo_.cell_count();
        empty_.resize(cells);
        std::iota(empty_.begin(), empty_.end(), 0);
        detail::shuffle_span(std::span<int>(empty_), rng_);
        pos_.resize(cells);
        for (int i = 0; i < cells; ++i) pos_[empty_[i]] = i;
        cand_.assign(cells, 0);
        left_ = cells;
        values_.assign(cells, 0);
        used_.assign(3 * n_, 0);
    }

    uint64_t free_digits(int cell) const {
        const auto houses = topo_.houses_of(cell);
        return all_ & ~(used_[houses[0]] | used_[houses[1]] | used_[houses[2]]);
    }

    void set(int cell, int digit) {
        values_[cell] = static_cast<uint8_t>(digit);
        const uint64_t bit = digit == 0 ? 0 : uint64_t{1} << (digit - 1);
        for (int h : topo_.houses_of(cell)) used_[h] ^= bit;
    }

    void swap_empty(int i, int j) {
        std::swap(empty_[i], empty_[j]);
        pos_[empty_[i]] = i;
        pos_[empty_[j]] = j;
    }

    // Fills the cells empty_[0, left_); false when no digit of the chosen cell works out or the
    // budget ran out.
    bool search() {
        const int left = left_;
        if (left == 0) return true;
        int best = 0;
        int best_count = 64;
        uint64_t best_mask = 0;
        for (int i = 0; i < left; ++i) {
            const uint64_t mask = free_digits(empty_[i]);
            cand_[empty_[i]] = mask;
            const int count = std::popcount(mask);
            if (count < best_count) {
                best = i;
                best_count = count;
                best_mask = mask;
                if (count <= 1) break;
            }
        }
        if (best_count == 0) return false;
        // Large grids: a digit left without a place in a house is a dead end that the cells
        // show only much later (the search then wanders for minutes on 36x36), and a digit
        // with one place is forced.
        if (houses_ && best_count > 1 && !house_pass(best, best_mask)) return false;
        const int cell = empty_[best];
        swap_empty(best, left - 1);
        --left_;
        uint64_t mask = best_mask;
        while (mask != 0) {
            if (--budget_ < 0) break;
            // The k-th remaining candidate, k uniform.
            uint64_t pick = mask;
            for (uint64_t k = detail::draw_below(rng_, std::popcount(mask)); k > 0; --k) {
                pick &= pick - 1;
            }
            const int digit = std::countr_zero(pick) + 1;
            mask &= ~(uint64_t{1} << (digit - 1));
            set(cell, digit);
            if (search()) return true;
            set(cell, digit);  // the XOR in set() takes the digit out of the houses again
            values_[cell] = 0;
        }
        ++left_;
        swap_empty(pos_[cell], left - 1);
        return false;
    }

    // False when a house has a digit with no place left; otherwise, where a house has a digit
    // with one place, makes that cell (with only that digit) the one to branch on.
    bool house_pass(int& best, uint64_t& best_mask) {
        for (int h = 0; h < topo_.house_count(); ++h) {
            uint64_t once = 0, twice = 0;
            for (int cell : topo_.house(h)) {
                if (values_[cell] != 0) continue;
                twice |= once & cand_[cell];
                once |= cand_[cell];
            }
            if ((once | used_[h]) != all_) return false;
            const uint64_t hidden = once & ~twice;
            if (hidden == 0) continue;
            const uint64_t digit = hidden & (~hidden + 1);
            for (int cell : topo_.house(h)) {
                if (values_[cell] == 0 && (cand_[cell] & digit) != 0) {
                    best = pos_[cell];
                    best_mask = digit;
                    return true;
                }
            }
        }
        return true;
    }

    const Topology& topo_;
    std::mt19937_64& rng_;
    int n_ = 0;
    uint64_t all_ = 0;
    bool houses_ = false;
    long budget_ = 0;
    std::vector<int> empty_;  // [0, left_): the empty cells, in the order ties are broken
    std::vector<int> pos_;    // a cell's index in empty_
    int left_ = 0;
    std::vector<uint64_t> cand_;  // scratch: the candidates of each empty cell at this node
    std::vector<uint8_t> values_;
    std::vector<uint64_t> used_;  // per house: the digits placed in it
};

// A random order of 0..n-1 that keeps groups of `group` consecutive indexes together: the
// groups shuffled, then the indexes inside each group.
std::vector<int> grouped_order(int n, int group, std::mt19937_64& rng) {
    std::vector<int> groups(n / group);
    std::iota(groups.begin(), groups.end(), 0);
    detail::shuffle_span(std::span<int>(groups), rng);
    std::vector<int> order;
    order.reserve(n);
    for (int g : groups) {
        const size_t from = order.size();
        for (int i = 0; i < group; ++i) order.push_back(g * group + i);
        detail::shuffle_span(std::span<int>(order).subspan(from), rng);
    }
    return order;
}

}  // namespace

Grid random_grid(Shape shape, std::mt19937_64& rng) {
    Filler filler(shape, rng);
    const Grid found = filler.fill();
    const int n = shape.size();
    std::vector<int> digits(n + 1, 0);
    std::iota(digits.begin() + 1, digits.end(), 1);
    detail::shuffle_span(std::span<int>(digits).subspan(1), rng);
    const std::vector<int> rows = grouped_order(n, shape.box_rows, rng);
    const std::vector<int> cols = grouped_order(n, shape.box_cols, rng);
    // A transposition maps r x c boxes to c x r boxes: only square boxes allow it.
    const bool transpose = shape.box_rows == shape.box_cols && detail::draw_below(rng, 2) == 1;
    Grid grid(shape);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const int from = rows[r] * n + cols[c];
            grid.set(transpose ? c * n + r : r * n + c, digits[found[from]]);
        }
    }
    return grid;
}

}  // namespace sudokit
