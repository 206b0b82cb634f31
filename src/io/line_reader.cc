// LineReader: lines from a FILE* through one large buffer; a line is a view into the buffer, so
// reading allocates nothing per line. A line longer than kMaxLineLength is read past, not kept.
// A terminal is read up to each newline, so that a typed line is answered at once.
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sudokit/io.h"

namespace sudokit {

namespace {
// Larger than kMaxLineLength, so the start of any line that may be kept fits in it.
constexpr size_t kBufferSize = size_t{1} << 20;
static_assert(kBufferSize > kMaxLineLength);
}  // namespace

LineReader::LineReader(std::FILE* file)
    : file_(file),
      buffer_(kBufferSize, '\0'),
      interactive_(file != nullptr && isatty(fileno(file)) != 0) {}

LineReader::~LineReader() = default;

size_t LineReader::fill(char* out, size_t room) {
    if (file_ == nullptr) {
        eof_ = true;
        return 0;
    }
    errno = 0;
    size_t got = 0;
    if (interactive_) {
        // A person types one line at a time: fread would wait for a full buffer (or for
        // Ctrl-D twice) before the line typed could be answered. Stop at the newline instead.
        int c = 0;
        while (got < room && (c = std::getc(file_)) != EOF) {
            out[got++] = static_cast<char>(c);
            if (c == '\n') break;
        }
    } else {
        got = std::fread(out, 1, room, file_);
    }
    // A failed read(2) (EISDIR, EIO) stops fread and getc as the end of the file does; only
    // ferror tells them apart, and errno says why.
    if (std::ferror(file_)) {
        read_error_ = errno != 0 ? errno : EIO;
        eof_ = true;
    } else if (got == 0) {
        eof_ = true;
    }
    return got;
}

void LineReader::skip_rest_of_line() {
    // Whole buffers are searched for the newline and dropped: memory stays at one buffer
    // whatever the length of the line.
    char* base = buffer_.data();
    begin_ = end_ = 0;
    while (!eof_) {
        end_ = fill(base, buffer_.size());
        const void* found = std::memchr(base, '\n', end_);
        if (found != nullptr) {
            begin_ = static_cast<size_t>(static_cast<const char*>(found) - base) + 1;
            return;
        }
        end_ = 0;
    }
}

bool LineReader::next(std::string_view& line) {
    too_long_ = false;
    size_t searched = begin_;  // bytes before this were searched for '\n' already
    for (;;) {
        char* base = buffer_.data();
        const void* found = std::memchr(base + searched, '\n', end_ - searched);
        if (found != nullptr) {
            const size_t pos = static_cast<size_t>(static_cast<const char*>(found) - base);
            line = std::string_view(base + begin_, pos - begin_);
            begin_ = pos + 1;
            break;
        }
        searched = end_;
        // (One byte more than the limit may still be the '\r' of a line of the longest length.)
        if (end_ - begin_ > kMaxLineLength + 1) {
            skip_rest_of_line();
            too_long_ = true;
            line = std::string_view();
            break;
        }
        if (eof_) {
            if (begin_ == end_) return false;
            line = std::string_view(base + begin_, end_ - begin_);  // no end-of-line at the end
            begin_ = end_;
            break;
        }
        // Move the partial line to the front when the buffer is full, then read behind it.
        if (end_ == buffer_.size()) {
            std::memmove(base, base + begin_, end_ - begin_);
            end_ -= begin_;
            searched -= begin_;
            begin_ = 0;
        }
        end_ += fill(base + end_, buffer_.size() - end_);
    }
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > kMaxLineLength) {  // it fitted in the buffer, but is no less too long
        too_long_ = true;
        line = std::string_view();
    }
    // A UTF-8 byte-order mark (saved by some editors) is not part of the first line.
    if (line_number_ == 0 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
    ++line_number_;
    return true;
}

}  // namespace sudokit
