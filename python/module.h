// What the files of the Python module share: argument conversion (puzzles, sizes, alphabets,
// limits), library JSON as Python objects, sudokit.ParseError, and Ctrl-C during a call that
// runs without the GIL. The module calls the library as the CLI does (docs/python.md).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <atomic>
#include <csignal>
#include <optional>
#include <string>
#include <string_view>

#include "sudokit/engine.h"
#include "sudokit/io.h"
#include "sudokit/json.h"
#include "sudokit/outcome.h"
#include "sudokit/rate.h"

namespace sudokit::python {

namespace py = pybind11;

// The areas of the module (one file each), called by PYBIND11_MODULE in module.cc.
void bind_puzzle(py::module_& m);    // puzzle.cc: Puzzle
void bind_solve(py::module_& m);     // solve.cc: SolveResult, solve, count, engines
void bind_human(py::module_& m);     // human.cc: explain, hint, rate, techniques
void bind_batch(py::module_& m);     // batch.cc: solve_many, count_many, rate_many
void bind_generate(py::module_& m);  // generate.cc: generate, random grids

// Text of the library as a Python str: bytes that are not UTF-8 (a Latin-1 comment) become
// U+FFFD, as json_text writes them.
py::str text_of(std::string_view text);
// The UTF-8 bytes of a str (or the bytes of a bytes object); `keep` receives what holds them
// alive. A str with lone surrogates (text decoded with errors="surrogateescape") gives back its
// original bytes.
std::string_view bytes_of(const py::handle& text, py::object& keep);

// Raises sudokit.ParseError (a ValueError with line, column and reason; sudokit/_support.py).
[[noreturn]] void raise_parse_error(const ParseError& error);
// A library JSON value as Python objects (dicts keep the field order); a string that is not
// UTF-8 cannot occur (json_text's rule is applied first).
py::object to_python(const Json& value);

// The argument that sets a library field, for the library's option errors ("timeout_seconds" ->
// "timeout", "max_er" -> "max", "node_budget" -> "budget", "min_clues" -> "clues", ...).
std::string argument_of(std::string_view field);
// A library JSON object as a dict, with "file" None when the caller named no source.
py::dict item_dict(Json value, const std::optional<std::string>& source);

// size=: None (from the cell count), "RxC", a side N with a usual shape, or (R, C).
std::optional<Shape> shape_argument(const py::object& size);
// alphabet=: None or "auto", "standard", "hex", "numeric".
Alphabet alphabet_argument(const py::object& alphabet);
ParseOptions parse_options(const py::object& size, const py::object& alphabet);
// A Puzzle object, or a string parsed with `options` (ParseError raised when it is malformed).
Puzzle puzzle_argument(const py::handle& puzzle, const ParseOptions& options = {});
// An int or a float (TypeError otherwise); `name` names the argument in the message.
double number_argument(const py::object& value, const char* name);
// timeout=: None (0, no limit) or a number of seconds (TypeError otherwise); the library
// checks its range with the options it belongs to.
double timeout_argument(const py::object& timeout);
// node_budget=: None or a whole number >= 0 (0: none).
uint64_t budget_argument(const py::object& budget);
// threads=: 0 (every core) or more.
int threads_argument(int threads);
// An engine spec the registry accepts; ValueError with the library's reason otherwise.
std::string engine_argument(const std::string& engine);
// source=: None or a name for the "file" field.
std::optional<std::string> source_argument(const py::object& source);
// A whole number from `low` to `high` (a bool or a float is a TypeError, one out of range a
// ValueError naming the argument): count=, limit=, max_solutions=, lines=.
int64_t whole_argument(const py::handle& value, const char* name, int64_t low, int64_t high);
// seed=: None (a random seed) or a whole number from 0 to 2**64 - 1.
std::optional<uint64_t> seed_argument(const py::object& seed);
// The options of solve, count and their batches: max_solutions (count's `limit`, named by
// limit_name in errors) a whole number from 1 to 2**32 - 1.
SolveOptions solve_options(const std::string& engine, const py::object& max_solutions,
                           const char* limit_name, const py::object& node_budget,
                           const py::object& timeout);
// The options of rate and rate_many (threads set by the caller).
// step_work: None (the shape's default bound on one step's search) or a whole number (0: none).
RateBatchOptions rate_options(const py::object& max_er, bool ep_only, bool ed_only,
                              const py::object& timeout, bool path,
                              const py::object& step_work = py::none());
std::optional<uint64_t> step_work_argument(const py::object& step_work);

// Ctrl-C while a call runs without the GIL. Python only notices a signal when the interpreter
// runs, so during the call (from the main thread only, where Python handles signals) a handler
// sets flag() - which the library's limits and batches check - and then calls Python's own
// handler; after the call, raise_if_interrupted turns the signal into KeyboardInterrupt.
// Construct and destroy it with the GIL held.
class InterruptScope {
  public:
    InterruptScope();
    ~InterruptScope();
    InterruptScope(const InterruptScope&) = delete;
    InterruptScope& operator=(const InterruptScope&) = delete;

    const std::atomic<bool>* flag() const { return &flag_; }
    bool interrupted() const { return flag_.load(std::memory_order_relaxed); }
    // With the GIL: raises KeyboardInterrupt (or whatever Python's handler raises) when the
    // call was interrupted.
    void raise_if_interrupted() const;

  private:
    std::atomic<bool> flag_{false};
    bool installed_ = false;
    struct sigaction previous_ {};
};

}  // namespace sudokit::python
