// Pieces of result output shared by solve and count: the comment and --stats tail of a line,
// the comment and stats lines of grid output, the CSV columns.
#pragma once

#include <string>

#include "sudokit/batch.h"

namespace sudokit::cli {

// The input line's comment (as written, separator included), the counters when --stats asks
// for them ("  # nodes=... guesses=... depth=... propagations=..."), and the newline.
void append_tail(std::string& out, const BatchItem& item, bool stats);
// "# <comment>\n" above a grid, when the input line had a comment.
void append_comment_line(std::string& out, const BatchItem& item);
// "# nodes=...\n" below a grid, when --stats asks and the engine ran.
void append_stats_line(std::string& out, const BatchItem& item, bool stats);

// The puzzle column (for invalid input: the text as read).
void append_csv_puzzle(std::string& out, const BatchItem& item);
// ",nodes,guesses,comment\n" (counters empty when the engine did not run).
void append_csv_stats_and_comment(std::string& out, const BatchItem& item);

}  // namespace sudokit::cli
