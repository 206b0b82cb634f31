// Options shared by the subcommands, with the checks that make a bad value a usage error (exit 2).
#include "sudokit/cli_options.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <thread>

namespace sudokit::cli {

namespace {

// A file operand must be "-" (stdin) or a readable file; anything else is a usage error.
std::string check_input_file(const std::string& path) {
    if (path == "-") return "";
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return "'" + path + "' is a directory";
    if (!std::filesystem::exists(path, ec)) return "no such file: '" + path + "'";
    if (::access(path.c_str(), R_OK) != 0) return "cannot read '" + path + "'";
    return "";
}

std::string check_size(const std::string& text) {
    if (Shape::parse(text)) return "";
    return "'" + text + "' is not a box shape RxC (box rows x box columns, e.g. 3x3 or 3x4; " +
           "the side R*C at most " + std::to_string(kMaxSize) + ")";
}

std::string check_engine(const std::string& spec) {
    std::string error;
    if (make_engine(spec, &error) == nullptr) return error;
    return "";
}

// Whether the text is one decimal number: "-1" and "1.5" are numbers (of the wrong kind for a
// whole-number option), "abc" and "0x10" are none.
bool is_number(const std::string& text) {
    double value = 0;
    const char* last = text.data() + text.size();
    const auto [end, error] = std::from_chars(text.data(), last, value);
    return error == std::errc() && end == last;
}

}  // namespace

ParseOptions InputOptions::parse_options() const {
    ParseOptions options;
    if (!size.empty()) options.shape = Shape::parse(size);
    options.alphabet = alphabet;
    return options;
}

CLI::Validator whole_number_from_to(uint64_t min, uint64_t max) {
    return CLI::Validator(
        [min, max](std::string& text) -> std::string {
            const std::string range = fmt::format("a whole number from {} to {}", min, max);
            const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
                return c >= '0' && c <= '9';
            });
            if (!digits) {
                if (is_number(text)) return "'" + text + "' is not " + range;
                return "'" + text + "' is not a number (expected " + range + ")";
            }
            uint64_t value = 0;
            const auto [end, error] =
                std::from_chars(text.data(), text.data() + text.size(), value);
            if (error != std::errc() || value < min || value > max)
                return "'" + text + "' is not " + range;
            text = std::to_string(value);
            return "";
        },
        "");
}

CLI::Option* one_value_per_use(CLI::Option* option) {
    // expected(1) alone keeps the vector's allow_extra_args; TakeAll keeps every use's value.
    return option->expected(1)->allow_extra_args(false)->multi_option_policy(
        CLI::MultiOptionPolicy::TakeAll);
}

CLI::Option* add_alphabet_option(CLI::App& command, const std::string& name, Alphabet& value,
                                 const std::string& help) {
    return command.add_option(name, value, help)
        ->transform(CLI::Validator(
            [](std::string& text) -> std::string {
                const std::optional<Alphabet> alphabet = parse_alphabet(text);
                if (!alphabet) return "'" + text + "' is not one of auto, standard, hex, numeric";
                text = std::to_string(static_cast<int>(*alphabet));
                return "";
            },
            ""))
        ->type_name("auto|standard|hex|numeric");
}

void add_input_options(CLI::App& command, InputOptions& options) {
    command
        .add_option("files", options.files,
                    "puzzle files, read in turn; '-' or none: standard input")
        ->check(check_input_file)
        ->type_name("FILE");
    command
        .add_option("--size", options.size,
                    "box shape RxC, e.g. 3x4 for 12x12 grids "
                    "(default: from the cell count)")
        ->check(check_size)
        ->type_name("RxC");
    add_alphabet_option(command, "--alphabet", options.alphabet,
                        "how digits are written in the input: standard = 1-9 then A-Z, hex = 0-9 "
                        "then A-Z (0 is a digit, only . is empty), numeric = numbers separated by "
                        "spaces; auto (default) decides per line and reports an ambiguous line");
    command.add_flag("-q,--quiet", options.quiet, "no summary line on stderr");
}

int EngineOptions::thread_count() const {
    if (threads > 0) return threads;
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

std::string EngineOptions::default_engine_spec() {
    return find_engine("auto") != nullptr ? "auto" : "backtrack";
}

void add_engine_options(CLI::App& command, EngineOptions& options) {
    command
        .add_option("-e,--engine", options.engine,
                    "engine and its options, NAME or NAME:key=value,... (see 'sudokit engines'; "
                    "default: auto, or backtrack while there is no auto)")
        ->check(check_engine)
        ->type_name("NAME[:opts]");
    command
        .add_option("-j,--threads", options.threads,
                    "worker threads, puzzles solved in parallel, output still in input order "
                    "(default 0: all cores; 1: no threads)")
        ->transform(whole_number(0, 4096))
        ->type_name("N");
    command
        .add_option("--budget", options.budget,
                    "search nodes allowed per puzzle (0 = no limit); a puzzle that runs out is "
                    "marked unfinished")
        ->transform(whole_number<uint64_t>())
        ->type_name("NODES");
    command.add_flag("--stats", options.stats,
                     "append the engine's counters to each result and their totals to the summary");
    command.add_option("-f,--format", options.format, "output format (default line)")
        ->transform(enum_names<Format>({{"line", Format::line},
                                        {"grid", Format::grid},
                                        {"json", Format::json},
                                        {"csv", Format::csv}}))
        ->type_name("line|grid|json|csv");
}

}  // namespace sudokit::cli
