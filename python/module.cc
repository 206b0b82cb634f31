// The module sudokit._sudokit (re-exported by python/sudokit/__init__.py) and the argument
// conversions, JSON conversion and Ctrl-C handling its areas share.
#include "module.h"

#include <cmath>

#include "sudokit/json.h"
#include "sudokit/status_words.h"

namespace sudokit::python {

namespace {

// The flag of the InterruptScope that holds SIGINT (main thread only: one at a time), and the
// handler it replaced.
std::atomic<std::atomic<bool>*> g_interrupt_flag{nullptr};
struct sigaction g_previous_sigint {};

extern "C" void on_sigint(int signal) {
    if (std::atomic<bool>* flag = g_interrupt_flag.load()) flag->store(true);
    // Python's own handler only records the signal (it is async-signal-safe), so that the
    // interpreter raises KeyboardInterrupt once it runs again.
    if ((g_previous_sigint.sa_flags & SA_SIGINFO) == 0 && g_previous_sigint.sa_handler != SIG_DFL &&
        g_previous_sigint.sa_handler != SIG_IGN) {
        g_previous_sigint.sa_handler(signal);
    }
}

bool on_main_thread() {
    const py::module_ threading = py::module_::import("threading");
    return threading.attr("current_thread")().is(threading.attr("main_thread")());
}

}  // namespace

InterruptScope::InterruptScope() {
    if (!on_main_thread()) return;
    std::atomic<bool>* expected = nullptr;
    if (!g_interrupt_flag.compare_exchange_strong(expected, &flag_)) return;
    struct sigaction action {};
    action.sa_handler = on_sigint;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGINT, nullptr, &g_previous_sigint) != 0 ||
        (g_previous_sigint.sa_flags & SA_SIGINFO) != 0 || g_previous_sigint.sa_handler == SIG_IGN ||
        sigaction(SIGINT, &action, &previous_) != 0) {
        // Ignored, or a handler this scope cannot chain to: leave it alone.
        g_interrupt_flag.store(nullptr);
        return;
    }
    installed_ = true;
}

InterruptScope::~InterruptScope() {
    if (!installed_) return;
    sigaction(SIGINT, &previous_, nullptr);
    g_interrupt_flag.store(nullptr);
}

void InterruptScope::raise_if_interrupted() const {
    if (!interrupted()) return;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw py::error_already_set();
}

py::str text_of(std::string_view text) {
    PyObject* str =
        PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace");
    if (str == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(str);
}

std::string_view bytes_of(const py::handle& text, py::object& keep) {
    keep = py::reinterpret_borrow<py::object>(text);
    if (PyUnicode_Check(text.ptr())) {
        Py_ssize_t length = 0;
        if (const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &length))
            return {data, static_cast<size_t>(length)};
        PyErr_Clear();
        PyObject* raw = PyUnicode_AsEncodedString(text.ptr(), "utf-8", "surrogateescape");
        if (raw == nullptr) {
            PyErr_Clear();
            raw = PyUnicode_AsEncodedString(text.ptr(), "utf-8", "replace");
            if (raw == nullptr) throw py::error_already_set();
        }
        keep = py::reinterpret_steal<py::object>(raw);
    }
    char* data = nullptr;
    Py_ssize_t length = 0;
    if (PyBytes_AsStringAndSize(keep.ptr(), &data, &length) != 0) throw py::error_already_set();
    return {data, static_cast<size_t>(length)};
}

[[noreturn]] void raise_parse_error(const ParseError& error) {
    const py::object type = py::module_::import("sudokit._support").attr("ParseError");
    const py::object exception =
        type(text_of(error.message()), error.line, error.column, text_of(error.reason));
    PyErr_SetObject(type.ptr(), exception.ptr());
    throw py::error_already_set();
}

