// Options shared by the subcommands: where puzzles come from and how they are read (input), and
// which engine solves them with what limits and threads (engine).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "sudokit/engine.h"
#include "sudokit/io.h"

namespace sudokit::cli {

struct InputOptions {
    std::vector<std::string> files;  // none: stdin; "-": stdin
    std::string size;                // --size RxC, checked when parsed
    Alphabet alphabet = Alphabet::automatic;
    bool quiet = false;

    ParseOptions parse_options() const;
};

// Adds the file operands, --size, --alphabet and --quiet.
void add_input_options(CLI::App& command, InputOptions& options);

struct EngineOptions {
    std::string engine;  // spec "name[:key=value,...]"; empty: default_engine_spec()
    int threads = 0;     // 0: all cores
    uint64_t budget = 0;
    bool stats = false;
    std::string format = "line";

    std::string engine_spec() const { return engine.empty() ? default_engine_spec() : engine; }
    // The worker count: --threads, or every core when 0.
    int thread_count() const;
    static std::string default_engine_spec();
};

// Adds --engine, --threads, --budget, --stats and --format line|grid|json|csv.
void add_engine_options(CLI::App& command, EngineOptions& options);

// Maps auto|standard|hex|numeric (any case) to an Alphabet, for --alphabet and --out-alphabet.
CLI::Option* add_alphabet_option(CLI::App& command, const std::string& name, Alphabet& value,
                                 const std::string& help);

}  // namespace sudokit::cli
