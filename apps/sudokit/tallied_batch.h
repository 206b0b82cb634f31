// What solve and count share around the library's batch runner: items come from the command's
// files (InputSet), each result is tallied, a failure is named on stderr, and the writer of the
// chosen --format writes it; Ctrl-C ends the batch with what was finished written.
#pragma once

#include <functional>
#include <string>

#include "cli_options.h"
#include "input.h"
#include "output.h"
#include "sudokit/batch.h"
#include "sudokit/json.h"

namespace sudokit::cli {

// One command's writer for each output format.
struct ItemWriters {
    std::function<void(std::string&out, const BatchItem&item)> line, grid, csv, json;
};

// A command's own item writers, as engine_item_writers takes them.
using StatsItemWriter = void (*)(std::string& out, const BatchItem& item, bool stats);
using CsvItemWriter = void (*)(std::string& out, const BatchItem& item);
using ItemJson = Json (*)(const BatchItem& item, std::string_view source,
                          const SolveOptions& options);

// The writers of solve and count: their line and grid writers (which add a --stats line when
// `stats` is set), their CSV writer, and one JSON object per item from the library's
// `item_json` (solve_item_json or count_item_json). `input` names each item's source in JSON;
// it and `solve` must outlive the writers.
ItemWriters engine_item_writers(const InputSet& input, const SolveOptions& solve, bool stats,
                                StatsItemWriter line, StatsItemWriter grid, CsvItemWriter csv,
                                ItemJson item_json);

struct TalliedBatch {
    BatchTally tally;
    double seconds = 0;  // wall time
    BatchEnd end = BatchEnd::done;
    bool write_failed = false;  // an output error, reported on stderr
    bool interactive = false;   // typed at a terminal: the summary gives no time per puzzle
};

// Runs the batch (with the interrupt flag, and one item at a time when the input is a terminal,
// so that each line is answered as soon as it is typed). With --shard, each line or CSV record
// starts with the item's tag (InputSet::append_tag); grid output cannot be tagged
// (check_shard_format).
TalliedBatch run_tallied_batch(InputSet& input, BatchOptions options, Task task, Output& out,
                               Format format, const ItemWriters& writers);

// Sets the --shard of the input (InputOptions::shard) and writes the CSV header with the tag's
// columns; false (a usage error, reported) for --format grid, whose items span several lines.
bool start_shard(InputSet& input, const InputOptions& options, Format format, Output& out,
                 std::string_view csv_header);

// Prints solve's or count's summary line on stderr: "N puzzles: ", `counts` (the command's
// outcomes), summary_tail (unfinished items, timing), `engine` (the engine's details and the
// closing parenthesis), then the --stats totals when `stats` is set and "; interrupted" after
// Ctrl-C.
void print_batch_summary(const TalliedBatch& run, std::string_view counts, std::string_view engine,
                         bool stats);

// The exit code of solve and count: 130/143 after an interrupt, 1 after a failure, an output
// error or an unreadable input, else 0.
int batch_exit_code(const TalliedBatch& run, Task task, const InputSet& input);

}  // namespace sudokit::cli
