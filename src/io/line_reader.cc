// LineReader: lines from a FILE* through one large buffer; a line is a view into the buffer, so
// reading allocates nothing per line (only a line longer than the buffer is copied aside).
#include <cerrno>
#include <cstring>

#include "sudokit/io.h"

namespace sudokit {

namespace {
constexpr size_t kBufferSize = size_t{1} << 20;
}

LineReader::LineReader(std::FILE* file) : file_(file), buffer_(kBufferSize, '\0') {}

LineReader::~LineReader() = default;

size_t LineReader::fill(char* out, size_t room) {
    if (file_ == nullptr) {
        eof_ = true;
        return 0;
    }
    errno = 0;
    const size_t got = std::fread(out, 1, room, file_);
    // fread answers a failed read(2) (EISDIR, EIO) with a short count, as it does the end of
    // the file; only ferror tells them apart, and errno says why.
    if (std::ferror(file_)) {
        read_error_ = errno != 0 ? errno : EIO;
        eof_ = true;
    } else if (got == 0) {
        eof_ = true;
    }
    return got;
}

bool LineReader::next(std::string_view& line) {
    bool spilled = false;  // the start of this line went to long_line_
    long_line_.clear();
    for (;;) {
        char* base = buffer_.data();
        if (begin_ < end_) {
            const void* found = std::memchr(base + begin_, '\n', end_ - begin_);
            if (found != nullptr) {
                const size_t pos = static_cast<size_t>(static_cast<const char*>(found) - base);
                if (spilled) {
                    long_line_.append(base + begin_, pos - begin_);
                    line = long_line_;
                } else {
                    line = std::string_view(base + begin_, pos - begin_);
                }
                begin_ = pos + 1;
                break;
            }
        }
        if (eof_) {
            if (begin_ == end_ && !spilled) return false;
            // The last line has no end-of-line.
            if (spilled) {
                long_line_.append(base + begin_, end_ - begin_);
                line = long_line_;
            } else {
                line = std::string_view(base + begin_, end_ - begin_);
            }
            begin_ = end_;
            break;
        }
        // Keep the partial line, then read more behind it.
        if (begin_ > 0) {
            std::memmove(base, base + begin_, end_ - begin_);
            end_ -= begin_;
            begin_ = 0;
        }
        if (end_ == buffer_.size()) {
            long_line_.append(base, end_);
            spilled = true;
            end_ = 0;
        }
        end_ += fill(base + end_, buffer_.size() - end_);
    }
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // A UTF-8 byte-order mark (saved by some editors) is not part of the first line.
    if (line_number_ == 0 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
    ++line_number_;
    return true;
}

}  // namespace sudokit
