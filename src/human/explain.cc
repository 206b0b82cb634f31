// Text explanations in community notation (r4c2, {3,7}, r4c1<>3, r3c5=7) and path summaries.
// One template per technique family; the finders know nothing of text.
#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <string_view>

#include "core/count_text.h"
#include "sudokit/human.h"
#include "sudokit/io.h"

namespace sudokit {

using namespace std::string_view_literals;

namespace {

// Writes digits as the grids of the shape are written (io.h digit_text).
class DigitWriter {
  public:
    DigitWriter(Alphabet alphabet, int n) : alphabet_(alphabet), n_(n) {}
    std::string operator()(int digit) const { return digit_text(digit, n_, alphabet_); }
    std::string list(DigitSet digits) const {
        std::string out;
        for (int d : digits) out += (out.empty() ? "" : ",") + (*this)(d);
        return out;
    }

  private:
    Alphabet alphabet_;
    int n_;
};

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
std::string effects(const Topology& topo, const Step& step, const DigitWriter& digit) {
    std::map<int, DigitSet> by_cell;
    for (const Candidate& c : step.eliminations) by_cell[c.cell].add(c.digit);
    std::string out;
    for (const auto& [cell, digits] : by_cell) {
        out += (out.empty() ? "" : ", ") + topo.cell_name(cell) + "<>" + digit.list(digits);
    }
    for (const Candidate& c : step.placements) {
        out += (out.empty() ? "" : ", ") + topo.cell_name(c.cell) + "=" + digit(c.digit);
    }
    return out;
}

std::string name_of(Technique t) { return std::string(technique_info(t).name); }

}  // namespace

std::string step_text(const Step& step, Shape shape, Alphabet alphabet) {
    const Topology& topo = topology(shape);
    const DigitWriter digit(alphabet, shape.size());
    const int base = house_with_role(step, Role::base);
    const int cover = house_with_role(step, Role::cover);
    auto house = [&](int h) { return h >= 0 ? topo.house_name(h) : std::string("?"); };
    switch (step.technique) {
        case Technique::full_house:
            return "Full House: " + effects(topo, step, digit) + " (" + house(base) + ")";
        case Technique::hidden_single_box:
        case Technique::hidden_single_line:
            return "Hidden Single: " + effects(topo, step, digit) + " (" + house(base) + ")";
        case Technique::naked_single:
            return "Naked Single: " + effects(topo, step, digit);
        case Technique::pointing:
        case Technique::claiming:
            return name_of(step.technique) + ": " + digit.list(step.digits) + " in " + house(base) +
                   " is locked in " + house(cover) + " (" + cell_list(topo, step) + ") => " +
                   effects(topo, step, digit);
        case Technique::naked_pair:
        case Technique::naked_triple:
        case Technique::naked_quad:
            return name_of(step.technique) + " {" + digit.list(step.digits) + "} in " +
                   cell_list(topo, step) + " => " + effects(topo, step, digit);
        case Technique::hidden_pair:
        case Technique::hidden_triple:
        case Technique::hidden_quad:
            return name_of(step.technique) + " {" + digit.list(step.digits) + "} in " +
                   cell_list(topo, step) + " (" + house(base) + ") => " +
                   effects(topo, step, digit);
    }
    return std::string(technique_info(step.technique).name) + ": " + effects(topo, step, digit);
}

std::string step_hint_text(const Step& step, Shape shape) {
    const Topology& topo = topology(shape);
    std::string_view name = technique_info(step.technique).name;
    // Both hidden singles are one technique to a player: "Hidden Single (box)" -> "Hidden Single".
    if (const size_t paren = name.find(" ("); paren != std::string_view::npos)
        name = name.substr(0, paren);
    // A gerund ("Pointing", "Claiming") takes no article.
    const bool article = !name.ends_with("ing");
    std::string out = "Look for ";
    if (article) out += "aeiouAEIOU"sv.find(name.front()) == std::string_view::npos ? "a " : "an ";
    out += name;
    if (const std::optional<int> house = hint_house(step, shape))
        out += " in " + topo.house_name(*house);
    return out;
}

std::optional<int> hint_house(const Step& step, Shape shape) {
    const int house = house_with_role(step, Role::base);
    if (house >= 0) return house;
    // A naked single is found in a cell, not a house: point at the box around it.
    if (step.cells.empty()) return std::nullopt;
    const Topology& topo = topology(shape);
    return topo.box_house(topo.box_of(step.cells[0].cell));
}

std::string contradiction_text(const Contradiction& c, Shape shape, Alphabet alphabet) {
    const Topology& topo = topology(shape);
    const DigitWriter digit(alphabet, shape.size());
    switch (c.kind) {
        case Contradiction::Kind::no_candidates:
            return topo.cell_name(c.cell) + " has no candidate left";
        case Contradiction::Kind::no_place:
            return digit(c.digit) + " has no place left in " + topo.house_name(c.house);
        case Contradiction::Kind::duplicate:
            return topo.house_name(c.house) + " holds " + digit(c.digit) + " twice (" +
                   topo.cell_name(c.cell) + ")";
    }
    return "the position has no solution";
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
                      detail::count_text(summary.placements, "placement") + ", " +
                      detail::count_text(summary.eliminations, "elimination") + ")\n";
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
        case PathEnd::time_limit:
            out += "Stopped at the time limit.\n";
            break;
        case PathEnd::interrupted:
            out += "Interrupted.\n";
            break;
    }
    return out;
}

}  // namespace sudokit
