// Shared pieces of solve and count output (line tails, grid extras, CSV columns).
#include "result_text.h"

#include "output.h"
#include "status.h"

namespace sudokit::cli {

namespace {

// The comment of an item: a valid puzzle's, or what an invalid line had after its cells.
std::string_view item_comment(const BatchItem& item) {
    return item.item.puzzle.ok() ? std::string_view(item.puzzle().comment)
                                 : std::string_view(item.item.comment);
}

}  // namespace

void append_tail(std::string& out, const BatchItem& item, bool stats) {
    if (item.item.puzzle.ok()) out += item.puzzle().comment;
    if (stats && item.ran()) {
        out += "  # ";
        out += format_stats(item.result.stats);
    }
    out += '\n';
}

void append_comment_line(std::string& out, const BatchItem& item) {
    std::string_view text = comment_text(item_comment(item));
    if (text.empty()) return;
    out += "# ";
    out += text;
    out += '\n';
}

void append_stats_line(std::string& out, const BatchItem& item, bool stats) {
    if (!stats || !item.ran()) return;
    out += "# ";
    out += format_stats(item.result.stats);
    out += '\n';
}

void append_csv_puzzle(std::string& out, const BatchItem& item) {
    if (item.item.puzzle.ok()) {
        append_line(out, item.puzzle().grid, item.puzzle().alphabet);
    } else {
        append_csv_field(out, item.item.text);
    }
}

void append_csv_stats_and_comment(std::string& out, const BatchItem& item) {
    out += ',';
    if (item.ran()) out += std::to_string(item.result.stats.nodes);
    out += ',';
    if (item.ran()) out += std::to_string(item.result.stats.guesses);
    out += ',';
    append_csv_field(out, comment_text(item_comment(item)));
    out += '\n';
}

}  // namespace sudokit::cli
