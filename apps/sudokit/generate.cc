// `sudokit generate`: puzzles with one solution (the library's generate_batch), streamed one per
// line in index order as they are found, each with its rating as `sudokit rate` prints it.
#include "sudokit/generate.h"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <utility>

#include "cli_options.h"
#include "commands.h"
#include "interrupt.h"
#include "output.h"
#include "report/progress_bar.h"
#include "status.h"
#include "sudokit/bench.h"
#include "sudokit/io.h"
#include "sudokit/json.h"

namespace sudokit::cli {

namespace {

enum class GenerateFormat { text, json };

// Calls `report` with the seconds since the start every `every` seconds on a thread of its own,
// until stop() (or its end); does nothing when not active.
class ProgressTicker {
  public:
    ProgressTicker(bool active, double every, std::function<void(double)> report)
        : every_(every), report_(std::move(report)) {
        if (active) thread_ = std::thread([this] { run(); });
    }
    ~ProgressTicker() { stop(); }
    ProgressTicker(const ProgressTicker&) = delete;
    ProgressTicker& operator=(const ProgressTicker&) = delete;

    void stop() {
        {
            std::lock_guard lock(mutex_);
            stopped_ = true;
        }
        cv_.notify_all();
        if (thread_.joinable()) thread_.join();
    }

  private:
    void run() {
        const auto start = std::chrono::steady_clock::now();
        std::unique_lock lock(mutex_);
        for (int tick = 1;; ++tick) {
            const auto at = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                        std::chrono::duration<double>(every_ * tick));
            if (cv_.wait_until(lock, at, [this] { return stopped_; })) return;
            report_(
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
    }

    double every_;
    std::function<void(double)> report_;
    std::mutex mutex_;
    std::condition_variable cv_;
    bool stopped_ = false;
    std::thread thread_;
};

struct GenerateCommandOptions {
    uint64_t count = 1;
    GenerateFormat format = GenerateFormat::text;
    std::string size = "3x3";
    Symmetry symmetry = Symmetry::none;
    std::string rating;     // LO..HI
    std::string technique;  // name or code
    std::string clues;      // LO..HI
    bool minimal = false;
    bool no_minimal = false;
    bool keep_costly_grids = false;
    std::optional<uint64_t> seed;
    int threads = 0;
    double timeout = 0;
    double progress = 10;
    bool histogram = false;
    bool no_rating = false;
    bool quiet = false;
};

// A range "LO..HI", "LO..", "..HI" or one value "X" (LO = HI = X) of numbers of the kind
// `parse` reads; nullopt when malformed. A missing end is 0 (no bound).
template <class T, class Parse>
std::optional<std::pair<T, T>> parse_range(std::string_view text, Parse parse) {
    const size_t dots = text.find("..");
    if (dots == std::string_view::npos) {
        std::optional<T> value = parse(text);
        if (!value) return std::nullopt;
        return std::pair<T, T>{*value, *value};
    }
    std::string_view lo = text.substr(0, dots), hi = text.substr(dots + 2);
    if (lo.empty() && hi.empty()) return std::nullopt;
    std::optional<T> a = lo.empty() ? std::optional<T>(T{}) : parse(lo);
    std::optional<T> b = hi.empty() ? std::optional<T>(T{}) : parse(hi);
    if (!a || !b) return std::nullopt;
    return std::pair<T, T>{*a, *b};
}

std::optional<double> parse_rating(std::string_view text) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) ||
        value < 0 || value > 100) {
        return std::nullopt;
    }
    return value;
}

std::optional<int> parse_count(std::string_view text) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}

std::string check_rating_range(const std::string& text) {
    if (parse_range<double>(text, parse_rating)) return "";
    return "'" + text + "' is not a rating range LO..HI (e.g. 6.0..7.0, 8.0.. or ..3.0)";
}

std::string check_clue_range(const std::string& text) {
    if (parse_range<int>(text, parse_count)) return "";
    return "'" + text + "' is not a clue range LO..HI of whole numbers (e.g. 22..26, 30..)";
}

