// Options shared by the subcommands: where puzzles come from and how they are read (input), and
// which engine solves them with what limits and threads (engine).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "sudokit/engine.h"
#include "sudokit/io.h"
#include "sudokit/outcome.h"

namespace sudokit::cli {

struct InputOptions {
    std::vector<std::string> files;  // none: stdin; "-": stdin
    std::string size;                // --size RxC, checked when parsed
    Alphabet alphabet = Alphabet::automatic;
    bool quiet = false;
    std::string shard;  // --shard I/K (solve, count and rate); empty: every item

    ParseOptions parse_options() const;
};

// The checks of a file operand ("-" or a readable file) and of --size (a box shape RxC): an
// empty string when fine, else the message of the usage error.
std::string check_input_file(const std::string& path);
// The FILE... operands, each checked with check_input_file once the command line is parsed.
void add_files_option(CLI::App& command, std::vector<std::string>& files, const std::string& help);
std::string check_size(const std::string& text);

// Adds the file operands, --size, --alphabet and --quiet.
void add_input_options(CLI::App& command, InputOptions& options);

// --format of solve and count.
enum class Format { line, grid, json, csv };

struct EngineOptions {
    std::string engine;  // spec "name[:key=value,...]"; empty: default_engine_spec()
    int threads = 0;     // 0: all cores (batch_threads caps it)
    uint64_t budget = 0;
    double timeout = 0;  // seconds per puzzle, 0: none
    bool stats = false;
    Format format = Format::line;

    std::string engine_spec() const {
        return engine.empty() ? std::string(default_engine_spec()) : engine;
    }
    // The engine, the budget and the timeout, counting up to max_solutions.
    SolveOptions solve_options(uint32_t max_solutions) const;
};

// Adds --engine, --threads, --budget, --timeout, --stats and --format line|grid|json|csv.
void add_engine_options(CLI::App& command, EngineOptions& options);

// A transform for an enum option: accepts the names (any case) and hands CLI11 the enum's number;
// anything else is a usage error that lists the names.
template <class Enum>
CLI::Validator enum_names(std::vector<std::pair<std::string, Enum>> names) {
    return CLI::Validator(
        [names](std::string& value) -> std::string {
            std::string key = CLI::detail::to_lower(value);
            std::string known;
            for (const auto& [name, e] : names) {
                if (name == key) {
                    value = std::to_string(static_cast<int>(e));
                    return "";
                }
                known += (known.empty() ? "" : ", ") + name;
            }
            return "'" + value + "' is not one of " + known;
        },
        "");
}

// The check of every whole-number option: decimal digits from min to max. Anything else ("-1",
// "1.5", "abc", a number past max) is a usage error that names the range, e.g. "--budget: '-1'
// is not a whole number from 0 to 18446744073709551615". Give it with ->transform(): it hands
// CLI11 the number without leading zeros, which CLI11 would read as octal (010 = 8).
CLI::Validator whole_number_from_to(uint64_t min, uint64_t max);

// whole_number_from_to over the option's type T: whole_number<uint64_t>() for a --budget,
// whole_number(1, 4096) for an int from 1 to 4096.
template <class T>
CLI::Validator whole_number(T min = 0, T max = std::numeric_limits<T>::max()) {
    static_assert(std::is_integral_v<T>, "whole_number is for integer options");
    return whole_number_from_to(min > 0 ? static_cast<uint64_t>(min) : 0,
                                max > 0 ? static_cast<uint64_t>(max) : 0);
}

// The check of a real-number option: a finite decimal number of at least min (above min when
// !min_allowed); `what` names it in the message: "--max-time: '-1' is not a number of seconds
// >= 0", "--band-width: '0' is not a number > 0".
CLI::Validator real_number(double min, bool min_allowed, const std::string& what = "a number");

// Makes a vector option take exactly one value per use (`-e a -e b`, never `-e a b`): CLI11's
// default lets a vector option swallow the words after it, file operands included.
CLI::Option* one_value_per_use(CLI::Option* option);

// Adds -j,--threads N (0, the default: every core; capped at the number of cores; output in
// input order whatever N): what `work` names is done in parallel ("puzzles solved").
void add_threads_option(CLI::App& command, int& threads, std::string_view work);
// --timeout SECONDS: a time limit per puzzle (0: none), reported as 'timeout' when reached.
void add_timeout_option(CLI::App& command, double& seconds);
// --step-work UNITS: the bound on the work of one step's search (HumanOptions::step_work);
// left unset, the shape's default (none on 9x9).
void add_step_work_option(CLI::App& command, std::optional<uint64_t>& units);

// Maps auto|standard|hex|numeric (any case) to an Alphabet, for --alphabet and --out-alphabet.
CLI::Option* add_alphabet_option(CLI::App& command, const std::string& name, Alphabet& value,
                                 const std::string& help);

// The help layout of every command (set on the app before its subcommands are added): option
// descriptions and footers wrapped to kHelpColumns, at least two spaces between an option and
// its description, and flags named without CLI11's default marks ("--unique,--first", not
// "--unique,--first{false}").
class HelpFormatter : public CLI::Formatter {
  public:
    static constexpr size_t kHelpColumns = 100;
    std::string make_option(const CLI::Option* option, bool is_positional) const override;
    std::string make_option_name(const CLI::Option* option, bool is_positional) const override;
    std::string make_option_desc(const CLI::Option* option) const override;
    std::string make_footer(const CLI::App* app) const override;
};

}  // namespace sudokit::cli
