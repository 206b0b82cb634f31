// CandidateGrid: placed values, per-cell candidates, per-house digit positions and the cells
// with one candidate, kept in step by the only two changes a step makes (eliminate, place).
#include <array>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "human/position_order.h"
#include "sudokit/human.h"

namespace sudokit {

namespace detail {

// Each cell's three houses (Topology::houses_of order: row, column, box) and its index in each,
// so that eliminate() needs no division. Built once per shape and shared, like Topology.
struct CellSlots {
    std::vector<int> house;      // cell * 3 + k
    std::vector<uint8_t> index;  // cell * 3 + k

    explicit CellSlots(const Topology& topo) {
        house.resize(static_cast<size_t>(3) * topo.cell_count());
        index.resize(house.size());
        for (int h = 0; h < topo.house_count(); ++h) {
            auto cells = topo.house(h);
            for (int i = 0; i < topo.size(); ++i) {
                const int cell = cells[i];
                for (int k = 0; k < 3; ++k) {
                    if (topo.houses_of(cell)[k] != h) continue;
                    house[3 * cell + k] = h;
                    index[3 * cell + k] = static_cast<uint8_t>(i);
                }
            }
        }
    }
};

}  // namespace detail

namespace {

const detail::CellSlots& cell_slots(Shape shape) {
    static std::array<std::unique_ptr<const detail::CellSlots>, (kMaxSize + 1) * (kMaxSize + 1)>
        cache;
    static std::array<std::once_flag, (kMaxSize + 1) * (kMaxSize + 1)> once;
    const int slot = shape.box_rows * (kMaxSize + 1) + shape.box_cols;
    std::call_once(once[slot], [&] {
        cache[slot] = std::make_unique<const detail::CellSlots>(sudokit::topology(shape));
    });
    return *cache[slot];
}

}  // namespace

CandidateGrid::CandidateGrid(Shape shape)
    : shape_(shape),
      topo_(&sudokit::topology(shape)),
      slots_(&cell_slots(shape)),
      n_(shape.size()),
      values_(shape.cell_count(), 0),
      cands_(shape.cell_count()),
      pos_(static_cast<size_t>(shape.house_count()) * shape.size(), 0),
      placed_(shape.house_count()),
      empty_(shape.house_count(), 0),
      singles_((shape.cell_count() + 63) / 64, 0) {}

CandidateGrid::CandidateGrid(const Grid& puzzle) : CandidateGrid(puzzle.shape()) {
    init_from(puzzle, std::vector<DigitSet>(puzzle.cell_count(), DigitSet::all(n_)));
}

CandidateGrid::CandidateGrid(const Grid& values, const PencilMarks& marks)
    : CandidateGrid(values.shape()) {
    if (marks.shape != values.shape() ||
        marks.cells.size() != static_cast<size_t>(values.cell_count())) {
        throw std::invalid_argument("CandidateGrid: pencil marks and values differ in shape");
    }
    init_from(values, marks.cells);
}

CandidateGrid CandidateGrid::from_marks(const PencilMarks& marks) {
    return CandidateGrid(marks.solved_cells(), marks);
}

void CandidateGrid::init_from(const Grid& values, const std::vector<DigitSet>& marks) {
    const Topology& topo = *topo_;
    const DigitSet all = DigitSet::all(n_);
    for (int h = 0; h < topo.house_count(); ++h) {
        for (int cell : topo.house(h)) {
            int d = values[cell];
            if (d >= 1 && d <= n_) {
                placed_[h].add(d);
            } else {
                ++empty_[h];
            }
        }
    }
    empty_total_ = 0;
    for (int cell = 0; cell < topo.cell_count(); ++cell) {
        int d = values[cell];
        if (d >= 1 && d <= n_) {
            values_[cell] = static_cast<uint8_t>(d);
            continue;
        }
        ++empty_total_;
        DigitSet used;
        for (int h : topo.houses_of(cell)) used |= placed_[h];
        cands_[cell] = (marks[cell] & all).without(used);
        note_size(cell);
    }
    for (int h = 0; h < topo.house_count(); ++h) {
        auto cells = topo.house(h);
        for (int i = 0; i < n_; ++i) {
            for (int d : cands_[cells[i]]) {
                pos_[static_cast<size_t>(h) * n_ + (d - 1)] |= uint64_t{1} << i;
            }
        }
    }
}

int CandidateGrid::index_in(int house, int cell) const {
    const int row = cell / n_, col = cell % n_;
    if (house < n_) return col;
    if (house < 2 * n_) return row;
    return (row % shape_.box_rows) * shape_.box_cols + col % shape_.box_cols;
}

std::optional<Contradiction> CandidateGrid::contradiction() const {
    const Topology& topo = *topo_;
    for (int cell = 0; cell < topo.cell_count(); ++cell) {
        if (values_[cell] == 0 && cands_[cell].empty()) {
            return Contradiction{Contradiction::Kind::no_candidates, cell, -1, 0};
        }
    }
    for (int h = 0; h < topo.house_count(); ++h) {
        DigitSet seen;
        for (int cell : topo.house(h)) {
            int d = values_[cell];
            if (d == 0) continue;
            if (seen.contains(d)) return Contradiction{Contradiction::Kind::duplicate, cell, h, d};
            seen.add(d);
        }
        for (int d = 1; d <= n_; ++d) {
            if (!seen.contains(d) && positions(h, d) == 0) {
                return Contradiction{Contradiction::Kind::no_place, -1, h, d};
            }
        }
    }
    return std::nullopt;
}

Grid CandidateGrid::values() const {
    Grid grid(shape_);
    for (int cell = 0; cell < grid.cell_count(); ++cell) grid.set(cell, values_[cell]);
    return grid;
}

PencilMarks CandidateGrid::marks() const {
    PencilMarks marks(shape_);
    for (int cell = 0; cell < shape_.cell_count(); ++cell) {
        marks.cells[cell] = values_[cell] != 0 ? DigitSet::single(values_[cell]) : cands_[cell];
    }
    return marks;
}

void CandidateGrid::note_size(int cell) {
    const uint64_t bits = cands_[cell].bits();
    const uint64_t bit = uint64_t{1} << (cell % 64);
    if (bits != 0 && (bits & (bits - 1)) == 0) {
        singles_[cell / 64] |= bit;
    } else {
        singles_[cell / 64] &= ~bit;
    }
}

bool CandidateGrid::eliminate(int cell, int digit) {
    if (!cands_[cell].contains(digit)) return false;
    cands_[cell].remove(digit);
    note_size(cell);
    const int* houses = slots_->house.data() + 3 * cell;
    const uint8_t* index = slots_->index.data() + 3 * cell;
    for (int k = 0; k < 3; ++k) {
        pos_[static_cast<size_t>(houses[k]) * n_ + (digit - 1)] &= ~(uint64_t{1} << index[k]);
    }
    return true;
}

void CandidateGrid::place(int cell, int digit) {
    if (values_[cell] != 0) return;
    for (int d : cands_[cell]) eliminate(cell, d);
    values_[cell] = static_cast<uint8_t>(digit);
    --empty_total_;
    for (int h : topo_->houses_of(cell)) {
        placed_[h].add(digit);
        --empty_[h];
    }
    for (int peer : topo_->peers(cell)) eliminate(peer, digit);
}

bool detail::follows_from(const CandidateGrid& later, const CandidateGrid& earlier) {
    if (later.shape() != earlier.shape()) return false;
    const int cells = later.size() * later.size();
    for (int c = 0; c < cells; ++c) {
        if (earlier.value(c) != 0 && later.value(c) != earlier.value(c)) return false;
        if (!later.candidates(c).without(earlier.candidates(c)).empty()) return false;
    }
    return true;
}

}  // namespace sudokit
