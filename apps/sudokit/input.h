// The puzzles of a command's file operands (or stdin), streamed one item at a time across the
// files in turn; each item knows its source for messages ("input.txt: line 3: ...").
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "shard.h"
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
    // The next entry into a batch's item (its `source` and `item`, as BatchItem, RateItem,
    // ExplainItem and HintItem hold them); false when every file is read.
    template <class Item>
    bool next_into(Item& item) {
        std::optional<Entry> entry = next();
        if (!entry) return false;
        item.source = entry->source;
        item.item = std::move(entry->item);
        return true;
    }
    // "stdin" or the path as given.
    const std::string& source_name(int source) const { return names_[source]; }
    // A file could not be opened or read to its end (reported on stderr when it happened).
    bool had_error() const { return error_; }
    // Standard input is among the sources and is a terminal: answer each line as it comes.
    bool interactive() const;
    // Once *cancel is set, next() reports the end of input (a read interrupted by the signal
    // is no error).
    void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }
    // From now on next() hands out only the items of this shard (by their first line).
    void set_shard(std::optional<Shard> shard) { shard_ = shard; }
    // Output lines are tagged (--shard given): with the file name too when there are several.
    bool tagged() const { return shard_.has_value(); }
    bool several_files() const { return names_.size() > 1; }
    // The tag of an output line (see append_shard_tag); nothing when not tagged.
    void append_tag(std::string& out, int source, int line, char separator) const {
        if (shard_) append_shard_tag(out, names_[source], line, several_files(), separator);
    }

    // For a progress bar: the share of the input that the first `items` items hold, estimated
    // from the bytes read so far per item read (items are read ahead of their output); nullopt
    // when the input's size is unknown (stdin, a pipe).
    std::optional<double> fraction_of(size_t items) const;

  private:
    bool open_next();
    void close_current();

    std::vector<std::string> names_;
    std::vector<std::string> paths_;
    ParseOptions options_;
    int current_ = -1;
    std::FILE* file_ = nullptr;
    std::unique_ptr<PuzzleReader> reader_;
    bool error_ = false;
    const std::atomic<bool>* cancel_ = nullptr;
    std::optional<Shard> shard_;
    std::optional<uint64_t> total_bytes_;  // of every file; nullopt when one is not regular
    uint64_t closed_bytes_ = 0;            // of the files read to their end
    size_t items_read_ = 0;                // items handed out by next()
};

}  // namespace sudokit::cli
