// sudokit.Puzzle: a parsed puzzle (the library's Puzzle), its text forms and its values as numpy.
#include <algorithm>
#include <cmath>

#include "module.h"
#include "sudokit/explain.h"

namespace sudokit::python {

namespace {

// The canonical line of the puzzle's values (pencil marks: the N³ marks line), which reads back
// as the same puzzle with the same alphabet.
std::string canonical_text(const Puzzle& puzzle) {
    if (puzzle.marks) return format_marks_line(*puzzle.marks, marks_alphabet(puzzle));
    return format_line(puzzle.grid, puzzle.alphabet);
}

py::array_t<uint8_t> values_array(const Grid& grid) {
    py::array_t<uint8_t> out(static_cast<py::ssize_t>(grid.cell_count()));
    std::copy(grid.values().begin(), grid.values().end(), out.mutable_data());
    return out;
}

Puzzle from_array(const py::object& values, const py::object& size) {
    if (!py::isinstance<py::array>(values) && !py::isinstance<py::list>(values) &&
        !py::isinstance<py::tuple>(values)) {
        throw py::type_error("values: a numpy array or a list of N*N values (0 empty) expected");
    }
    // Any integer type and any layout, (N*N,) or (N, N): values are range-checked below. Floats
    // are taken only when they are whole numbers (1.0): a cast would make NaN an error of
    // numpy's and truncate 1.5 to 1 without a word.
    const py::array given = py::array::ensure(values);
    if (!given) throw py::error_already_set();
    const char kind = given.dtype().kind();
    if (kind == 'f') {
        const py::array_t<double, py::array::c_style | py::array::forcecast> floats =
            py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(given);
        if (!floats) throw py::error_already_set();
        const double* data = floats.data();
        for (py::ssize_t i = 0; i < floats.size(); ++i) {
            if (!std::isfinite(data[i]) || data[i] != std::floor(data[i])) {
                throw py::value_error("values: cell " + std::to_string(i + 1) + " holds " +
                                      std::string(py::str(py::float_(data[i]))) +
                                      ", not a whole number (0 empty, 1..N a digit)");
            }
        }
    } else if (kind != 'i' && kind != 'u') {
        throw py::type_error(
            "values: whole numbers expected (0 empty, 1..N a digit), got an array "
            "of dtype " +
            std::string(py::str(given.dtype())));
    }
    const py::array_t<int64_t, py::array::c_style | py::array::forcecast> array =
        py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(given);
    if (!array) throw py::error_already_set();
    if (array.ndim() != 1 && !(array.ndim() == 2 && array.shape(0) == array.shape(1)))
        throw py::value_error("values: shape (N*N,) or (N, N) expected");
    const size_t cells = static_cast<size_t>(array.size());
    std::optional<Shape> shape = shape_argument(size);
    if (!shape) shape = Shape::for_cell_count(static_cast<int>(cells));
    if (!shape || static_cast<size_t>(shape->cell_count()) != cells) {
        throw py::value_error("values: " + std::to_string(cells) +
                              " cells do not fill a grid of a usual size (16, 36, 81, 144, 256, "
                              "625, 1296 cells) or of the given size");
    }
    std::vector<uint8_t> bytes(cells);
    const int64_t* data = array.data();
    for (size_t i = 0; i < cells; ++i) {
        if (data[i] < 0 || data[i] > shape->size()) {
            raise_parse_error(ParseError{1, static_cast<int>(i) + 1,
                                         std::to_string(data[i]) + " is not a value of a " +
                                             std::to_string(shape->size()) + "x" +
                                             std::to_string(shape->size()) + " grid (0 empty)"});
        }
        bytes[i] = static_cast<uint8_t>(data[i]);
    }
    Parsed<Puzzle> parsed = puzzle_from_values(bytes, *shape);
    if (!parsed.ok()) raise_parse_error(parsed.error());
    return std::move(parsed.value());
}

}  // namespace

void bind_puzzle(py::module_& m) {
    m.def(
        "is_skipped_line",
        [](const py::object& line) {
            if (!py::isinstance<py::bytes>(line) && !py::isinstance<py::str>(line))
                throw py::type_error("line: a str or bytes expected");
            py::object keep;
            return is_skipped_line(bytes_of(line, keep));
        },
        py::arg("line"),
        "True for a line every reader skips: blank, a '#' comment, a [section] header or a CSV "
        "header line ('puzzle,...'). sudokit.dask drops these when it splits files into lines.");
    py::class_<Puzzle>(m, "Puzzle",
                       R"(A parsed puzzle: its givens, its shape and the alphabet it was written in.

Make one with Puzzle.parse(text) (any format the sudokit program reads: a line, a forum grid,
.sdk, pencil marks, numeric lines) or Puzzle.from_array(values). str(puzzle) is the canonical
line, puzzle.to_grid() the readable grid.)")
        .def_static(
            "parse",
            [](const py::object& text, const py::object& size, const py::object& alphabet) {
                if (!py::isinstance<py::str>(text) && !py::isinstance<py::bytes>(text))
                    throw py::type_error("text: a str (or bytes) expected");
                return puzzle_argument(text, parse_options(size, alphabet));
            },
            py::arg("text"), py::kw_only(), py::arg("size") = py::none(),
            py::arg("alphabet") = py::none(),
            R"(Parses one puzzle.

text: a line of N*N cells ('.' or '0' empty; text after the cells is the comment), a numeric
line, a multi-line grid (forum paste, .sdk) or pencil marks.
size: None (from the cell count), "RxC" (box rows x box columns), a side N, or (R, C).
alphabet: None/"auto", "standard" (1-9A-Z), "hex" (0-9A-Z, '.' empty) or "numeric".
Raises sudokit.ParseError (a ValueError with line, column and reason) for malformed input
or givens in conflict.)")
        .def_static("from_array", &from_array, py::arg("values"), py::kw_only(),
                    py::arg("size") = py::none(),
                    R"(A puzzle from N*N values, row-major, 0 for empty: a numpy array of shape
(N*N,) or (N, N), or a list. Raises sudokit.ParseError for a value above N or givens in
conflict (column = the cell's position, 1-based).)")
        .def_property_readonly(
            "shape",
            [](const Puzzle& p) {
                return py::make_tuple(p.grid.shape().box_rows, p.grid.shape().box_cols);
            },
            "The box shape (box rows, box columns): (3, 3) for 9x9.")
        .def_property_readonly(
            "size", [](const Puzzle& p) { return p.grid.size(); }, "The side N of the grid.")
        .def_property_readonly(
            "givens", [](const Puzzle& p) { return p.grid.given_count(); },
            "The number of givens (for pencil marks: cells with a single candidate).")
        .def_property_readonly(
            "alphabet", [](const Puzzle& p) { return std::string(alphabet_name(p.alphabet)); },
            "The alphabet it was written in: standard, hex or numeric.")
        .def_property_readonly(
            "comment", [](const Puzzle& p) { return text_of(comment_text(p.comment)); },
            "What followed the cells on the line, without the separator.")
        .def_property_readonly(
            "line", [](const Puzzle& p) { return p.line; }, "The first input line (1-based).")
        .def_property_readonly(
            "marks",
            [](const Puzzle& p) -> py::object {
                if (!p.marks) return py::none();
                return py::str(format_marks_line(*p.marks, marks_alphabet(p)));
            },
            "For pencil-mark input, the marks as the N*N*N-character line; else None.")
        .def(
            "to_grid", [](const Puzzle& p) { return format_grid(p.grid, p.alphabet); },
            "The readable multi-line grid with box separators (as `sudokit convert --to grid`).")
        .def(
            "to_array", [](const Puzzle& p) { return values_array(p.grid); },
            "The values as a numpy uint8 array of shape (N*N,), 0 for empty.")
        .def(
            "__str__", [](const Puzzle& p) { return format_line(p.grid, p.alphabet); },
            "The canonical line: N*N symbols, '.' for empty.")
        .def("__repr__",
             [](const Puzzle& p) {
                 return "sudokit.Puzzle.parse(" +
                        std::string(py::repr(py::str(canonical_text(p)))) + ")";
             })
        .def("__eq__",
             [](const Puzzle& a, const py::object& other) -> py::object {
                 // Anything else (a string, None) is not equal, as Python's == expects: the
                 // other operand gets its turn, then identity decides.
                 if (!py::isinstance<Puzzle>(other))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 const Puzzle& b = other.cast<const Puzzle&>();
                 return py::bool_(a.grid == b.grid && a.marks == b.marks);
             })
        .def(py::pickle(
            [](const Puzzle& p) {
                return py::make_tuple(py::bytes(canonical_text(p) + p.comment),
                                      p.grid.shape().box_rows, p.grid.shape().box_cols,
                                      std::string(alphabet_name(p.alphabet)), p.line);
            },
            [](const py::tuple& state) {
                if (py::len(state) != 5) throw py::value_error("bad Puzzle state");
                ParseOptions options;
                options.shape = Shape{state[1].cast<int>(), state[2].cast<int>()};
                options.alphabet = *parse_alphabet(state[3].cast<std::string>());
                Parsed<Puzzle> parsed = parse_puzzle(state[0].cast<std::string>(), options);
                if (!parsed.ok()) raise_parse_error(parsed.error());
                parsed.value().line = state[4].cast<int>();
                return std::move(parsed.value());
            }));
}

}  // namespace sudokit::python
