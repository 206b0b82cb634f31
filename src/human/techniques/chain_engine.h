// The core of Sudoku Explainer's chaining producers (docs/se-rating.md section 5): potentials
// as small integers, insertion-ordered potential sets, the implication tree in an arena, the
// elementary implications, static and dynamic propagation, ancestors, the length bonus, and the
// hint list every producer collects, sorts (5.8) and hands to the sink.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "human/step_sink.h"
#include "sudokit/human.h"

namespace sudokit::detail {

// A potential (cell, digit, on/off) as ((cell * N + digit - 1) << 1) | on.
using Pid = int32_t;

// One node of the implication tree: a potential, why it holds, and its parents (ranges of
// ChainArena::parents_; parent[0] is the one it was derived from).
struct ArenaNode {
    Pid pid;
    Cause cause;
    int32_t parents_begin;
    int32_t parents_end;
    int32_t nested;  // Cause::advanced: the nested deduction (Chainer::nested), else -1
};

// A propagation's nodes, kept to be appended again (ChainArena::record, ChainArena::append):
// their parents counted from the first node, and the two sets' insertion orders likewise.
struct PropagationRecord {
    std::vector<ArenaNode> nodes;
    std::vector<int32_t> parents;
    std::vector<int32_t> on_order, off_order;
    int cont_on = -1, cont_off = -1;  // the contradiction's two nodes; -1: none
};

class ChainArena {
  public:
    void clear() {
        nodes_.clear();
        parents_.clear();
    }
    int size() const { return static_cast<int>(nodes_.size()); }
    int add(Pid pid, Cause cause, int parent) {
        const auto at = static_cast<int32_t>(parents_.size());
        if (parent >= 0) parents_.push_back(parent);
        nodes_.push_back({pid, cause, at, static_cast<int32_t>(parents_.size()), -1});
        return static_cast<int>(nodes_.size()) - 1;
    }
    // Adds a parent to the newest node.
    void add_parent(int parent) {
        parents_.push_back(parent);
        nodes_.back().parents_end = static_cast<int32_t>(parents_.size());
    }
    const ArenaNode& node(int i) const { return nodes_[i]; }
    // Copies nodes [begin, size()) into `record`, parents counted from `begin` (every parent
    // must be one of them).
    void record(int begin, PropagationRecord& record) const {
        record.nodes.assign(nodes_.begin() + begin, nodes_.end());
        const int32_t first = nodes_[begin].parents_begin;
        record.parents.assign(parents_.begin() + first, parents_.end());
        for (ArenaNode& n : record.nodes) {
            n.parents_begin -= first;
            n.parents_end -= first;
        }
        for (int32_t& parent : record.parents) parent -= begin;
    }
    // Appends a recorded propagation's nodes; returns the index of its first node.
    int append(const PropagationRecord& record) {
        const auto begin = static_cast<int32_t>(nodes_.size());
        const auto first = static_cast<int32_t>(parents_.size());
        for (int32_t parent : record.parents) parents_.push_back(parent + begin);
        for (ArenaNode n : record.nodes) {
            n.parents_begin += first;
            n.parents_end += first;
            nodes_.push_back(n);
        }
        return begin;
    }
    void set_nested(int i, int nested) { nodes_[i].nested = nested; }
    Pid pid(int i) const { return nodes_[i].pid; }
    std::span<const int32_t> parents(int i) const {
        const ArenaNode& n = nodes_[i];
        return {parents_.data() + n.parents_begin,
                static_cast<size_t>(n.parents_end) - static_cast<size_t>(n.parents_begin)};
    }
    int parent0(int i) const {
        const ArenaNode& n = nodes_[i];
        return n.parents_end > n.parents_begin ? parents_[n.parents_begin] : -1;
    }

  private:
    std::vector<ArenaNode> nodes_;
    std::vector<int32_t> parents_;
};

// An insertion-ordered set of potentials: the stored node of each pid, in insertion order.
class PotentialSet {
  public:
    void resize(int pid_count) {
        if (static_cast<int>(where_.size()) != pid_count) {
            where_.assign(pid_count, -1);
            order_.clear();
            keys_.clear();
        }
    }
    void clear() {
        for (Pid p : keys_) where_[p] = -1;
        order_.clear();
        keys_.clear();
    }
    int find(Pid pid) const { return where_[pid]; }
    bool contains(Pid pid) const { return where_[pid] >= 0; }
    void add(Pid pid, int node) {
        where_[pid] = node;
        order_.push_back(node);
        keys_.push_back(pid);
    }
    const std::vector<int>& order() const { return order_; }
    const std::vector<Pid>& keys() const { return keys_; }
    size_t size() const { return order_.size(); }

