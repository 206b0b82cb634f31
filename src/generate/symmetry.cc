// Symmetries of the pattern of givens: the orbits of cells that clue removal takes out (or puts
// back) together, so that the pattern keeps the symmetry asked for.
#include <algorithm>
#include <cctype>
#include <string>

#include "sudokit/generate.h"

namespace sudokit {

namespace {

struct SymmetryName {
    Symmetry symmetry;
    std::string_view name;
};

constexpr SymmetryName kNames[] = {
    {Symmetry::none, "none"},         {Symmetry::rot180, "rot180"},
    {Symmetry::rot90, "rot90"},       {Symmetry::mirror, "mirror"},
    {Symmetry::diagonal, "diagonal"}, {Symmetry::antidiagonal, "antidiagonal"},
};

// The image of a cell under one application of the symmetry.
int image(int cell, int n, Symmetry symmetry) {
    const int r = cell / n, c = cell % n, last = n - 1;
    switch (symmetry) {
        case Symmetry::none:
            break;
        case Symmetry::rot180:
            return (last - r) * n + (last - c);
        case Symmetry::rot90:  // clockwise: row r becomes column last - r
            return c * n + (last - r);
        case Symmetry::mirror:  // left-right
            return r * n + (last - c);
        case Symmetry::diagonal:  // main diagonal, r1c1 to rNcN
            return c * n + r;
        case Symmetry::antidiagonal:
            return (last - c) * n + (last - r);
    }
    return cell;
}

}  // namespace

std::span<const Symmetry> all_symmetries() {
    static const Symmetry all[] = {Symmetry::none,   Symmetry::rot180,   Symmetry::rot90,
                                   Symmetry::mirror, Symmetry::diagonal, Symmetry::antidiagonal};
    return all;
}

std::string_view symmetry_name(Symmetry symmetry) {
    for (const SymmetryName& s : kNames) {
        if (s.symmetry == symmetry) return s.name;
    }
    return "none";
}

std::optional<Symmetry> parse_symmetry(std::string_view text) {
    std::string key(text);
    std::transform(key.begin(), key.end(), key.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    for (const SymmetryName& s : kNames) {
        if (s.name == key) return s.symmetry;
    }
    return std::nullopt;
}

std::vector<std::vector<int>> symmetry_orbits(Shape shape, Symmetry symmetry) {
    const int n = shape.size(), cells = shape.cell_count();
    std::vector<char> seen(cells, 0);
    std::vector<std::vector<int>> orbits;
    for (int cell = 0; cell < cells; ++cell) {
        if (seen[cell]) continue;
        std::vector<int> orbit;
        for (int at = cell; !seen[at]; at = image(at, n, symmetry)) {
            seen[at] = 1;
            orbit.push_back(at);
        }
        orbits.push_back(std::move(orbit));
    }
    return orbits;
}

bool has_symmetry(const Grid& puzzle, Symmetry symmetry) {
    const int n = puzzle.size();
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        if ((puzzle[cell] != 0) != (puzzle[image(cell, n, symmetry)] != 0)) return false;
    }
    return true;
}

}  // namespace sudokit
