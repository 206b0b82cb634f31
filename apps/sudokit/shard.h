// --shard I/K of solve, count and rate: every K-th input line from line I, so that the jobs of an
// array (Slurm, GNU parallel) split one file without Python; each output line is tagged with the
// input line it answers, so that the shards' outputs can be merged back into input order.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace sudokit::cli {

// Shard I of K (1 <= I <= K): the items whose first input line L has (L - 1) mod K = I - 1.
struct Shard {
    int index = 1;
    int count = 1;
    bool contains(int line) const { return (line - 1) % count == index - 1; }
};

// "I/K" with whole numbers 1 <= I <= K <= 1000000; nullopt otherwise.
std::optional<Shard> parse_shard(std::string_view text);

// Adds --shard I/K (checked: a malformed value is a usage error).
void add_shard_option(CLI::App& command, std::string& shard);

// The tag that starts an output line of a shard: the input line number ("17"), or with several
// input files "FILE:17", then `separator` (a tab; a comma in CSV, where FILE is quoted as a field
// when it must be).
void append_shard_tag(std::string& out, std::string_view file, int line, bool name_file,
                      char separator);
// The CSV header columns before the command's own: "line," or "file,line,".
std::string_view shard_csv_header(bool name_file);

}  // namespace sudokit::cli
