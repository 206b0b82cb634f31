// solve_many, count_many and rate_many: the library's ordered batches (run_batch,
// run_rate_batch) on every core without the GIL, over a list of strings (or Puzzle objects) or
// the rows of a uint8 numpy array, with one result per item in input order: a bad item gets an
// outcome, never an exception.
#include <algorithm>
#include <functional>
#include <string_view>
#include <vector>

#include "module.h"
#include "solve_result.h"
#include "sudokit/json.h"

namespace sudokit::python {

namespace {

// The puzzles of a batch call. Built and destroyed with the GIL held; item() is called without
// it, so everything it reads is taken from Python first: the strings' UTF-8 bytes stay valid
// because the source holds a reference to each string, whatever the caller does to its list
// meanwhile.
class BatchSource {
  public:
    BatchSource(const py::object& puzzles, ParseOptions options, const py::object& lines)
        : options_(std::move(options)) {
        // A list or tuple first: asking whether an object is an array imports numpy, which a
        // batch of strings does without.
        if (PyList_Check(puzzles.ptr()) || PyTuple_Check(puzzles.ptr())) {
            read_sequence(puzzles);
        } else if (py::isinstance<py::str>(puzzles) || py::isinstance<py::bytes>(puzzles)) {
            throw py::type_error(
                "puzzles: a list of puzzles (strings or Puzzle objects) or a numpy array of shape "
                "(n, N*N) expected, got one string; use solve() for one puzzle, or a list");
        } else if (py::isinstance<py::array>(puzzles)) {
            read_array(puzzles);
        } else {
            read_sequence(puzzles);
        }
        read_lines(lines);
    }

    size_t size() const { return count_; }
    bool is_array() const { return array_input_; }
    int cells() const { return static_cast<int>(width_); }

    PuzzleReader::Item item(size_t i) const {
        const int line = lines_.empty() ? static_cast<int>(i) + 1 : lines_[i];
        if (is_array()) {
            return PuzzleReader::Item(
                line, puzzle_from_values({data_ + i * width_, width_}, shape_, line));
        }
        if (puzzles_[i] != nullptr) return PuzzleReader::Item(line, *puzzles_[i]);
        return read_puzzle_item(texts_[i], options_, line);
    }

  private:
    void read_array(const py::object& puzzles) {
        const py::array array = puzzles;
        if (!array.dtype().is(py::dtype::of<uint8_t>())) {
            throw py::type_error(
                "puzzles: a numpy array of dtype uint8 expected (0 for empty), got " +
                std::string(py::str(array.dtype())) + "; convert it with .astype(numpy.uint8)");
        }
        if (array.ndim() != 2) {
            std::string shape;
            for (py::ssize_t d = 0; d < array.ndim(); ++d)
                shape += (d == 0 ? "" : ", ") + std::to_string(array.shape(d));
            throw py::value_error(
                "puzzles: an array of shape (n, N*N), one puzzle per row, "
                "expected, got shape (" +
                shape + (array.ndim() == 1 ? ",)" : ")") + "; one puzzle: .reshape(1, -1)");
        }
        array_input_ = true;
        width_ = static_cast<size_t>(array.shape(1));
        count_ = static_cast<size_t>(array.shape(0));
        std::optional<Shape> shape = options_.shape;
        if (!shape) shape = Shape::for_cell_count(static_cast<int>(width_));
        if (!shape || static_cast<size_t>(shape->cell_count()) != width_) {
            throw py::value_error(
                "puzzles: rows of " + std::to_string(width_) +
                " cells are not N*N of a usual size (16, 36, 81, 144, 256, 625, 1296 cells)" +
                (options_.shape ? " nor of size " + options_.shape->name() : std::string()) +
                "; give size=\"RxC\" for another shape");
        }
        shape_ = *shape;
        // A C-contiguous view (a copy only when the array is not one already).
        const py::array contiguous = py::array::ensure(array, py::array::c_style);
        if (!contiguous) throw py::error_already_set();
        data_ = count_ == 0 ? nullptr : static_cast<const uint8_t*>(contiguous.data());
        array_ = contiguous;
    }