  private:
    std::vector<int32_t> where_;
    std::vector<int> order_;
    std::vector<Pid> keys_;
};

// SE's length bonus (5.7): +0.1 per threshold passed, added by repeated += 0.1 (5.9).
double length_bonus(int complexity);

// Where a hint sorts (5.8): by rating, complexity and the producer's sort key, then as found.
struct HintKey {
    double rating;
    int complexity;
    int sort_key;
    bool operator<(const HintKey& o) const {
        if (rating != o.rating) return rating < o.rating;
        if (complexity != o.complexity) return complexity < o.complexity;
        return sort_key < o.sort_key;
    }
};

// One collected hint of a chaining producer (before sorting).
struct ChainHint {
    Technique technique;
    double rating;
    int complexity;
    int sort_key;
    ChainVariant variant;
    bool places;
    Candidate placement;
    uint64_t hash;
    int elim_begin, elim_end;      // HintList::elims_ (sorted): SE's elimination map
    int target_begin, target_end;  // HintList::targets_: kept-arena nodes (explain only)
    int rule_begin, rule_end;      // HintList::rules_: removed candidates it needs (nested)
    int source;                    // the start cell (cell chains) or house (region chains)
    int digit;                     // region chains: the digit
    HintKey key() const { return {rating, complexity, sort_key}; }
};

class Chainer;

// The "+" and nested levels (5.6): asked when a propagation of level > 0 runs dry, with the
// partly reduced grid; it adds advanced off potentials through Chainer::add_advanced.
class AdvancedRules {
  public:
    virtual void apply(Chainer& chainer, const CandidateGrid& work, PotentialSet& to_off,
                       int level) = 0;

  protected:
    ~AdvancedRules() = default;
};

// A nested deduction an advanced potential depends on: its full complexity (5.7) and which
// nested producer found it (the producer's own key, so that an explanation can run it again).
struct NestedInfo {
    int complexity = 0;
    int kind = 0;
};

// The grid, the arena, the sets and the scratch of one producer run.
class Chainer {
  public:
    // The rules a propagation of level > 0 applies when it runs dry; null: none.
    void set_advanced(AdvancedRules* rules) { advanced_ = rules; }
    // An advanced off potential with its rule parents (stored nodes of to_off), when new.
    void add_advanced(PotentialSet& to_off, Pid q, std::span<const int> parents, int nested);
    int add_nested(int complexity, int kind) {
        nested_.push_back({complexity, kind});
        return static_cast<int>(nested_.size()) - 1;
    }
    const std::vector<NestedInfo>& nested() const { return nested_; }
    // Full complexity of a hint: ancestors of each target plus each distinct nested
    // deduction reachable from them.
    int nested_complexity(std::span<const int> targets);
    // Starts a producer run on `grid` (the snapshot every propagation starts from).
    void begin(const CandidateGrid& grid);

    const CandidateGrid& grid() const { return *base_; }
    // The same position in another object (a cached run read again).
    void rebind(const CandidateGrid& grid) {
        base_ = &grid;
        topo_ = &grid.topology();
    }
    int n() const { return n_; }
    Pid pid(int cell, int digit, bool on) const { return ((cell * n_ + digit - 1) << 1) | on; }
    int cell_of(Pid p) const { return (p >> 1) / n_; }
    int digit_of(Pid p) const { return (p >> 1) % n_ + 1; }
    static bool on_of(Pid p) { return (p & 1) != 0; }
    int pid_count() const { return pid_count_; }

    ChainArena& arena() { return arena_; }

    // Elementary implications of an on potential (5.2): visit(q, cause) for each off
    // potential, in SE's order; visit returns false to stop.
    template <class Visit>
    bool on_to_off(const CandidateGrid& g, Pid p, bool use_y, Visit&& visit);
    // Elementary implications of an off potential: new nodes (parent `node`) into outs_,
    // with hidden parents from `to_off` when g differs from the snapshot.
    void off_to_on(const CandidateGrid& g, int node, bool use_y, bool use_x,
                   const PotentialSet* to_off);
    const std::vector<int>& outs() const { return outs_; }

