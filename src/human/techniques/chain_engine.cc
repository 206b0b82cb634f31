// The chaining core (docs/se-rating.md 5.1-5.3, 5.7, 5.8): implications, propagation,
// ancestors, the length bonus, the sorted hint list and the explanation of a chain.
#include "human/techniques/chain_engine.h"

#include <algorithm>
#include <bit>

namespace sudokit::detail {

double length_bonus(int complexity) {
    double added = 0.0;
    int ceil = 4;
    const int length = complexity - 2;
    bool odd = false;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

void Chainer::begin(const CandidateGrid& grid) {
    base_ = &grid;
    topo_ = &grid.topology();
    n_ = grid.size();
    pid_count_ = n_ * n_ * n_ * 2;
    arena_.clear();
    nested_.clear();
    if (static_cast<int>(seen_cell_.size()) != n_ * n_) {
        seen_cell_.assign(n_ * n_, 0);
        cell_stamp_ = 0;
    }
    if (static_cast<int>(seen_pid_.size()) != pid_count_) {
        seen_pid_.assign(pid_count_, 0);
        pid_stamp_ = 0;
    }
    for (PotentialSet& s : sets_) {
        s.resize(pid_count_);
        s.clear();
    }
}

int Chainer::add_on_node(const CandidateGrid& g, int node, Pid q, Cause cause, int house,
                         const PotentialSet* to_off) {
    const int added = arena_.add(q, cause, node);
    if (&g == base_ || to_off == nullptr) return added;
    // The hidden parents: what the snapshot had there and the reduced grid has not.
    const Pid p = arena_.pid(node);
    const int cell = cell_of(p);
    const int digit = digit_of(p);
    if (house < 0) {
        for (int e : base_->candidates(cell).without(g.candidates(cell))) {
            const int parent = to_off->find(pid(cell, e, false));
            if (parent >= 0) arena_.add_parent(parent);
        }
    } else {
        const int* cells = topo_->house(house).data();
        for (uint64_t gone = base_->positions(house, digit) & ~g.positions(house, digit); gone != 0;
             gone &= gone - 1) {
            const int parent = to_off->find(pid(cells[std::countr_zero(gone)], digit, false));
            if (parent >= 0) arena_.add_parent(parent);
        }
    }
    return added;
}

void Chainer::off_to_on(const CandidateGrid& g, int node, bool use_y, bool use_x,
                        const PotentialSet* to_off) {
    outs_.clear();
    for_each_off_to_on(g, arena_.pid(node), use_y, use_x, [&](Pid q, Cause cause, int house) {
        outs_.push_back(add_on_node(g, node, q, cause, house, to_off));
    });
}

bool Chainer::is_ancestor(int node, Pid q) const {
    for (int i = node; i >= 0; i = arena_.parent0(i)) {
        if (arena_.pid(i) == q) return true;
    }
    return false;
}

int Chainer::ancestors(int node) {
    if (++pid_stamp_ == 0) {
        std::fill(seen_pid_.begin(), seen_pid_.end(), 0);
        pid_stamp_ = 1;
    }
    int count = 0;
    stack_.clear();
    stack_.push_back(node);
    while (!stack_.empty()) {
        const int i = stack_.back();
        stack_.pop_back();
        const Pid p = arena_.pid(i);
        if (seen_pid_[p] == pid_stamp_) continue;
        seen_pid_[p] = pid_stamp_;
        ++count;
        for (int parent : arena_.parents(i)) stack_.push_back(parent);
    }
    return count;
}

void Chainer::add_advanced(PotentialSet& to_off, Pid q, std::span<const int> parents, int nested) {
    if (to_off.contains(q)) return;
    const int node = arena_.add(q, Cause::advanced, parents.empty() ? -1 : parents[0]);
    for (size_t i = 1; i < parents.size(); ++i) arena_.add_parent(parents[i]);
    arena_.set_nested(node, nested);
    to_off.add(q, node);
    pend_off_.push_back(node);
}

int Chainer::nested_complexity(std::span<const int> targets) {
    int flat = 0;
    for (int t : targets) flat += ancestors(t);
    if (nested_.empty()) return flat;
    if (seen_nested_.size() < nested_.size()) seen_nested_.resize(nested_.size(), 0);
    if (++nested_stamp_ == 0) {
        std::fill(seen_nested_.begin(), seen_nested_.end(), 0);
        nested_stamp_ = 1;
    }
    // Every node reachable from the targets (by node, so every branch is walked).
    if (++pid_stamp_ == 0) {
        std::fill(seen_pid_.begin(), seen_pid_.end(), 0);
        pid_stamp_ = 1;
    }
    int extra = 0;
    for (int t : targets) {
        if (++pid_stamp_ == 0) {
            std::fill(seen_pid_.begin(), seen_pid_.end(), 0);
            pid_stamp_ = 1;
        }
        stack_.clear();
        stack_.push_back(t);
        while (!stack_.empty()) {
            const int i = stack_.back();
            stack_.pop_back();
            const ArenaNode& node = arena_.node(i);
            if (seen_pid_[node.pid] == pid_stamp_) continue;
            seen_pid_[node.pid] = pid_stamp_;
            if (node.nested >= 0 && seen_nested_[node.nested] != nested_stamp_) {
                seen_nested_[node.nested] = nested_stamp_;
                extra += nested_[node.nested].complexity;
            }
            for (int parent : arena_.parents(i)) stack_.push_back(parent);
        }
    }
    return flat + extra;
}

bool Chainer::propagate(PotentialSet& to_on, PotentialSet& to_off, bool dynamic, bool nishio,
                        int level) {
    const CandidateGrid* g = base_;
    if (dynamic) {
        work_ = *base_;
        g = &work_;
    }
    pend_on_ = to_on.order();
    pend_off_ = to_off.order();
    size_t head_on = 0, head_off = 0;
    const bool use_y = !nishio;
    while (head_on < pend_on_.size() || head_off < pend_off_.size()) {
        if (head_on < pend_on_.size()) {
            const int p = pend_on_[head_on++];
            bool contradiction = false;
            on_to_off(*g, arena_.pid(p), use_y, [&](Pid q, Cause cause) {
                const int on = to_on.find(q | 1);
                if (on >= 0) {
                    cont_on_ = on;
                    cont_off_ = arena_.add(q, cause, p);
                    contradiction = true;
                    return false;
                }
                if (!to_off.contains(q)) {
                    const int qn = arena_.add(q, cause, p);
                    to_off.add(q, qn);
                    pend_off_.push_back(qn);
                }
                return true;
            });
            if (contradiction) return true;
        } else {
            const int p = pend_off_[head_off++];
            const Pid pp = arena_.pid(p);
            bool contradiction = false;
            // A node only for the potentials that are new or contradict (the others would be
            // dropped): the nodes kept, and their order, are the same.
            for_each_off_to_on(*g, pp, use_y, true, [&](Pid qp, Cause cause, int house) {
                if (contradiction) return;
                const int off = to_off.find(qp & ~1);
                if (off >= 0) {
                    cont_on_ = add_on_node(*g, p, qp, cause, house, &to_off);
                    cont_off_ = off;
                    contradiction = true;
                } else if (!to_on.contains(qp)) {
                    const int q = add_on_node(*g, p, qp, cause, house, &to_off);
                    to_on.add(qp, q);
                    pend_on_.push_back(q);
                }
            });
            if (dynamic) work_.eliminate(cell_of(pp), digit_of(pp));
            if (contradiction) return true;
        }
        if (level > 0 && advanced_ != nullptr && head_on == pend_on_.size() &&
            head_off == pend_off_.size()) {
            advanced_->apply(*this, *g, to_off, level);
        }
    }
    return false;
}

void Chainer::record(int begin, const PotentialSet& to_on, const PotentialSet& to_off,
                     bool contradiction, PropagationRecord& record) const {
    arena_.record(begin, record);
    record.on_order.clear();
    record.off_order.clear();
    for (int node : to_on.order()) record.on_order.push_back(node - begin);
    for (int node : to_off.order()) record.off_order.push_back(node - begin);
    record.cont_on = contradiction ? cont_on_ - begin : -1;
    record.cont_off = contradiction ? cont_off_ - begin : -1;
}

bool Chainer::replay(const PropagationRecord& record, PotentialSet& to_on, PotentialSet& to_off) {
    const int begin = arena_.append(record);
    to_on.clear();
    to_off.clear();
    for (int node : record.on_order) to_on.add(arena_.pid(begin + node), begin + node);
    for (int node : record.off_order) to_off.add(arena_.pid(begin + node), begin + node);
    if (record.cont_on < 0) return false;
    cont_on_ = begin + record.cont_on;
    cont_off_ = begin + record.cont_off;
    return true;
}

void Chainer::replay_orders(const PropagationRecord& record, std::vector<int>& on,
                            std::vector<int>& off) {
    const int begin = arena_.append(record);
    on.resize(record.on_order.size());
    for (size_t i = 0; i < on.size(); ++i) on[i] = begin + record.on_order[i];
    off.resize(record.off_order.size());
    for (size_t i = 0; i < off.size(); ++i) off[i] = begin + record.off_order[i];
}

// ---- HintList ---------------------------------------------------------------------------------

void HintList::clear() {
    hints_.clear();
    elims_.clear();
    targets_.clear();
    rules_.clear();
    order_.clear();
}

ChainHint& HintList::start(Technique technique, int complexity, int sort_key,
                           ChainVariant variant) {
    ChainHint& h = hints_.emplace_back();
    h.technique = technique;
    h.rating = technique_info(technique).rating + length_bonus(complexity);
    h.complexity = complexity;
    h.sort_key = sort_key;
    h.variant = variant;
    h.places = false;
    h.placement = {};
    h.hash = 0;
    h.elim_begin = h.elim_end = static_cast<int>(elims_.size());
    h.target_begin = h.target_end = static_cast<int>(targets_.size());
    h.rule_begin = h.rule_end = static_cast<int>(rules_.size());
    h.source = -1;
    h.digit = 0;
    return h;
}

void HintList::place(const CandidateGrid& grid, int cell, int digit) {
    ChainHint& h = hints_.back();
    h.places = true;
    h.placement = {cell, digit};
    for (int e : grid.candidates(cell)) {
        if (e != digit) eliminate(cell, e);
    }
}

bool HintList::commit() {
    ChainHint& h = hints_.back();
    auto first = elims_.begin() + h.elim_begin;
    std::sort(first, elims_.end());
    elims_.erase(std::unique(first, elims_.end()), elims_.end());
    h.elim_end = static_cast<int>(elims_.size());
    h.target_end = static_cast<int>(targets_.size());
    auto rules = rules_.begin() + h.rule_begin;
    std::sort(rules, rules_.end());
    rules_.erase(std::unique(rules, rules_.end()), rules_.end());
    h.rule_end = static_cast<int>(rules_.size());
    if (h.elim_end == h.elim_begin) {
        targets_.resize(h.target_begin);
        rules_.resize(h.rule_begin);
        hints_.pop_back();
        return false;
    }
    uint64_t hash = 1469598103934665603ull;
    for (auto it = elims_.begin() + h.elim_begin; it != elims_.end(); ++it) {
        hash = (hash ^ static_cast<uint64_t>(it->cell * 64 + it->digit)) * 1099511628211ull;
    }
    h.hash = hash;
    return true;
}

void HintList::sort_unique() {
    std::vector<int> all(hints_.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
    std::stable_sort(all.begin(), all.end(),
                     [this](int a, int b) { return hints_[a].key() < hints_[b].key(); });
    order_.clear();
    for (int i : all) {
        const ChainHint& h = hints_[i];
        bool dup = false;
        for (int j : order_) {
            const ChainHint& k = hints_[j];
            if (k.hash != h.hash || k.elim_end - k.elim_begin != h.elim_end - h.elim_begin)
                continue;
            if (std::equal(elims_.begin() + h.elim_begin, elims_.begin() + h.elim_end,
                           elims_.begin() + k.elim_begin)) {
                dup = true;
                break;
            }
        }
        if (!dup) order_.push_back(i);
    }
}

// ---- TreeKeeper -------------------------------------------------------------------------------

int TreeKeeper::keep(const ChainArena& from, int node) {
    if (static_cast<int>(map_.size()) < from.size()) map_.resize(from.size(), 0);
    if (map_[node] > 0) return map_[node] - 1;
    // Parents have smaller indexes than their children: ascending order is a topological one.
    std::vector<int> found;
    stack_.clear();
    stack_.push_back(node);
    map_[node] = -1;
    while (!stack_.empty()) {
        const int i = stack_.back();
        stack_.pop_back();
        found.push_back(i);
        for (int p : from.parents(i)) {
            if (map_[p] == 0) {
                map_[p] = -1;
                stack_.push_back(p);
            }
        }
    }
    std::sort(found.begin(), found.end());
    for (int i : found) {
        const auto parents = from.parents(i);
        const int k =
            kept_.add(from.pid(i), from.node(i).cause, parents.empty() ? -1 : map_[parents[0]] - 1);
        for (size_t j = 1; j < parents.size(); ++j) kept_.add_parent(map_[parents[j]] - 1);
        kept_.set_nested(k, from.node(i).nested);
        map_[i] = k + 1;
    }
    return map_[node] - 1;
}

// ---- Explanation ------------------------------------------------------------------------------

void explain_chain(const Chainer& chainer, const ChainArena& kept, std::span<const int> targets,
                   bool with_links, StepExplanation& why) {
    const Topology& topo = chainer.grid().topology();
    // The nodes below the targets, ascending (parents first).
    std::vector<int> found;
    std::vector<int> index(static_cast<size_t>(kept.size()), -1);
    std::vector<int> stack(targets.begin(), targets.end());
    for (int t : targets) index[t] = -2;
    while (!stack.empty()) {
        const int i = stack.back();
        stack.pop_back();
        found.push_back(i);
        for (int p : kept.parents(i)) {
            if (index[p] == -1) {
                index[p] = -2;
                stack.push_back(p);
            }
        }
    }
    std::sort(found.begin(), found.end());
    for (int i : found) {
        index[i] = static_cast<int>(why.nodes.size());
        const Pid p = kept.pid(i);
        ChainNode node;
        node.candidate = {chainer.cell_of(p), chainer.digit_of(p)};
        node.on = Chainer::on_of(p);
        node.cause = kept.node(i).cause;
        node.nested = kept.node(i).nested;
        for (int parent : kept.parents(i)) node.parents.push_back(index[parent]);
        why.nodes.push_back(std::move(node));
    }
    for (int t : targets) why.targets.push_back(index[t]);
    if (with_links && !targets.empty()) {
        std::vector<int> path;
        for (int i = targets[0]; i >= 0; i = kept.parent0(i)) path.push_back(i);
        std::reverse(path.begin(), path.end());
        for (size_t k = 1; k < path.size(); ++k) {
            const Pid a = kept.pid(path[k - 1]);
            const Pid b = kept.pid(path[k]);
            why.links.push_back({{chainer.cell_of(a), chainer.digit_of(a)},
                                 {chainer.cell_of(b), chainer.digit_of(b)},
                                 Chainer::on_of(b) ? LinkKind::strong : LinkKind::weak});
        }
    }
    for (const ChainNode& node : why.nodes) {
        const int cell = node.candidate.cell;
        why.digits.add(node.candidate.digit);
        const CandidateMark mark{node.candidate, node.on ? Role::on : Role::off};
        if (std::find(why.candidates.begin(), why.candidates.end(), mark) == why.candidates.end())
            why.candidates.push_back(mark);
        if (std::none_of(why.cells.begin(), why.cells.end(),
                         [cell](const CellMark& m) { return m.cell == cell; }))
            why.cells.push_back({cell, Role::base});
        int house = -1;
        if (node.cause == Cause::hidden_box) house = topo.box_house(topo.box_of(cell));
        if (node.cause == Cause::hidden_row) house = topo.row_house(topo.row_of(cell));
        if (node.cause == Cause::hidden_column) house = topo.col_house(topo.col_of(cell));
        if (house >= 0 && std::none_of(why.houses.begin(), why.houses.end(),
                                       [house](const HouseMark& m) { return m.house == house; }))
            why.houses.push_back({house, Role::base});
    }
    if (why.houses.empty() && !why.cells.empty()) {
        why.houses.push_back({topo.box_house(topo.box_of(why.cells[0].cell)), Role::base});
    }
}

}  // namespace sudokit::detail
