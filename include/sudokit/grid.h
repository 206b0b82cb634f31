// sudokit core types: box shapes, digit sets, house/peer tables and the grid of values.
// Vocabulary (docs/ARCHITECTURE.md, "Core model"): cell 0..N²-1 row-major, digit 1..N, house = row,
// col or box.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sudokit {

// Largest side length supported: digit sets are 64-bit, symbols are 0-9A-Z.
inline constexpr int kMaxSize = 36;

// ---- Shape ---------------------------------------------------------------------------------
// A box of box_rows x box_cols cells; the grid side is N = box_rows * box_cols.
struct Shape {
    int box_rows = 3;
    int box_cols = 3;

    constexpr int size() const { return box_rows * box_cols; }    // N
    constexpr int cell_count() const { return size() * size(); }  // N²
    constexpr int house_count() const { return 3 * size(); }      // rows, cols, boxes
    constexpr bool operator==(const Shape&) const = default;

    // "3x3": box rows x box cols.
    std::string name() const;
    // A valid shape has box sides >= 1 and 1 <= N <= kMaxSize.
    constexpr bool valid() const {
        return box_rows >= 1 && box_cols >= 1 && size() >= 1 && size() <= kMaxSize;
    }

    // The usual shape for a side length: 4 -> 2x2, 6 -> 2x3, 9 -> 3x3, 12 -> 3x4, 16 -> 4x4,
    // 25 -> 5x5, 36 -> 6x6. Other sides have no default shape.
    static std::optional<Shape> for_size(int n);
    // The usual shape whose grid has this many cells (16, 36, 81, 144, 256, 625, 1296).
    static std::optional<Shape> for_cell_count(int cells);
    // Parses "RxC" (as given to --size); nullopt when malformed or out of range.
    static std::optional<Shape> parse(std::string_view text);
    // Side lengths that have a default shape, ascending.
    static std::span<const int> standard_sizes();
};

// ---- DigitSet -------------------------------------------------------------------------------
// A set of digits 1..36; digit d is bit d-1.
class DigitSet {
  public:
    constexpr DigitSet() = default;
    constexpr explicit DigitSet(uint64_t bits) : bits_(bits) {}
    static constexpr DigitSet all(int n) {
        return DigitSet(n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1);
    }
    static constexpr DigitSet single(int digit) { return DigitSet(uint64_t{1} << (digit - 1)); }

    constexpr uint64_t bits() const { return bits_; }
    constexpr bool contains(int digit) const { return (bits_ >> (digit - 1)) & 1; }
    constexpr void add(int digit) { bits_ |= uint64_t{1} << (digit - 1); }
    constexpr void remove(int digit) { bits_ &= ~(uint64_t{1} << (digit - 1)); }
    constexpr int size() const { return std::popcount(bits_); }
    constexpr bool empty() const { return bits_ == 0; }
    // Smallest digit in the set; the set must not be empty.
    constexpr int lowest() const { return std::countr_zero(bits_) + 1; }

    constexpr DigitSet operator|(DigitSet o) const { return DigitSet(bits_ | o.bits_); }
    constexpr DigitSet operator&(DigitSet o) const { return DigitSet(bits_ & o.bits_); }
    constexpr DigitSet without(DigitSet o) const { return DigitSet(bits_ & ~o.bits_); }
    constexpr DigitSet& operator|=(DigitSet o) {
        bits_ |= o.bits_;
        return *this;
    }
    constexpr DigitSet& operator&=(DigitSet o) {
        bits_ &= o.bits_;
        return *this;
    }
    constexpr bool operator==(const DigitSet&) const = default;

    // Iterates the digits in ascending order.
    class iterator {
      public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = int;
        using difference_type = std::ptrdiff_t;
        using pointer = const int*;
        using reference = int;
        constexpr iterator() = default;
        constexpr explicit iterator(uint64_t bits) : bits_(bits) {}
        constexpr int operator*() const { return std::countr_zero(bits_) + 1; }
        constexpr iterator& operator++() {
            bits_ &= bits_ - 1;
            return *this;
        }
        constexpr iterator operator++(int) {
            iterator old = *this;
            ++*this;
            return old;
        }
        constexpr bool operator==(const iterator& o) const = default;

      private:
        uint64_t bits_ = 0;
    };
    constexpr iterator begin() const { return iterator(bits_); }
    constexpr iterator end() const { return iterator(0); }