    // The on potentials off_to_on derives from the off potential p, without building nodes:
    // visit(q, cause, house), house -1 for the cell's last candidate.
    template <class Visit>
    void for_each_off_to_on(const CandidateGrid& g, Pid p, bool use_y, bool use_x,
                            Visit&& visit) const;
    // Whether off_to_on(g, off, use_y, use_x) yields `on`: for_each_off_to_on's rules, asked of
    // one target (only a house holding both cells can link them).
    bool off_implies_on(const CandidateGrid& g, Pid off, Pid on, bool use_y, bool use_x) const;
    // Whether a potential equal to q is `node` or one of its parent[0] ancestors.
    bool is_ancestor(int node, Pid q) const;
    // Distinct potentials reachable from `node` through all parents, itself included.
    int ancestors(int node);

    // 5.3 doChaining: seeds are already in the sets. True on a contradiction, with
    // contradiction_on/off the two nodes.
    bool propagate(PotentialSet& to_on, PotentialSet& to_off, bool dynamic, bool nishio,
                   int level = 0);
    int contradiction_on() const { return cont_on_; }
    int contradiction_off() const { return cont_off_; }
    // The propagation from one start potential (its node the arena's newest), recorded once run:
    // `begin` is that node. replay() appends it again and fills the sets as propagate() did,
    // for a producer that propagates from the same potential twice in one run (level 0 only:
    // the advanced rules keep state of their own).
    void record(int begin, const PotentialSet& to_on, const PotentialSet& to_off,
                bool contradiction, PropagationRecord& record) const;
    bool replay(const PropagationRecord& record, PotentialSet& to_on, PotentialSet& to_off);
    // replay() for a caller that needs only the sets' orders (the branches of a region chain):
    // the nodes appended, their orders written to on and off.
    void replay_orders(const PropagationRecord& record, std::vector<int>& on,
                       std::vector<int>& off);

    PotentialSet& set(int i) { return sets_[i]; }

  private:
    // The node of on potential q implied by off node `node` through `house` (-1: the cell's last
    // candidate), with its hidden parents from `to_off` when g differs from the snapshot.
    int add_on_node(const CandidateGrid& g, int node, Pid q, Cause cause, int house,
                    const PotentialSet* to_off);

