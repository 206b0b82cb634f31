// The technique table built from techniques.def, name lookup, the named solving orders and the
// names of the small enums of human.h.
#include <algorithm>
#include <array>
#include <cctype>

#include "human/techniques.h"
#include "sudokit/human.h"
#include "sudokit/status_words.h"

namespace sudokit {

namespace {

constexpr std::array<TechniqueInfo, kTechniqueCount> kTechniques = {{
#define SUDOKIT_TECHNIQUE(id, name, code, rating, se, level, finder, renderer, hint, flags) \
    {Technique::id, name, code, rating, hint, flags, se, level},
#include "sudokit/techniques.def"
#undef SUDOKIT_TECHNIQUE
}};

constexpr std::array<Finder, kTechniqueCount> kFinders = {{
#define SUDOKIT_TECHNIQUE(id, name, code, rating, se, level, finder, renderer, hint, flags) &finder,
#include "sudokit/techniques.def"
#undef SUDOKIT_TECHNIQUE
}};

constexpr std::array<Renderer, kTechniqueCount> kRenderers = {{
#define SUDOKIT_TECHNIQUE(id, name, code, rating, se, level, finder, renderer, hint, flags) \
    &renderer,
#include "sudokit/techniques.def"
#undef SUDOKIT_TECHNIQUE
}};

// The rows must stay in rating order: the easiest order is the table's order.
constexpr bool rated_in_order() {
    for (size_t i = 1; i < kTechniques.size(); ++i) {
        if (kTechniques[i].rating < kTechniques[i - 1].rating) return false;
        if (static_cast<size_t>(kTechniques[i].id) != i) return false;
    }
    return true;
}
static_assert(rated_in_order(), "techniques.def rows must be sorted by rating");

constexpr size_t kDirectCount = [] {
    size_t count = 0;
    for (const TechniqueInfo& t : kTechniques) count += t.direct() ? 1 : 0;
    return count;
}();

// The table's order without the direct shortcuts.
constexpr std::array<Technique, kTechniqueCount - kDirectCount> kEasiest = [] {
    std::array<Technique, kTechniqueCount - kDirectCount> order{};
    size_t k = 0;
    for (const TechniqueInfo& t : kTechniques) {
        if (!t.direct()) order[k++] = t.id;
    }
    return order;
}();

constexpr std::array kThesis = {
    Technique::naked_single, Technique::hidden_single_box, Technique::hidden_single_line,
    Technique::pointing,     Technique::naked_pair,        Technique::hidden_pair,
    Technique::naked_triple, Technique::naked_quad,
};

// The thesis's order, then every other technique of the easiest order, in that order.
constexpr std::array<Technique, kEasiest.size()> kSb = [] {
    std::array<Technique, kEasiest.size()> order{};
    size_t k = 0;
    for (Technique t : kThesis) order[k++] = t;
    for (Technique t : kEasiest) {
        bool listed = false;
        for (Technique u : kThesis) listed = listed || u == t;
        if (!listed) order[k++] = t;
    }
    return order;
}();

// Sudoku Explainer's producers in its order (docs/se-rating.md 1.4), from the table's se column; a
// producer of several techniques is listed by all of them, in the order it sorts them.
constexpr size_t kSeCount = [] {
    size_t count = 0;
    for (const TechniqueInfo& t : kTechniques) count += t.se_place > 0 ? 1 : 0;
    return count;
}();

// The se column numbers its places 1, 2, ... without a gap or a place taken twice.
constexpr bool se_places_distinct() {
    std::array<bool, kSeCount + 1> taken{};
    for (const TechniqueInfo& t : kTechniques) {
        if (t.se_place == 0) continue;
        if (t.se_place < 0 || static_cast<size_t>(t.se_place) > kSeCount) return false;
        if (taken[static_cast<size_t>(t.se_place)]) return false;
        taken[static_cast<size_t>(t.se_place)] = true;
    }
    return true;
}
static_assert(se_places_distinct(), "techniques.def: the se places must be 1..n, each once");

constexpr std::array<Technique, kSeCount> kSe = [] {
    std::array<Technique, kSeCount> order{};
    for (const TechniqueInfo& t : kTechniques) {
        if (t.se_place > 0) order[static_cast<size_t>(t.se_place) - 1] = t.id;
    }
    return order;
}();

// Each chaining level 1-5 is one row, and only the nested rows have a level above 1.
constexpr bool levels_once() {
    std::array<int, 6> rows{};
    for (const TechniqueInfo& t : kTechniques) {
        if (t.chain_level < 0 || t.chain_level > 5) return false;
        if (t.chain_level > 0) ++rows[static_cast<size_t>(t.chain_level)];
        if ((t.chain_level > 1) != t.nested()) return false;
    }
    for (int level = 1; level <= 5; ++level) {
        if (rows[static_cast<size_t>(level)] != 1) return false;
    }
    return true;
}
static_assert(levels_once(), "techniques.def: each chaining level 1-5 must be one row");

// Lower case, with '-' and ' ' read as '_': "Naked Pair" == "naked-pair" == "naked_pair".
std::string normalized(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '-' || c == ' ') c = '_';
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

// The enumerator spellings, for lookup by id ("naked_pair").
constexpr std::array<std::string_view, kTechniqueCount> kIds = {{
#define SUDOKIT_TECHNIQUE(id, name, code, rating, se, level, finder, renderer, hint, flags) #id,
#include "sudokit/techniques.def"
#undef SUDOKIT_TECHNIQUE
}};

}  // namespace

std::span<const TechniqueInfo> all_techniques() { return kTechniques; }

const TechniqueInfo& technique_info(Technique technique) {
    return kTechniques[static_cast<size_t>(technique)];
}

std::optional<Technique> find_technique(std::string_view text) {
    const std::string key = normalized(text);
    for (size_t i = 0; i < kTechniques.size(); ++i) {
        if (key == kTechniques[i].code || key == normalized(kTechniques[i].name) ||
            key == kIds[i]) {
            return kTechniques[i].id;
        }
    }
    return std::nullopt;
}

Finder finder_of(Technique technique) { return kFinders[static_cast<size_t>(technique)]; }
Renderer renderer_of(Technique technique) { return kRenderers[static_cast<size_t>(technique)]; }

std::span<const Technique> easiest_order() { return kEasiest; }
std::span<const Technique> thesis_order() { return kThesis; }
std::span<const Technique> sb_order() { return kSb; }
std::span<const Technique> se_order() { return kSe; }

namespace {

std::optional<std::span<const Technique>> named_order(std::string_view text) {
    const std::string key = normalized(text);
    if (key == "easiest") return std::span<const Technique>(kEasiest);
    if (key == "thesis") return std::span<const Technique>(kThesis);
    if (key == "sb") return std::span<const Technique>(kSb);
    if (key == "se") return std::span<const Technique>(kSe);
    return std::nullopt;
}

}  // namespace

std::optional<std::vector<Technique>> parse_order(std::string_view text, std::string* error) {
    std::string ignored;
    if (error == nullptr) error = &ignored;
    if (auto named = named_order(text)) return std::vector<Technique>(named->begin(), named->end());
    // "easiest:dpfc": a named order up to and including a technique.
    if (const size_t colon = text.find(':'); colon != std::string_view::npos) {
        const auto named = named_order(text.substr(0, colon));
        const std::string_view last = text.substr(colon + 1);
        const auto t = find_technique(last);
        if (!named || !t) {
            *error = "order '" + std::string(text) +
                     "': expected ORDER:TECHNIQUE, an order (easiest, thesis, sb, se) up to a "
                     "technique of `sudokit techniques`";
            return std::nullopt;
        }
        const auto end = std::find(named->begin(), named->end(), *t);
        if (end == named->end()) {
            *error = "order '" + std::string(text) + "': " + std::string(technique_info(*t).name) +
                     " is not in the order " + std::string(text.substr(0, colon));
            return std::nullopt;
        }
        return std::vector<Technique>(named->begin(), end + 1);
    }
    std::vector<Technique> order;
    auto add = [&order](Technique t) {
        if (std::find(order.begin(), order.end(), t) == order.end()) order.push_back(t);
    };
    while (!text.empty()) {
        size_t plus = text.find('+');
        std::string_view item = text.substr(0, plus);
        text = plus == std::string_view::npos ? "" : text.substr(plus + 1);
        if (item.empty()) continue;
        if (normalized(item) == "hs" || normalized(item) == "hidden_single") {
            add(Technique::hidden_single_box);
            add(Technique::hidden_single_line);
            continue;
        }
        auto t = find_technique(item);
        if (!t) {
            *error = "unknown technique '" + std::string(item) +
                     "' (see `sudokit techniques`; or an order: easiest, thesis, sb, se)";
            return std::nullopt;
        }
        add(*t);
    }
    if (order.empty()) {
        *error = "empty technique order";
        return std::nullopt;
    }
    return order;
}

std::optional<SearchMode> parse_search_mode(std::string_view text) {
    for (SearchMode m : {SearchMode::first, SearchMode::stepdown, SearchMode::focus}) {
        if (text == search_mode_name(m)) return m;
    }
    return std::nullopt;
}

std::string_view search_mode_name(SearchMode mode) {
    switch (mode) {
        case SearchMode::first:
            return "first";
        case SearchMode::stepdown:
            return "stepdown";
        case SearchMode::focus:
            return "focus";
    }
    return "?";
}

std::string_view role_name(Role role) {
    switch (role) {
        case Role::base:
            return "base";
        case Role::cover:
            return "cover";
        case Role::fin:
            return "fin";
        case Role::pivot:
            return "pivot";
        case Role::pincer:
            return "pincer";
        case Role::extra:
            return "extra";
        case Role::excluder:
            return "excluder";
        case Role::on:
            return "on";
        case Role::off:
            return "off";
    }
    return "?";
}

std::string_view link_kind_name(LinkKind kind) {
    return kind == LinkKind::strong ? "strong" : "weak";
}

std::string_view cause_name(Cause cause) {
    switch (cause) {
        case Cause::assumption:
            return "assumption";
        case Cause::naked_single:
            return "naked_single";
        case Cause::hidden_box:
            return "hidden_box";
        case Cause::hidden_row:
            return "hidden_row";
        case Cause::hidden_column:
            return "hidden_column";
        case Cause::advanced:
            return "advanced";
    }
    return "?";
}

void StepExplanation::clear() {
    digits = DigitSet();
    houses.clear();
    cells.clear();
    candidates.clear();
    links.clear();
    nodes.clear();
    targets.clear();
    nested.clear();
    variant = 0;
}

std::string_view path_end_name(PathEnd end) {
    switch (end) {
        case PathEnd::solved:
            return status_word(StatusWord::solved);
        case PathEnd::stuck:
            return status_word(StatusWord::stuck);
        case PathEnd::contradiction:
            return status_word(StatusWord::contradiction);
        case PathEnd::step_limit:
            return status_word(StatusWord::step_limit);
        case PathEnd::time_limit:
            return status_word(StatusWord::timeout);
        case PathEnd::interrupted:
            break;
    }
    return status_word(StatusWord::interrupted);
}

}  // namespace sudokit
