// PuzzleReader and parse_puzzle: what each input line is (skipped, a one-line puzzle, part of a
// multi-line grid) and the gathering of grid rows into one item.
#include "io/io_detail.h"

namespace sudokit {

namespace detail {

// Lines with their numbers, from a file or from a string.
class LineSource {
  public:
    virtual ~LineSource() = default;
    // The view is valid until the next call.
    virtual bool next(std::string_view& line, int& number) = 0;
};

namespace {

class FileLines final : public LineSource {
  public:
    explicit FileLines(LineReader& reader) : reader_(reader) {}
    bool next(std::string_view& line, int& number) override {
        if (!reader_.next(line)) return false;
        number = reader_.line_number();
        return true;
    }

  private:
    LineReader& reader_;
};

class TextLines final : public LineSource {
  public:
    TextLines(std::string_view text, int first_line) : text_(text), number_(first_line - 1) {}
    bool next(std::string_view& line, int& number) override {
        if (pos_ > text_.size() || (pos_ == text_.size() && !pending_empty_)) return false;
        size_t end = text_.find('\n', pos_);
        if (end == std::string_view::npos) end = text_.size();
        line = text_.substr(pos_, end - pos_);
        pending_empty_ = false;
        pos_ = end + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (first_ && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);  // UTF-8 BOM
        first_ = false;
        number = ++number_;
        return true;
    }

  private:
    std::string_view text_;
    size_t pos_ = 0;
    bool pending_empty_ = true;  // an empty text still has one (empty) line
    bool first_ = true;
    int number_;
};

}  // namespace

// Turns lines into items. A line that ends a grid is handed back (pending) and read again as the
// start of the next item; it stays valid because the source is not read in between.
class ItemAssembler {
  public:
    explicit ItemAssembler(ParseOptions options)
        : options_(std::move(options)), shape_ok_(!options_.shape || options_.shape->valid()) {}

    std::optional<PuzzleReader::Item> next(LineSource& source) {
        std::string_view line;
        int number = 0;
        while (fetch(source, line, number)) {
            if (!shape_ok_) {
                // Every puzzle gets the same answer; skipped lines stay skipped.
                if (classify_line(line, ParseOptions{}) == LineKind::skip) continue;
                return PuzzleReader::Item{
                    number, ParseError{number, 0,
                                       "the size " + options_.shape->name() +
                                           " is not a grid sudokit reads (sides 1 to 36)"}};
            }
            switch (classify_line(line, options_)) {
                case LineKind::skip:
                    continue;
                case LineKind::single: {
                    PuzzleReader::Item item(number, parse_char_line(line, number, options_));
                    if (!item.puzzle.ok()) keep_text(item, line);
                    return item;
                }
                case LineKind::numeric: {
                    PuzzleReader::Item item(number, parse_numeric_line(line, number, options_));
                    if (!item.puzzle.ok()) keep_text(item, line);
                    return item;
                }
                case LineKind::row:
                case LineKind::separator:
                    if (auto item = gather(source, line, number)) return item;
                    continue;
            }
        }
        return std::nullopt;
    }

  private:
    // The text an invalid item keeps (see PuzzleReader::Item).
    static std::string first_line_text(std::string_view line) {
        const size_t cap = PuzzleReader::kKeptTextBytes;
        return line.size() <= cap ? std::string(line) : std::string(line.substr(0, cap)) + "...";
    }
    static void keep_text(PuzzleReader::Item& item, std::string_view line) {
        item.text = first_line_text(line);
        const size_t separator = line.find_first_of(" \t#,;");
        if (separator != std::string_view::npos)
            item.comment = std::string(line.substr(separator, PuzzleReader::kKeptTextBytes));
    }

    bool fetch(LineSource& source, std::string_view& line, int& number) {
        if (has_pending_) {
            has_pending_ = false;
            line = pending_;
            number = pending_number_;
            return true;
        }
        return source.next(line, number);
    }
    void hand_back(std::string_view line, int number) {
        has_pending_ = true;
        pending_ = line;
        pending_number_ = number;
    }

    // Gathers the rows of a grid that starts with `first` (a row or a border line). Returns
    // nothing when border lines are not followed by a row.
    std::optional<PuzzleReader::Item> gather(LineSource& source, std::string_view first,
                                             int first_number) {
        text_.clear();
        rows_.clear();
        int n = 0;
        auto add_row = [&](std::string_view line, int number) {
            rows_.push_back({number, text_.size(), line.size()});
            text_.append(line);
        };
        if (classify_line(first, options_) == LineKind::row) {
            n = read_row(first, options_.shape).side();
            add_row(first, first_number);
        }
        std::string_view line;
        int number = 0;
        while (n == 0 || static_cast<int>(rows_.size()) < n) {
            if (!fetch(source, line, number)) break;
            if (n == 0) {
                const LineKind kind = classify_line(line, options_);
                if (kind == LineKind::separator) continue;
                if (kind != LineKind::row) {
                    hand_back(line, number);
                    break;
                }
                n = read_row(line, options_.shape).side();
                add_row(line, number);
                continue;
            }
            if (read_row(line, options_.shape).fits(n)) {
                add_row(line, number);
            } else if (!is_separator_line(line)) {
                hand_back(line, number);
                break;
            }
        }
        if (n == 0) return std::nullopt;
        if (static_cast<int>(rows_.size()) < n) {
            PuzzleReader::Item item{
                first_number,
                ParseError{first_number, 0,
                           grid_ends_early_reason(n, static_cast<int>(rows_.size()))}};
            item.text = first_line_text(first);
            return item;
        }
        std::vector<BlockRow> rows;
        rows.reserve(rows_.size());
        for (const StoredRow& r : rows_) {
            rows.push_back({r.number, std::string_view(text_).substr(r.offset, r.length)});
        }
        Parsed<Puzzle> puzzle = parse_block(rows, n, options_);
        if (puzzle.ok()) puzzle.value().line = first_number;
        PuzzleReader::Item item{first_number, std::move(puzzle)};
        if (!item.puzzle.ok()) item.text = first_line_text(first);
        return item;
    }

    struct StoredRow {
        int number;
        size_t offset;
        size_t length;
    };

    ParseOptions options_;
    bool shape_ok_;
    bool has_pending_ = false;
    std::string_view pending_;
    int pending_number_ = 0;
    std::string text_;  // the rows of the grid being gathered (the source's views do not last)
    std::vector<StoredRow> rows_;
};

}  // namespace detail

PuzzleReader::PuzzleReader(std::FILE* file, ParseOptions options)
    : lines_(file), assembler_(std::make_unique<detail::ItemAssembler>(std::move(options))) {}

PuzzleReader::~PuzzleReader() = default;

std::optional<PuzzleReader::Item> PuzzleReader::next() {
    detail::FileLines source(lines_);
    return assembler_->next(source);
}

Parsed<Puzzle> parse_puzzle(std::string_view text, const ParseOptions& options, int first_line) {
    detail::TextLines source(text, first_line);
    detail::ItemAssembler assembler(options);
    std::optional<PuzzleReader::Item> item = assembler.next(source);
    if (!item) return ParseError{first_line, 0, "no puzzle in the input"};
    if (!item->puzzle.ok()) return item->puzzle;
    if (auto more = assembler.next(source)) {
        return ParseError{more->line, 0, "more text after the puzzle (one puzzle expected)"};
    }
    return std::move(item->puzzle);
}

}  // namespace sudokit
