// A digit an engine's search must not place in a cell, on top of the givens: the generator's
// "is there a solution that differs from the known one in this removed cell" is the puzzle with
// the cell's old digit excluded (`large` and `sat` take such lists).
#pragma once

namespace sudokit::detail {

struct Exclusion {
    int cell;
    int digit;  // 1..N; others are ignored
};

}  // namespace sudokit::detail
