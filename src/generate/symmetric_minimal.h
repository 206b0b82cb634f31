// Symmetric puzzles minimal clue by clue, by a local search on one grid. Removing orbits leaves
// a puzzle none of whose orbits can go, but some clues can still go one at a time ("loose"
// clues: 13 of some 100 on average on 16x16 with a half-turn). A move takes out the orbit of a
// loose clue, puts back orbits that rule out the second solutions this opens, and removes
// orbits again; it is kept when the loose clues are no more (now and then one more, so that the
// search leaves a plateau). Every check asks for a solution that differs from the grid's in one
// cell, and the solutions found are kept as witnesses: a clue whose witness still agrees with
// the puzzle's other clues needs no new search (docs/generate.md, step 3).
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "sudokit/generate.h"

namespace sudokit::detail {

class SymmetricMinimizer {
  public:
    // `orbits` partition the cells; `orbit_of` maps a cell to its orbit's index.
    SymmetricMinimizer(const std::vector<std::vector<int>>& orbits,
                       const std::vector<int>& orbit_of);

    // `puzzle` has `solution` as its only solution and none of its orbits can go. Moves orbits
    // until no clue can go alone: true when that worked out within the move limits, false
    // otherwise or when the counter's limits passed (then `puzzle` is left as it was).
    bool run(Grid& puzzle, const Grid& solution, std::mt19937_64& rng, SolutionCounter& counter);

  private:
    // The loose clues of `puzzle` in cell order, or the first cap + 1 of them; nullopt when
    // the limits cut a search.
    std::optional<std::vector<int>> loose_clues(const Grid& puzzle, size_t cap);
    // `puzzle` with orbit `out` taken out, orbits put back until it is unique again, then
    // orbits removed while it stays unique; nullopt when that did not work out.
    std::optional<Grid> move(const Grid& puzzle, int out);
    // Removes orbits in random order while the puzzle stays unique; false when the limits cut
    // a search.
    bool remove_orbits(Grid& puzzle);
    // Whether `other` (a solution grid) agrees with every clue of `puzzle` outside `orbit`.
    bool agrees_outside(const Grid& other, const Grid& puzzle, int orbit) const;

    const std::vector<std::vector<int>>& orbits_;
    const std::vector<int>& orbit_of_;
    // Per run:
    const Grid* solution_ = nullptr;
    std::mt19937_64* rng_ = nullptr;
    SolutionCounter* counter_ = nullptr;
    std::vector<std::optional<Grid>> witness_;      // per cell: a solution differing there
    std::vector<std::optional<Grid>> alternative_;  // per orbit: a solution differing in it
};

}  // namespace sudokit::detail
