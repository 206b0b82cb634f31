// The technique table and the named orders as JSON, for `sudokit techniques --format json` and
// Python's techniques().
#include <algorithm>

#include "sudokit/human.h"
#include "sudokit/json.h"

namespace sudokit {

namespace {

// 1-based place of a technique in an order, 0 when the order lacks it.
int place_in(std::span<const Technique> order, Technique technique) {
    const auto it = std::find(order.begin(), order.end(), technique);
    return it == order.end() ? 0 : static_cast<int>(it - order.begin()) + 1;
}

Json codes(std::span<const Technique> order) {
    Json j = Json::array();
    for (Technique t : order) j.push_back(technique_info(t).code);
    return j;
}

}  // namespace

Json techniques_json() {
    Json techniques = Json::array();
    for (const TechniqueInfo& t : all_techniques()) {
        const int thesis = place_in(thesis_order(), t.id);
        techniques.push_back(Json{{"code", t.code},
                                  {"name", t.name},
                                  {"rating", t.rating},
                                  {"thesis", thesis == 0 ? Json(nullptr) : Json(thesis)},
                                  {"assumes_uniqueness", t.assumes_uniqueness()},
                                  {"direct", t.direct()},
                                  {"nested", t.nested()}});
    }
    return Json{{"techniques", std::move(techniques)},
                {"orders", Json{{"easiest", codes(easiest_order())},
                                {"thesis", codes(thesis_order())},
                                {"sb", codes(sb_order())},
                                {"se", codes(se_order())}}}};
}

}  // namespace sudokit
