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
    reduced_ok_ = false;
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

    // The edges, node by node (compressed rows). An on potential's are Chainer::on_to_off's
    // with both kinds of link: the cell's other candidates, and the digit in every peer that
    // still has it, found here with bit sets over the cells.
    const Topology& topo = g.topology();
    const int cell_words = (cells + 63) / 64;
    if (peer_bits_shape_ != g.shape() ||
        peer_bits_.size() != static_cast<size_t>(cells) * cell_words) {
        peer_bits_shape_ = g.shape();
        peer_bits_.assign(static_cast<size_t>(cells) * cell_words, 0);
        for (int cell = 0; cell < cells; ++cell) {
            for (int peer : topo.peers(cell))
                peer_bits_[static_cast<size_t>(cell) * cell_words + peer / 64] |= uint64_t{1}
                                                                                  << (peer % 64);
        }
    }
    digit_cells_.assign(static_cast<size_t>(n) * cell_words, 0);
    for (int cell = 0; cell < cells; ++cell) {
        for (int d : g.candidates(cell))
            digit_cells_[static_cast<size_t>(d - 1) * cell_words + cell / 64] |= uint64_t{1}
                                                                                 << (cell % 64);
    }
    edge_begin_.assign(nodes + 1, 0);
    edges_.clear();
    for (int cell = 0; cell < cells; ++cell) {
        const DigitSet cands = g.candidates(cell);
        const uint64_t* peers = peer_bits_.data() + static_cast<size_t>(cell) * cell_words;
        for (int d : cands) {
            const int k = candidate_[cell * n + d - 1];
            edge_begin_[2 * k] = static_cast<int32_t>(edges_.size());
            c.for_each_off_to_on(g, c.pid(cell, d, false), /*use_y=*/true, /*use_x=*/true,
                                 [&](Pid q, Cause, int) { edges_.push_back(node_of(q)); });
            edge_begin_[2 * k + 1] = static_cast<int32_t>(edges_.size());
            for (int e : cands) {
                if (e != d) edges_.push_back(2 * candidate_[cell * n + e - 1]);
            }
            const uint64_t* with_d = digit_cells_.data() + static_cast<size_t>(d - 1) * cell_words;
            for (int w = 0; w < cell_words; ++w) {
                for (uint64_t b = peers[w] & with_d[w]; b != 0; b &= b - 1) {
                    const int peer = 64 * w + std::countr_zero(b);
                    edges_.push_back(2 * candidate_[peer * n + d - 1]);
                }
            }
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

void StaticReach::begin_reduced(const CandidateGrid& outer, const CandidateGrid& reduced) {
    reduced_ok_ = false;
    if (!built_) return;
    const int n = reduced.size();
    const int cells = n * n;
    const Topology& topo = reduced.topology();
    reduced_off_.assign(words_, 0);
    reduced_nodes_.assign(words_, 0);
    for (int cell = 0; cell < cells; ++cell) {
        for (int d : reduced.candidates(cell)) {
            const int k = candidate_[cell * n + d - 1];
            if (k < 0) return;  // no reduction of the built grid
            reduced_off_[(2 * k) / 64] |= uint64_t{1} << ((2 * k) % 64);
        }
    }
    for (int w = 0; w < words_; ++w) reduced_nodes_[w] = reduced_off_[w] | (reduced_off_[w] << 1);
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
    tails_.assign(words_, 0);
    for (auto [p, q] : new_links_) {
        tails_[(p - 1) / 64] |= uint64_t{1} << ((p - 1) % 64);
        tails_[(q - 1) / 64] |= uint64_t{1} << ((q - 1) % 64);
    }
    if (++reduced_stamp_ == 0) {
        std::fill(reduced_row_stamp_.begin(), reduced_row_stamp_.end(), 0);
        std::fill(tail_stamp_.begin(), tail_stamp_.end(), 0);
        reduced_stamp_ = 1;
    }
    const size_t nodes = edge_begin_.size() - 1;
    if (reduced_row_stamp_.size() < nodes) {
        reduced_row_stamp_.resize(nodes, 0);
        reduced_rows_.resize(nodes * words_);
        tail_stamp_.resize(nodes, 0);
        tail_first_.resize(nodes);
    }
    // The new edges by tail (a list per off node), then each head's edges: those whose tail
    // its row holds. A head's joined row is computed when first asked (head_row).
    const int heads = 2 * static_cast<int>(new_links_.size());
    tail_next_.resize(heads);
    for (int e = 0; e < heads; ++e) {
        const int tail = head(e ^ 1) - 1;
        tail_next_[e] = tail_stamp_[tail] == reduced_stamp_ ? tail_first_[tail] : -1;
        tail_first_[tail] = e;
        tail_stamp_[tail] = reduced_stamp_;
    }
    head_edge_begin_.assign(heads + 1, 0);
    head_edges_.clear();
    for (int h = 0; h < heads; ++h) {
        head_edge_begin_[h] = static_cast<int32_t>(head_edges_.size());
        const uint64_t* own = row(head(h));
        for (int w = 0; w < words_; ++w) {
            for (uint64_t bits = own[w] & tails_[w]; bits != 0; bits &= bits - 1) {
                const int tail = 64 * w + std::countr_zero(bits);
                for (int e = tail_first_[tail]; e >= 0; e = tail_next_[e]) head_edges_.push_back(e);
            }
        }
    }
    head_edge_begin_[heads] = static_cast<int32_t>(head_edges_.size());
    head_row_done_.assign(heads, 0);
    head_seen_.assign(heads, 0);
    head_rows_.resize(static_cast<size_t>(heads) * words_);
    reduced_ok_ = true;
}

const uint64_t* StaticReach::head_row(int h) {
    uint64_t* to = head_rows_.data() + static_cast<size_t>(h) * words_;
    if (head_row_done_[h]) return to;
    head_row_done_[h] = 1;
    // The rows of the heads h reaches through the new edges (a depth-first walk).
    const uint64_t* own = row(head(h));
    std::copy(own, own + words_, to);
    if (++head_stamp_ == 0) {
        std::fill(head_seen_.begin(), head_seen_.end(), 0);
        head_stamp_ = 1;
    }
    head_seen_[h] = head_stamp_;
    head_stack_.assign(1, h);
    while (!head_stack_.empty()) {
        const int x = head_stack_.back();
        head_stack_.pop_back();
        for (int32_t i = head_edge_begin_[x]; i < head_edge_begin_[x + 1]; ++i) {
            const int e = head_edges_[i];
            if (head_seen_[e] == head_stamp_) continue;
            head_seen_[e] = head_stamp_;
            head_stack_.push_back(e);
            const uint64_t* from = row(head(e));
            for (int w = 0; w < words_; ++w) to[w] |= from[w];
        }
    }
    return to;
}

bool StaticReach::reduced_chain_through_new_link() {
    if (!reduced_ok_) return true;
    for (size_t i = 0; i < new_links_.size(); ++i) {
        const uint64_t* p = head_row(static_cast<int>(2 * i));
        const uint64_t* q = head_row(static_cast<int>(2 * i + 1));
        for (int w = 0; w < words_; ++w) {
            if (p[w] & q[w] & reduced_off_[w]) return true;
        }
    }
    return false;
}

const uint64_t* StaticReach::reduced_row(int node) {
    uint64_t* to = reduced_rows_.data() + static_cast<size_t>(node) * words_;
    if (reduced_row_stamp_[node] == reduced_stamp_) return to;
    reduced_row_stamp_[node] = reduced_stamp_;
    const uint64_t* own = row(node);
    bool joins = false;
    for (int w = 0; w < words_; ++w) {
        to[w] = own[w];
        joins |= (own[w] & tails_[w]) != 0;
    }
    if (joins) {
        const int heads = 2 * static_cast<int>(new_links_.size());
        for (int e = 0; e < heads; ++e) {
            const int tail = head(e ^ 1) - 1;
            if (!((own[tail / 64] >> (tail % 64)) & 1)) continue;
            const uint64_t* from = head_row(e);
            for (int w = 0; w < words_; ++w) to[w] |= from[w];
        }
    }
    for (int w = 0; w < words_; ++w) to[w] &= reduced_nodes_[w];
    return to;
}

bool StaticReach::reduced_meet(std::span<const Pid> starts) {
    if (!reduced_ok_) return true;
    meet_.assign(words_, ~uint64_t{0});
    for (Pid p : starts) {
        const int a = node_of(p);
        if (a < 0) return true;  // not a candidate of the built grid
        const uint64_t* bits = reduced_row(a);
        uint64_t any = 0;
        for (int w = 0; w < words_; ++w) any |= (meet_[w] &= bits[w]);
        if (any == 0) return false;
    }
    return true;
}

}  // namespace sudokit::detail
