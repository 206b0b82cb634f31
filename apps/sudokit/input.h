// The puzzles of a command's file operands (or stdin), streamed one item at a time across the
// files in turn; each item knows its source for messages ("input.txt: line 3: ...").
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sudokit/io.h"

namespace sudokit::cli {

class InputSet {
  public:
    // No files: standard input. "-": standard input.
    InputSet(std::vector<std::string> files, ParseOptions options);
    ~InputSet();
    InputSet(const InputSet&) = delete;
    InputSet& operator=(const InputSet&) = delete;

    struct Entry {
        int source;  // index for source_name
        PuzzleReader::Item item;
    };
    // The next puzzle or malformed input; nullopt when every file is read.
    std::optional<Entry> next();
    // "stdin" or the path as given.
    const std::string& source_name(int source) const { return names_[source]; }
    // A file could not be opened or read to its end (reported on stderr when it happened).
    bool had_open_error() const { return open_error_; }

  private:
    bool open_next();
    void close_current();

    std::vector<std::string> names_;
    std::vector<std::string> paths_;
    ParseOptions options_;
    int current_ = -1;
    std::FILE* file_ = nullptr;
    std::unique_ptr<PuzzleReader> reader_;
    bool open_error_ = false;
};

}  // namespace sudokit::cli