std::string check_technique(const std::string& text) {
    if (find_technique(text)) return "";
    return "'" + text + "' is not a technique name or code (see 'sudokit techniques')";
}

// The flag that sets a field of GenerateOptions, for the library's option errors.
std::string flag_of(std::string_view field) {
    if (field == "shape") return "--size";
    if (field == "min_clues" || field == "max_clues") return "--clues";
    if (field == "min_er" || field == "max_er") return "--rating";
    if (field == "timeout_seconds") return "--timeout";
    return "--" + std::string(field);
}

// What the target is, in words, for the messages: "ER 8.0..9.0, needing X-Wing".
std::string target_text(const GenerateOptions& o) {
    std::string text;
    const GenerateTarget& t = o.target;
    if (t.rated()) {
        text = "ER " + (t.min_er > 0 ? se_rating_text(t.min_er) : std::string()) + ".." +
               (t.max_er > 0 ? se_rating_text(t.max_er) : std::string());
    }
    if (t.technique) {
        // What was checked: SE's path uses it at its rating (and the easiest order's too).
        const TechniqueInfo& info = technique_info(*t.technique);
        if (!text.empty()) text += ", ";
        text += fmt::format("needing {}: ER {} with it on SE's path", info.name,
                            se_rating_text(info.rating));
    }
    if (t.min_clues > 0 || t.max_clues > 0) {
        if (!text.empty()) text += ", ";
        text += fmt::format("{}..{} clues", t.min_clues > 0 ? std::to_string(t.min_clues) : "",
                            t.max_clues > 0 ? std::to_string(t.max_clues) : "");
    }
    return text.empty() ? "one solution" : text;
}

