// Streams puzzles from the file operands in turn (stdin for none or "-").
#include "sudokit/input.h"

#include <cerrno>
#include <cstring>

#include "sudokit/output.h"

namespace sudokit::cli {

InputSet::InputSet(std::vector<std::string> files, ParseOptions options)
    : paths_(std::move(files)), options_(options) {
    if (paths_.empty()) paths_.push_back("-");
    for (const std::string& path : paths_) names_.push_back(path == "-" ? "stdin" : path);
}

InputSet::~InputSet() { close_current(); }

void InputSet::close_current() {
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
        open_error_ = true;
    }
    return false;
}

std::optional<InputSet::Entry> InputSet::next() {
    while (true) {
        if (reader_ == nullptr && !open_next()) return std::nullopt;
        if (auto item = reader_->next()) return Entry{current_, std::move(*item)};
        if (const int error = reader_->read_error(); error != 0) {
            // The rest of the file is lost: as bad as a file that would not open.
            print_error(names_[current_], std::string("cannot read: ") + std::strerror(error));
            open_error_ = true;
        }
        reader_.reset();
    }
}

}  // namespace sudokit::cli
