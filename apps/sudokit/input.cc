// Streams puzzles from the file operands in turn (stdin for none or "-").
#include "input.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "output.h"

namespace sudokit::cli {

InputSet::InputSet(std::vector<std::string> files, ParseOptions options)
    : paths_(std::move(files)), options_(options) {
    if (paths_.empty()) paths_.push_back("-");
    for (const std::string& path : paths_) names_.push_back(path == "-" ? "stdin" : path);
    uint64_t total = 0;
    bool known = true;
    for (const std::string& path : paths_) {
        struct stat info {};
        if (path == "-" || ::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
            known = false;
            break;
        }
        total += static_cast<uint64_t>(info.st_size);
    }
    if (known && total > 0) total_bytes_ = total;
}

std::optional<double> InputSet::fraction_of(size_t items) const {
    if (!total_bytes_) return std::nullopt;
    if (items_read_ == 0) return 0.0;
    uint64_t read = closed_bytes_;
    if (file_ != nullptr) {
        const long at = std::ftell(file_);
        if (at > 0) read += static_cast<uint64_t>(at);
    }
    const double per_item = static_cast<double>(read) / static_cast<double>(items_read_);
    return std::min(1.0,
                    static_cast<double>(items) * per_item / static_cast<double>(*total_bytes_));
}

InputSet::~InputSet() { close_current(); }

void InputSet::close_current() {
    if (file_ != nullptr) {
        const long at = std::ftell(file_);
        if (at > 0) closed_bytes_ += static_cast<uint64_t>(at);
    }
    reader_.reset();
    if (file_ != nullptr && file_ != stdin) std::fclose(file_);
    file_ = nullptr;
}

bool InputSet::open_next() {
    close_current();
    while (++current_ < static_cast<int>(paths_.size())) {
        const std::string& path = paths_[current_];
        file_ = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
        if (file_ != nullptr) {
            reader_ = std::make_unique<PuzzleReader>(file_, options_);
            return true;
        }
        print_error(names_[current_], std::strerror(errno));
        error_ = true;
    }
    return false;
}

bool InputSet::interactive() const {
    for (const std::string& path : paths_) {
        if (path == "-" && ::isatty(STDIN_FILENO)) return true;
    }
    return false;
}

std::optional<InputSet::Entry> InputSet::next() {
    while (true) {
        if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) return std::nullopt;
        if (reader_ == nullptr && !open_next()) return std::nullopt;
        if (auto item = reader_->next()) {
            if (shard_ && !shard_->contains(item->line)) continue;
            ++items_read_;
            return Entry{current_, std::move(*item)};
        }
        const int error = reader_->read_error();
        const bool cancelled = cancel_ != nullptr && cancel_->load(std::memory_order_relaxed);
        // A read the interrupt signal broke off is the interrupt, not a read error.
        if (error != 0 && !(cancelled && error == EINTR)) {
            // The rest of the file is lost: as bad as a file that would not open.
            print_error(names_[current_], std::string("cannot read: ") + std::strerror(error));
            error_ = true;
        }
        reader_.reset();
    }
}

}  // namespace sudokit::cli
