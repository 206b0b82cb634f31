// Text explanations in community notation (r4c2, {3,7}, r4c1<>3, r3c5=7) and path summaries.
// One template per technique family; the finders know nothing of text.
#include <algorithm>
#include <cstdio>
#include <map>

#include "sudokit/human.h"

namespace sudokit {

namespace {

std::string digit_list(DigitSet digits) {
    std::string out;
    for (int d : digits) out += (out.empty() ? "" : ",") + std::to_string(d);
    return out;
}

std::string cell_list(const Topology& topo, const Step& step) {
    std::string out;
    for (const CellMark& c : step.cells) {
        out += (out.empty() ? "" : ",") + topo.cell_name(c.cell);
    }
    return out;
}

int house_with_role(const Step& step, Role role) {
    for (const HouseMark& h : step.houses) {
        if (h.role == role) return h.house;
    }
    return -1;
}

// "r4c1<>3, r4c5<>3,7, r3c5=7": eliminations grouped by cell (cell order), then placements.
std::string effects(const Topology& topo, const Step& step) {
    std::map<int, DigitSet> by_cell;
    for (const Candidate& c : step.eliminations) by_cell[c.cell].add(c.digit);
    std::string out;
    for (const auto& [cell, digits] : by_cell) {
        out += (out.empty() ? "" : ", ") + topo.cell_name(cell) + "<>" + digit_list(digits);
    }
    for (const Candidate& c : step.placements) {
        out += (out.empty() ? "" : ", ") + topo.cell_name(c.cell) + "=" + std::to_string(c.digit);
    }
    return out;
}

std::string name_of(Technique t) { return std::string(technique_info(t).name); }

}  // namespace

std::string step_text(const Step& step, Shape shape) {
    const Topology& topo = topology(shape);
    const int base = house_with_role(step, Role::base);
    const int cover = house_with_role(step, Role::cover);
    auto house = [&](int h) { return h >= 0 ? topo.house_name(h) : std::string("?"); };
    switch (step.technique) {
        case Technique::full_house:
            return "Full House: " + effects(topo, step) + " (" + house(base) + ")";
        case Technique::hidden_single_box:
        case Technique::hidden_single_line:
            return "Hidden Single: " + effects(topo, step) + " (" + house(base) + ")";
        case Technique::naked_single:
            return "Naked Single: " + effects(topo, step);
        case Technique::pointing:
        case Technique::claiming:
            return name_of(step.technique) + ": " + digit_list(step.digits) + " in " + house(base) +
                   " is locked in " + house(cover) + " (" + cell_list(topo, step) + ") => " +
                   effects(topo, step);
        case Technique::naked_pair:
        case Technique::naked_triple:
        case Technique::naked_quad:
            return name_of(step.technique) + " {" + digit_list(step.digits) + "} in " +
                   cell_list(topo, step) + " => " + effects(topo, step);
        case Technique::hidden_pair:
        case Technique::hidden_triple:
        case Technique::hidden_quad:
            return name_of(step.technique) + " {" + digit_list(step.digits) + "} in " +
                   cell_list(topo, step) + " (" + house(base) + ") => " + effects(topo, step);
    }
    return std::string(technique_info(step.technique).name) + ": " + effects(topo, step);
}

PathSummary summarize(const SolvePath& path) {
    PathSummary s;
    s.counts.assign(kTechniqueCount, 0);
    s.end = path.end;
    s.steps = static_cast<int>(path.steps.size());
    for (const Step& step : path.steps) {
        ++s.counts[static_cast<size_t>(step.technique)];
        s.placements += static_cast<int>(step.placements.size());
        s.eliminations += static_cast<int>(step.eliminations.size());
        const double r = technique_info(step.technique).rating;
        if (!s.hardest || r > s.max_rating) {
            s.hardest = step.technique;
            s.max_rating = r;
        }
    }
    return s;
}

std::string summary_text(const PathSummary& summary) {
    std::string out = "Steps: " + std::to_string(summary.steps) + " (" +
                      std::to_string(summary.placements) + " placements, " +
                      std::to_string(summary.eliminations) + " eliminations)\n";
    size_t width = 0;
    for (const TechniqueInfo& t : all_techniques()) {
        if (summary.counts[static_cast<size_t>(t.id)] > 0) width = std::max(width, t.name.size());
    }
    char rating[16];
    for (const TechniqueInfo& t : all_techniques()) {
        const int count = summary.counts[static_cast<size_t>(t.id)];
        if (count == 0) continue;
        std::snprintf(rating, sizeof rating, "%.1f", t.rating);
        out += "  " + std::string(t.name) + std::string(width - t.name.size(), ' ') + "  " +
               rating + "  x" + std::to_string(count) + "\n";
    }
    if (summary.hardest) {
        std::snprintf(rating, sizeof rating, "%.1f", summary.max_rating);
        out += "Hardest: " + std::string(technique_info(*summary.hardest).name) + " (" + rating +
               ")\n";
    }
    switch (summary.end) {
        case PathEnd::solved:
            out += "Solved by logic alone.\n";
            break;
        case PathEnd::stuck:
            out +=
                "Stuck: no technique applies; logic alone (with these techniques) cannot go "
                "on.\n";
            break;
        case PathEnd::contradiction:
            out += "Contradiction: the position has no solution.\n";
            break;
        case PathEnd::step_limit:
            out += "Stopped at the step limit.\n";
            break;
    }
    return out;
}

}  // namespace sudokit