    const CandidateGrid* base_ = nullptr;
    CandidateGrid work_{Grid(Shape{1, 1})};
    const Topology* topo_ = nullptr;
    int n_ = 0;
    int pid_count_ = 0;
    ChainArena arena_;
    std::vector<int> outs_;
    std::vector<int> pend_on_, pend_off_;
    std::vector<uint32_t> seen_cell_;
    uint32_t cell_stamp_ = 0;
    std::vector<uint32_t> seen_pid_;
    uint32_t pid_stamp_ = 0;
    std::vector<int> stack_;
    int cont_on_ = -1, cont_off_ = -1;
    PotentialSet sets_[8];
    AdvancedRules* advanced_ = nullptr;
    std::vector<NestedInfo> nested_;
    std::vector<uint32_t> seen_nested_;
    uint32_t nested_stamp_ = 0;
};

template <class Visit>
bool Chainer::on_to_off(const CandidateGrid& g, Pid p, bool use_y, Visit&& visit) {
    const int cell = cell_of(p);
    const int digit = digit_of(p);
    if (use_y) {
        for (int e : g.candidates(cell)) {
            if (e != digit && !visit(pid(cell, e, false), Cause::naked_single)) return false;
        }
    }
    if (++cell_stamp_ == 0) {
        std::fill(seen_cell_.begin(), seen_cell_.end(), 0);
        cell_stamp_ = 1;
    }
    seen_cell_[cell] = cell_stamp_;
    const int houses[3] = {topo_->box_house(topo_->box_of(cell)),
                           topo_->row_house(topo_->row_of(cell)),
                           topo_->col_house(topo_->col_of(cell))};
    const Cause causes[3] = {Cause::hidden_box, Cause::hidden_row, Cause::hidden_column};
    for (int k = 0; k < 3; ++k) {
        const int* cells = topo_->house(houses[k]).data();
        for (uint64_t bits = g.positions(houses[k], digit); bits != 0; bits &= bits - 1) {
            const int other = cells[std::countr_zero(bits)];
            if (seen_cell_[other] == cell_stamp_) continue;
            seen_cell_[other] = cell_stamp_;
            if (!visit(pid(other, digit, false), causes[k])) return false;
        }
    }
    return true;
}

template <class Visit>
void Chainer::for_each_off_to_on(const CandidateGrid& g, Pid p, bool use_y, bool use_x,
                                 Visit&& visit) const {
    const int cell = cell_of(p);
    const int digit = digit_of(p);
    Pid first = -1;
    if (use_y) {
        const DigitSet cands = g.candidates(cell);
        if (cands.size() == 2) {
            DigitSet rest = cands;
            rest.remove(digit);
            first = pid(cell, rest.lowest(), true);
            visit(first, Cause::naked_single, -1);
        }
    }
    if (!use_x) return;
    const int houses[3] = {topo_->box_house(topo_->box_of(cell)),
                           topo_->row_house(topo_->row_of(cell)),
                           topo_->col_house(topo_->col_of(cell))};
    const Cause causes[3] = {Cause::hidden_box, Cause::hidden_row, Cause::hidden_column};
    Pid seen[4] = {first, -1, -1, -1};  // one potential per target, from its first cause
    int count = first >= 0 ? 1 : 0;
    for (int k = 0; k < 3; ++k) {
        const int h = houses[k];
        const uint64_t pos = g.positions(h, digit);
        if (std::popcount(pos) != 2) continue;
        const int* cells = topo_->house(h).data();
        int other = cells[std::countr_zero(pos)];
        if (other == cell) other = cells[63 - std::countl_zero(pos)];
        const Pid q = pid(other, digit, true);
        if (std::find(seen, seen + count, q) != seen + count) continue;
        seen[count++] = q;
        visit(q, causes[k], h);
    }
}

inline bool Chainer::off_implies_on(const CandidateGrid& g, Pid off, Pid on, bool use_y,
                                    bool use_x) const {
    if (!on_of(on)) return false;
    const int cell = cell_of(off), digit = digit_of(off);
    const int on_cell = cell_of(on), on_digit = digit_of(on);
    if (use_y && on_cell == cell) {
        DigitSet rest = g.candidates(cell);
        if (rest.size() == 2) {
            rest.remove(digit);
            if (rest.lowest() == on_digit) return true;
        }
    }
    if (!use_x || on_digit != digit) return false;
    const int houses[3] = {
        topo_->box_of(cell) == topo_->box_of(on_cell) ? topo_->box_house(topo_->box_of(cell)) : -1,
        topo_->row_of(cell) == topo_->row_of(on_cell) ? topo_->row_house(topo_->row_of(cell)) : -1,
        topo_->col_of(cell) == topo_->col_of(on_cell) ? topo_->col_house(topo_->col_of(cell)) : -1};
    for (int h : houses) {
        if (h < 0) continue;
        const uint64_t pos = g.positions(h, digit);
        if (std::popcount(pos) != 2) continue;
        const int* cells = topo_->house(h).data();
        int other = cells[std::countr_zero(pos)];
        if (other == cell) other = cells[63 - std::countl_zero(pos)];
        if (other == on_cell) return true;
    }
    return false;
}

// Collects a producer's hints, sorts them as SE does (5.8) and hands them to the sink.
class HintList {
  public:
    void clear();
    // Starts a hint rated the technique's table rating plus the length bonus of its
    // complexity; its elimination map is built with eliminate()/place() and kept by commit()
    // (false and dropped when the map is empty).
    ChainHint& start(Technique technique, int complexity, int sort_key, ChainVariant variant);
    void eliminate(int cell, int digit) { elims_.push_back({cell, digit}); }
    // The hint places digit in cell: its map is the cell's other candidates.
    void place(const CandidateGrid& grid, int cell, int digit);
    void target(int kept_node) { targets_.push_back(kept_node); }
    // A candidate the hint needed removed (its rule parent when it is nested, 5.6).
    void rule(int cell, int digit) { rules_.push_back({cell, digit}); }
    // Each hint in SE's order, duplicates removed: visit(hint, eliminations, rule parents).
    template <class Visit>
    void for_each_sorted(Visit&& visit) {
        sort_unique();
        for (int i : order_) {
            const ChainHint& h = hints_[i];
            visit(h,
                  std::span<const Candidate>(elims_.data() + h.elim_begin,
                                             static_cast<size_t>(h.elim_end - h.elim_begin)),
                  std::span<const Candidate>(rules_.data() + h.rule_begin,
                                             static_cast<size_t>(h.rule_end - h.rule_begin)));
        }
    }
    bool commit();
    // Stable sort, duplicates removed, each wanted hint to the sink; `explain(hint, step)`
    // fills the explanation when the sink asks for one. False when the sink stopped.
    template <class Explain>
    bool emit(StepSink& sink, Explain&& explain);

