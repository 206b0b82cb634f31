// --shard I/K: parsing, the option, and the tag of an output line.
#include "shard.h"

#include <charconv>

#include "output.h"

namespace sudokit::cli {

namespace {

constexpr int kMaxShards = 1000000;

std::optional<int> whole(std::string_view text) {
    int value = 0;
    if (text.empty() || text.size() > 7) return std::nullopt;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

}  // namespace

std::optional<Shard> parse_shard(std::string_view text) {
    const size_t slash = text.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    const std::optional<int> index = whole(text.substr(0, slash));
    const std::optional<int> count = whole(text.substr(slash + 1));
    if (!index || !count || *count < 1 || *count > kMaxShards || *index < 1 || *index > *count)
        return std::nullopt;
    return Shard{*index, *count};
}

void add_shard_option(CLI::App& command, std::string& shard) {
    command
        .add_option("--shard", shard,
                    "read only shard I of K: the items on input lines I, I+K, I+2K, ... "
                    "(1 <= I <= K), each output line tagged with its input line number "
                    "('LINE<tab>', CSV column 'line'; JSON has 'line') for jobs that split a file")
        ->check(CLI::Validator(
            [](const std::string& text) -> std::string {
                if (parse_shard(text)) return "";
                return "'" + text +
                       "' is not I/K with whole numbers 1 <= I <= K <= 1000000 (e.g. 3/8: "
                       "lines 3, 11, 19, ...)";
            },
            ""))
        ->type_name("I/K");
}

void append_shard_tag(std::string& out, std::string_view file, int line, bool name_file,
                      char separator) {
    if (name_file) {
        if (separator == ',') {
            append_csv_field(out, file);
            out += ',';
        } else {
            out += file;
            out += ':';
        }
    }
    out += std::to_string(line);
    out += separator;
}

std::string_view shard_csv_header(bool name_file) { return name_file ? "file,line," : "line,"; }

}  // namespace sudokit::cli
