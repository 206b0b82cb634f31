// Text explanations in community notation (r4c2, {3,7}, r4c1<>3, r3c5=7) and path summaries.
// One template per technique family; the finders know nothing of text.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string_view>

#include "core/count_text.h"
#include "human/step_writer.h"
#include "human/techniques.h"
#include "sudokit/human.h"
#include "sudokit/io.h"

namespace sudokit {

std::string step_text(const Step& step, Shape shape, Alphabet alphabet) {
    return renderer_of(step.technique)(step, StepWriter(shape, alphabet));
}

std::string step_hint_text(const Step& step, Shape shape) {
    std::string out = "Look for " + std::string(technique_info(step.technique).hint);
    if (const std::string pattern = turbot_fish_shape(step, topology(shape)); !pattern.empty())
        out += " (a " + pattern + ")";
    if (const std::optional<int> house = hint_house(step, shape))
        out += " in " + topology(shape).house_name(*house);
    return out;
}

std::optional<int> hint_house(const Step& step, Shape shape) {
    const int house = StepWriter::house_with_role(step, Role::base);
    if (house >= 0) return house;
    // A naked single is found in a cell, not a house: point at the box around it.
    const Topology& topo = topology(shape);
    if (step.technique == Technique::naked_single && !step.placements.empty())
        return topo.box_house(topo.box_of(step.placements[0].cell));
    return std::nullopt;
}

std::string contradiction_text(const Contradiction& c, Shape shape, Alphabet alphabet) {
    const StepWriter w(shape, alphabet);
    switch (c.kind) {
        case Contradiction::Kind::no_candidates:
            return w.cell(c.cell) + " has no candidate left";
        case Contradiction::Kind::no_place:
            return w.digit(c.digit) + " has no place left in " + w.house(c.house);
        case Contradiction::Kind::duplicate:
            return w.house(c.house) + " holds " + w.digit(c.digit) + " twice (" + w.cell(c.cell) +
                   ")";
    }
    return "the position has no solution";
}

PathSummary summarize(const SolvePath& path) {
    PathSummary s;
    s.counts.assign(kTechniqueCount, 0);
    s.end = path.end;
    s.step_work_spent = path.step_work_spent;
    s.steps = static_cast<int>(path.steps.size());
    for (const Step& step : path.steps) {
        ++s.counts[static_cast<size_t>(step.technique)];
        s.placing_steps += step.placements.empty() ? 0 : 1;
        s.placements += static_cast<int>(step.placements.size());
        s.eliminations += static_cast<int>(step.eliminations.size());
        const double r = step.rating;
        if (!s.hardest || r > s.max_rating) {
            s.hardest = step.technique;
            s.max_rating = r;
        }
    }
    return s;
}

std::string summary_text(const PathSummary& summary) {
    // Steps, then what they did: a step may place several digits or remove many candidates.
    const int eliminating = summary.steps - summary.placing_steps;
    std::string out =
        "Steps: " + std::to_string(summary.steps) + " (" + std::to_string(summary.placing_steps) +
        (summary.placing_steps == 1 ? " places digits, " : " place digits, ") +
        std::to_string(eliminating) +
        (eliminating == 1 ? " only removes candidates): " : " only remove candidates): ") +
        detail::count_text(summary.placements, "digit") + " placed, " +
        detail::count_text(summary.eliminations, "candidate") + " removed\n";
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
            out += summary.step_work_spent
                       ? "Stopped: the search for the next step ran past its work bound.\n"
                       : "Stopped at the time limit.\n";
            break;
        case PathEnd::interrupted:
            out += "Interrupted.\n";
            break;
    }
    return out;
}

}  // namespace sudokit
