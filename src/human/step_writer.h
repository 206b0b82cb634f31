// StepWriter: the pieces every renderer writes a step with, in community notation - cells
// r4c2, digits as the grids of the shape are written (io.h digit_text), digit sets {3,7},
// houses "row 4", and the effect "r4c1<>3, r4c5<>3,7, r3c5=7".
#pragma once

#include <string>

#include "sudokit/human.h"
#include "sudokit/io.h"

namespace sudokit {

class StepWriter {
  public:
    StepWriter(Shape shape, Alphabet alphabet);

    const Topology& topology() const { return *topo_; }
    std::string digit(int digit) const;
    std::string digits(DigitSet digits) const;        // "3,7"
    std::string cell(int cell) const;                 // "r4c2"
    std::string house(int house) const;               // "row 4"; "?" for -1
    std::string candidate(const Candidate& c) const;  // "r4c2=7" or with on=false "r4c2<>7"
    std::string candidate(const Candidate& c, bool on) const;

    // The cells of the explanation with a role, in their order: "r4c2,r4c8".
    std::string cells(const Step& step, Role role) const;
    // The cells of the explanation whatever their role.
    std::string cells(const Step& step) const;
    // The first house of the explanation with a role, or -1.
    static int house_with_role(const Step& step, Role role);
    // "r4c1<>3, r4c5<>3,7, r3c5=7": eliminations grouped by cell (cell order), then placements.
    std::string effect(const Step& step) const;
    // The technique's name.
    static std::string name(const Step& step);

  private:
    const Topology* topo_;
    Alphabet alphabet_;
    int n_;
};

}  // namespace sudokit
