// sudokit.SolveResult against the C API: the object, its attributes, to_dict, pickling and
// equality; and the records a batch gathers without the GIL (solve_result.h says why).
#include "solve_result.h"

#include <cstddef>
#include <cstring>

#include "sudokit/json.h"

namespace sudokit::python {

namespace {

struct SolveResultObject {
    PyObject_VAR_HEAD;  // ob_size: the bytes of `values`
    Outcome outcome;
    Alphabet alphabet;
    int8_t box_rows;
    int8_t box_cols;
    bool ran;  // the engine ran: count and stats are known
    bool solved;
    int32_t line;
    uint32_t count;
    Stats stats;
    PyObject* file;     // str or None
    PyObject* engine;   // str
    PyObject* text;     // invalid input as read (str), or null
    PyObject* comment;  // str, or null for none
    PyObject* error;    // str, or null for none
    uint8_t values[1];  // the puzzle's cells, then the solution's when solved
};

PyTypeObject* g_type = nullptr;

SolveResultObject* as_result(PyObject* self) { return reinterpret_cast<SolveResultObject*>(self); }

int cells_of(const SolveResultObject* r) {
    return r->box_rows * r->box_cols * r->box_rows * r->box_cols;
}

// Runs `body` (which returns a new reference) and turns C++ exceptions into Python errors: no
// exception may cross the C API.
template <class Body>
PyObject* guarded(Body&& body) {
    try {
        return body();
    } catch (py::error_already_set& e) {
        e.restore();
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
    }
    return nullptr;
}

PyObject* new_ref(PyObject* object) {
    Py_INCREF(object);
    return object;
}

PyObject* or_none(PyObject* object) { return new_ref(object != nullptr ? object : Py_None); }

// The canonical line of the cells at `at` (the puzzle's, or the solution's).
py::object line_of(const SolveResultObject* r, int at) {
    const int cells = cells_of(r);
    if (r->box_rows <= 0 || Py_SIZE(r) < static_cast<Py_ssize_t>(at + cells)) return py::none();
    Grid grid(Shape{r->box_rows, r->box_cols});
    std::memcpy(grid.values().data(), r->values + at, static_cast<size_t>(cells));
    return text_of(format_line(grid, r->alphabet));
}

py::object puzzle_of(const SolveResultObject* r) {
    if (r->text != nullptr) return py::reinterpret_borrow<py::object>(r->text);
    if (Py_SIZE(r) == 0) return py::none();
    return line_of(r, 0);
}

py::object solution_of(const SolveResultObject* r) {
    return r->solved ? line_of(r, cells_of(r)) : py::object(py::none());
}

py::object stats_of(const SolveResultObject* r) {
    return r->ran ? to_python(stats_json(r->stats)) : py::object(py::none());
}

py::object borrowed(PyObject* object) {
    return object != nullptr ? py::reinterpret_borrow<py::object>(object) : py::object(py::none());
}

PyObject* get_outcome(PyObject* self, void*) {
    return guarded([&] {
        return py::str(std::string(outcome_name(as_result(self)->outcome))).release().ptr();
    });
}
PyObject* get_solved(PyObject* self, void*) { return PyBool_FromLong(as_result(self)->solved); }
PyObject* get_solution(PyObject* self, void*) {
    return guarded([&] { return solution_of(as_result(self)).release().ptr(); });
}
PyObject* get_count(PyObject* self, void*) {
    const SolveResultObject* r = as_result(self);
    return r->ran ? PyLong_FromUnsignedLong(r->count) : new_ref(Py_None);
}
PyObject* get_stats(PyObject* self, void*) {
    return guarded([&] { return stats_of(as_result(self)).release().ptr(); });
}
PyObject* get_error(PyObject* self, void*) { return or_none(as_result(self)->error); }
PyObject* get_line(PyObject* self, void*) { return PyLong_FromLong(as_result(self)->line); }
PyObject* get_file(PyObject* self, void*) { return or_none(as_result(self)->file); }
PyObject* get_puzzle(PyObject* self, void*) {
    return guarded([&] { return puzzle_of(as_result(self)).release().ptr(); });
}
PyObject* get_engine(PyObject* self, void*) { return or_none(as_result(self)->engine); }
PyObject* get_comment(PyObject* self, void*) {
    const SolveResultObject* r = as_result(self);
    return r->comment != nullptr ? new_ref(r->comment) : PyUnicode_FromString("");
}

PyObject* to_dict(PyObject* self, PyObject*) {
    return guarded([&] {
        const SolveResultObject* r = as_result(self);
        // The fields of solve_item_json, in its order.
        py::dict d;
        d["file"] = borrowed(r->file);
        d["line"] = r->line;
        d["status"] = py::str(std::string(outcome_name(r->outcome)));
        d["puzzle"] = puzzle_of(r);
        d["solution"] = solution_of(r);
        d["count"] = r->ran ? py::object(py::int_(r->count)) : py::object(py::none());
        d["unique"] = r->outcome == Outcome::unique    ? py::object(py::bool_(true))
                      : r->outcome == Outcome::several ? py::object(py::bool_(false))
                                                       : py::object(py::none());
        d["engine"] = borrowed(r->engine);
        d["stats"] = stats_of(r);
        d["comment"] = r->comment != nullptr ? borrowed(r->comment) : py::str("");
        d["error"] = borrowed(r->error);
        return d.release().ptr();
    });
}

py::object text_state(PyObject* text) {
    if (text == nullptr) return py::none();
    return py::reinterpret_borrow<py::str>(text).attr("encode")("utf-8", "surrogatepass");
}

PyObject* reduce(PyObject* self, PyObject*) {
    return guarded([&] {
        const SolveResultObject* r = as_result(self);
        const py::tuple state = py::make_tuple(
            static_cast<int>(r->outcome), borrowed(r->file), r->line,
            py::bytes(reinterpret_cast<const char*>(r->values), static_cast<size_t>(Py_SIZE(r))),
            r->box_rows, r->box_cols, static_cast<int>(r->alphabet), r->ran, r->solved, r->count,
            py::make_tuple(r->stats.nodes, r->stats.guesses, r->stats.depth, r->stats.propagations),
            borrowed(r->engine), text_state(r->text), text_state(r->comment), text_state(r->error));
        const py::object restore = py::module_::import("sudokit._support").attr("_solve_result");
        return py::make_tuple(restore, py::make_tuple(state)).release().ptr();
    });
}

bool same_text(PyObject* a, PyObject* b) {
    if (a == nullptr || b == nullptr) return a == b;
    const int equal = PyObject_RichCompareBool(a, b, Py_EQ);
    if (equal < 0) throw py::error_already_set();
    return equal == 1;
}

PyObject* richcompare(PyObject* self, PyObject* other, int op) {
    if ((op != Py_EQ && op != Py_NE) || Py_TYPE(other) != g_type) Py_RETURN_NOTIMPLEMENTED;
    return guarded([&] {
        const SolveResultObject* a = as_result(self);
        const SolveResultObject* b = as_result(other);
        const bool equal =
            a->outcome == b->outcome && a->alphabet == b->alphabet && a->box_rows == b->box_rows &&
            a->box_cols == b->box_cols && a->ran == b->ran && a->solved == b->solved &&
            a->line == b->line && a->count == b->count && a->stats == b->stats &&
            Py_SIZE(a) == Py_SIZE(b) &&
            std::memcmp(a->values, b->values, static_cast<size_t>(Py_SIZE(a))) == 0 &&
            same_text(a->file, b->file) && same_text(a->engine, b->engine) &&
            same_text(a->text, b->text) && same_text(a->comment, b->comment) &&
            same_text(a->error, b->error);
        return PyBool_FromLong(equal == (op == Py_EQ));
    });
}

PyObject* repr(PyObject* self) {
    return guarded([&] {
        const SolveResultObject* r = as_result(self);
        std::string text = "<SolveResult line " + std::to_string(r->line) + " " +
                           std::string(outcome_name(r->outcome));
        if (r->solved) text += " " + solution_of(r).cast<std::string>();
        return py::str(text + ">").release().ptr();
    });
}

void dealloc(PyObject* self) {
    SolveResultObject* r = as_result(self);
    Py_XDECREF(r->file);
    Py_XDECREF(r->engine);
    Py_XDECREF(r->text);
    Py_XDECREF(r->comment);
    Py_XDECREF(r->error);
    PyTypeObject* type = Py_TYPE(self);
    type->tp_free(self);
    Py_DECREF(type);  // a heap type: each instance holds a reference
}

PyGetSetDef g_getset[] = {
    {"outcome", get_outcome, nullptr,
     "The marker word (the JSON 'status'): unique, found, multiple, no-solution, unfinished, "
     "timeout, stuck, invalid, unsupported, interrupted.",
     nullptr},
    {"solved", get_solved, nullptr, "True when there is a solution (outcome unique or found).",
     nullptr},
    {"solution", get_solution, nullptr, "The solution as a canonical line, or None.", nullptr},
    {"count", get_count, nullptr,
     "Solutions found (at most max_solutions); None when the engine did not run.", nullptr},
    {"stats", get_stats, nullptr,
     "The engine's counters {nodes, guesses, depth, propagations} (engine.h defines them), "
     "or None when the engine did not run.",
     nullptr},
    {"error", get_error, nullptr,
     "Why the outcome is a failure ('line 3: no solution', the parser's message for invalid "
     "input), or None.",
     nullptr},
    {"line", get_line, nullptr, "The item's line (position + 1 in a list, or lines=).", nullptr},
    {"file", get_file, nullptr, "The source= given to the call, or None.", nullptr},
    {"puzzle", get_puzzle, nullptr,
     "The puzzle as a canonical line (invalid input: the text as read, or None).", nullptr},
    {"engine", get_engine, nullptr, "The engine's name.", nullptr},
    {"comment", get_comment, nullptr, "The input line's comment.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyMethodDef g_methods[] = {
    {"to_dict", to_dict, METH_NOARGS,
     "The fields of `sudokit solve --format json`: file, line, status, puzzle, solution, count, "
     "unique, engine, stats, comment, error."},
    {"__reduce__", reduce, METH_NOARGS, "Pickling support."},
    {nullptr, nullptr, 0, nullptr},
};

constexpr const char* kDoc =
    "What became of one puzzle: its outcome, the solution and the engine's counters.\n\n"
    "outcome is the CLI's marker word: unique, found (a solution; uniqueness not asked),\n"
    "multiple, no-solution, unfinished (node budget), timeout, stuck (a logic-only engine),\n"
    "invalid, unsupported, interrupted. to_dict() gives the fields of\n"
    "`sudokit solve --format json`. Made by solve() and solve_many(); picklable.";

// A new result with `size` bytes of values and every field zero.
SolveResultObject* allocate(Py_ssize_t size) {
    PyObject* object = g_type->tp_alloc(g_type, size);
    if (object == nullptr) throw py::error_already_set();
    return as_result(object);
}

// Text for a field: null when empty.
PyObject* field_text(const std::string& text) {
    return text.empty() ? nullptr : text_of(text).release().ptr();
}

py::object from_state(const py::tuple& state) {
    auto bad = [] { return py::value_error("SolveResult: a malformed pickled state"); };
    if (py::len(state) != 15) throw bad();
    const int outcome = state[0].cast<int>();
    const std::string values = state[3].cast<std::string>();
    const int box_rows = state[4].cast<int>();
    const int box_cols = state[5].cast<int>();
    const int alphabet = state[6].cast<int>();
    const bool solved = state[8].cast<bool>();
    const int cells = box_rows * box_cols * box_rows * box_cols;
    if (outcome < 0 || outcome >= static_cast<int>(kOutcomeCount) || alphabet < 0 ||
        alphabet > static_cast<int>(Alphabet::numeric) || box_rows < 0 || box_cols < 0 ||
        (box_rows > 0 && !Shape{box_rows, box_cols}.valid()) || (box_rows > 0) == values.empty() ||
        (solved && values.empty()) ||
        (!values.empty() && values.size() != static_cast<size_t>(cells * (solved ? 2 : 1)))) {
        throw bad();
    }
    SolveResultObject* r = allocate(static_cast<Py_ssize_t>(values.size()));
    const py::object result = py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(r));
    r->outcome = static_cast<Outcome>(outcome);
    r->file = py::object(state[1]).release().ptr();
    r->line = state[2].cast<int32_t>();
    std::memcpy(r->values, values.data(), values.size());
    r->box_rows = static_cast<int8_t>(box_rows);
    r->box_cols = static_cast<int8_t>(box_cols);
    r->alphabet = static_cast<Alphabet>(alphabet);
    r->ran = state[7].cast<bool>();
    r->solved = solved;
    r->count = state[9].cast<uint32_t>();
    const py::tuple stats = state[10];
    if (py::len(stats) != 4) throw bad();
    r->stats = Stats{stats[0].cast<uint64_t>(), stats[1].cast<uint64_t>(),
                     stats[2].cast<uint64_t>(), stats[3].cast<uint64_t>()};
    r->engine = py::object(state[11]).release().ptr();
    const auto text = [&](int i) -> PyObject* {
        if (state[i].is_none()) return nullptr;
        return field_text(state[i].cast<std::string>());
    };
    r->text = text(12);
    r->comment = text(13);
    r->error = text(14);
    return result;
}

}  // namespace

void SolveRecords::reserve(size_t items) {
    records_.reserve(items);
    values_.reserve(items * 2 * 81);
}

void SolveRecords::add(const BatchItem& item, const SolveOptions& options) {
    Record& r = records_.emplace_back();
    r.outcome = item.outcome;
    r.line = item.item.line;
    const bool ok = item.item.puzzle.ok();
    if (ok) {
        const Puzzle& puzzle = item.puzzle();
        r.alphabet = puzzle.alphabet;
        r.shape = puzzle.grid.shape();
        r.offset = values_.size();
        const auto cells = puzzle.grid.values();
        values_.insert(values_.end(), cells.begin(), cells.end());
        r.solved = item.outcome == Outcome::unique || item.outcome == Outcome::found;
        if (r.solved) {
            const auto solution = item.result.first.values();
            values_.insert(values_.end(), solution.begin(), solution.end());
        }
    } else {
        r.shape = Shape{0, 0};
        r.text = item.item.text;
    }
    if (item.ran()) {
        r.ran = true;
        r.count = item.result.count;
        r.stats = item.result.stats;
    }
    const std::string_view comment =
        comment_text(ok ? std::string_view(item.puzzle().comment) : item.item.comment);
    r.comment.assign(comment.data(), comment.size());
    r.error = item.message(Task::solve, options);
}

py::object SolveRecords::result(size_t i, const py::object& file, const py::object& engine) const {
    const Record& record = records_[i];
    const size_t cells = static_cast<size_t>(record.shape.cell_count());
    const size_t size = record.shape.box_rows == 0 ? 0 : cells * (record.solved ? 2 : 1);
    SolveResultObject* r = allocate(static_cast<Py_ssize_t>(size));
    const py::object result = py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(r));
    r->outcome = record.outcome;
    r->alphabet = record.alphabet;
    r->box_rows = static_cast<int8_t>(record.shape.box_rows);
    r->box_cols = static_cast<int8_t>(record.shape.box_cols);
    r->ran = record.ran;
    r->solved = record.solved;
    r->line = record.line;
    r->count = record.count;
    r->stats = record.stats;
    if (size != 0) std::memcpy(r->values, values_.data() + record.offset, size);
    r->file = py::object(file).release().ptr();
    r->engine = py::object(engine).release().ptr();
    r->text = record.shape.box_rows == 0 ? field_text(record.text) : nullptr;
    r->comment = field_text(record.comment);
    r->error = field_text(record.error);
    return result;
}

void bind_solve_result(py::module_& m) {
    PyType_Slot slots[] = {
        {Py_tp_dealloc, reinterpret_cast<void*>(dealloc)},
        {Py_tp_getset, g_getset},
        {Py_tp_methods, g_methods},
        {Py_tp_richcompare, reinterpret_cast<void*>(richcompare)},
        {Py_tp_repr, reinterpret_cast<void*>(repr)},
        {Py_tp_hash, reinterpret_cast<void*>(PyObject_HashNotImplemented)},
        {Py_tp_doc, const_cast<char*>(kDoc)},
        {0, nullptr},
    };
    PyType_Spec spec{"sudokit._sudokit.SolveResult",
                     static_cast<int>(offsetof(SolveResultObject, values)), 1,
                     Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, slots};
    PyObject* type = PyType_FromSpec(&spec);
    if (type == nullptr) throw py::error_already_set();
    g_type = reinterpret_cast<PyTypeObject*>(type);  // the module keeps it alive
    m.add_object("SolveResult", type);
    m.def("_solve_result_from_state", &from_state, py::arg("state"),
          "A SolveResult from its pickled state (sudokit._support._solve_result).");
}

}  // namespace sudokit::python
