// The stepper: walks a technique order under a search mode (first, stepdown, focus) and returns
// the next step. Shared by solve_path and the `human` engine, so both take the same path.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "sudokit/human.h"

namespace sudokit {

class Stepper {
  public:
    Stepper(std::span<const Technique> order, SearchMode mode);

    // The next step from this position; nullopt when no technique of the order applies. The
    // caller is expected to apply it before asking again (stepdown and focus remember it).
    std::optional<Step> next(const CandidateGrid& grid);
    // Forgets what the last step was (a new puzzle).
    void reset();

  private:
    std::vector<Technique> order_;
    SearchMode mode_;
    size_t start_ = 0;  // stepdown: where the next search starts
    int focus_ = -1;    // focus: the cell placed last
};

}  // namespace sudokit
