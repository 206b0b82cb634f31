// The notation shared by the renderers (step_writer.h).
#include "human/step_writer.h"

#include <map>

namespace sudokit {

StepWriter::StepWriter(Shape shape, Alphabet alphabet)
    : topo_(&sudokit::topology(shape)), alphabet_(alphabet), n_(shape.size()) {}

std::string StepWriter::digit(int d) const { return digit_text(d, n_, alphabet_); }

std::string StepWriter::digits(DigitSet set) const {
    std::string out;
    for (int d : set) out += (out.empty() ? "" : ",") + digit(d);
    return out;
}

std::string StepWriter::cell(int c) const { return topo_->cell_name(c); }

std::string StepWriter::house(int h) const { return h >= 0 ? topo_->house_name(h) : "?"; }

std::string StepWriter::candidate(const Candidate& c) const { return candidate(c, true); }

std::string StepWriter::candidate(const Candidate& c, bool on) const {
    return cell(c.cell) + (on ? "=" : "<>") + digit(c.digit);
}

std::string StepWriter::cells(const Step& step, Role role) const {
    std::string out;
    for (const CellMark& c : step.explanation.cells) {
        if (c.role == role) out += (out.empty() ? "" : ",") + cell(c.cell);
    }
    return out;
}

std::string StepWriter::cells(const Step& step) const {
    std::string out;
    for (const CellMark& c : step.explanation.cells) out += (out.empty() ? "" : ",") + cell(c.cell);
    return out;
}

int StepWriter::house_with_role(const Step& step, Role role) {
    for (const HouseMark& h : step.explanation.houses) {
        if (h.role == role) return h.house;
    }
    return -1;
}

std::string StepWriter::effect(const Step& step) const {
    std::map<int, DigitSet> by_cell;
    for (const Candidate& c : step.eliminations) by_cell[c.cell].add(c.digit);
    std::string out;
    for (const auto& [c, set] : by_cell) {
        out += (out.empty() ? "" : ", ") + cell(c) + "<>" + digits(set);
    }
    for (const Candidate& c : step.placements) {
        out += (out.empty() ? "" : ", ") + candidate(c);
    }
    return out;
}

std::string StepWriter::name(const Step& step) {
    return std::string(technique_info(step.technique).name);
}

}  // namespace sudokit