py::object to_python(const Json& value) {
    switch (value.type()) {
        case Json::value_t::null:
        case Json::value_t::discarded:
            return py::none();
        case Json::value_t::boolean:
            return py::bool_(value.get<bool>());
        case Json::value_t::number_integer:
            return py::int_(value.get<int64_t>());
        case Json::value_t::number_unsigned:
            return py::int_(value.get<uint64_t>());
        case Json::value_t::number_float:
            return py::float_(value.get<double>());
        case Json::value_t::string:
            return text_of(value.get_ref<const std::string&>());
        case Json::value_t::array: {
            py::list list(value.size());
            size_t i = 0;
            for (const Json& element : value) list[i++] = to_python(element);
            return list;
        }
        case Json::value_t::object: {
            py::dict dict;
            for (const auto& [key, element] : value.items())
                dict[py::str(key)] = to_python(element);
            return dict;
        }
        case Json::value_t::binary:
            break;
    }
    return py::none();
}

py::dict item_dict(Json value, const std::optional<std::string>& source) {
    if (!source && value.is_object() && value.contains("file")) value["file"] = nullptr;
    return to_python(value);
}

std::optional<Shape> shape_argument(const py::object& size) {
    if (size.is_none()) return std::nullopt;
    if (py::isinstance<py::str>(size)) {
        const std::string text = size.cast<std::string>();
        if (std::optional<Shape> shape = Shape::parse(text)) return shape;
        throw py::value_error("size: '" + text +
                              "' is not a box shape RxC (box rows x box columns, e.g. 3x3 or 3x4; "
                              "the side R*C at most 36)");
    }
    if (py::isinstance<py::tuple>(size) && py::len(size) == 2) {
        const py::tuple pair = size;
        const Shape shape{pair[0].cast<int>(), pair[1].cast<int>()};
        if (shape.valid()) return shape;
        throw py::value_error("size: (" + std::to_string(shape.box_rows) + ", " +
                              std::to_string(shape.box_cols) +
                              ") is not a box shape (box rows, box columns) with a side of at "
                              "most 36");
    }
    if (py::isinstance<py::int_>(size) && !py::isinstance<py::bool_>(size)) {
        const int n = size.cast<int>();
        if (std::optional<Shape> shape = Shape::for_size(n)) return shape;
        throw py::value_error("size: " + std::to_string(n) +
                              " has no usual box shape (4, 6, 9, 12, 16, 25, 36); give \"RxC\"");
    }
    throw py::type_error("size: None, \"RxC\", a side N or a tuple (R, C) expected");
}

Alphabet alphabet_argument(const py::object& alphabet) {
    if (alphabet.is_none()) return Alphabet::automatic;
    if (!py::isinstance<py::str>(alphabet))
        throw py::type_error("alphabet: None or one of auto, standard, hex, numeric expected");
    const std::string text = alphabet.cast<std::string>();
    if (std::optional<Alphabet> parsed = parse_alphabet(text)) return *parsed;
    throw py::value_error("alphabet: '" + text + "' is not one of auto, standard, hex, numeric");
}

ParseOptions parse_options(const py::object& size, const py::object& alphabet) {
    return ParseOptions{.shape = shape_argument(size), .alphabet = alphabet_argument(alphabet)};
}

Puzzle puzzle_argument(const py::handle& puzzle, const ParseOptions& options) {
    if (py::isinstance<Puzzle>(puzzle)) return puzzle.cast<const Puzzle&>();
    if (py::isinstance<py::str>(puzzle) || py::isinstance<py::bytes>(puzzle)) {
        py::object keep;
        Parsed<Puzzle> parsed = parse_puzzle(bytes_of(puzzle, keep), options);
        if (!parsed.ok()) raise_parse_error(parsed.error());
        return std::move(parsed.value());
    }
    throw py::type_error("puzzle: a sudokit.Puzzle, a string or bytes expected, got " +
                         std::string(py::str(py::type::of(puzzle).attr("__name__"))));
}