int run_generate(const GenerateCommandOptions& c) {
    // Checked here rather than with CLI11's excludes(), which the help would print as
    // "--minimal Excludes: --no-minimal".
    if (c.minimal && c.no_minimal) {
        print_error("--minimal and --no-minimal: choose one");
        return kExitUsage;
    }
    if (c.no_rating && (!c.rating.empty() || c.histogram)) {
        print_error(std::string(!c.rating.empty() ? "--rating" : "--histogram") +
                    " needs the rating that --no-rating turns off");
        return kExitUsage;
    }
    GenerateBatchOptions batch;
    GenerateOptions& o = batch.generate;
    o.shape = *Shape::parse(c.size);
    o.symmetry = c.symmetry;
    if (c.minimal) o.minimal = true;
    if (c.no_minimal) o.minimal = false;
    o.keep_costly_grids = c.keep_costly_grids;
    if (!c.rating.empty()) {
        const auto range = *parse_range<double>(c.rating, parse_rating);
        o.target.min_er = range.first;
        o.target.max_er = range.second;
    }
    if (!c.clues.empty()) {
        const auto range = *parse_range<int>(c.clues, parse_count);
        o.target.min_clues = range.first;
        o.target.max_clues = range.second;
    }
    if (!c.technique.empty()) o.target.technique = find_technique(c.technique);
    o.rate = !c.no_rating;
    o.seed = c.seed ? *c.seed : std::random_device{}() * 0x100000000ull + std::random_device{}();
    o.timeout_seconds = c.timeout;
    o.cancel = interrupt_flag();
    batch.count = c.count;
    batch.threads = c.threads;
    if (const OptionCheck problem = check_generate_options(o)) {
        print_error(option_error_text(*problem, flag_of));
        return kExitUsage;
    }
    for (const OptionError& warning : generate_option_warnings(o)) {
        print_error("warning: " + option_error_text(warning, flag_of) +
                    (c.timeout > 0 ? "" : "; --timeout bounds the wait"));
    }
    std::atomic<uint64_t> tried{0};
    o.tried = &tried;

    const Alphabet alphabet = default_alphabet(o.shape.size());
    Output out(stdout);
    ProgressBar bar(stderr);
    const bool stdout_tty = isatty(fileno(stdout)) != 0;
    const auto start = std::chrono::steady_clock::now();
    auto last_flush = start;
    uint64_t found = 0, missed = 0, candidates = 0;
    const auto emit = [&](const GeneratedPuzzle& p) {
        candidates += p.candidates;
        if (c.format == GenerateFormat::json) {
            // One line per puzzle, a puzzle not found in time included (status "timeout").
            append_json_line(out.text(), generated_puzzle_json(p, o, c.histogram));
            if (p.found())
                ++found;
            else
                ++missed;
        } else if (p.found()) {
            ++found;
            out.text() += format_line(p.puzzle, alphabet);
            if (p.rated) {
                out.text() += " ED=";
                out.text() += rating_text(p.rating);
                if (c.histogram) {
                    out.text() += ' ';
                    out.text() += histogram_text(p.rating);
                }
            }
            out.text() += '\n';
        } else {
            ++missed;
        }
        const auto now = std::chrono::steady_clock::now();
        // Streamed: a line waits at most 0.1 s in the buffer (each line at once when puzzles
        // come slowly, or when a person watches the terminal).
        if (stdout_tty || now - last_flush > std::chrono::milliseconds(100)) {
            bar.finish();
            if (!out.flush()) return false;
            last_flush = now;
        }
        if (!p.found()) {
            bar.finish();
            print_error(fmt::format("puzzle {}: none found within --timeout {} s ({}; {} tried)",
                                    p.index + 1, c.timeout, target_text(o), p.candidates));
        }
        bar.update(Progress{.fraction = static_cast<double>(p.index + 1) / c.count,
                            .done = p.index + 1,
                            .total = c.count,
                            .label = "puzzles"});
        return out.ok();
    };
    // Not at a terminal (a log, a pipe), where no bar shows: a line every c.progress seconds.
    std::atomic<uint64_t> found_so_far{0};
    ProgressTicker ticker(
        !c.quiet && c.progress > 0 && isatty(fileno(stderr)) == 0, c.progress, [&](double elapsed) {
            print_error(fmt::format("generate: {} of {} found, {} tried, {:.0f} s",
                                    found_so_far.load(), c.count, tried.load(), elapsed));
        });
    const BatchEnd end = generate_batch(batch, [&](const GeneratedPuzzle& p) {
        const bool go_on = emit(p);
        if (p.found()) ++found_so_far;
        return go_on;
    });
    ticker.stop();
    bar.finish();
    if (!out.flush()) {
        report_write_error(out.error());
        return kExitInputProblem;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!c.quiet) {
        const int n = o.shape.size();
        std::string grid = fmt::format("{}x{}", n, n);
        if (Shape::for_size(n) != o.shape) grid += ", boxes " + o.shape.name();
        if (o.symmetry != Symmetry::none) grid += ", " + std::string(symmetry_name(o.symmetry));
        std::string summary =
            fmt::format("{} of {} generated ({}, {}) ", found, c.count, grid, target_text(o)) +
            format_timing(seconds, found + missed) +
            fmt::format("{}, {} tried; seed {})",
                        plural(std::min<uint64_t>(batch_threads(c.threads), c.count), "thread"),
                        candidates, o.seed);
        if (missed > 0) summary += fmt::format("; {} not found in time", missed);
        if (end == BatchEnd::interrupted) summary += "; interrupted";
        print_error(summary);
    }
    if (end == BatchEnd::interrupted) return interrupted_exit_code();
    return missed == 0 ? kExitOk : kExitInputProblem;
}

}  // namespace

