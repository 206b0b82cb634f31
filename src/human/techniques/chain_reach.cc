#include "human/techniques/chain_reach.h"

#include <algorithm>
#include <bit>

namespace sudokit::detail {

namespace {
// The closure's limit, in 64-bit words (32 MiB); 9x9 needs at most 34 thousand.
constexpr size_t kMaxWords = size_t{1} << 22;
}  // namespace

bool StaticReach::build(Chainer& c, const CandidateGrid& g) {
    const int n = g.size();
    const int cells = n * n;
    if (g.shape() == built_shape_ && static_cast<int>(built_for_.size()) == cells) {
        int cell = 0;
        while (cell < cells && built_for_[cell] == g.candidates(cell).bits()) ++cell;
        if (cell == cells) return built_;
    }
    built_shape_ = g.shape();
    built_for_.resize(cells);
    for (int cell = 0; cell < cells; ++cell) built_for_[cell] = g.candidates(cell).bits();
    candidate_.assign(static_cast<size_t>(cells) * n, -1);
    int count = 0;
    for (int cell = 0; cell < cells; ++cell) {
        for (int d : g.candidates(cell)) candidate_[cell * n + d - 1] = count++;
    }
    const int nodes = 2 * count;
    words_ = (nodes + 63) / 64;
    built_ = static_cast<size_t>(nodes) * words_ <= kMaxWords;
    if (!built_) return false;

    // The edges, node by node (compressed rows).
    edge_begin_.assign(nodes + 1, 0);
    edges_.clear();
    for (int cell = 0; cell < cells; ++cell) {
        for (int d : g.candidates(cell)) {
            const int k = candidate_[cell * n + d - 1];
            edge_begin_[2 * k] = static_cast<int32_t>(edges_.size());
            c.for_each_off_to_on(g, c.pid(cell, d, false), /*use_y=*/true, /*use_x=*/true,
                                 [&](Pid q, Cause, int) { edges_.push_back(node_of(q)); });
            edge_begin_[2 * k + 1] = static_cast<int32_t>(edges_.size());
            c.on_to_off(g, c.pid(cell, d, true), /*use_y=*/true, [&](Pid q, Cause) {
                edges_.push_back(node_of(q));
                return true;
            });
        }
    }
    edge_begin_[nodes] = static_cast<int32_t>(edges_.size());

    // Tarjan's algorithm without recursion. A component is complete after every component it
    // reaches, so its closure is its own nodes and the closures of its edges' components.
    index_.assign(nodes, -1);
    low_.assign(nodes, 0);
    on_stack_.assign(nodes, 0);
    component_.assign(nodes, -1);
    component_on_.clear();
    merged_into_.clear();
    closure_.clear();
    stack_.clear();
    int next_index = 0;
    for (int root = 0; root < nodes; ++root) {
        if (index_[root] >= 0) continue;
        call_node_.assign(1, root);
        call_edge_.assign(1, edge_begin_[root]);
        index_[root] = low_[root] = next_index++;
        stack_.push_back(root);
        on_stack_[root] = 1;
        while (!call_node_.empty()) {
            const int v = call_node_.back();
            int32_t& e = call_edge_.back();
            if (e < edge_begin_[v + 1]) {
                const int w = edges_[e++];
                if (index_[w] < 0) {
                    index_[w] = low_[w] = next_index++;
                    stack_.push_back(w);
                    on_stack_[w] = 1;
                    call_node_.push_back(w);
                    call_edge_.push_back(edge_begin_[w]);
                } else if (on_stack_[w]) {
                    low_[v] = std::min(low_[v], index_[w]);
                }
                continue;
            }
            call_node_.pop_back();
            call_edge_.pop_back();
            if (!call_node_.empty()) {
                const int parent = call_node_.back();
                low_[parent] = std::min(low_[parent], low_[v]);
            }
            if (low_[v] != index_[v]) continue;
            // v roots a component: pop it, then close it.
            const int id = static_cast<int>(component_on_.size());
            const size_t at = closure_.size();
            closure_.resize(at + words_, 0);
            int on = 0;
            size_t first = stack_.size();
            do {
                --first;
            } while (stack_[first] != v);
            for (size_t i = first; i < stack_.size(); ++i) {
                const int u = stack_[i];
                on_stack_[u] = 0;
                component_[u] = id;
                closure_[at + u / 64] |= uint64_t{1} << (u % 64);
                on += u & 1;
            }
            // Each component reached is merged once (many edges lead into the same one). A
            // node without edges (most off potentials) is its own closure: one bit.
            merged_into_.push_back(id);
            uint64_t* to = closure_.data() + at;
            for (size_t i = first; i < stack_.size(); ++i) {
                const int u = stack_[i];
                for (int32_t j = edge_begin_[u]; j < edge_begin_[u + 1]; ++j) {
                    const int target = edges_[j];
                    if (edge_begin_[target] == edge_begin_[target + 1]) {
                        to[target / 64] |= uint64_t{1} << (target % 64);
                        continue;
                    }
                    const int other = component_[target];
                    if (merged_into_[other] == id) continue;
                    merged_into_[other] = id;
                    const uint64_t* from = closure_.data() + static_cast<size_t>(other) * words_;
                    for (int w = 0; w < words_; ++w) to[w] |= from[w];
                }
            }
            stack_.resize(first);
            component_on_.push_back(on);
        }
    }
    return true;
}

bool StaticReach::may_use_new_link(const CandidateGrid& outer, const CandidateGrid& reduced) {
    if (!built_) return true;
    const int n = reduced.size();
    const int cells = n * n;
    const Topology& topo = reduced.topology();
    reduced_off_.assign(words_, 0);
    for (int cell = 0; cell < cells; ++cell) {
        for (int d : reduced.candidates(cell)) {
            const int k = candidate_[cell * n + d - 1];
            if (k < 0) return true;  // not outer less candidates
            reduced_off_[(2 * k) / 64] |= uint64_t{1} << ((2 * k) % 64);
        }
    }
    // Node 2k + 1 is the on potential of candidate k.
    const auto on_node = [&](int cell, int d) { return 2 * candidate_[cell * n + d - 1] + 1; };
    new_links_.clear();
    for (int cell = 0; cell < cells; ++cell) {
        const DigitSet left = reduced.candidates(cell);
        if (left.size() != 2 || outer.candidates(cell).size() == 2) continue;
        DigitSet rest = left;
        rest.remove(left.lowest());
        new_links_.push_back({on_node(cell, left.lowest()), on_node(cell, rest.lowest())});
    }
    for (int house = 0; house < topo.house_count(); ++house) {
        const int* house_cells = topo.house(house).data();
        for (int d = 1; d <= n; ++d) {
            const uint64_t places = reduced.positions(house, d);
            if (std::popcount(places) != 2 || std::popcount(outer.positions(house, d)) == 2)
                continue;
            new_links_.push_back({on_node(house_cells[std::countr_zero(places)], d),
                                  on_node(house_cells[63 - std::countl_zero(places)], d)});
        }
    }
    for (auto [p, q] : new_links_) {
        reach_with_new_links(p, row_p_);
        reach_with_new_links(q, row_q_);
        for (int w = 0; w < words_; ++w) {
            if (row_p_[w] & row_q_[w] & reduced_off_[w]) return true;
        }
    }
    return false;
}

void StaticReach::reach_with_new_links(int node, std::vector<uint64_t>& to) {
    const auto row = [&](int v) {
        return closure_.data() + static_cast<size_t>(component_[v]) * words_;
    };
    const auto has = [&](int v) { return (to[v / 64] >> (v % 64)) & 1; };
    const uint64_t* own = row(node);
    to.assign(own, own + words_);
    // Edge 2i: P off -> Q on of link i; 2i + 1: Q off -> P on. Each row is joined once.
    edge_taken_.assign(2 * new_links_.size(), 0);
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t i = 0; i < new_links_.size(); ++i) {
            const auto [p, q] = new_links_[i];
            for (int side = 0; side < 2; ++side) {
                const int from = (side == 0 ? p : q) - 1, target = side == 0 ? q : p;
                if (edge_taken_[2 * i + side] || !has(from)) continue;
                edge_taken_[2 * i + side] = 1;
                grew = true;
                const uint64_t* joined = row(target);
                for (int w = 0; w < words_; ++w) to[w] |= joined[w];
            }
        }
    }
}

}  // namespace sudokit::detail
