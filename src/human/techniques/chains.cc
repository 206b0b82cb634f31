// Chains: Sudoku Explainer's chaining producers (docs/se-rating.md 5.4-5.8): the static
// cycles and X/XY forcing chains (C1), Nishio (C3), cell and region forcing chains (C4) and the
// dynamic forcing chains (C5). Each producer collects all its hints, sorts them as SE does and
// hands them to the sink in that order. The core lives in chain_engine.h.
#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <span>

#include "human/position_order.h"
#include "human/techniques.h"
#include "human/techniques/chain_engine.h"
#include "human/techniques/chain_reach.h"
#include "human/workspace.h"

namespace sudokit {

namespace {

using detail::AdvancedRules;
using detail::ChainArena;
using detail::Chainer;
using detail::ChainHint;
using detail::HintList;
using detail::Pid;
using detail::PotentialSet;

struct Scratch;
void advanced_rules(Scratch& s, Chainer& c, const CandidateGrid& work, PotentialSet& to_off,
                    int level);

// The reusable state of one producer run at one nesting depth (kept in the workspace).
struct Scratch final : AdvancedRules {
    // The "+" and nested levels of this run's propagations (advanced_rules).
    void apply(Chainer& c, const CandidateGrid& work, PotentialSet& to_off, int level) override {
        advanced_rules(*this, c, work, to_off, level);
    }

    Chainer chainer;
    HintList hints;
    detail::TreeKeeper keeper;
    std::vector<int> pend_on, pend_off, cycles;
    std::vector<uint32_t> f_mark, b_mark, chain_cell;
    uint32_t stamp = 0;
    std::vector<int> touched;
    std::vector<std::vector<int>> lists_on, lists_off;  // per value or position: node lists
    std::vector<int> count;                             // intersections, per pid
    std::vector<int> common;
    std::vector<int> rule_parents, targets, branch_targets;
    std::vector<Pid> branch_starts;  // a cell or region chain's branch starts (meet())
    std::vector<Candidate> rule_elims;
    std::vector<std::vector<int>> pos_on, pos_off;  // region chains: per position
    // The workspace's chaining state this run belongs to (its deeper runs are there too).
    detail::ChainState* state = nullptr;
    // Nested runs (5.6): the outer snapshot, whose removed candidates a hint needs.
    const CandidateGrid* outer = nullptr;
    int depth = 0;
    int producer = 0;
    // The last position a top-level run collected (SE caches it too; output-neutral): the
    // techniques of one producer asked one by one share one run.
    std::optional<CandidateGrid> cached;
    bool cached_explain = false;
    bool cached_pruned = false;
    // A pruned run (C1 for a sink that keeps only the first step): the key of the best hint
    // committed so far, in SE's order (5.8); a search that cannot find one sorting before it
    // is skipped or cut short. The first hint is the one a full run sorts first.
    bool prune = false;
    std::optional<detail::HintKey> best;
    std::vector<uint32_t> seen;
    uint32_t seen_stamp = 0;
    std::vector<uint32_t> queued;  // cycle search: off potentials already queued, per pid
    uint32_t queued_stamp = 0;
    // C1 and C4: which searches can find something (the graph of this depth, shared by the
    // producers that run there: C4 after C1 on one reduced grid builds it once).
    detail::StaticReach* reach = nullptr;
    // The binary producers' propagations of this run by start potential (see propagate_from).
    std::vector<int32_t> record_of;  // per pid: its record, or -1
    std::vector<detail::PropagationRecord> records;
    size_t record_count = 0;
    // The limits of the step search (checked once per start cell) and whether they cut this
    // run short: a partial run is neither handed over nor remembered.
    StepSink* limits = nullptr;
    bool aborted = false;
};

// Whether the run must stop before its next start cell (the limits passed, or the work budget
// has no unit left for it); remembers it.
bool must_stop(Scratch& s) {
    if (!s.aborted && s.limits != nullptr && (!s.limits->take_work() || s.limits->expired()))
        s.aborted = true;
    return s.aborted;
}

constexpr int kMaxDepth = 4;
constexpr int kProducers = 9;  // static, Nishio, multiple, dynamic, levels 1-5

// What a nested producer gives a propagation (5.6): its hints in SE's order, duplicates removed,
// those without rule parents left out (they add nothing), each with its complexity, its
// eliminations and its rule parents as candidates.
using NestedHints = detail::ReducedDeductions;

// Results computed on a propagation's reduced grid, by that grid, for the runs below one outer
// grid: a reduced grid is the outer grid less the propagation's off potentials, and the results
// kept here depend on nothing else, so a grid met again reuses them. Output-neutral.
//
// Two are kept. The nested producers' hints (a third of the calls hit at least, often two
// thirds: different assumptions reach the same state) outlive their outer grid while the
// solving path goes on from it (`carry`): the next outer grid lacks candidates of this one and
// has nothing this one lacks. A hint's rule parents are the candidates its outer grid has and
// the reduced grid lost; under the next outer grid they are the stored ones that grid still
// has, and the caller keeps only those (an off potential of its propagation is a candidate of
// its outer grid). A hint dropped for having none has none under the next one either. So a
// reduced grid met again a step later (one in ten of the misses on the hardest puzzles) is not
// searched again. The level-1 rules' deductions (four calls in five hit) hold for their outer
// grid only: a rule that adds nothing under the next one hands over to the next rule.
//
// Bounded: when what it stores (candidate sets, eliminations and rule parents) passes
// max_items (of 8 bytes at most), the memo is emptied and fills again (its entries are all worth
// about the same, so no finer rule pays for itself); an outer grid it cannot carry its entries
// to empties it too.
// The key of a reduced grid in the memos below: its candidates, hashed.
uint64_t grid_hash(const CandidateGrid& work) {
    uint64_t h = 0x9e3779b97f4a7c15ull;
    const int n = work.size() * work.size();
    for (int i = 0; i < n; ++i) h = (h ^ work.candidates(i).bits()) * 0x100000001b3ull;
    return h;
}

template <class Result>
class GridMemo {
  public:
    GridMemo(bool carry, size_t max_items) : carry_(carry), max_items_(max_items) {}

    // The stored result of kind `kind` on `work` below `outer`, or null; `hash` is
    // grid_hash(work) (one reduced grid is looked up in both memos).
    const Result* find(const CandidateGrid& outer, const CandidateGrid& work, uint64_t hash,
                       int kind) {
        if (!outer_ || !(*outer_ == outer)) {
            if (!outer_ || !carry_ || !detail::follows_from(outer, *outer_)) clear();
            outer_ = outer;
        }
        key_ = (hash ^ static_cast<uint64_t>(kind + 8)) * 0x9e3779b97f4a7c15ull;
        if (slots_.empty()) return nullptr;
        for (size_t i = slot_of(key_);; i = (i + 1) & (slots_.size() - 1)) {
            const Slot& slot = slots_[i];
            if (slot.entry == kFree) return nullptr;
            if (slot.key != key_) continue;
            const Entry& e = entries_[slot.entry];
            if (e.kind == kind && same_cells(e, work)) return &results_[slot.entry];
        }
    }
    // Stores `result` for the grid and kind of the last find().
    void store(const CandidateGrid& work, int kind, const Result& result) {
        if (items_ > max_items_) clear();
        Entry e{kind, cells_.size(), key_};
        const int n = work.size() * work.size();
        for (int i = 0; i < n; ++i) cells_.push_back(work.candidates(i).bits());
        if (2 * (entries_.size() + 1) > slots_.size()) grow();
        insert(key_, static_cast<uint32_t>(entries_.size()));
        entries_.push_back(e);
        results_.push_back(result);
        items_ += static_cast<size_t>(n) + result.items();
    }

  private:
    struct Entry {
        int kind;
        size_t cells;  // its candidates: cells_[cells, cells + N*N)
        uint64_t key;
    };
    // The index: open addressing with linear probing, at most half full (a node-based hash map
    // costs a cache miss or two per lookup, and there is one lookup per propagation's dry point).
    struct Slot {
        uint64_t key;
        uint32_t entry;  // kFree: none
    };
    static constexpr uint32_t kFree = ~uint32_t{0};

