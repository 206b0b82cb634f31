// PuzzleReader and parse_puzzle: what each input line is (skipped, a one-line puzzle, part of a
// multi-line grid) and the gathering of grid rows into one item.
#include "io/io_detail.h"

namespace sudokit {

namespace detail {

// A line with its number. A line too long to be kept has no text.
struct SourceLine {
    std::string_view text;
    int number = 0;
    bool too_long = false;
};

// Lines with their numbers, from a file or from a string.
class LineSource {
  public:
    virtual ~LineSource() = default;
    // The view is valid until the next call.
    virtual bool next(SourceLine& line) = 0;
};

namespace {

class FileLines final : public LineSource {
  public:
    explicit FileLines(LineReader& reader) : reader_(reader) {}
    bool next(SourceLine& line) override {
        if (!reader_.next(line.text)) return false;
        line.number = reader_.line_number();
        line.too_long = reader_.line_too_long();
        return true;
    }

  private:
    LineReader& reader_;
};

class TextLines final : public LineSource {
  public:
    TextLines(std::string_view text, int first_line) : text_(text), number_(first_line - 1) {}
    // A string is in memory already: its lines are not limited in length.
    bool next(SourceLine& line) override {
        if (pos_ > text_.size() || (pos_ == text_.size() && !pending_empty_)) return false;
        size_t end = text_.find('\n', pos_);
        if (end == std::string_view::npos) end = text_.size();
        std::string_view text = text_.substr(pos_, end - pos_);
        pending_empty_ = false;
        pos_ = end + 1;
        if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        if (first_ && text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // UTF-8 BOM
        first_ = false;
        line = SourceLine{text, ++number_, false};
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
        SourceLine line;
        while (fetch(source, line)) {
            const int number = line.number;
            if (line.too_long) {
                header_.reset();
                return PuzzleReader::Item{number, ParseError{number, 0, line_too_long_reason()}};
            }
            if (!shape_ok_) {
                // Every puzzle gets the same answer; skipped lines stay skipped.
                if (classify_line(line.text, ParseOptions{}) == LineKind::skip) continue;
                return PuzzleReader::Item{
                    number, ParseError{number, 0,
                                       "the size " + options_.shape->name() +
                                           " is not a grid sudokit reads (sides 1 to 36)"}};
            }
            const std::string_view written = line.text;
            std::optional<Shape> tagged;
            if (auto tag = read_shape_tag(line.text)) {
                if (auto error = tag_error(*tag, number)) {
                    header_.reset();
                    PuzzleReader::Item item(number, std::move(*error));
                    keep_text(item, written);
                    return item;
                }
                if (tag->alone) {
                    header_ = Header{*tag->shape, number};
                    continue;
                }
                // The tag's characters become blanks: the cells keep their columns.
                blanked_.assign(line.text);
                blanked_.replace(0, tag->end, tag->end, ' ');
                line.text = blanked_;
                tagged = tag->shape;
            }
            const bool inline_tag = tagged.has_value();
            const LineKind kind = classify_line(line.text, options_for(tagged));
            if (kind == LineKind::skip) continue;
            if (header_) {
                if (tagged && *tagged != header_->shape) {
                    const Shape first = header_->shape;
                    header_.reset();
                    PuzzleReader::Item item(
                        number, ParseError{number, 0, tag_conflict_reason(*tagged, first)});
                    keep_text(item, written);
                    return item;
                }
                tagged = header_->shape;
                header_.reset();
            }
            const ParseOptions& options = options_for(tagged);
            LineKind final_kind = tagged ? classify_line(line.text, options) : kind;
            // A tag names the puzzle on its own line: what follows it is cells, never a border
            // line (". ---" after "1x1:" is a 1x1 puzzle and a comment).
            if (inline_tag && final_kind == LineKind::separator) final_kind = LineKind::single;
            switch (final_kind) {
                case LineKind::skip:
                    continue;
                case LineKind::single: {
                    PuzzleReader::Item item(line.number,
                                            parse_char_line(line.text, line.number, options));
                    if (!item.puzzle.ok()) keep_text(item, written);
                    return item;
                }
                case LineKind::numeric: {
                    PuzzleReader::Item item(line.number,
                                            parse_numeric_line(line.text, line.number, options));
                    if (!item.puzzle.ok()) keep_text(item, written);
                    return item;
                }
                case LineKind::row:
                case LineKind::separator:
                    if (auto item = gather(source, line, options)) return item;
                    continue;
            }
        }
        if (header_) {
            // A tag alone on the last line: an item of its own, so that no input line is lost.
            const Header header = *header_;
            header_.reset();
            return PuzzleReader::Item{header.line,
                                      ParseError{header.line, 0, lone_tag_reason(header.shape)}};
        }
        return std::nullopt;
    }

  private:
    // A size tag alone on its line: the shape of the next item.
    struct Header {
        Shape shape;
        int line = 0;
    };

    // The options for a line: the reader's, with the shape of its size tag if it has one.
    const ParseOptions& options_for(const std::optional<Shape>& tagged) {
        if (!tagged) return options_;
        tagged_options_ = options_;
        tagged_options_.shape = tagged;
        return tagged_options_;
    }

    // A tag that names no shape, or another shape than --size.
    std::optional<ParseError> tag_error(const ShapeTag& tag, int number) const {
        if (!tag.shape) return ParseError{number, tag.column, bad_tag_reason(tag.text)};
        if (options_.shape && *options_.shape != *tag.shape)
            return ParseError{number, tag.column, tag_conflict_reason(*tag.shape, *options_.shape)};
        return std::nullopt;
    }

    // The text an invalid item keeps (see PuzzleReader::Item).
    static std::string first_line_text(std::string_view line) {
        const size_t cap = PuzzleReader::kKeptTextBytes;
        return line.size() <= cap ? std::string(line) : std::string(line.substr(0, cap)) + "...";
    }
    static void keep_text(PuzzleReader::Item& item, std::string_view line) {
        item.text = first_line_text(line);
        const size_t separator = line.find_first_of(" \t#,;");
        if (separator != std::string_view::npos)
            item.comment =
                detail::comment_from(line.substr(separator, PuzzleReader::kKeptTextBytes));
    }

    bool fetch(LineSource& source, SourceLine& line) {
        if (has_pending_) {
            has_pending_ = false;
            line = pending_;
            return true;
        }
        return source.next(line);
    }
    void hand_back(const SourceLine& line) {
        has_pending_ = true;
        pending_ = line;
    }

    // Gathers the rows of a grid that starts with `first` (a row or a border line). Returns
    // nothing when border lines are not followed by a row.
    std::optional<PuzzleReader::Item> gather(LineSource& source, const SourceLine& first,
                                             const ParseOptions& options) {
        text_.clear();
        rows_.clear();
        int n = 0;
        auto add_row = [&](const SourceLine& line) {
            rows_.push_back({line.number, text_.size(), line.text.size()});
            text_.append(line.text);
        };
        if (classify_line(first.text, options) == LineKind::row) {
            n = read_row(first.text, options.shape).side();
            add_row(first);
        }
        SourceLine line;
        while (n == 0 || static_cast<int>(rows_.size()) < n) {
            if (!fetch(source, line)) break;
            if (line.too_long) {  // ends the grid, and is an item of its own
                hand_back(line);
                break;
            }
            if (n == 0) {
                const LineKind kind = classify_line(line.text, options);
                if (kind == LineKind::separator) continue;
                if (kind != LineKind::row) {
                    hand_back(line);
                    break;
                }
                n = read_row(line.text, options.shape).side();
                add_row(line);
                continue;
            }
            if (read_row(line.text, options.shape).fits(n)) {
                add_row(line);
            } else if (!is_separator_line(line.text)) {
                hand_back(line);
                break;
            }
        }
        if (n == 0) return std::nullopt;
        const int first_number = first.number;
        if (static_cast<int>(rows_.size()) < n) {
            PuzzleReader::Item item{
                first_number,
                ParseError{first_number, 0,
                           grid_ends_early_reason(n, static_cast<int>(rows_.size()))}};
            item.text = first_line_text(first.text);
            return item;
        }
        std::vector<BlockRow> rows;
        rows.reserve(rows_.size());
        for (const StoredRow& r : rows_) {
            rows.push_back({r.number, std::string_view(text_).substr(r.offset, r.length)});
        }
        Parsed<Puzzle> puzzle = parse_block(rows, n, options);
        if (puzzle.ok()) puzzle.value().line = first_number;
        PuzzleReader::Item item{first_number, std::move(puzzle)};
        if (!item.puzzle.ok()) item.text = first_line_text(first.text);
        return item;
    }

    struct StoredRow {
        int number;
        size_t offset;
        size_t length;
    };

    ParseOptions options_;
    ParseOptions tagged_options_;  // options_ with a size tag's shape (options_for)
    std::optional<Header> header_;
    std::string blanked_;  // a tagged line with its tag blanked out
    bool shape_ok_;
    bool has_pending_ = false;
    SourceLine pending_;
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

PuzzleReader::Item read_puzzle_item(std::string_view text, const ParseOptions& options,
                                    int first_line) {
    detail::TextLines source(text, first_line);
    detail::ItemAssembler assembler(options);
    std::optional<PuzzleReader::Item> item = assembler.next(source);
    if (!item)
        return PuzzleReader::Item{first_line, ParseError{first_line, 0, "no puzzle in the input"}};
    if (!item->puzzle.ok()) return std::move(*item);
    if (auto more = assembler.next(source)) {
        PuzzleReader::Item extra{
            item->line,
            ParseError{more->line, 0, "more text after the puzzle (one puzzle expected)"}};
        // The item is found by its first line, as the reader keeps an invalid line's text.
        const std::string_view first = text.substr(0, text.find('\n'));
        extra.text = first.size() <= PuzzleReader::kKeptTextBytes
                         ? std::string(first)
                         : std::string(first.substr(0, PuzzleReader::kKeptTextBytes)) + "...";
        return extra;
    }
    return std::move(*item);
}

Parsed<Puzzle> parse_puzzle(std::string_view text, const ParseOptions& options, int first_line) {
    return std::move(read_puzzle_item(text, options, first_line).puzzle);
}

bool is_skipped_line(std::string_view line) {
    return detail::classify_line(line, ParseOptions{}) == detail::LineKind::skip;
}

}  // namespace sudokit
