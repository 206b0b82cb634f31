// JSON explanations of steps and paths (schema: docs/explain-json.md), for `explain --format
// json` and the web page, which draws every house, cell and candidate by its role.
#include "sudokit/human.h"
#include "sudokit/json.h"

namespace sudokit {

namespace {

const char* house_kind(const Topology& topo, int house) {
    const int n = topo.size();
    return house < n ? "row" : house < 2 * n ? "column" : "box";
}

Json cell_json(const Topology& topo, int cell) {
    return Json{{"cell", cell},
                {"name", topo.cell_name(cell)},
                {"row", topo.row_of(cell) + 1},
                {"col", topo.col_of(cell) + 1}};
}

Json candidate_json(const Topology& topo, const Candidate& c) {
    Json j = cell_json(topo, c.cell);
    j["digit"] = c.digit;
    return j;
}

Json digits_json(DigitSet digits) {
    Json j = Json::array();
    for (int d : digits) j.push_back(d);
    return j;
}

Json technique_json(Technique t) {
    const TechniqueInfo& info = technique_info(t);
    return Json{{"code", info.code}, {"name", info.name}, {"rating", info.rating}};
}

Json role_json(Json j, Role role) {
    j["role"] = role_name(role);
    return j;
}

Json step_object(const Step& step, Shape shape) {
    const Topology& topo = topology(shape);
    const StepExplanation& why = step.explanation;
    Json j = technique_json(step.technique);
    j["rating"] = step.rating;
    j["text"] = step_text(step, shape);
    j["digits"] = digits_json(why.digits);
    Json placements = Json::array(), eliminations = Json::array(), houses = Json::array(),
         cells = Json::array(), candidates = Json::array();
    for (const Candidate& c : step.placements) placements.push_back(candidate_json(topo, c));
    for (const Candidate& c : step.eliminations) eliminations.push_back(candidate_json(topo, c));
    for (const HouseMark& h : why.houses) {
        const int n = topo.size();
        houses.push_back(Json{{"house", h.house},
                              {"kind", house_kind(topo, h.house)},
                              {"index", h.house % n + 1},
                              {"name", topo.house_name(h.house)},
                              {"role", role_name(h.role)}});
    }
    for (const CellMark& c : why.cells) cells.push_back(role_json(cell_json(topo, c.cell), c.role));
    for (const CandidateMark& c : why.candidates) {
        candidates.push_back(role_json(candidate_json(topo, c.candidate), c.role));
    }
    j["placements"] = std::move(placements);
    j["eliminations"] = std::move(eliminations);
    j["houses"] = std::move(houses);
    j["cells"] = std::move(cells);
    j["candidates"] = std::move(candidates);
    if (why.variant != 0) j["variant"] = why.variant;
    // Chains only: the links in order, the implication tree, and nested deductions.
    if (!why.links.empty()) {
        Json links = Json::array();
        for (const ChainLink& l : why.links) {
            links.push_back(Json{{"from", candidate_json(topo, l.from)},
                                 {"to", candidate_json(topo, l.to)},
                                 {"kind", link_kind_name(l.kind)}});
        }
        j["links"] = std::move(links);
    }
    if (!why.nodes.empty()) {
        Json nodes = Json::array();
        for (const ChainNode& node : why.nodes) {
            Json nj = candidate_json(topo, node.candidate);
            nj["on"] = node.on;
            nj["cause"] = cause_name(node.cause);
            nj["parents"] = node.parents;
            if (node.nested >= 0) nj["nested"] = node.nested;
            nodes.push_back(std::move(nj));
        }
        j["nodes"] = std::move(nodes);
        j["targets"] = why.targets;
    }
    if (!why.nested.empty()) {
        Json nested = Json::array();
        for (const Step& inner : why.nested) nested.push_back(step_object(inner, shape));
        j["nested"] = std::move(nested);
    }
    return j;
}

Json contradiction_json(const Topology& topo, const Contradiction& c) {
    const char* kind = c.kind == Contradiction::Kind::no_candidates ? "no_candidates"
                       : c.kind == Contradiction::Kind::no_place    ? "no_place"
                                                                    : "duplicate";
    Json j{{"kind", kind}};
    if (c.cell >= 0) j["cell"] = cell_json(topo, c.cell);
    if (c.house >= 0) j["house"] = topo.house_name(c.house);
    if (c.digit > 0) j["digit"] = c.digit;
    j["text"] = contradiction_text(c, topo.shape());
    return j;
}

}  // namespace

Json step_json(const Step& step, Shape shape) { return step_object(step, shape); }

Json path_json(const SolvePath& path) {
    const CandidateGrid& grid = path.final;
    const Topology& topo = grid.topology();
    Json j;
    j["shape"] = grid.shape().name();
    j["size"] = grid.size();
    j["end"] = path_end_name(path.end);
    Json steps = Json::array();
    for (const Step& step : path.steps) steps.push_back(step_object(step, grid.shape()));
    j["steps"] = std::move(steps);

    const PathSummary s = summarize(path);
    Json used = Json::array();
    for (const TechniqueInfo& t : all_techniques()) {
        const int count = s.counts[static_cast<size_t>(t.id)];
        if (count == 0) continue;
        Json tj = technique_json(t.id);
        tj["count"] = count;
        used.push_back(std::move(tj));
    }
    j["summary"] = Json{{"steps", s.steps},
                        {"placements", s.placements},
                        {"eliminations", s.eliminations},
                        {"hardest", s.hardest ? technique_json(*s.hardest) : Json(nullptr)},
                        {"max_rating", s.max_rating},
                        {"techniques", std::move(used)}};

    Json values = Json::array(), candidates = Json::array();
    for (int cell = 0; cell < topo.cell_count(); ++cell) {
        values.push_back(grid.value(cell));
        candidates.push_back(digits_json(grid.candidates(cell)));
    }
    j["final"] = Json{{"values", std::move(values)}, {"candidates", std::move(candidates)}};
    if (auto c = grid.contradiction()) j["contradiction"] = contradiction_json(topo, *c);
    return j;
}

}  // namespace sudokit