    size_t slot_of(uint64_t key) const { return (key ^ (key >> 29)) & (slots_.size() - 1); }
    void insert(uint64_t key, uint32_t entry) {
        size_t i = slot_of(key);
        while (slots_[i].entry != kFree) i = (i + 1) & (slots_.size() - 1);
        slots_[i] = {key, entry};
    }
    void grow() {
        slots_.assign(std::max<size_t>(1024, 2 * slots_.size()), Slot{0, kFree});
        for (size_t i = 0; i < entries_.size(); ++i)
            insert(entries_[i].key, static_cast<uint32_t>(i));
    }

    bool same_cells(const Entry& e, const CandidateGrid& work) const {
        const int n = work.size() * work.size();
        for (int i = 0; i < n; ++i) {
            if (cells_[e.cells + i] != work.candidates(i).bits()) return false;
        }
        return true;
    }
    void clear() {
        std::fill(slots_.begin(), slots_.end(), Slot{0, kFree});
        entries_.clear();
        results_.clear();
        cells_.clear();
        items_ = 0;
    }

    bool carry_;
    size_t max_items_;
    std::optional<CandidateGrid> outer_;
    std::vector<Slot> slots_;
    std::vector<Entry> entries_;
    std::vector<Result> results_;
    std::vector<uint64_t> cells_;
    uint64_t key_ = 0;
    size_t items_ = 0;
};

}  // namespace

// The chaining producers' part of a workspace: one Scratch per producer and nesting depth (a
// nested producer runs inside a propagation, and each producer keeps its last result), made
// when the producer first runs, and the memos of the nested results and the level-1 rules.
struct detail::ChainState {
    std::array<std::unique_ptr<std::array<Scratch, kMaxDepth>>, kProducers> pool;
    std::array<detail::StaticReach, kMaxDepth> reach;   // per depth (Scratch::reach)
    GridMemo<NestedHints> memo{true, size_t{1} << 22};  // about 32 MiB
    std::array<NestedHints, kMaxDepth> fresh;           // a nested result not taken from the memo
    // The level-1 rules' deductions (about 8 MiB: the grids of one outer grid fit).
    GridMemo<detail::ReducedDeductions> level_one_memo{false, size_t{1} << 20};
    detail::ReducedDeductions level_one;  // a call not taken from the memo
};

uint64_t detail::static_chain_units(const CandidateGrid& grid) {
    uint64_t units = 3;  // one per pass
    for (int cell = 0; cell < grid.size() * grid.size(); ++cell) {
        if (grid.value(cell) != 0) continue;
        // A start cell of each pass: x and xy every one, y the bivalue ones.
        const int left = grid.candidates(cell).size();
        units += left >= 2 ? 2 : 0;
        units += left == 2;
    }
    return units;
}

uint64_t detail::multiple_chain_units(const CandidateGrid& grid) {
    uint64_t units = 0;
    for (int cell = 0; cell < grid.size() * grid.size(); ++cell) {
        // A start cell of three candidates or more, and each candidate beyond its first.
        const int left = grid.candidates(cell).size();
        if (grid.value(cell) == 0 && left > 2) units += left;
    }
    return units;
}

void detail::ChainStateDelete::operator()(ChainState* state) const { delete state; }
detail::ChainState* detail::new_chain_state() { return new ChainState; }

namespace {

Scratch& scratch(detail::ChainState& state, int producer, int depth = 0) {
    auto& level = state.pool[producer];
    if (level == nullptr) level = std::make_unique<std::array<Scratch, kMaxDepth>>();
    Scratch& s = (*level)[depth];
    s.depth = depth;
    s.producer = producer;
    s.state = &state;
    s.reach = &state.reach[depth];
    return s;
}

// Whether the producer's last top-level run was on this position (and explained if asked, and
// complete unless a pruned run will do); otherwise the run about to start is remembered.
bool cached(Scratch& s, const CandidateGrid& grid, bool explain, bool pruned = false) {
    if (s.cached && (s.cached_explain || !explain) && (!s.cached_pruned || pruned) &&
        *s.cached == grid) {
        s.chainer.rebind(grid);
        return true;
    }
    s.cached = grid;
    s.cached_explain = explain;
    s.cached_pruned = pruned;
    return false;
}

// Whether a hint of `technique` with at least `complexity`, found in the pass of `sort_key`,
// could sort before the best hint of a pruned run. The rating is computed as HintList::start
// computes it, and it grows with the complexity. A run searches in SE's order, so a tie with
// the best sorts after it (found later).
bool may_beat_best(const Scratch& s, Technique technique, int complexity, int sort_key) {
    if (!s.prune || !s.best) return true;
    const double rating = technique_info(technique).rating + detail::length_bonus(complexity);
    return detail::HintKey{rating, complexity, sort_key} < *s.best;
}

// After a hint was committed: it becomes the best of a pruned run if it sorts before it.
void note_committed(Scratch& s) {
    if (!s.prune) return;
    const detail::HintKey key = s.hints.back().key();
    if (!s.best || key < *s.best) s.best = key;
}

void start_run(Scratch& s, const CandidateGrid& grid) {
    s.aborted = false;
    s.chainer.begin(grid);
    s.hints.clear();
    s.keeper.clear();
    const size_t cands = static_cast<size_t>(grid.size()) * grid.size() * grid.size();
    if (s.f_mark.size() != cands) {
        s.f_mark.assign(cands, 0);
        s.b_mark.assign(cands, 0);
        s.chain_cell.assign(static_cast<size_t>(grid.size()) * grid.size(), 0);
        s.stamp = 0;
    }
    if (s.count.size() != static_cast<size_t>(s.chainer.pid_count()))
        s.count.assign(s.chainer.pid_count(), 0);
}

// A new start potential: the work arena begins again.
void new_start(Scratch& s) {
    s.chainer.arena().clear();
    s.keeper.new_source();
}

uint32_t next_stamp(Scratch& s) {
    if (++s.stamp == 0) {
        std::fill(s.f_mark.begin(), s.f_mark.end(), 0);
        std::fill(s.b_mark.begin(), s.b_mark.end(), 0);
        std::fill(s.chain_cell.begin(), s.chain_cell.end(), 0);
        s.stamp = 1;
    }
    return s.stamp;
}

void add_target(Scratch& s, bool explain, int node) {
    if (explain) s.hints.target(s.keeper.keep(s.chainer.arena(), node));
}

// The removed positions of a digit in a house (outer snapshot has them, this grid does not).
void removed_positions(Scratch& s, int house, int digit) {
    const CandidateGrid& work = s.chainer.grid();
    const int* cells = work.topology().house(house).data();
    for (uint64_t b = s.outer->positions(house, digit) & ~work.positions(house, digit); b != 0;
         b &= b - 1) {
        s.hints.rule(cells[std::countr_zero(b)], digit);
    }
}

// Assumption kinds of the branch starts that count as singles for nested rule parents.
enum Assumed : int { kNone = 0, kAssumedCell = 1, kAssumedRegion = 2 };

// Commits the current hint; in a nested run it first records its rule parents (5.6): for
// every on potential of its chains caused by a single, the removed candidates of that cell or
// of that digit in that house.
bool commit(Scratch& s, std::span<const int> targets, int assumed = kNone, int house = -1) {
    if (s.outer != nullptr) {
        const Chainer& c = s.chainer;
        const ChainArena& a = s.chainer.arena();
        const CandidateGrid& work = c.grid();
        const Topology& topo = work.topology();
        if (s.seen.size() != static_cast<size_t>(c.pid_count())) s.seen.assign(c.pid_count(), 0);
        for (int t : targets) {
            if (++s.seen_stamp == 0) {
                std::fill(s.seen.begin(), s.seen.end(), 0);
                s.seen_stamp = 1;
            }
            s.targets.clear();
            s.targets.push_back(t);
            while (!s.targets.empty()) {
                const int i = s.targets.back();
                s.targets.pop_back();
                const Pid p = a.pid(i);
                if (s.seen[p] == s.seen_stamp) continue;
                s.seen[p] = s.seen_stamp;
                for (int parent : a.parents(i)) s.targets.push_back(parent);
                if (!Chainer::on_of(p)) continue;
                const int cell = c.cell_of(p);
                const int digit = c.digit_of(p);
                const Cause cause = a.node(i).cause;
                if (cause == Cause::naked_single ||
                    (cause == Cause::assumption && assumed == kAssumedCell)) {
                    for (int e : s.outer->candidates(cell).without(work.candidates(cell)))
                        s.hints.rule(cell, e);
                } else if (cause == Cause::hidden_box) {
                    removed_positions(s, topo.box_house(topo.box_of(cell)), digit);
                } else if (cause == Cause::hidden_row) {
                    removed_positions(s, topo.row_house(topo.row_of(cell)), digit);
                } else if (cause == Cause::hidden_column) {
                    removed_positions(s, topo.col_house(topo.col_of(cell)), digit);
                } else if (cause == Cause::assumption && assumed == kAssumedRegion) {
                    removed_positions(s, house, digit);
                }
            }
        }
    }
    return s.hints.commit();
}

// ---- C1: static cycles and X/XY forcing chains (5.4) ------------------------------------------

// One pass of the static producer: the links it follows (y: a cell's two candidates, x: a
// digit's two places in a house) and where its hints sort (5.8).
struct StaticPass {
    bool y = false;
    bool x = false;
    int sort_key = 0;
    // The technique of its cycles, and the lowest-rated one of its forcing chains.
    Technique cycle() const {
        return !y ? Technique::x_cycle : !x ? Technique::y_cycle : Technique::bidirectional_cycle;
    }
    Technique forcing() const { return y ? Technique::forcing_chain : Technique::forcing_x_chain; }
};

// The shortest cycle (5.4) and forcing chain a pass can find, by complexity.
constexpr int kShortestCycle = 4;
constexpr int kShortestForcing = 2;

// Whether any hint of the pass could still sort before a pruned run's best.
bool pass_may_beat_best(const Scratch& s, const StaticPass& pass) {
    return may_beat_best(s, pass.cycle(), kShortestCycle, pass.sort_key) ||
           (pass.x && may_beat_best(s, pass.forcing(), kShortestForcing, pass.sort_key));
}

// The phase BFS of the cycle search from (cell, v) on; each return to the start is a cycle.
void static_cycles(Scratch& s, int cell, int v, const StaticPass& pass, bool explain) {
    Chainer& c = s.chainer;
    ChainArena& a = c.arena();
    const CandidateGrid& g = c.grid();
    PotentialSet& on = c.set(0);
    on.clear();
    const Pid start_pid = c.pid(cell, v, true);
    const int start = a.add(start_pid, Cause::assumption, -1);
    on.add(start_pid, start);
    s.pend_on.assign(1, start);
    s.pend_off.clear();
    s.cycles.clear();
    if (s.queued.size() != static_cast<size_t>(c.pid_count())) s.queued.assign(c.pid_count(), 0);
    if (++s.queued_stamp == 0) {
        std::fill(s.queued.begin(), s.queued.end(), 0);
        s.queued_stamp = 1;
    }
    size_t head_on = 0, head_off = 0;
    int length = 0;
    const Technique technique = pass.cycle();
    while (head_on < s.pend_on.size() || head_off < s.pend_off.size()) {
        // The cycles this round closes have a complexity of length + 2 (the start counted
        // once): a pruned run stops once they cannot sort first.
        if (!may_beat_best(s, technique, std::max(kShortestCycle, length + 2), pass.sort_key))
            break;
        ++length;
        while (head_on < s.pend_on.size()) {
            const int p = s.pend_on[head_on++];
            c.on_to_off(g, a.pid(p), pass.y, [&](Pid q, Cause cause) {
                // Only potentials that lead back to the start can be on a cycle, and every
                // parent of one leads back too: the others are left out, and the search
                // finds the same cycles by the same paths.
                if (!s.reach->reaches(q, start_pid)) return true;
                // An off potential queued again leads to no new on potential (the first one
                // added them all): it matters only if it closes a cycle. Skipping the others
                // changes nothing found, and saves most of the search.
                const bool queued = s.queued[q] == s.queued_stamp;
                if (queued && !c.off_implies_on(g, q, start_pid, pass.y, pass.x)) return true;
                // Every off node of this search was queued, so one never queued is no ancestor.
                if (!queued || !c.is_ancestor(p, q)) {
                    s.queued[q] = s.queued_stamp;
                    s.pend_off.push_back(a.add(q, cause, p));
                }
                return true;
            });
        }
        ++length;
        while (head_off < s.pend_off.size()) {
            const int p = s.pend_off[head_off++];
            c.off_to_on(g, p, pass.y, pass.x, nullptr);
            for (int q : c.outs()) {
                const Pid qp = a.pid(q);
                if (length >= 4 && qp == start_pid) s.cycles.push_back(q);
                if (!on.contains(qp) && s.reach->reaches(qp, start_pid)) {
                    on.add(qp, q);
                    s.pend_on.push_back(q);
                }
            }
        }
    }
    const Topology& topo = g.topology();
    const int n = g.size();
    for (int dst : s.cycles) {
        const uint32_t stamp = next_stamp(s);
        int cells = 0;
        for (int i = dst; i >= 0; i = a.parent0(i)) {
            const int cc = c.cell_of(a.pid(i));
            if (s.chain_cell[cc] != stamp) ++cells;
            s.chain_cell[cc] = stamp;
        }
        s.touched.clear();
        for (int i = dst; a.parent0(i) >= 0; i = a.parent0(i)) {
            const Pid p = a.pid(i);
            const int digit = c.digit_of(p);
            for (int peer : topo.peers(c.cell_of(p))) {
                if (s.chain_cell[peer] == stamp || !g.has(peer, digit)) continue;
                const size_t k = static_cast<size_t>(peer) * n + digit - 1;
                if (Chainer::on_of(p)) {
                    s.f_mark[k] = stamp;
                    s.touched.push_back(static_cast<int>(k));
                } else {
                    s.b_mark[k] = stamp;
                }
            }
        }
        const int complexity = c.ancestors(dst);
        const ChainVariant variant =
            (!pass.y && cells == 4) ? ChainVariant::generalized_x_wing : ChainVariant::cycle;
        s.hints.start(technique, complexity, pass.sort_key, variant);
        for (int k : s.touched) {
            if (s.b_mark[k] == stamp) s.hints.eliminate(k / n, k % n + 1);
        }
        add_target(s, explain, dst);
        const int targets[1] = {dst};
        if (commit(s, targets)) note_committed(s);
    }
}

// The forcing-chain BFS from (cell, v) on (looking for (cell, v) off) or from (cell, v) off
// (looking for (cell, v) on).
void static_forcing(Scratch& s, int cell, int v, const StaticPass& pass, bool from_on,
                    bool explain) {
    Chainer& c = s.chainer;
    ChainArena& a = c.arena();
    const CandidateGrid& g = c.grid();
    PotentialSet& on = c.set(0);
    PotentialSet& off = c.set(1);
    on.clear();
    off.clear();
    const Pid pon = c.pid(cell, v, true);
    const Pid poff = c.pid(cell, v, false);
    const int start = a.add(from_on ? pon : poff, Cause::assumption, -1);
    s.pend_on.clear();
    s.pend_off.clear();
    if (from_on) {
        on.add(pon, start);
        s.pend_on.push_back(start);
    } else {
        off.add(poff, start);
        s.pend_off.push_back(start);
    }
    size_t head_on = 0, head_off = 0;
    int target = -1;
    // Only potentials that lead to the target matter, and every parent of one leads there too:
    // the others are left out, and the search finds the same target by the same path.
    const Pid goal = from_on ? poff : pon;
    for (int round = 1; target < 0 && (head_on < s.pend_on.size() || head_off < s.pend_off.size());
         ++round) {
        // A target this round reaches has a complexity of 2 * round, from either start: a
        // pruned run stops once it cannot sort first.
        if (!may_beat_best(s, pass.forcing(), 2 * round, pass.sort_key)) return;
        while (target < 0 && head_on < s.pend_on.size()) {
            const int p = s.pend_on[head_on++];
            c.on_to_off(g, a.pid(p), pass.y, [&](Pid q, Cause cause) {
                if (from_on && q == poff) {
                    target = a.add(q, cause, p);
                    return false;
                }
                // Every off node of this search is in `off`: one that is not is no ancestor.
                if (!off.contains(q) && s.reach->reaches(q, goal)) {
                    const int qn = a.add(q, cause, p);
                    off.add(q, qn);
                    s.pend_off.push_back(qn);
                }
                return true;
            });
        }
        while (target < 0 && head_off < s.pend_off.size()) {
            const int p = s.pend_off[head_off++];
            c.off_to_on(g, p, pass.y, true, nullptr);
            for (int q : c.outs()) {
                const Pid qp = a.pid(q);
                if (!from_on && qp == pon) {
                    target = q;
                    break;
                }
                if (!on.contains(qp) && s.reach->reaches(qp, goal)) {
                    on.add(qp, q);
                    s.pend_on.push_back(q);
                }
            }
        }
    }
    if (target < 0) return;
    const int complexity = c.ancestors(target);
    const Technique t = pass.y            ? Technique::forcing_chain
                        : complexity == 6 ? Technique::turbot_fish
                                          : Technique::forcing_x_chain;
    s.hints.start(t, complexity, pass.sort_key, ChainVariant::forcing_chain);
    if (from_on) {
        s.hints.eliminate(cell, v);
    } else {
        s.hints.place(g, cell, v);
    }
    add_target(s, explain, target);
    const int targets[1] = {target};
    if (commit(s, targets)) note_committed(s);
}

// ---- C3-C5: binary, cell and region chains (5.5) ----------------------------------------------

// A binary producer (5.5): the rules of its propagation and the technique of each kind of
// hint it finds (each rated by the table).
struct Mode {
    bool multiple = false;  // cell and region chains of more than two branches
    bool dynamic = false;
    bool nishio = false;
    Technique contradiction = Technique::nishio;
    Technique double_ = Technique::nishio;
    Technique cell = Technique::nishio;
    Technique region = Technique::nishio;
    int level = 0;     // the chaining level (techniques.def): 1 "(+)", 2-5 nested
    int producer = 0;  // its Scratch in the workspace (scratch())
};

constexpr Mode kNishioMode{.dynamic = true,
                           .nishio = true,
                           .contradiction = Technique::nishio,
                           .double_ = Technique::nishio,
                           .cell = Technique::nishio,
                           .region = Technique::nishio,
                           .producer = 1};
constexpr Mode kMultipleMode{.multiple = true,
                             .contradiction = Technique::cell_forcing_chains,
                             .double_ = Technique::cell_forcing_chains,
                             .cell = Technique::cell_forcing_chains,
                             .region = Technique::region_forcing_chains,
                             .producer = 2};
constexpr Mode kDynamicMode{.multiple = true,
                            .dynamic = true,
                            .contradiction = Technique::dynamic_contradiction,
                            .double_ = Technique::dynamic_double,
                            .cell = Technique::dynamic_cell,
                            .region = Technique::dynamic_region,
                            .producer = 3};

// The dynamic producer of a chaining level (1-5): one technique, the row of that level.
Mode level_mode(int level) {
    static const std::array<Technique, 6> kByLevel = [] {
        std::array<Technique, 6> by_level{};
        for (const TechniqueInfo& info : all_techniques()) {
            if (info.chain_level > 0) by_level[static_cast<size_t>(info.chain_level)] = info.id;
        }
        return by_level;
    }();
    const Technique t = kByLevel[static_cast<size_t>(level)];
    return {.multiple = true,
            .dynamic = true,
            .contradiction = t,
            .double_ = t,
            .cell = t,
            .region = t,
            .level = level,
            .producer = 3 + level};
}

void collect_binary(Scratch& s, const CandidateGrid& grid, const Mode& mode, bool explain);
void collect_static(Scratch& s, const CandidateGrid& grid, bool explain, bool prune = false);

// The producers a nested level runs on a reduced grid (5.6); the value keys the memo and is the
// kind of a nested deduction (NestedInfo::kind). level_one: the level-1 rules (no producer run,
// no nested id: the kind an explanation gives an advanced node without one).
enum class NestedRun : int {
    static_chains = 0,
    multiple = -1,
    dynamic = -2,
    level_one = 1,
    level_2 = 2
};

// The units a run of `kind` that need not search takes at once (detail::static_chain_units).
void take_skipped_units(Scratch& s, NestedRun kind, const CandidateGrid& grid) {
    const uint64_t units = kind == NestedRun::static_chains ? detail::static_chain_units(grid)
                                                            : detail::multiple_chain_units(grid);
    s.aborted = s.limits != nullptr && (!s.limits->take_work(units) || s.limits->expired());
}

// The houses of `cell` whose region chains for v start at it: v has two places there (more for
// the multiple chains) and cell is the first. Fills houses[], returns how many.
int region_starts(const CandidateGrid& g, int cell, int v, bool multiple, int houses[3]) {
    const Topology& topo = g.topology();
    const int all[3] = {topo.box_house(topo.box_of(cell)), topo.row_house(topo.row_of(cell)),
                        topo.col_house(topo.col_of(cell))};
    int k = 0;
    for (int h : all) {
        const uint64_t pos = g.positions(h, v);
        const int count = std::popcount(pos);
        if (!(count == 2 || (multiple && count > 2))) continue;
        if (topo.house(h)[std::countr_zero(pos)] != cell) continue;
        houses[k++] = h;
    }
    return k;
}

// The branch starts (on potentials) of the cell chain of `cell`, and of the region chain of v
// in house h, on g, into `starts`.
void cell_branch_starts(const Chainer& c, const CandidateGrid& g, int cell,
                        std::vector<Pid>& starts) {
    starts.clear();
    for (int v : g.candidates(cell)) starts.push_back(c.pid(cell, v, true));
}
void region_branch_starts(const Chainer& c, const CandidateGrid& g, int h, int v,
                          std::vector<Pid>& starts) {
    const int* cells = g.topology().house(h).data();
    starts.clear();
    for (uint64_t b = g.positions(h, v); b != 0; b &= b - 1)
        starts.push_back(c.pid(cells[std::countr_zero(b)], v, true));
}

// Whether some cell or region chain of the static multiple producer on `grid` (reduced from
// the grid `reach` was built for, begin_reduced called) has branches that may meet: the
// chains collect_binary propagates at most. `c` numbers the potentials; s gives the scratch.
bool multiple_may_meet(Scratch& s, const Chainer& c, detail::StaticReach& reach,
                       const CandidateGrid& grid) {
    const int n = grid.size();
    for (int cell = 0; cell < n * n; ++cell) {
        if (grid.value(cell) != 0 || grid.candidates(cell).size() <= 2) continue;
        cell_branch_starts(c, grid, cell, s.branch_starts);
        if (reach.reduced_meet(s.branch_starts)) return true;
        for (int v : grid.candidates(cell)) {
            int houses[3];
            const int regions = region_starts(grid, cell, v, /*multiple=*/true, houses);
            for (int i = 0; i < regions; ++i) {
                region_branch_starts(c, grid, houses[i], v, s.branch_starts);
                if (reach.reduced_meet(s.branch_starts)) return true;
            }
        }
    }
    return false;
}

// Runs the nested producer `kind` on `grid` into inner.hints (nothing for the level-1 rules,
// which are not a producer).
void run_nested_producer(Scratch& inner, NestedRun kind, const CandidateGrid& grid, bool explain) {
    switch (kind) {
        case NestedRun::static_chains:
            collect_static(inner, grid, explain);
            break;
        case NestedRun::multiple:
            collect_binary(inner, grid, kMultipleMode, explain);
            break;
        case NestedRun::dynamic:
            collect_binary(inner, grid, kDynamicMode, explain);
            break;
        case NestedRun::level_2:
            collect_binary(inner, grid, level_mode(2), explain);
            break;
        case NestedRun::level_one:
            break;
    }
}

// 5.6: the rules a propagation of level > 0 tries when it runs dry: the level-1 rules, then
// (levels 2-5) whole chaining producers run on the reduced grid, whose hints become advanced
// potentials parented by the removals they needed.
void advanced_rules(Scratch& s, Chainer& c, const CandidateGrid& work, PotentialSet& to_off,
                    int level) {
    detail::ChainState& state = *s.state;
    const uint64_t key = s.depth == 0 ? grid_hash(work) : 0;  // the memos' (top level only)
    if (s.depth == 0) {
        const int kind = static_cast<int>(NestedRun::level_one);
        auto& memo = state.level_one_memo;
        if (const detail::ReducedDeductions* known = memo.find(c.grid(), work, key, kind)) {
            if (detail::replay_level_one(c, *known, to_off, s.rule_parents)) return;
        } else {
            const bool added = detail::level_one_rules(c, c.grid(), work, to_off, s.rule_parents,
                                                       s.rule_elims, &state.level_one);
            memo.store(work, kind, state.level_one);
            if (added) return;
        }
    } else if (detail::level_one_rules(c, c.grid(), work, to_off, s.rule_parents, s.rule_elims)) {
        return;
    }
    if (level < 2 || s.depth + 1 >= kMaxDepth) return;
    Scratch& inner = scratch(state, s.producer, s.depth + 1);
    inner.cached.reset();
    bool reduced_begun = false;  // s.reach->begin_reduced(..., work) called
    // The hints of one nested producer on `work`.
    auto run = [&](NestedRun kind, NestedHints& out) {
        inner.outer = &c.grid();
        inner.limits = s.limits;
        out.clear();
        // On most reduced grids the static producers find nothing to keep, as the outer grid's
        // graph tells (this depth's: the static producers ran on it before any nested level):
        // no static chain through a link the outer grid lacks, the only ones kept, and no cell
        // or region chain whose branches meet.
        if (s.depth == 0 && (kind == NestedRun::static_chains || kind == NestedRun::multiple)) {
            if (!reduced_begun) {
                s.reach->build(c, c.grid());
                s.reach->begin_reduced(c.grid(), work);
                reduced_begun = true;
            }
            const bool may_keep = kind == NestedRun::static_chains
                                      ? s.reach->reduced_chain_through_new_link()
                                      : multiple_may_meet(inner, c, *s.reach, work);
            if (!may_keep) {
                take_skipped_units(inner, kind, work);
                return;
            }
        }
        run_nested_producer(inner, kind, work, false);
        inner.hints.for_each_sorted([&](const ChainHint& h, std::span<const Candidate> elims,
                                        std::span<const Candidate> rules) {
            if (rules.empty()) return;
            const int e = static_cast<int>(out.elims.size());
            const int r = static_cast<int>(out.rules.size());
            out.elims.insert(out.elims.end(), elims.begin(), elims.end());
            out.rules.insert(out.rules.end(), rules.begin(), rules.end());
            out.list.push_back({h.complexity, e, static_cast<int>(out.elims.size()), r,
                                static_cast<int>(out.rules.size())});
        });
    };
    // Runs one nested producer (its result remembered at the top level); true when its hints
    // added a potential.
    auto nested = [&](NestedRun run_kind) {
        GridMemo<NestedHints>& memo = state.memo;
        const int kind = static_cast<int>(run_kind);
        const NestedHints* result = s.depth == 0 ? memo.find(c.grid(), work, key, kind) : nullptr;
        if (result == nullptr) {
            NestedHints& out = state.fresh[s.depth];
            run(run_kind, out);
            if (inner.aborted) {
                s.aborted = true;
                return false;
            }
            if (s.depth == 0) memo.store(work, kind, out);
            result = &out;
        }
        int added = 0;
        for (const detail::ReducedDeduction& h : result->list) {
            s.rule_parents.clear();
            for (int i = h.rule_begin; i < h.rule_end; ++i) {
                const Candidate& r = result->rules[i];
                const int node = to_off.find(c.pid(r.cell, r.digit, false));
                if (node >= 0) s.rule_parents.push_back(node);
            }
            if (s.rule_parents.empty()) continue;
            int id = -1;
            for (int i = h.elim_begin; i < h.elim_end; ++i) {
                const Candidate& e = result->elims[i];
                const Pid q = c.pid(e.cell, e.digit, false);
                if (to_off.contains(q)) continue;
                if (id < 0) id = c.add_nested(h.complexity, kind);
                c.add_advanced(to_off, q, s.rule_parents, id);
                ++added;
            }
        }
        s.rule_parents.clear();
        return added > 0;
    };
    // Level 2: static chains (C1); 3: static, else multiple (C4); 4: dynamic (C5); 5: dynamic,
    // else dynamic of level 2 (C7).
    switch (level) {
        case 2:
            nested(NestedRun::static_chains);
            break;
        case 3:
            if (!nested(NestedRun::static_chains)) nested(NestedRun::multiple);
            break;
        case 4:
            nested(NestedRun::dynamic);
            break;
        default:
            if (!nested(NestedRun::dynamic)) nested(NestedRun::level_2);
            break;
    }
}

// ---- The nested deductions of an explained step -------------------------------------------------

// Whether a step removes candidate x: eliminates it, or places another digit in its cell.
bool removes(const Step& step, const Candidate& x) {
    if (std::find(step.eliminations.begin(), step.eliminations.end(), x) != step.eliminations.end())
        return true;
    return std::any_of(step.placements.begin(), step.placements.end(),
                       [&](const Candidate& p) { return p.cell == x.cell && p.digit != x.digit; });
}

// The deductions of the level-1 rules (5.6) on `grid`, in their order: Pointing and Claiming,
// Hidden Pair, Naked Pair, X-Wing.
std::vector<Step> level_one_steps(const CandidateGrid& grid) {
    std::vector<Step> steps;
    for (Technique t : {Technique::pointing, Technique::claiming, Technique::hidden_pair,
                        Technique::naked_pair, Technique::x_wing}) {
        CollectSink sink(0, true);
        finder_of(t)(grid, sink);
        for (Step& step : sink.steps()) steps.push_back(std::move(step));
    }
    return steps;
}

void explain_nested(Scratch& s, const StepSink& limits, StepExplanation& why);

// The explanation of a hint of the run in `s`: its chain (with its links for the static
// producer), the start cell or house of cell and region chains, and its nested deductions.
void explain_hint(Scratch& s, const ChainHint& h, bool links, const StepSink& limits,
                  StepExplanation& why) {
    why.variant = static_cast<int>(h.variant);
    detail::explain_chain(s.chainer, s.keeper.kept(), s.hints.targets(h), links, why);
    if (h.variant == ChainVariant::region_chains) {
        why.houses.insert(why.houses.begin(), {h.source, Role::cover});
    } else if (h.variant == ChainVariant::cell_chains) {
        why.cells.insert(why.cells.begin(), {h.source, Role::pivot});
    }
    explain_nested(s, limits, why);
}

// Runs the nested producer `kind` on `grid` with explanations, at the depth below s, under
// the deadline and cancel flag of `limits` but not its work budget (the steps found never
// depend on whether they are explained); false when the limits cut it short.
bool run_explained(Scratch& s, NestedRun kind, const CandidateGrid& grid, const StepSink& limits) {
    Scratch& inner = scratch(*s.state, s.producer, s.depth + 1);
    inner.cached.reset();
    inner.outer = nullptr;  // every hint counts, whatever removals it needs
    FirstStepSink clock(false);
    clock.copy_limits(limits);
    inner.limits = &clock;
    run_nested_producer(inner, kind, grid, true);
    inner.limits = nullptr;
    return kind != NestedRun::level_one && !inner.aborted;
}

// A group of advanced nodes of one explanation whose deductions are looked for together: the
// same producer (or the level-1 rules) on the same grid.
struct NestedGroup {
    NestedRun kind;
    std::vector<Candidate> removed;  // what the grid lacks of the step's own
    std::vector<int> nodes;
};

void add_to_group(std::vector<NestedGroup>& groups, NestedRun kind, std::vector<Candidate> removed,
                  int node) {
    std::sort(removed.begin(), removed.end());
    removed.erase(std::unique(removed.begin(), removed.end()), removed.end());
    auto g = std::find_if(groups.begin(), groups.end(), [&](const NestedGroup& x) {
        return x.kind == kind && x.removed == removed;
    });
    if (g == groups.end()) g = groups.insert(groups.end(), {kind, std::move(removed), {}});
    g->nodes.push_back(node);
}

// Finds the deductions of a group's nodes (see explain_nested); `id` holds each node's
// nested id. Returns the nodes left without one.
std::vector<int> resolve_group(Scratch& s, const StepSink& limits, const NestedGroup& g,
                               const std::vector<int>& id, StepExplanation& why) {
    CandidateGrid reduced = s.chainer.grid();
    for (const Candidate& r : g.removed) reduced.eliminate(r.cell, r.digit);
    // The steps found there, in order (a producer's with their effect only until taken).
    std::vector<Step> steps;
    std::vector<const ChainHint*> hints;
    Scratch* inner = nullptr;
    if (g.kind == NestedRun::level_one) {
        steps = level_one_steps(reduced);
    } else {
        if (s.depth + 1 >= kMaxDepth || !run_explained(s, g.kind, reduced, limits)) return g.nodes;
        inner = &scratch(*s.state, s.producer, s.depth + 1);
        inner->hints.for_each_sorted(
            [&](const ChainHint& h, std::span<const Candidate> e, std::span<const Candidate>) {
                hints.push_back(&h);
                Step& step = steps.emplace_back();
                step.technique = h.technique;
                step.rating = h.rating;
                if (h.places) {
                    step.placements.push_back(h.placement);
                } else {
                    step.eliminations.assign(e.begin(), e.end());
                }
            });
    }
    // Each node's step: the first removing every candidate its nested deduction gave the
    // chain (all the nodes of its id), else the first removing its own.
    std::vector<size_t> chosen;
    for (int node : g.nodes) {
        std::vector<Candidate> want;
        for (size_t i = 0; i < why.nodes.size(); ++i) {
            if (static_cast<int>(i) == node || (id[node] >= 0 && id[i] == id[node]))
                want.push_back(why.nodes[i].candidate);
        }
        auto first = [&](auto&& pred) {
            return static_cast<size_t>(std::find_if(steps.begin(), steps.end(), pred) -
                                       steps.begin());
        };
        size_t k = first([&](const Step& st) {
            return std::all_of(want.begin(), want.end(),
                               [&](const Candidate& x) { return removes(st, x); });
        });
        if (k == steps.size()) {
            k = first([&](const Step& st) { return removes(st, why.nodes[node].candidate); });
        }
        chosen.push_back(k);
    }
    std::vector<int> left;
    std::vector<int> taken(steps.size(), -1);
    for (size_t i = 0; i < g.nodes.size(); ++i) {
        const size_t k = chosen[i];
        if (k == steps.size()) {
            left.push_back(g.nodes[i]);
            continue;
        }
        if (taken[k] < 0) {
            if (inner != nullptr) {
                explain_hint(*inner, *hints[k], g.kind == NestedRun::static_chains, limits,
                             steps[k].explanation);
            }
            taken[k] = static_cast<int>(why.nested.size());
            why.nested.push_back(std::move(steps[k]));
        }
        why.nodes[g.nodes[i]].nested = taken[k];
    }
    return left;
}

// The nested deductions of `why`, a step of the run in `s` whose advanced nodes' `nested` are
// still the chainer's ids (or -1: a level-1 rule). An advanced node's deduction is looked for
// on the run's grid less the node's parents (the removals it used): the nested producer (or
// the level-1 rules) runs there with explanations, and the first step in its order that
// removes every candidate the node's nested deduction gave the chain (else the node's own) is
// added to why.nested, once, and named by the node's `nested`; -1 when none is found (SE's
// rule parents leave out what an inner chain's own advanced nodes needed, so a level-2 chain
// that level 5 ran may not be found again on that grid).
void explain_nested(Scratch& s, const StepSink& limits, StepExplanation& why) {
    std::vector<NestedGroup> groups;
    std::vector<int> id(why.nodes.size(), -1);
    auto kind_of = [&](int node) {
        return id[node] >= 0 ? static_cast<NestedRun>(s.chainer.nested()[id[node]].kind)
                             : NestedRun::level_one;
    };
    for (size_t i = 0; i < why.nodes.size(); ++i) {
        ChainNode& node = why.nodes[i];
        if (node.cause != Cause::advanced) continue;
        id[i] = node.nested;
        node.nested = -1;
        std::vector<Candidate> removed;
        for (int p : node.parents) removed.push_back(why.nodes[p].candidate);
        add_to_group(groups, kind_of(static_cast<int>(i)), std::move(removed), static_cast<int>(i));
    }
    for (const NestedGroup& g : groups) resolve_group(s, limits, g, id, why);
}

// The pids present in all `k` node lists, in the order of the first, into s.common.
void intersect(Scratch& s, std::vector<std::vector<int>>& lists, int k) {
    const ChainArena& a = s.chainer.arena();
    s.common.clear();
    for (int node : lists[0]) s.count[a.pid(node)] = 1;
    for (int j = 1; j < k; ++j) {
        for (int node : lists[j]) {
            int& c = s.count[a.pid(node)];
            if (c == j) c = j + 1;
        }
    }
    for (int node : lists[0]) {
        int& c = s.count[a.pid(node)];
        if (c == k) s.common.push_back(a.pid(node));
        c = 0;
    }
}

// Hints from the potentials common to all branches (cell or region chains).
void branch_hints(Scratch& s, std::vector<std::vector<int>>& on_lists,
                  std::vector<std::vector<int>>& off_lists, int k, Technique technique,
                  int sort_key, ChainVariant variant, int source, int digit, bool explain) {
    Chainer& c = s.chainer;
    const ChainArena& a = c.arena();
    for (int side = 0; side < 2; ++side) {
        std::vector<std::vector<int>>& lists = side == 0 ? on_lists : off_lists;
        intersect(s, lists, k);
        for (Pid q : s.common) {
            s.targets.clear();
            for (int j = 0; j < k; ++j) {
                for (int node : lists[j]) {
                    if (a.pid(node) == q) {
                        s.targets.push_back(node);
                        break;
                    }
                }
            }
            const int complexity = c.nested_complexity(s.targets);
            ChainHint& h = s.hints.start(technique, complexity, sort_key, variant);
            h.source = source;
            h.digit = digit;
            if (side == 0) {
                s.hints.place(c.grid(), c.cell_of(q), c.digit_of(q));
            } else {
                s.hints.eliminate(c.cell_of(q), c.digit_of(q));
            }
            for (int node : s.targets) add_target(s, explain, node);
            // commit() walks the chains with s.targets as its stack.
            s.branch_targets = s.targets;
            commit(s, s.branch_targets,
                   variant == ChainVariant::cell_chains ? kAssumedCell : kAssumedRegion, source);
        }
    }
}

void ensure_lists(Scratch& s, int k) {
    if (static_cast<int>(s.lists_on.size()) < k) {
        s.lists_on.resize(k);
        s.lists_off.resize(k);
    }
}

// Whether a run of this mode records its propagations to append them again (propagate_from).
bool reuses(const Mode& mode) { return !mode.nishio && mode.level == 0; }

// Propagates from the potential `start` alone (propagate(), 5.3) into `on` and `off`. A binary
// producer with region chains propagates from one potential up to four times in a run (for its
// cell and for each house of its place); at level 0 the propagation depends on nothing but the
// run's grid and the start, so a repeat appends the recorded nodes again, in the same order, and
// everything found is the same.
bool propagate_from(Scratch& s, Pid start, PotentialSet& on, PotentialSet& off, const Mode& mode) {
    Chainer& c = s.chainer;
    const bool reuse = reuses(mode);
    if (reuse && s.record_of[start] >= 0) return c.replay(s.records[s.record_of[start]], on, off);
    on.clear();
    off.clear();
    const int begin = c.arena().add(start, Cause::assumption, -1);
    (Chainer::on_of(start) ? on : off).add(start, begin);
    const bool contradiction = c.propagate(on, off, mode.dynamic, mode.nishio, mode.level);
    if (reuse) {
        if (s.record_count == s.records.size()) s.records.emplace_back();
        c.record(begin, on, off, contradiction, s.records[s.record_count]);
        s.record_of[start] = static_cast<int32_t>(s.record_count++);
    }
    return contradiction;
}

// Whether the branches of the region chain of v in house h can have a target in common (the
// static chains: see StaticReach::meet).
bool region_may_meet(Scratch& s, int h, int v) {
    region_branch_starts(s.chainer, s.chainer.grid(), h, v, s.branch_starts);
    return s.reach->meet(s.branch_starts);
}

// Region chains for (cell, v) in houses[0..k): each place of v in the house, cell the first.
void region_chains(Scratch& s, int cell, int v, const Mode& mode, bool explain, const int* houses,
                   int k, std::vector<std::vector<int>>& on_lists,
                   std::vector<std::vector<int>>& off_lists) {
    Chainer& c = s.chainer;
    const CandidateGrid& g = c.grid();
    const Topology& topo = g.topology();
    for (int i = 0; i < k; ++i) {
        const int h = houses[i];
        const uint64_t pos = g.positions(h, v);
        const int count = std::popcount(pos);
        const int* cells = topo.house(h).data();
        int j = 0;
        for (uint64_t bits = pos; bits != 0; bits &= bits - 1, ++j) {
            const int other = cells[std::countr_zero(bits)];
            if (other == cell) {
                on_lists[j] = c.set(0).order();
                off_lists[j] = c.set(1).order();
                continue;
            }
            const Pid start = c.pid(other, v, true);
            if (reuses(mode) && s.record_of[start] >= 0) {
                c.replay_orders(s.records[s.record_of[start]], on_lists[j], off_lists[j]);
                continue;
            }
            PotentialSet& on = c.set(4);
            PotentialSet& off = c.set(5);
            propagate_from(s, start, on, off, mode);
            on_lists[j] = on.order();
            off_lists[j] = off.order();
        }
        branch_hints(s, on_lists, off_lists, count, mode.region, 6, ChainVariant::region_chains, h,
                     v, explain);
    }
}

// Collects the hints of a binary/cell/region producer (5.5) into s.hints.
void collect_binary(Scratch& s, const CandidateGrid& grid, const Mode& mode, bool explain) {
    start_run(s, grid);
    Chainer& c = s.chainer;
    c.set_advanced(mode.level > 0 ? &s : nullptr);
    s.record_of.assign(c.pid_count(), -1);
    s.record_count = 0;
    const int cells = grid.size() * grid.size();
    ensure_lists(s, 2 * grid.size());
    // Per value of the cell: lists_on/off[0..n); per position of a region: [n..2n).
    std::vector<std::vector<int>>& val_on = s.lists_on;
    std::vector<std::vector<int>>& val_off = s.lists_off;
    std::vector<std::vector<int>>& pos_on = s.pos_on;
    std::vector<std::vector<int>>& pos_off = s.pos_off;
    if (pos_on.size() < static_cast<size_t>(grid.size())) {
        pos_on.resize(grid.size());
        pos_off.resize(grid.size());
    }
    // The static multiple chains use their propagations only for cell and region chains, and a
    // static propagation reaches nothing the implication graph does not: a chain whose
    // branches reach no potential in common there finds nothing, and its branches are not
    // propagated (on the reduced grids of the nested levels, more than 99 % of them). The
    // units of work are counted as before.
    const bool static_multiple = mode.multiple && !mode.dynamic && !mode.nishio;
    if (static_multiple) s.reach->build(c, grid);
    for (int cell = 0; cell < cells; ++cell) {
        if (grid.value(cell) != 0) continue;
        const int count = grid.candidates(cell).size();
        if (!(count > 2 || (count > 1 && mode.dynamic))) continue;
        if (must_stop(s)) return;
        new_start(s);
        const bool do_double = count >= 3 && mode.dynamic && !mode.nishio;
        const bool do_contra = mode.dynamic || mode.nishio;
        const bool do_cell = !mode.nishio && (count == 2 || (mode.multiple && count > 2));
        bool cell_meets = do_cell;
        if (static_multiple && do_cell) {
            cell_branch_starts(c, grid, cell, s.branch_starts);
            cell_meets = s.reach->meet(s.branch_starts);
        }
        int k = 0;
        bool first_candidate = true;
        for (int v : grid.candidates(cell)) {
            // Each candidate's two propagations cost a unit of work beyond the cell's first.
            if (!first_candidate && must_stop(s)) return;
            first_candidate = false;
            int houses[3];
            int regions = mode.nishio ? 0 : region_starts(grid, cell, v, mode.multiple, houses);
            if (static_multiple) {
                int kept = 0;
                for (int i = 0; i < regions; ++i) {
                    if (region_may_meet(s, houses[i], v)) houses[kept++] = houses[i];
                }
                regions = kept;
                if (!cell_meets && regions == 0) {
                    ++k;
                    continue;
                }
            }
            PotentialSet& on_on = c.set(0);
            PotentialSet& on_off = c.set(1);
            PotentialSet& off_on = c.set(2);
            PotentialSet& off_off = c.set(3);
            const Pid pon = c.pid(cell, v, true);
            const Pid poff = c.pid(cell, v, false);
            if (propagate_from(s, pon, on_on, on_off, mode) && do_contra) {
                const int t1 = c.contradiction_on(), t2 = c.contradiction_off();
                const int both[2] = {t1, t2};
                s.hints.start(mode.contradiction, c.nested_complexity(both), 7,
                              ChainVariant::contradiction);
                s.hints.eliminate(cell, v);
                add_target(s, explain, t1);
                add_target(s, explain, t2);
                commit(s, both);
            }
            // The off propagation feeds only the contradiction and double steps: the static
            // multiple producer (neither) skips it, which changes nothing found.
            if ((do_contra || do_double) && propagate_from(s, poff, off_on, off_off, mode) &&
                do_contra) {
                const int t1 = c.contradiction_on(), t2 = c.contradiction_off();
                const int both[2] = {t1, t2};
                s.hints.start(mode.contradiction, c.nested_complexity(both), 7,
                              ChainVariant::contradiction);
                s.hints.place(grid, cell, v);
                add_target(s, explain, t1);
                add_target(s, explain, t2);
                commit(s, both);
            }
            if (do_double) {
                for (int side = 0; side < 2; ++side) {
                    const PotentialSet& first = side == 0 ? on_on : on_off;
                    const PotentialSet& second = side == 0 ? off_on : off_off;
                    for (size_t i = 0; i < first.size(); ++i) {
                        const Pid q = first.keys()[i];
                        const int other = second.find(q);
                        if (other < 0) continue;
                        const int mine = first.order()[i];
                        const int both[2] = {mine, other};
                        s.hints.start(mode.double_, c.nested_complexity(both), 1,
                                      ChainVariant::double_implication);
                        if (side == 0) {
                            s.hints.place(grid, c.cell_of(q), c.digit_of(q));
                        } else {
                            s.hints.eliminate(c.cell_of(q), c.digit_of(q));
                        }
                        add_target(s, explain, mine);
                        add_target(s, explain, other);
                        commit(s, both);
                    }
                }
            }
            if (regions > 0)
                region_chains(s, cell, v, mode, explain, houses, regions, pos_on, pos_off);
            if (cell_meets) {
                val_on[k] = on_on.order();
                val_off[k] = on_off.order();
            }
            ++k;
        }
        if (cell_meets) {
            branch_hints(s, val_on, val_off, k, mode.cell, 5, ChainVariant::cell_chains, cell, 0,
                         explain);
        }
    }
}

void binary_chains(const CandidateGrid& grid, StepSink& sink, const Mode& mode) {
    Scratch& s = scratch(sink.workspace().chains(), mode.producer);
    s.outer = nullptr;
    s.limits = &sink;
    if (!cached(s, grid, sink.explain())) collect_binary(s, grid, mode, sink.explain());
    if (s.aborted) {
        s.cached.reset();
        return;
    }
    s.hints.emit(sink, [&](const ChainHint& h, StepExplanation& why) {
        explain_hint(s, h, false, sink, why);
    });
}

// Collects the hints of the static producer (5.4) into s.hints; with `prune`, only those that
// may sort first (see Scratch::prune).
void collect_static(Scratch& s, const CandidateGrid& grid, bool explain, bool prune) {
    start_run(s, grid);
    s.prune = prune;
    s.best.reset();
    const StaticPass passes[3] = {{.y = false, .x = true, .sort_key = 2},
                                  {.y = true, .x = false, .sort_key = 3},
                                  {.y = true, .x = true, .sort_key = 4}};
    // Every pass runs even when the sink wants only some techniques: SE removes a later hint
    // whose eliminations equal an earlier one's, whatever its technique.
    const int cells = grid.size() * grid.size();
    Chainer& c = s.chainer;
    bool built = false;
    for (const StaticPass& pass : passes) {
        if (!pass_may_beat_best(s, pass)) continue;
        // One unit of work per pass, as a start cell (the unit of the per-step bound on large
        // grids, counted as when each pass built a graph of its own).
        if (must_stop(s)) return;
        // Only the searches whose target the graph reaches can find a hint. One graph with
        // every link serves the three passes: it holds each pass's own graph, so a target it
        // does not reach no pass reaches. Its weaker filter costs the x and y passes less than
        // two more graphs would (the 10+ band: about 18 % less CPU).
        if (!built) {
            s.reach->build(c, grid);
            built = true;
        }
        for (int cell = 0; cell < cells; ++cell) {
            if (grid.value(cell) != 0) continue;
            const DigitSet cands = grid.candidates(cell);
            if (cands.size() < 2 || (cands.size() > 2 && !pass.x)) continue;
            if (!pass_may_beat_best(s, pass)) break;
            if (must_stop(s)) return;
            for (int v : cands) {
                const Pid on = c.pid(cell, v, true), off = c.pid(cell, v, false);
                new_start(s);
                if (s.reach->on_cycle(on) && s.reach->cycle_may_eliminate(on))
                    static_cycles(s, cell, v, pass, explain);
                if (pass.x) {
                    if (s.reach->reaches(on, off)) static_forcing(s, cell, v, pass, true, explain);
                    if (s.reach->reaches(off, on)) static_forcing(s, cell, v, pass, false, explain);
                }
            }
        }
    }
}

}  // namespace

void find_static_chains(const CandidateGrid& grid, StepSink& sink) {
    Scratch& s = scratch(sink.workspace().chains(), 0);
    s.outer = nullptr;
    s.limits = &sink;
    // Only the first hint matters to a first-only sink that wants every technique of the
    // producer (an unwanted hint sorting first would hand on the next one).
    bool prune = sink.first_only();
    for (const TechniqueInfo& info : all_techniques()) {
        if (finder_of(info.id) == find_static_chains && !sink.wants(info.id)) prune = false;
    }
    if (!cached(s, grid, sink.explain(), prune)) collect_static(s, grid, sink.explain(), prune);
    if (s.aborted) {
        s.cached.reset();
        return;
    }
    s.hints.emit(sink, [&](const ChainHint& h, StepExplanation& why) {
        detail::explain_chain(s.chainer, s.keeper.kept(), s.hints.targets(h), true, why);
    });
}

void find_nishio_chains(const CandidateGrid& grid, StepSink& sink) {
    binary_chains(grid, sink, kNishioMode);
}

void find_multiple_chains(const CandidateGrid& grid, StepSink& sink) {
    binary_chains(grid, sink, kMultipleMode);
}
void find_dynamic_chains(const CandidateGrid& grid, StepSink& sink) {
    binary_chains(grid, sink, kDynamicMode);
}
void find_dynamic_plus_chains(const CandidateGrid& grid, StepSink& sink) {
    binary_chains(grid, sink, level_mode(1));
}
void find_nested_chains_2(const CandidateGrid& grid, StepSink& sink) {
    binary_chains(grid, sink, level_mode(2));
}
void find_nested_chains_3(const CandidateGrid& grid, StepSink& sink) {
    binary_chains(grid, sink, level_mode(3));
}
void find_nested_chains_4(const CandidateGrid& grid, StepSink& sink) {
    binary_chains(grid, sink, level_mode(4));
}
void find_nested_chains_5(const CandidateGrid& grid, StepSink& sink) {
    binary_chains(grid, sink, level_mode(5));
}

// ---- Text -----------------------------------------------------------------------------------

namespace {

// The nodes of the chain from its assumption to `node`, along the first parents.
std::vector<int> chain_to(const StepExplanation& why, int node) {
    std::vector<int> path;
    for (int i = node; i >= 0;) {
        path.push_back(i);
        const auto& parents = why.nodes[i].parents;
        i = parents.empty() ? -1 : parents[0];
    }
    std::reverse(path.begin(), path.end());
    return path;
}

// "r2c8=7 => r2c3<>7 => r2c3=5 => ...": the chain from its assumption to a node.
std::string path_text(const StepExplanation& why, int node, const StepWriter& w) {
    std::string out;
    for (int i : chain_to(why, node)) {
        if (!out.empty()) out += " => ";
        out += w.candidate(why.nodes[i].candidate, why.nodes[i].on);
    }
    return out;
}

// Eureka notation of a loop: "(8)r8c3-(8)r9c3=(8)r9c9-...": '=' strong, '-' weak.
std::string loop_text(const StepExplanation& why, const StepWriter& w) {
    std::string out;
    for (size_t i = 0; i < why.links.size(); ++i) {
        const ChainLink& l = why.links[i];
        if (i == 0) out += "(" + w.digit(l.from.digit) + ")" + w.cell(l.from.cell);
        out += l.kind == LinkKind::strong ? "=" : "-";
        out += "(" + w.digit(l.to.digit) + ")" + w.cell(l.to.cell);
    }
    return out;
}

}  // namespace

// The shape of a Turbot Fish that eliminates (on, off, on, off, on, off: two strong links of
// one digit joined by a weak link) under the names solvers teach it by: a Skyscraper when both
// strong links lie in rows, or both in columns, and their joined ends share the other kind of
// line; a 2-String Kite when one lies in a row and the other in a column (their joined ends then
// share a box). Empty for any other Turbot Fish (a strong link in a box, or ends joined by a
// box only) and for the ones that place.
std::string turbot_fish_shape(const Step& step, const Topology& topo) {
    const StepExplanation& why = step.explanation;
    if (step.technique != Technique::turbot_fish || why.targets.size() != 1) return "";
    std::vector<const ChainNode*> path;
    for (int i : chain_to(why, why.targets[0])) path.push_back(&why.nodes[i]);
    if (path.size() != 6) return "";
    for (size_t i = 0; i < path.size(); ++i) {
        if (path[i]->on != (i % 2 == 0)) return "";
    }
    // The strong links end at the on nodes 2 and 4; node 2 and node 3 are the joined ends.
    const Cause first = path[2]->cause, second = path[4]->cause;
    const int joined_a = path[2]->candidate.cell, joined_b = path[3]->candidate.cell;
    if (first == Cause::hidden_row && second == Cause::hidden_row) {
        return topo.col_of(joined_a) == topo.col_of(joined_b) ? "Skyscraper" : "";
    }
    if (first == Cause::hidden_column && second == Cause::hidden_column) {
        return topo.row_of(joined_a) == topo.row_of(joined_b) ? "Skyscraper" : "";
    }
    const bool row_and_column = (first == Cause::hidden_row && second == Cause::hidden_column) ||
                                (first == Cause::hidden_column && second == Cause::hidden_row);
    return row_and_column ? "2-String Kite" : "";
}

// "Forcing Chain: r2c8<>7 because r2c8=7 => r2c3<>7 => ... => r2c8<>7", "Bidirectional
// X-Cycle: (8)r8c3-(8)r9c3=... => r2c3<>8", "Cell Forcing Chains: r3c6<>9 because each
// candidate of r3c1 leads to it: r3c1=2 => ...; r3c1=5 => ...".
std::string render_chain(const Step& step, const StepWriter& w) {
    const StepExplanation& why = step.explanation;
    std::string name = StepWriter::name(step);
    const auto variant = static_cast<ChainVariant>(why.variant);
    if (variant == ChainVariant::generalized_x_wing) name = "Generalized X-Wing";
    if (const std::string shape = turbot_fish_shape(step, w.topology()); !shape.empty()) {
        name += " (" + shape + ")";
    }
    const std::string effect = w.effect(step);
    if (why.nodes.empty() || why.targets.empty()) return name + ": " + effect;
    auto branches = [&](const char* sep) {
        std::string out;
        for (size_t i = 0; i < why.targets.size(); ++i) {
            if (i > 0) out += sep;
            out += path_text(why, why.targets[i], w);
        }
        return out;
    };
    switch (variant) {
        case ChainVariant::cycle:
        case ChainVariant::generalized_x_wing:
            return name + ": " + loop_text(why, w) + " => " + effect;
        case ChainVariant::forcing_chain:
            return name + ": " + effect + " because " + branches("; ");
        case ChainVariant::contradiction:
            return name + ": " + effect + " because " + branches(" and ") + " cannot both hold";
        case ChainVariant::double_implication:
            return name + ": " + effect + " because both " + branches(" and ");
        case ChainVariant::cell_chains: {
            const int cell = why.cells.empty() ? 0 : why.cells[0].cell;
            return name + ": " + effect + " because each candidate of " + w.cell(cell) +
                   " leads to it: " + branches("; ");
        }
        case ChainVariant::region_chains: {
            const int house = why.houses.empty() ? -1 : why.houses[0].house;
            const int start_digit =
                why.nodes[chain_to(why, why.targets[0]).front()].candidate.digit;
            return name + ": " + effect + " because each place of " + w.digit(start_digit) +
                   " in " + w.house(house) + " leads to it: " + branches("; ");
        }
        default:
            return name + ": " + effect + " because " + branches("; ");
    }
}

}  // namespace sudokit
