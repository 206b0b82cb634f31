// The technique table built from techniques.def, name lookup, the named solving orders and the
// names of the small enums of human.h.
#include <algorithm>
#include <array>
#include <cctype>

#include "human/techniques.h"
#include "sudokit/human.h"

namespace sudokit {

namespace {

constexpr std::array<TechniqueInfo, kTechniqueCount> kTechniques = {{
#define SUDOKIT_TECHNIQUE(id, name, code, rating, finder) {Technique::id, name, code, rating},
#include "sudokit/techniques.def"
#undef SUDOKIT_TECHNIQUE
}};

constexpr std::array<Finder, kTechniqueCount> kFinders = {{
#define SUDOKIT_TECHNIQUE(id, name, code, rating, finder) &finder,
#include "sudokit/techniques.def"
#undef SUDOKIT_TECHNIQUE
}};

constexpr std::array<Technique, kTechniqueCount> kEasiest = {{
#define SUDOKIT_TECHNIQUE(id, name, code, rating, finder) Technique::id,
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

constexpr std::array kThesis = {
    Technique::naked_single, Technique::hidden_single_box, Technique::hidden_single_line,
    Technique::pointing,     Technique::naked_pair,        Technique::hidden_pair,
    Technique::naked_triple, Technique::naked_quad,
};

constexpr std::array kSb = {
    Technique::naked_single,  Technique::hidden_single_box, Technique::hidden_single_line,
    Technique::pointing,      Technique::naked_pair,        Technique::hidden_pair,
    Technique::naked_triple,  Technique::naked_quad,        Technique::claiming,
    Technique::hidden_triple, Technique::hidden_quad,       Technique::full_house,
};
static_assert(kSb.size() == kTechniqueCount, "sb order must name every technique");

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
#define SUDOKIT_TECHNIQUE(id, name, code, rating, finder) #id,
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

std::span<const Technique> easiest_order() { return kEasiest; }
std::span<const Technique> thesis_order() { return kThesis; }
std::span<const Technique> sb_order() { return kSb; }

std::optional<std::vector<Technique>> parse_order(std::string_view text, std::string* error) {
    std::string ignored;
    if (error == nullptr) error = &ignored;
    const std::string key = normalized(text);
    if (key == "easiest") return std::vector<Technique>(kEasiest.begin(), kEasiest.end());
    if (key == "thesis") return std::vector<Technique>(kThesis.begin(), kThesis.end());
    if (key == "sb") return std::vector<Technique>(kSb.begin(), kSb.end());
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
                     "' (see `sudokit techniques`; or an order: easiest, thesis, sb)";
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
    }
    return "?";
}

std::string_view path_end_name(PathEnd end) {
    switch (end) {
        case PathEnd::solved:
            return "solved";
        case PathEnd::stuck:
            return "stuck";
        case PathEnd::contradiction:
            return "contradiction";
        case PathEnd::step_limit:
            return "step_limit";
        case PathEnd::time_limit:
            return "time_limit";
        case PathEnd::interrupted:
            return "interrupted";
    }
    return "?";
}

}  // namespace sudokit