    std::span<const int> targets(const ChainHint& h) const {
        return {targets_.data() + h.target_begin,
                static_cast<size_t>(h.target_end - h.target_begin)};
    }
    size_t size() const { return hints_.size(); }
    // The hint committed last (commit() returned true).
    const ChainHint& back() const { return hints_.back(); }

  private:
    void sort_unique();

    std::vector<ChainHint> hints_;
    std::vector<Candidate> elims_;
    std::vector<int> targets_;
    std::vector<Candidate> rules_;
    std::vector<int> order_;
};

template <class Explain>
bool HintList::emit(StepSink& sink, Explain&& explain) {
    sort_unique();
    for (int i : order_) {
        const ChainHint& h = hints_[i];
        if (!sink.wants(h.technique)) continue;
        Step& step = sink.start(h.technique);
        step.rating = h.rating;
        if (h.places) {
            step.placements.push_back(h.placement);
        } else {
            step.eliminations.assign(elims_.begin() + h.elim_begin, elims_.begin() + h.elim_end);
        }
        if (sink.explain()) {
            step.explanation.variant = static_cast<int>(h.variant);
            explain(h, step.explanation);
        }
        if (!sink.add(step)) return false;
    }
    return true;
}

// Copies the trees below some nodes of a work arena into a kept arena (explanations outlive
// the work arena, which is reset per start cell).
class TreeKeeper {
  public:
    void clear() { kept_.clear(); }
    // The kept copy of `node` and everything it depends on.
    int keep(const ChainArena& from, int node);
    // Forget the mapping of the previous work arena contents.
    void new_source() { map_.clear(); }
    const ChainArena& kept() const { return kept_; }

  private:
    ChainArena kept_;
    std::vector<int> map_;  // work node -> kept node + 1 (0: not kept yet)
    std::vector<int> stack_;
};

// The explanation of a chain step from kept nodes: nodes (parents before children), targets,
// links along parent[0] of the first target (cycles and X/XY chains), cells, houses, digits.
// An advanced node's `nested` is still the chainer's id (Chainer::nested) or -1: the caller
// turns it into an index of why.nested.
void explain_chain(const Chainer& chainer, const ChainArena& kept, std::span<const int> targets,
                   bool with_links, StepExplanation& why);

}  // namespace sudokit::detail

namespace sudokit::detail {
// Deductions made on a propagation's reduced grid (5.6), as the propagation takes them in: each
// with its eliminations and its rule parents as candidates, and (a nested producer's hint) its
// complexity. What one call of the level-1 rules added, or a nested producer's hints.
struct ReducedDeduction {
    int complexity;
    int elim_begin, elim_end, rule_begin, rule_end;
};
struct ReducedDeductions {
    std::vector<ReducedDeduction> list;
    std::vector<Candidate> elims, rules;
    void clear() {
        list.clear();
        elims.clear();
        rules.clear();
    }
    size_t items() const { return list.size() + elims.size() + rules.size(); }
};

// The level-1 rules of 5.6 on the reduced grid `work` (parents and elims are scratch); true
// when they added an advanced potential. With `record`, what they added is written there too.
bool level_one_rules(Chainer& chainer, const CandidateGrid& snapshot, const CandidateGrid& work,
                     PotentialSet& to_off, std::vector<int>& parents, std::vector<Candidate>& elims,
                     ReducedDeductions* record = nullptr);
// Adds the advanced potentials of a recorded call again, in the same order: a call on the same
// snapshot and reduced grid (its off potentials are then those of the recorded call) adds
// exactly these. True when it added one.
bool replay_level_one(Chainer& chainer, const ReducedDeductions& record, PotentialSet& to_off,
                      std::vector<int>& parents);

// The units of work (StepSink::take_work) a full run of the static chains (C1) and of the
// static multiple chains (C4) takes on `grid`. A nested run that need not search takes them at
// once, so the per-step bound cuts a path at the same step.
uint64_t static_chain_units(const CandidateGrid& grid);
uint64_t multiple_chain_units(const CandidateGrid& grid);
}  // namespace sudokit::detail