    void read_sequence(const py::object& puzzles) {
        if (!py::isinstance<py::iterable>(puzzles)) {
            throw py::type_error(
                "puzzles: a list of strings or Puzzle objects, or a numpy array "
                "of shape (n, N*N), expected");
        }
        const py::list list = py::list(puzzles);  // a generator is read once
        count_ = list.size();
        keep_.reserve(count_);
        texts_.resize(count_);
        puzzles_.assign(count_, nullptr);
        for (size_t i = 0; i < count_; ++i) {
            py::object element = list[i];
            if (py::isinstance<py::str>(element) || py::isinstance<py::bytes>(element)) {
                py::object holder;
                texts_[i] = bytes_of(element, holder);
                element = std::move(holder);
            } else if (py::isinstance<Puzzle>(element)) {
                puzzles_[i] = &element.cast<const Puzzle&>();
            } else {
                throw py::type_error("puzzles[" + std::to_string(i) +
                                     "]: a string or a Puzzle expected, got " +
                                     std::string(py::str(py::type::of(element).attr("__name__"))));
            }
            keep_.push_back(std::move(element));
        }
    }

    void read_lines(const py::object& lines) {
        if (lines.is_none()) return;
        const py::list list = py::list(lines);
        if (list.size() != count_) {
            throw py::value_error("lines: one line number per puzzle expected (" +
                                  std::to_string(count_) + " puzzles, " +
                                  std::to_string(list.size()) + " line numbers)");
        }
        lines_.reserve(count_);
        for (const py::handle line : list)
            lines_.push_back(static_cast<int>(whole_argument(line, "lines", 1, INT32_MAX)));
    }

