// The size tag: "3x2:" in front of a line (or alone on the line before a grid) names the box
// shape of a puzzle whose shape its cell count does not tell (docs/formats.md).
#include "io/io_detail.h"

namespace sudokit {

std::string shape_tag(Shape shape) {
    const std::optional<Shape> usual = Shape::for_size(shape.size());
    if (usual && *usual == shape) return std::string();
    return shape.name() + ":";
}

namespace detail {

std::optional<ShapeTag> read_shape_tag(std::string_view line) {
    size_t i = 0;
    while (i < line.size() && is_space(line[i])) ++i;
    const size_t start = i;
    auto skip_digits = [&] {
        const size_t from = i;
        while (i < line.size() && is_ascii_digit(line[i]) && i - from < 4) ++i;
        return i > from;
    };
    if (!skip_digits()) return std::nullopt;
    if (i >= line.size() || (line[i] != 'x' && line[i] != 'X')) return std::nullopt;
    ++i;
    if (!skip_digits()) return std::nullopt;
    if (i >= line.size() || line[i] != ':') return std::nullopt;
    ShapeTag tag;
    tag.text = line.substr(start, i - start);
    tag.end = i + 1;
    tag.column = static_cast<int>(start) + 1;
    tag.shape = Shape::parse(tag.text);
    size_t rest = tag.end;
    while (rest < line.size() && is_space(line[rest])) ++rest;
    tag.alone = rest == line.size();
    return tag;
}

std::string bad_tag_reason(std::string_view text) {
    return "'" + std::string(text) +
           "' is not a size sudokit reads (box sides whose product is 1 to " +
           std::to_string(kMaxSize) + ")";
}

std::string tag_conflict_reason(Shape tagged, Shape asked) {
    return "the size tag says " + tagged.name() + ", but the size asked is " + asked.name();
}

std::string lone_tag_reason(Shape tagged) {
    return "the size tag " + tagged.name() + ": has no puzzle after it";
}

}  // namespace detail

}  // namespace sudokit
