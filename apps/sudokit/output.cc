// Output of the sudokit program: block writes to stdout, error lines on stderr, CSV quoting.
#include "output.h"

#include <cerrno>
#include <cstring>

namespace sudokit::cli {

bool Output::flush() {
    if (error_ != 0) return false;
    if (!buffer_.empty()) {
        size_t written = std::fwrite(buffer_.data(), 1, buffer_.size(), file_);
        if (written != buffer_.size()) error_ = errno != 0 ? errno : EIO;
        buffer_.clear();
    }
    if (error_ == 0 && std::fflush(file_) != 0) error_ = errno != 0 ? errno : EIO;
    return error_ == 0;
}

void print_error(std::string_view text) {
    std::string line = "sudokit: ";
    line += text;
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stderr);
}

void print_error(std::string_view source, std::string_view text) {
    std::string line = "sudokit: ";
    line += source;
    line += ": ";
    line += text;
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stderr);
}

void report_write_error(int error) {
    if (error == EPIPE) return;
    print_error(std::string("cannot write the output: ") + std::strerror(error));
}

void append_csv_field(std::string& out, std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
        out += field;
        return;
    }
    out += '"';
    for (char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

}  // namespace sudokit::cli