  private:
    uint64_t bits_ = 0;
};

// ---- Topology -------------------------------------------------------------------------------
// House and peer tables of one shape, computed once and shared (thread-safe, immutable).
// House ids: rows 0..N-1, cols N..2N-1, boxes 2N..3N-1 (boxes numbered row-major).
class Topology {
  public:
    explicit Topology(Shape shape);

    Shape shape() const { return shape_; }
    int size() const { return n_; }
    int cell_count() const { return n_ * n_; }
    int house_count() const { return 3 * n_; }
    int peer_count() const { return peer_count_; }

    int row_of(int cell) const { return cell / n_; }
    int col_of(int cell) const { return cell % n_; }
    int box_of(int cell) const { return box_of_[cell]; }
    int cell_at(int row, int col) const { return row * n_ + col; }

    int row_house(int row) const { return row; }
    int col_house(int col) const { return n_ + col; }
    int box_house(int box) const { return 2 * n_ + box; }

    // The N cells of a house, in row-major order.
    std::span<const int> house(int h) const {
        return {house_cells_.data() + static_cast<size_t>(h) * n_, static_cast<size_t>(n_)};
    }
    // The three houses of a cell: row, col, box.
    std::span<const int, 3> houses_of(int cell) const {
        return std::span<const int, 3>(cell_houses_.data() + 3 * cell, 3);
    }
    // Every other cell that shares a house with this cell, ascending.
    std::span<const int> peers(int cell) const {
        return {peers_.data() + static_cast<size_t>(cell) * peer_count_,
                static_cast<size_t>(peer_count_)};
    }

    // "r1c1", 1-based as players write it.
    std::string cell_name(int cell) const;
    // "row 1", "column 3", "box 5".
    std::string house_name(int h) const;

  private:
    Shape shape_;
    int n_;
    int peer_count_;
    std::vector<int> box_of_;
    std::vector<int> house_cells_;
    std::vector<int> cell_houses_;
    std::vector<int> peers_;
};

// The shared tables of a shape (built on first use; the shape must be valid).
const Topology& topology(Shape shape);

// ---- Grid -----------------------------------------------------------------------------------
// A grid of values: 0 = empty, 1..N = digit.
class Grid {
  public:
    Grid() : Grid(Shape{}) {}
    explicit Grid(Shape shape) : shape_(shape), values_(shape.cell_count(), 0) {}

    Shape shape() const { return shape_; }
    int size() const { return shape_.size(); }
    int cell_count() const { return shape_.cell_count(); }
    const Topology& topology() const { return sudokit::topology(shape_); }

    int operator[](int cell) const { return values_[cell]; }
    void set(int cell, int digit) { values_[cell] = static_cast<uint8_t>(digit); }
    std::span<const uint8_t> values() const { return values_; }
    std::span<uint8_t> values() { return values_; }

    int given_count() const;
    bool is_complete() const;  // no empty cell
    bool operator==(const Grid&) const = default;

  private:
    Shape shape_;
    std::vector<uint8_t> values_;
};

// ---- Pencil marks ---------------------------------------------------------------------------
// Candidates per cell, as a player writes them (input/output of hints and pencil-mark formats).
struct PencilMarks {
    Shape shape;
    std::vector<DigitSet> cells;

    PencilMarks() = default;
    explicit PencilMarks(Shape s) : shape(s), cells(s.cell_count(), DigitSet::all(s.size())) {}
    // Candidates allowed by the rules given the placed values (a placed cell holds its digit).
    static PencilMarks from_grid(const Grid& grid);
    // The grid of cells that have exactly one candidate.
    Grid solved_cells() const;
    bool operator==(const PencilMarks&) const = default;
};

// ---- Rules ----------------------------------------------------------------------------------
// Two givens that break a rule: both cells hold the same digit in one house.
struct Conflict {
    int cell_a;
    int cell_b;
    int digit;
    int house;
};
// The first conflict in row-major order, if any.
std::optional<Conflict> find_conflict(const Grid& grid);
// A complete grid that breaks no rule.
bool is_valid_solution(const Grid& solution);
// `solution` is a valid complete grid that keeps every given of `puzzle`.
bool solves(const Grid& puzzle, const Grid& solution);

}  // namespace sudokit