Command add_generate_command(CLI::App& app) {
    auto options = std::make_shared<GenerateCommandOptions>();
    CLI::App* cmd = app.add_subcommand(
        "generate", "new puzzles with one solution, at an SE rating or needing a technique");
    cmd->add_option("-n,--count", options->count, "puzzles to generate (default 1)")
        ->transform(whole_number<uint64_t>(1))
        ->type_name("N");
    cmd->add_option("-f,--format", options->format,
                    "output format (default text; json: one object per line, docs/generate.md)")
        ->transform(enum_names<GenerateFormat>(
            {{"text", GenerateFormat::text}, {"json", GenerateFormat::json}}))
        ->type_name("text|json");
    cmd->add_option("--size", options->size, "box shape RxC (default 3x3: 9x9 grids; 4x4: 16x16)")
        ->check(check_size)
        ->type_name("RxC");
    cmd->add_option("--symmetry", options->symmetry,
                    "symmetry of the pattern of clues (default none)")
        ->transform(enum_names<Symmetry>({{"none", Symmetry::none},
                                          {"rot180", Symmetry::rot180},
                                          {"rot90", Symmetry::rot90},
                                          {"mirror", Symmetry::mirror},
                                          {"diagonal", Symmetry::diagonal},
                                          {"antidiagonal", Symmetry::antidiagonal}}))
        ->type_name("none|rot180|rot90|mirror|diagonal|antidiagonal");
    cmd->add_option("--rating", options->rating,
                    "Sudoku Explainer ER in this band, both ends included (LO..HI, LO.., ..HI "
                    "or one value)")
        ->check(check_rating_range)
        ->type_name("LO..HI");
    cmd->add_option("--technique", options->technique,
                    "the path of the easiest order uses this technique and nothing rated above "
                    "it (a name or code of 'sudokit techniques', any case)")
        ->check(check_technique)
        ->type_name("NAME");
    cmd->add_option("--clues", options->clues, "number of clues in this range (LO..HI)")
        ->check(check_clue_range)
        ->type_name("LO..HI");
    cmd->add_flag("--minimal", options->minimal,
                  "minimal puzzles: removing any clue gives several solutions (default up to 16x16 "
                  "without --technique)");
    cmd->add_flag("--no-minimal", options->no_minimal,
                  "clues removed while the puzzle stays unique (and with --technique, "
                  "solvable with techniques up to it), without insisting on minimality; stops "
                  "at --clues' upper bound");
    cmd->add_flag("--keep-costly-grids", options->keep_costly_grids,
                  "minimal 25x25: keep every grid drawn; by default a grid whose first "
                  "uniqueness checks cost much is dropped for another (about 7x faster on "
                  "average; puzzles easier to solve by search)");
    cmd->add_option("--seed", options->seed,
                    "random seed: the same seed and options give the same puzzles on any "
                    "number of threads (default: a random seed, printed in the summary)")
        ->transform(whole_number<uint64_t>())
        ->type_name("S");
    add_threads_option(*cmd, options->threads, "puzzles made");
    cmd->add_option("--timeout", options->timeout,
                    "seconds each puzzle may take (0 = no limit); a puzzle not found in time is "
                    "reported and the run goes on, exit code 1")
        ->check(real_number(0, true, "a number of seconds"))
        ->type_name("SECONDS");
    cmd->add_option("--progress", options->progress,
                    "when stderr is not a terminal, a progress line (found, tried) every SECONDS "
                    "(default 10; 0: none)")
        ->check(real_number(0, true, "a number of seconds"))
        ->type_name("SECONDS");
    cmd->add_flag("--histogram", options->histogram,
                  "append the number of steps per technique of the rating's path (code:count)");
    cmd->add_flag("--no-rating", options->no_rating,
                  "print the puzzles only, without rating them (faster; not with --rating)");
    cmd->add_flag("-q,--quiet", options->quiet, "no summary line on stderr");
    cmd->footer(
        R"(Each puzzle is printed as '<puzzle> ED=<er>/<ep>/<ed>' (with --histogram, then the
technique counts), exactly as 'sudokit rate' prints it: both call the same rating. --format
json: one object per puzzle (index, status, puzzle, solution, clues, er, ep, ed, rating,
candidates, seconds, seed; histogram), a puzzle not found in time included. Puzzles come
in order 1..N as they are found; puzzle i depends only on the seed, i and the options. On a
terminal a progress bar shows on stderr. --technique: puzzles are made by removing clues while
logic up to the technique still solves them (--minimal asks for minimal ones as well). A puzzle
not found within --timeout is reported on stderr and the run goes on. Ctrl-C stops: the puzzles
finished before it are written, in order (exit 130).
Exit: 0 every puzzle found, 1 some not found in time, 2 usage error.)");
    return Command{cmd, [options] { return run_generate(*options); }};
}

}  // namespace sudokit::cli
