// The engine interface: every solving algorithm is an Engine behind the same call, and
// the registry (src/engines/registry.cc) is the one list of them. What a Result means for a
// puzzle (unique, several, none, ...) and its message live in outcome.h.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "sudokit/grid.h"

namespace sudokit {

using Clock = std::chrono::steady_clock;

// What a solve may spend. Engines check the budget at every node and the deadline and the
// cancel flag every few hundred nodes (a counter, not a clock read per node), so a search
// stops within a fraction of a millisecond of either.
struct Limits {
    uint32_t max_solutions = 2;  // stop counting here: 2 answers "unique or not"
    uint64_t node_budget = 0;    // search nodes allowed; 0 = no limit
    Clock::time_point deadline = Clock::time_point::max();  // max = none
    // Set by another thread (or a signal handler) to stop the search early; null = never.
    const std::atomic<bool>* cancel = nullptr;

    // A deadline `seconds` from now; seconds <= 0 means none.
    static Clock::time_point deadline_after(double seconds);
};

// Plain counters, defined once for every engine:
// - nodes: branches entered, i.e. positions the search reaches by fixing a choice (a digit tried
//   in a cell, a row chosen in the exact-cover matrix). The root is not a node, so a puzzle that
//   propagation alone solves takes 0 nodes, and nodes never exceed Limits::node_budget. For a
//   logic-only engine (`human`), which never branches, a node is one unit of work: a step
//   applied or a start cell of a chaining search.
// - guesses: nodes entered beyond the first at their choice point (the alternatives tried).
// - depth: the deepest node: the most nodes on one path from the root, i.e. how many choices
//   were in force at once (0 when the root alone decides). A complete search's dead ends are
//   always guesses + 1 - solutions (every leaf of a search tree is a solution or a dead end),
//   so they are not counted apart; the depth says how deep the guessing went. Never more than
//   nodes; 0 for a logic-only engine.
// - propagations: forced deductions (eliminations, placements, link updates); each engine's
//   header says what it counts.
struct Stats {
    uint64_t nodes = 0;
    uint64_t guesses = 0;
    uint64_t depth = 0;
    uint64_t propagations = 0;

    Stats& operator+=(const Stats& o) {
        nodes += o.nodes;
        guesses += o.guesses;
        depth = std::max(depth, o.depth);
        propagations += o.propagations;
        return *this;
    }
    bool operator==(const Stats&) const = default;
};

// Why a solve ended.
enum class Stop : uint8_t {
    finished,        // the search ran to its end: count is exact
    solution_limit,  // count reached Limits::max_solutions: there are at least that many
    node_budget,     // Limits::node_budget was spent first
    time_limit,      // Limits::deadline passed first
    cancelled,       // Limits::cancel was set
    stuck,           // a logic-only engine found no further step (first holds the partial grid)
    unsupported,     // the engine does not solve grids of this shape (nothing was searched)
};
// "finished", "solution-limit", "node-budget", "time-limit", "cancelled", "stuck", "unsupported".
std::string_view stop_name(Stop stop);

struct Result {
    uint32_t count = 0;  // solutions found, at most Limits::max_solutions
    Stop stop = Stop::finished;
    Grid first;  // the first solution found (valid only when count > 0); stuck: the partial grid
    Stats stats;
    // Stuck only: the technique the next step needs, when the engine knows ("Hidden Pair"); empty
    // when no technique it knows applies. Points to static text.
    std::string_view needed_technique;

    // The count is exact: the search ran to its end.
    bool complete() const { return stop == Stop::finished; }
    // The count answers the question asked: exact, or max_solutions reached ("at least"); not
    // cut short by the budget, the deadline, a cancel, or a logic-only engine getting stuck.
    bool answered() const { return stop == Stop::finished || stop == Stop::solution_limit; }
};

// One engine object per thread: engines keep scratch state between calls, no statics.
// An engine accepts any grid: a shape it does not solve gives Stop::unsupported, and givens that
// conflict (or values above N) give count 0. Subclasses implement supports() and search().
class Engine {
  public:
    virtual ~Engine() = default;
    virtual std::string_view name() const = 0;
    // True when the engine solves grids of this shape.
    virtual bool supports(Shape shape) const = 0;
    // Checks the shape, then searches.
    Result solve(const Grid& puzzle, const Limits& limits);

  protected:
    // Called only for a supported shape.
    virtual Result search(const Grid& puzzle, const Limits& limits) = 0;
};

// One option of an engine spec ("NAME:key=value,..."): each engine declares its options in one
// table, which the spec parser, `sudokit engines`, Python's engines() and the docs read.
struct EngineOption {
    std::string_view name;                     // the key: "stack"
    std::span<const std::string_view> values;  // the values accepted; empty: text (see syntax)
    std::string_view syntax;                   // for text values: "sb|thesis|<code>+<code>..."
    std::string_view default_value;            // what an absent option means
    std::string_view help;                     // one line
};

struct EngineInfo {
    std::string_view name;
    std::string_view description;           // one line
    std::string_view sizes;                 // e.g. "all" or "9x9"
    std::span<const EngineOption> options;  // accepted after the name; empty for none
    bool (*supports)(Shape);
    // Makes an engine from its options text ("" for defaults); on bad options returns null and
    // says why in *error.
    std::unique_ptr<Engine> (*make)(std::string_view options, std::string* error);
    // True for an engine that never guesses (`human`): where logic alone cannot finish it stops
    // with Stop::stuck, so it is not a complete solver.
    bool logic_only = false;
};

// The options of an engine in one line: "stack=prealloc|alloc, hidden=on|off" ("" for none).
std::string engine_options_text(const EngineInfo& info);

// Every engine, in the order `sudokit engines` lists them.
std::span<const EngineInfo> all_engines();
const EngineInfo* find_engine(std::string_view name);
// The engine name of a spec: "human" for "human:order=ns".
std::string_view engine_name_of(std::string_view spec);
// "name" or "name:key=value,key=value". Null when unknown or the options are bad (*error says).
std::unique_ptr<Engine> make_engine(std::string_view spec, std::string* error = nullptr);
// The default engine spec: "auto".
std::string_view default_engine_spec();

}  // namespace sudokit
