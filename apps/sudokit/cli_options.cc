// Options shared by the subcommands, with the checks that make a bad value a usage error (exit 2).
#include "cli_options.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <string_view>
#include <thread>

namespace sudokit::cli {

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

namespace {

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

// Display columns of UTF-8 text (a continuation byte takes none).
size_t columns(std::string_view text) {
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

// Breaks each line of the text longer than `width` columns at spaces (a word longer than a
// line stays whole); the text's own line breaks are kept.
std::string wrap(const std::string& text, size_t width) {
    std::string wrapped;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + start, end - start);
        while (columns(line) > width) {
            // The last space that leaves at most `width` columns before it, else the first one.
            size_t cut = std::string_view::npos;
            for (size_t i = line.find(' '); i != std::string_view::npos;
                 i = line.find(' ', i + 1)) {
                if (cut != std::string_view::npos && columns(line.substr(0, i)) > width) break;
                cut = i;
            }
            if (cut == std::string_view::npos) break;
            wrapped.append(line.substr(0, cut)).push_back('\n');
            line.remove_prefix(cut + 1);
        }
        wrapped.append(line);
        if (end == text.size()) break;
        wrapped.push_back('\n');
        start = end + 1;
    }
    return wrapped;
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

CLI::Validator real_number(double min, bool min_allowed, const std::string& what) {
    return CLI::Validator(
        [min, min_allowed, what](const std::string& text) -> std::string {
            double value = 0;
            const char* last = text.data() + text.size();
            const auto [end, error] = std::from_chars(text.data(), last, value);
            const bool fine = error == std::errc() && end == last && std::isfinite(value) &&
                              (min_allowed ? value >= min : value > min);
            if (fine) return "";
            return fmt::format("'{}' is not {} {} {}", text, what, min_allowed ? ">=" : ">", min);
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

void add_files_option(CLI::App& command, std::vector<std::string>& files, const std::string& help) {
    command.add_option("files", files, help)->type_name("FILE");
    // Checked once parsing is complete, not as the operands are read: an unknown option's value
    // ("--threads 1") is an operand to the parser, and the unknown option is the error to name.
    command.final_callback([&files] {
        for (const std::string& path : files) {
            const std::string problem = check_input_file(path);
            if (!problem.empty()) throw CLI::ValidationError("files", problem);
        }
    });
}

void add_input_options(CLI::App& command, InputOptions& options) {
    add_files_option(command, options.files,
                     "puzzle files, read in turn; '-' or none: standard input");
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

SolveOptions EngineOptions::solve_options(uint32_t max_solutions) const {
    SolveOptions options;
    options.engine = engine_spec();
    options.max_solutions = max_solutions;
    options.node_budget = budget;
    options.timeout_seconds = timeout;
    return options;
}

void add_threads_option(CLI::App& command, int& threads, std::string_view work) {
    command
        .add_option("-j,--threads", threads,
                    "worker threads, " + std::string(work) +
                        " in parallel, output in the same order for any number (default 0: all "
                        "cores; 1: no threads; capped at the number of cores)")
        ->transform(whole_number(0, 4096))
        ->type_name("N");
}

void add_timeout_option(CLI::App& command, double& seconds) {
    command
        .add_option("--timeout", seconds,
                    "seconds each puzzle may take (0 = no limit); a puzzle that runs out is "
                    "marked timeout and the batch goes on")
        ->check(real_number(0, true, "a number of seconds"))
        ->type_name("SECONDS");
}

void add_step_work_option(CLI::App& command, std::optional<uint64_t>& units) {
    command
        .add_option_function<uint64_t>(
            "--step-work", [&units](uint64_t value) { units = value; },
            "units of work the search for one step may spend (0 = no limit; default: none up "
            "to 9x9, 262144 on 16x16, scaled by (16/N)^3 on other large shapes); a search that "
            "runs out ends the puzzle 'timeout' with the steps so far")
        ->transform(whole_number<uint64_t>())
        ->type_name("UNITS");
}

void add_engine_options(CLI::App& command, EngineOptions& options) {
    command
        .add_option("-e,--engine", options.engine,
                    "engine and its options, NAME or NAME:key=value,... (see 'sudokit engines'; "
                    "default: auto)")
        ->check(check_engine)
        ->type_name("NAME[:opts]");
    add_threads_option(command, options.threads, "puzzles solved");
    command
        .add_option("--budget", options.budget,
                    "search nodes allowed per puzzle (0 = no limit); a puzzle that runs out is "
                    "marked unfinished")
        ->transform(whole_number<uint64_t>())
        ->type_name("NODES");
    add_timeout_option(command, options.timeout);
    command.add_flag("--stats", options.stats,
                     "append the engine's counters to each result and their totals to the summary");
    command.add_option("-f,--format", options.format, "output format (default line)")
        ->transform(enum_names<Format>({{"line", Format::line},
                                        {"grid", Format::grid},
                                        {"json", Format::json},
                                        {"csv", Format::csv}}))
        ->type_name("line|grid|json|csv");
}

std::string HelpFormatter::make_option(const CLI::Option* option, bool is_positional) const {
    // CLI11's layout, except that it started the description one space after an option of 27
    // characters ("--mode first|stepdown|focus after a step"): such an option gets its own line.
    const size_t column = get_column_width();
    std::string text = "  " + make_option_name(option, is_positional) + make_option_opts(option);
    const std::string description = make_option_desc(option);
    if (!description.empty()) {
        if (text.size() + 2 > column)
            text += "\n" + std::string(column, ' ');
        else
            text.append(column - text.size(), ' ');
        for (const char c : description) {
            text += c;
            if (c == '\n') text.append(column, ' ');
        }
    }
    return text + "\n";
}

std::string HelpFormatter::make_option_name(const CLI::Option* option, bool is_positional) const {
    std::string name = CLI::Formatter::make_option_name(option, is_positional);
    // CLI11 writes a negated flag's value after its name: "--first{false}".
    for (size_t open = name.find('{'); open != std::string::npos; open = name.find('{', open)) {
        const size_t close = name.find('}', open);
        if (close == std::string::npos) break;
        name.erase(open, close - open + 1);
    }
    return name;
}

std::string HelpFormatter::make_option_desc(const CLI::Option* option) const {
    // make_option indents the lines after the first to the description column.
    const size_t width =
        kHelpColumns > get_column_width() + 20 ? kHelpColumns - get_column_width() : 20;
    return wrap(CLI::Formatter::make_option_desc(option), width);
}

std::string HelpFormatter::make_footer(const CLI::App* app) const {
    return wrap(CLI::Formatter::make_footer(app), kHelpColumns);
}

}  // namespace sudokit::cli