    ParseOptions options_;
    bool array_input_ = false;
    size_t count_ = 0;
    std::vector<py::object> keep_;
    std::vector<std::string_view> texts_;
    std::vector<const Puzzle*> puzzles_;
    py::object array_;  // (a py::array member would import numpy for every batch)
    const uint8_t* data_ = nullptr;
    size_t width_ = 0;
    Shape shape_;
    std::vector<int> lines_;
};

// A fixed-width unicode numpy array ("<U{width}") of ASCII words.
py::array word_array(const std::vector<std::string_view>& words, size_t width) {
    py::array out(py::dtype("<U" + std::to_string(width)),
                  std::vector<py::ssize_t>{static_cast<py::ssize_t>(words.size())});
    auto* chars = static_cast<char32_t*>(out.mutable_data());
    std::fill_n(chars, words.size() * width, U'\0');
    for (size_t i = 0; i < words.size(); ++i) {
        for (size_t c = 0; c < words[i].size() && c < width; ++c)
            chars[i * width + c] = static_cast<unsigned char>(words[i][c]);
    }
    return out;
}

// An object array of the errors: the message, or None.
py::array error_array(const std::vector<std::string>& errors) {
    py::list list(errors.size());
    for (size_t i = 0; i < errors.size(); ++i)
        list[i] = errors[i].empty() ? py::object(py::none()) : py::object(text_of(errors[i]));
    return py::module_::import("numpy").attr("array")(list, py::arg("dtype") = "object");
}

template <class T>
py::array_t<T> number_array(const std::vector<T>& values) {
    py::array_t<T> out(static_cast<py::ssize_t>(values.size()));
    std::copy(values.begin(), values.end(), out.mutable_data());
    return out;
}

// Runs the items of `source` through run_batch without the GIL; `emit` gets each in order and
// `chunk_done` (optional) is called after each chunk, still without the GIL.
template <class Emit>
void run_solve_items(const BatchSource& source, const SolveOptions& solve, int threads,
                     InterruptScope& interrupt, Emit&& emit,
                     const std::function<bool()>& chunk_done = {}) {
    py::gil_scoped_release release;
    size_t next = 0;
    run_batch(
        [&](BatchItem& item) {
            if (next == source.size()) return false;
            item.source = 0;
            item.item = source.item(next++);
            return true;
        },
        BatchOptions{.solve = solve, .threads = threads, .cancel = interrupt.flag()},
        [&](const BatchItem& item) {
            emit(item);
            return true;
        },
        chunk_done);
}

// The longest outcome word ("no-solution", "unsupported", "interrupted").
constexpr size_t kOutcomeWidth = 11;

py::object solve_many(const py::object& puzzles, const std::string& engine,
                      const py::object& max_solutions, const py::object& node_budget,
                      const py::object& timeout, int threads, const py::object& size,
                      const py::object& alphabet, const py::object& lines,
                      const py::object& source) {
    const SolveOptions options =
        solve_options(engine, max_solutions, "max_solutions", node_budget, timeout);
    threads = threads_argument(threads);
    const std::optional<std::string> file = source_argument(source);
    const BatchSource input(puzzles, parse_options(size, alphabet), lines);
    InterruptScope interrupt;
    if (!input.is_array()) {
        // Each chunk's records become SolveResult objects as soon as the chunk is done (with the
        // GIL for that moment), so the records take a chunk's memory, not the batch's.
        const py::object source_name = file ? py::object(text_of(*file)) : py::object(py::none());
        const py::str engine_name(std::string(engine_name_of(options.engine)));
        PyObject* out = PyList_New(static_cast<Py_ssize_t>(input.size()));
        if (out == nullptr) throw py::error_already_set();
        const py::object list = py::reinterpret_steal<py::object>(out);
        SolveRecords records;
        records.reserve(std::min<size_t>(input.size(), BatchOptions{}.chunk_items));
        size_t filled = 0;
        run_solve_items(
            input, options, threads, interrupt,
            [&](const BatchItem& item) { records.add(item, options); },
            [&] {
                py::gil_scoped_acquire gil;
                for (size_t i = 0; i < records.size(); ++i) {
                    PyList_SET_ITEM(out, static_cast<Py_ssize_t>(filled++),
                                    records.result(i, source_name, engine_name).release().ptr());
                }
                records.clear();
                return true;
            });
        interrupt.raise_if_interrupted();
        return list;
    }
    const size_t n = input.size();
    const size_t cells = static_cast<size_t>(input.cells());
    py::array_t<uint8_t> solution(
        std::vector<py::ssize_t>{static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(cells)});
    uint8_t* out = solution.mutable_data();
    std::fill_n(out, n * cells, uint8_t{0});
    std::vector<std::string_view> status;
    std::vector<int64_t> count;
    std::vector<uint64_t> nodes, guesses, depth, propagations;
    std::vector<std::string> errors;
    for (auto* v : {&nodes, &guesses, &depth, &propagations}) v->reserve(n);
    status.reserve(n);
    count.reserve(n);
    errors.reserve(n);
    size_t row = 0;
    run_solve_items(input, options, threads, interrupt, [&](const BatchItem& item) {
        status.push_back(outcome_name(item.outcome));
        if (item.outcome == Outcome::unique || item.outcome == Outcome::found) {
            const auto values = item.result.first.values();
            std::copy(values.begin(), values.end(), out + row * cells);
        }
        const Stats stats = item.ran() ? item.result.stats : Stats{};
        count.push_back(item.ran() ? static_cast<int64_t>(item.result.count) : -1);
        nodes.push_back(stats.nodes);
        guesses.push_back(stats.guesses);
        depth.push_back(stats.depth);
        propagations.push_back(stats.propagations);
        errors.push_back(item.message(Task::solve, options));
        ++row;
    });
    interrupt.raise_if_interrupted();
    py::dict result;
    result["solution"] = solution;
    result["status"] = word_array(status, kOutcomeWidth);
    result["count"] = number_array(count);
    result["nodes"] = number_array(nodes);
    result["guesses"] = number_array(guesses);
    result["depth"] = number_array(depth);
    result["propagations"] = number_array(propagations);
    result["error"] = error_array(errors);
    return result;
}

py::object count_many(const py::object& puzzles, const py::object& limit, const std::string& engine,
                      const py::object& node_budget, const py::object& timeout, int threads,
                      const py::object& size, const py::object& alphabet, const py::object& lines,
                      const py::object& source) {
    const SolveOptions options = solve_options(engine, limit, "limit", node_budget, timeout);
    threads = threads_argument(threads);
    const std::optional<std::string> file = source_argument(source);
    const BatchSource input(puzzles, parse_options(size, alphabet), lines);
    InterruptScope interrupt;
    if (!input.is_array()) {
        std::vector<Json> results;
        results.reserve(input.size());
        run_solve_items(input, options, threads, interrupt, [&](const BatchItem& item) {
            results.push_back(count_item_json(item, file.value_or(""), options));
        });
        interrupt.raise_if_interrupted();
        py::list out(results.size());
        for (size_t i = 0; i < results.size(); ++i) out[i] = item_dict(std::move(results[i]), file);
        return out;
    }
    std::vector<std::string_view> status;
    std::vector<int64_t> count;
    std::vector<uint8_t> complete;
    std::vector<std::string> errors;
    run_solve_items(input, options, threads, interrupt, [&](const BatchItem& item) {
        status.push_back(outcome_name(item.outcome));
        count.push_back(item.ran() ? static_cast<int64_t>(item.result.count) : -1);
        complete.push_back(item.ran() && item.result.complete() ? 1 : 0);
        errors.push_back(item.message(Task::count, options));
    });
    interrupt.raise_if_interrupted();
    py::dict result;
    result["count"] = number_array(count);
    result["status"] = word_array(status, kOutcomeWidth);
    result["complete"] = number_array(complete).attr("astype")("bool");
    result["error"] = error_array(errors);
    return result;
}

double json_number(const Json& value) {
    return value.is_number() ? value.get<double>() : std::numeric_limits<double>::quiet_NaN();
}

std::string_view json_word(const Json& value) {
    return value.is_string() ? std::string_view(value.get_ref<const std::string&>())
                             : std::string_view();
}

py::object rate_many(const py::object& puzzles, const py::object& max_er, bool ep_only,
                     bool ed_only, const py::object& timeout, int threads, bool histogram,
                     bool path, const py::object& size, const py::object& alphabet,
                     const py::object& lines, const py::object& source,
                     const py::object& step_work) {
    RateBatchOptions options = rate_options(max_er, ep_only, ed_only, timeout, path, step_work);
    options.threads = threads_argument(threads);
    const std::optional<std::string> file = source_argument(source);
    const BatchSource input(puzzles, parse_options(size, alphabet), lines);
    InterruptScope interrupt;
    options.cancel = interrupt.flag();
    std::vector<Json> results;
    results.reserve(input.size());
    {
        py::gil_scoped_release release;
        size_t next = 0;
        const RateJsonExtras extras{.histogram = histogram, .path = path};
        run_rate_batch(
            [&](RateItem& item) {
                if (next == input.size()) return false;
                item.source = 0;
                item.item = input.item(next++);
                return true;
            },
            options,
            [&](const RateItem& item) {
                results.push_back(rate_item_json(item, file.value_or(""), options, extras));
                return true;
            });
    }
    interrupt.raise_if_interrupted();
    if (!input.is_array()) {
        py::list out(results.size());
        for (size_t i = 0; i < results.size(); ++i) out[i] = item_dict(std::move(results[i]), file);
        return out;
    }
    // The numbers and words of the same JSON objects, as columns.
    const size_t n = results.size();
    std::vector<double> er(n), ep(n), ed(n);
    std::vector<int32_t> steps(n);
    std::vector<std::string_view> status(n), solutions(n);
    std::vector<std::string> errors(n);
    for (size_t i = 0; i < n; ++i) {
        const Json& j = results[i];
        er[i] = json_number(j["er"]);
        ep[i] = json_number(j["ep"]);
        ed[i] = json_number(j["ed"]);
        steps[i] = j["steps"].is_number() ? j["steps"].get<int32_t>() : -1;
        status[i] = json_word(j["status"]);
        solutions[i] = json_word(j["solutions"]);
        errors[i] = j["error"].is_string() ? j["error"].get<std::string>() : std::string();
    }
    py::dict result;
    result["er"] = number_array(er);
    result["ep"] = number_array(ep);
    result["ed"] = number_array(ed);
    result["status"] = word_array(status, kOutcomeWidth);
    result["solutions"] = word_array(solutions, 7);
    result["steps"] = number_array(steps);
    result["error"] = error_array(errors);
    return result;
}

constexpr const char* kInputDoc =
    R"(puzzles: a list of strings (one puzzle each, any format parse() reads) or Puzzle objects, or
a numpy uint8 array of shape (n, N*N) with 0 for empty (size= for an unusual shape).
Results come in input order; item i reports line lines[i] (default i + 1) and file source.
threads: 0 (every core) or a count; the GIL is released while the batch runs, so Python
threads (and Dask) run alongside. A malformed item gets outcome "invalid" and its error;
only a wrong argument (a string instead of a list, a wrong dtype or row width) raises.)";

}  // namespace

