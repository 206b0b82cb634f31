// The engine interface: every solving algorithm is an Engine behind the same call, and
// the registry (src/engines/registry.cc) is the one list of them.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "sudokit/grid.h"

namespace sudokit {

// What a solve may spend.
struct Limits {
    uint32_t max_solutions = 2;  // stop counting here: 2 answers "unique or not"
    uint64_t node_budget = 0;    // search nodes allowed; 0 = no limit
};

// Plain counters; each engine documents what a node is for it.
struct Stats {
    uint64_t nodes = 0;         // search nodes visited (the descents of the Czech post)
    uint64_t guesses = 0;       // branches taken beyond the first at a choice point
    uint64_t backtracks = 0;    // dead ends
    uint64_t propagations = 0;  // forced assignments / eliminations / link updates

    Stats& operator+=(const Stats& o) {
        nodes += o.nodes;
        guesses += o.guesses;
        backtracks += o.backtracks;
        propagations += o.propagations;
        return *this;
    }
};

struct Result {
    uint32_t count = 0;    // solutions found, at most Limits::max_solutions
    bool complete = true;  // false when the node budget ran out before the search ended
    Grid first;            // the first solution found (valid only when count > 0)
    Stats stats;
};

// One engine object per thread: engines keep scratch state between calls, no statics.
// An engine accepts any grid of a shape it supports, including grids whose givens conflict
// (it answers count 0); the caller checks shapes with EngineInfo::supports.
class Engine {
  public:
    virtual ~Engine() = default;
    virtual std::string_view name() const = 0;
    virtual Result solve(const Grid& puzzle, const Limits& limits) = 0;
};

struct EngineInfo {
    std::string_view name;
    std::string_view description;  // one line
    std::string_view sizes;        // e.g. "all" or "9x9"
    std::string_view options;      // "key=a|b, ..." accepted after the name, or empty
    bool (*supports)(Shape);
    // Makes an engine from its options text ("" for defaults); on bad options returns null and
    // says why in *error.
    std::unique_ptr<Engine> (*make)(std::string_view options, std::string* error);
    // True for an engine that never guesses (`human`): where logic alone cannot finish it stops
    // with count 0 and complete = false ("stuck"), so it is not a complete solver.
    bool logic_only = false;
};

// Every engine, in the order `sudokit engines` lists them.
std::span<const EngineInfo> all_engines();
const EngineInfo* find_engine(std::string_view name);
// "name" or "name:key=value,key=value". Null when unknown or the options are bad (*error says).
std::unique_ptr<Engine> make_engine(std::string_view spec, std::string* error = nullptr);

}  // namespace sudokit