namespace {

bool is_number(const py::object& value) {
    return (py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value)) &&
           !py::isinstance<py::bool_>(value);
}

}  // namespace

std::string argument_of(std::string_view field) {
    if (field == "timeout_seconds") return "timeout";
    if (field == "max_er") return "max";
    if (field == "node_budget") return "budget";
    return std::string(field);
}

int64_t whole_argument(const py::handle& value, const char* name, int64_t low, int64_t high) {
    if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
        throw py::type_error(std::string(name) + ": a whole number expected, got " +
                             std::string(py::str(py::type::of(value).attr("__name__"))));
    const py::int_ number = py::reinterpret_borrow<py::int_>(value);
    if (number < py::int_(low) || number > py::int_(high)) {
        throw py::value_error(std::string(name) + ": a whole number from " + std::to_string(low) +
                              " to " + std::to_string(high) + " expected, got " +
                              std::string(py::str(py::handle(number))));
    }
    return number.cast<int64_t>();
}

std::optional<uint64_t> seed_argument(const py::object& seed) {
    if (seed.is_none()) return std::nullopt;
    if (!py::isinstance<py::int_>(seed) || py::isinstance<py::bool_>(seed))
        throw py::type_error("seed: None or a whole number expected, got " +
                             std::string(py::str(py::type::of(seed).attr("__name__"))));
    const py::int_ number = seed;
    // 2**64 - 1 as a Python int (an int64 cannot hold it).
    const py::int_ top = py::int_(py::int_(1).attr("__lshift__")(64)).attr("__sub__")(1);
    if (number < py::int_(0) || number > top) {
        throw py::value_error("seed: a whole number from 0 to 2**64 - 1 expected, got " +
                              std::string(py::str(py::handle(number))));
    }
    return number.cast<uint64_t>();
}

double number_argument(const py::object& value, const char* name) {
    if (!is_number(value))
        throw py::type_error(std::string(name) + ": a number expected, got " +
                             std::string(py::str(py::type::of(value).attr("__name__"))));
    return value.cast<double>();
}

double timeout_argument(const py::object& timeout) {
    if (timeout.is_none()) return 0;
    // The range is the library's check (the options' "timeout_seconds").
    return number_argument(timeout, "timeout");
}

uint64_t budget_argument(const py::object& budget) {
    if (budget.is_none()) return 0;
    if (!py::isinstance<py::int_>(budget) || py::isinstance<py::bool_>(budget))
        throw py::type_error("budget: a whole number expected");
    const py::int_ nodes = budget;
    if (nodes < py::int_(0)) throw py::value_error("budget: nodes >= 0 expected");
    return nodes.cast<uint64_t>();
}

int threads_argument(int threads) {
    if (threads < 0) throw py::value_error("threads: 0 (every core) or more expected");
    return threads;
}

std::string engine_argument(const std::string& engine) {
    std::string error;
    if (make_engine(engine, &error) == nullptr) throw py::value_error("engine: " + error);
    return engine;
}

std::optional<std::string> source_argument(const py::object& source) {
    if (source.is_none()) return std::nullopt;
    return py::str(source).cast<std::string>();
}

}  // namespace sudokit::python

PYBIND11_MODULE(_sudokit, m) {
    namespace sp = sudokit::python;
    m.doc() =
        "sudokit's library: parse, solve, count, explain, hint, rate, generate, and batches of "
        "them on "
        "every core without the GIL. Import the package `sudokit`, not this module.";
    m.attr("__version__") = SUDOKIT_VERSION;
    sp::bind_puzzle(m);
    sp::bind_solve(m);
    sp::bind_human(m);
    sp::bind_batch(m);
    sp::bind_generate(m);
    m.def(
        "status_words",
        [] {
            pybind11::list words;
            for (std::string_view word : sudokit::status_words()) words.append(std::string(word));
            return words;
        },
        "Every status word a result can hold (docs/json.md).");
}
