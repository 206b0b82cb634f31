// Output of the sudokit program: a large buffer written with fwrite (no iostream per line), the
// "sudokit: <source>: <message>" lines on stderr, and small helpers for CSV and comments.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace sudokit::cli {

// Collects output text and writes it in large blocks. After a write error nothing more is
// written; the caller stops and reports (a broken pipe quietly: the reader is gone).
class Output {
  public:
    explicit Output(std::FILE* file) : file_(file) { buffer_.reserve(kFlushBytes + 4096); }
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;

    std::string& text() { return buffer_; }
    // Writes the buffer once it holds a block's worth.
    bool flush_if_full() { return full() ? flush() : ok(); }
    // flush_if_full would write now.
    bool full() const { return buffer_.size() >= kFlushBytes; }
    // Writes everything buffered and flushes the FILE; false after any write error.
    bool flush();
    bool ok() const { return error_ == 0; }
    int error() const { return error_; }  // errno of the first failed write, 0 if none

  private:
    static constexpr size_t kFlushBytes = size_t{1} << 20;
    std::FILE* file_;
    std::string buffer_;
    int error_ = 0;
};

// "sudokit: <text>" on stderr.
void print_error(std::string_view text);
// "sudokit: <source>: <text>" on stderr.
void print_error(std::string_view source, std::string_view text);
// Reports a failed write of stdout, except a broken pipe (whoever read it stopped reading).
void report_write_error(int error);

// Appends a CSV field, quoted when it holds a comma, quote, or line break (RFC 4180).
void append_csv_field(std::string& out, std::string_view field);

}  // namespace sudokit::cli
