// `fast`: the 9x9 bitboard engine. The hot path is a free function on 81-character strings
// (no Grid, no allocation); the Engine wrapper and its registry entry sit on top of it.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "engines/exclusion.h"
#include "sudokit/engine.h"

namespace sudokit {

// Which compiled copy of the solver runs. kAuto takes the best one the CPU supports.
enum class FastPath : uint8_t {
    kAuto,
    kPortable,  // plain C++ (table lookups instead of pext), any CPU
    kAvx2,      // compiled for AVX2 + BMI1/BMI2 (x86-64 only), chosen at run time
    kAvx512,    // the same rules and search on all words at once in AVX-512 F/VL/BW/DQ registers
};

// Counters of one call, as engine.h defines them. A node is one branch entered (each then runs
// the propagation to its fixpoint; the root's propagation is no node).
struct FastStats {
    uint64_t nodes = 0;
    uint64_t guesses = 0;  // branches entered beyond the first at a choice point
    uint64_t depth = 0;    // the most branches in force at once on one path
    Stop stop = Stop::finished;
};

struct FastOptions {
    int max_solutions = 2;     // stop counting here (at least 1)
    uint64_t node_budget = 0;  // 0: no limit; otherwise nodes never exceed it
    Clock::time_point deadline = Clock::time_point::max();  // as in Limits
    const std::atomic<bool>* cancel = nullptr;
    FastPath path = FastPath::kAuto;
    // Digits kept out of cells on top of the givens (cells 0..80, digits 1..9; others are
    // ignored): the generator's "a solution that differs in the removed cell".
    std::span<const detail::Exclusion> excluded;
};

// True when this build and this CPU can run the path (kAuto and kPortable always can).
bool fast_path_available(FastPath path);
// The path kAuto resolves to on this CPU.
FastPath fast_best_path();
std::string_view fast_path_name(FastPath path);

// Solves a 9x9 puzzle given as 81 characters, row-major: '1'-'9' are givens, anything else is an
// empty cell. Returns the number of solutions found, at most max_solutions (0 for conflicting
// givens or no solution). The first solution is written as 81 digits to solution81 (no
// terminator) when it is not null and a solution was found. stats may be null.
int fast_solve(const char* puzzle81, int max_solutions, char* solution81, FastStats* stats);
int fast_solve(const char* puzzle81, const FastOptions& options, char* solution81,
               FastStats* stats);

// The registry entry: name "fast", sizes "9x9", option path=auto|portable|avx2|avx512.
EngineInfo fast_engine_info();

}  // namespace sudokit
