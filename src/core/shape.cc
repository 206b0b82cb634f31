// Shape: box shapes, their names and the default shape per side length.
#include <array>
#include <charconv>

#include "sudokit/grid.h"

namespace sudokit {

namespace {
constexpr std::array<Shape, 7> kStandardShapes = {
    Shape{2, 2}, Shape{2, 3}, Shape{3, 3}, Shape{3, 4}, Shape{4, 4}, Shape{5, 5}, Shape{6, 6}};
constexpr std::array<int, 7> kStandardSizes = {4, 6, 9, 12, 16, 25, 36};
}  // namespace

std::string Shape::name() const {
    return std::to_string(box_rows) + "x" + std::to_string(box_cols);
}

std::optional<Shape> Shape::for_size(int n) {
    for (const Shape& s : kStandardShapes) {
        if (s.size() == n) return s;
    }
    return std::nullopt;
}

std::optional<Shape> Shape::for_cell_count(int cells) {
    for (const Shape& s : kStandardShapes) {
        if (s.cell_count() == cells) return s;
    }
    return std::nullopt;
}

std::optional<Shape> Shape::parse(std::string_view text) {
    size_t x = text.find_first_of("xX");
    if (x == std::string_view::npos) return std::nullopt;
    Shape shape{0, 0};
    auto read = [](std::string_view part, int& out) {
        if (part.empty()) return false;
        auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
        return ec == std::errc() && ptr == part.data() + part.size();
    };
    if (!read(text.substr(0, x), shape.box_rows) || !read(text.substr(x + 1), shape.box_cols)) {
        return std::nullopt;
    }
    if (shape.box_rows < 1 || shape.box_cols < 1 || shape.box_rows > kMaxSize ||
        shape.box_cols > kMaxSize || !shape.valid()) {
        return std::nullopt;
    }
    return shape;
}

std::span<const int> Shape::standard_sizes() { return kStandardSizes; }

}  // namespace sudokit
