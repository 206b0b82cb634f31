// The batch runner of solve and count: reads the input a chunk at a time (memory stays flat
// however long the input), solves a chunk's puzzles across worker threads, each with its own
// engine (engines are not thread-safe), and hands the results on in input order.
#pragma once

#include <functional>
#include <string>

#include "sudokit/cli_options.h"
#include "sudokit/engine.h"
#include "sudokit/input.h"
#include "sudokit/output.h"
#include "sudokit/status.h"

namespace sudokit::cli {

struct BatchConfig {
    std::string engine_spec;  // checked already: make_engine succeeds
    Limits limits;
    int threads = 1;  // 1: everything on the calling thread
};

// One input item and what the engine made of it.
struct Job {
    int source = 0;  // InputSet::source_name
    PuzzleReader::Item item;
    Result result;
    bool supported = true;  // the engine solves this shape

    bool ran() const { return item.puzzle.ok() && supported; }
    const Puzzle& puzzle() const { return item.puzzle.value(); }
};

// Runs every item of the input through the engine; calls emit for each job in input order
// (emit returns false to stop) and flushes `out` after each chunk. False when the output
// failed or emit stopped.
bool run_batch(InputSet& input, const BatchConfig& config, Output& out,
               const std::function<bool(const Job&)>& emit);

// One command's writer for each output format.
struct JobWriters {
    std::function<void(std::string&out, const Job&job, Status status)> line, grid, csv, json;
};

// What solve and count share around run_batch: each job gets its status from `classify` (which
// may also keep the command's own tallies), is counted in *tally (status and engine stats), is
// named on stderr when it failed, and is written by the writer of `format`. *seconds gets the
// wall time. False after an output error, which is reported on stderr.
bool run_tallied_batch(InputSet& input, const BatchConfig& config, Output& out, Format format,
                       const JobWriters& writers, const std::function<Status(const Job&)>& classify,
                       Tally& tally, double* seconds);

// The reason on stderr for a job that did not succeed ("line 5: no solution"), or "" when
// the status is not a failure.
std::string problem_message(const Job& job, Status status, const BatchConfig& config);

}  // namespace sudokit::cli
