// Pieces of result output shared by solve and count: the comment and --stats tail of a line,
// the comment and stats lines of grid output, the common JSON fields and CSV columns.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "sudokit/batch.h"

namespace sudokit::cli {

// The input line's comment (as written, separator included), the counters when --stats asks
// for them ("  # nodes=... guesses=... backtracks=... propagations=..."), and the newline.
void append_tail(std::string& out, const Job& job, bool stats);
// "# <comment>\n" above a grid, when the input line had a comment.
void append_comment_line(std::string& out, const Job& job);
// "# nodes=...\n" below a grid, when --stats asks and the engine ran.
void append_stats_line(std::string& out, const Job& job, bool stats);

struct JsonContext {
    const InputSet* input;
    BatchConfig config;
};
// {"file", "line", "status", "puzzle"}: the fields every JSON result starts with.
nlohmann::ordered_json json_head(const Job& job, Status status, const JsonContext& context);
// Adds "stats" (null when the engine did not run), "comment" (text without its separator) and
// "error" (the stderr reason, null on success).
void json_tail(nlohmann::ordered_json& j, const Job& job, Status status,
               const JsonContext& context);

// The puzzle column (empty for invalid input).
void append_csv_puzzle(std::string& out, const Job& job);
// ",nodes,guesses,comment\n" (counters empty when the engine did not run).
void append_csv_stats_and_comment(std::string& out, const Job& job);

}  // namespace sudokit::cli
