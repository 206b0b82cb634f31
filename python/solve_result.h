// sudokit.SolveResult: what solve and solve_many return for each puzzle. A batch gathers its
// items as records without the GIL, then makes one small object per item: the type is written
// against the C API (one allocation per result, no per-instance bookkeeping), because the
// objects of a 50,000-puzzle batch would otherwise cost more than solving the puzzles. Its fields
// come from the library's calls as solve_item_json makes them (outcome_name, format_line, the
// item's message), and to_dict() gives that object's fields in its order.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "module.h"
#include "sudokit/batch.h"
#include "sudokit/json.h"

namespace sudokit::python {

// The items of a batch, gathered without the GIL.
class SolveRecords {
  public:
    void reserve(size_t items);
    // Keeps what SolveResult shows of a finished item (no GIL needed).
    void add(const BatchItem& item, const SolveOptions& options);
    size_t size() const { return records_.size(); }
    // Forgets the records, keeping the memory for the next ones.
    void clear() {
        records_.clear();
        values_.clear();
    }
    // The SolveResult of record i (with the GIL); `file` is None or the caller's source.
    py::object result(size_t i, const py::object& file, const py::object& engine) const;

  private:
    struct Record {
        Outcome outcome = Outcome::invalid;
        Alphabet alphabet = Alphabet::standard;
        Shape shape;
        int line = 0;
        bool ran = false;
        bool solved = false;
        uint32_t count = 0;
        Stats stats;
        size_t offset = 0;  // of the puzzle's cells (then the solution's) in values_
        std::string text, comment, error;
    };
    std::vector<Record> records_;
    std::vector<uint8_t> values_;
};

// Creates the type (module attribute SolveResult) and the unpickling helper.
void bind_solve_result(py::module_& m);

}  // namespace sudokit::python