void bind_batch(py::module_& m) {
    m.def("solve_many", &solve_many, py::arg("puzzles"), py::kw_only(), py::arg("engine") = "auto",
          py::arg("max_solutions") = 2, py::arg("budget") = py::none(),
          py::arg("timeout") = py::none(), py::arg("threads") = 0, py::arg("size") = py::none(),
          py::arg("alphabet") = py::none(), py::arg("lines") = py::none(),
          py::arg("source") = py::none(),
          (std::string(R"(Solves many puzzles on every core, as `sudokit solve` does.

A list gives a list of SolveResult. An array gives a dict of arrays: solution (n, N*N) uint8
(zeros without a solution), status (the outcome words), count (-1 when the engine did not
run), nodes, guesses, depth, propagations, error (None or the reason).
Options as for solve().
)") + kInputDoc)
              .c_str());
    m.def(
        "count_many", &count_many, py::arg("puzzles"), py::kw_only(), py::arg("limit") = 2,
        py::arg("engine") = "auto", py::arg("budget") = py::none(), py::arg("timeout") = py::none(),
        py::arg("threads") = 0, py::arg("size") = py::none(), py::arg("alphabet") = py::none(),
        py::arg("lines") = py::none(), py::arg("source") = py::none(),
        (std::string(R"(Counts the solutions of many puzzles on every core, as `sudokit count` does.

A list gives a list of dicts (those of count()). An array gives a dict of arrays: count (-1
when the engine did not run), status, complete (False when the count reached the limit),
error.
)") + kInputDoc)
            .c_str());
    m.def("rate_many", &rate_many, py::arg("puzzles"), py::kw_only(), py::arg("max") = py::none(),
          py::arg("ep_only") = false, py::arg("ed_only") = false, py::arg("timeout") = py::none(),
          py::arg("threads") = 0, py::arg("histogram") = false, py::arg("path") = false,
          py::arg("size") = py::none(), py::arg("alphabet") = py::none(),
          py::arg("lines") = py::none(), py::arg("source") = py::none(),
          py::arg("step_work") = py::none(),
          (std::string(R"(Rates many puzzles on every core, as `sudokit rate` does.

A list gives a list of dicts (those of rate()). An array gives a dict of arrays: er, ep, ed
(float64 in SE's tenths, NaN when unknown), status, solutions, steps (-1 when not rated),
error.
)") + kInputDoc)
              .c_str());
}

}  // namespace sudokit::python
