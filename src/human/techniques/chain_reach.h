// Reachability in the static implication graph of Sudoku Explainer's static chain producer (C1,
// docs/se-rating.md 5.4), with every link its passes use (y and x). C1 runs a breadth-first
// search from every candidate, on and off, and most searches find nothing; a search whose
// target the graph does not reach at all can be skipped without changing what is found. Nested
// chains (5.6) run C1 on thousands of reduced grids per step, so this filter decides their
// speed. The static multiple chains (C4) ask it too: a cell or region chain's branches, static
// propagations, reach nothing the graph does not.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "human/techniques/chain_engine.h"

namespace sudokit::detail {

class StaticReach {
  public:
    // The graph of Chainer::on_to_off and Chainer::for_each_off_to_on with both kinds of link
    // over g's candidates, closed by strongly connected components (one bitset of reached
    // potentials per component). It contains the graph of each of C1's passes (an x pass
    // without cell links, a y pass without house links). False when the closure would be too
    // large (very large grids with many candidates): then every query says "maybe". A grid
    // with the candidates of the last one keeps its graph.
    bool build(Chainer& chainer, const CandidateGrid& g);
    // Whether some chain of implications leads from potential `from` to potential `to`.
    // (Inline, as the two below: the searches ask once per potential they reach.)
    bool reaches(Pid from, Pid to) const {
        if (!built_) return true;
        const int a = node_of(from), b = node_of(to);
        if (a < 0 || b < 0) return false;
        const uint64_t* bits = closure_.data() + static_cast<size_t>(component_[a]) * words_;
        return (bits[b / 64] >> (b % 64)) & 1;
    }
    // Whether some potential is reached from every one of `starts` (each reaches itself):
    // the branches of a cell or region chain can have a target in common only then.
    bool meet(std::span<const Pid> starts) const {
        if (!built_) return true;
        meet_.assign(words_, ~uint64_t{0});
        for (Pid p : starts) {
            const int a = node_of(p);
            if (a < 0) return false;
            const uint64_t* bits = closure_.data() + static_cast<size_t>(component_[a]) * words_;
            for (int w = 0; w < words_; ++w) meet_[w] &= bits[w];
        }
        for (int w = 0; w < words_; ++w) {
            if (meet_[w] != 0) return true;
        }
        return false;
    }
    // Whether p may lie on a cycle of C1's: one of four implications or more, which passes
    // through a second on potential. (The loops of two, from p to the other candidate of a
    // bivalue cell or the other place of a bilocal house and back, are no cycles of C1's, and
    // a component of such loops alone holds one on potential.)
    bool on_cycle(Pid p) const {
        if (!built_) return true;
        const int a = node_of(p);
        return a >= 0 && component_on_[component_[a]] > 1;
    }
    // Whether a cycle through on potential p may eliminate anything. A candidate x a cycle
    // eliminates sees one of its on potentials and one of its off ones in the same digit:
    // x on -> that off one ⇝ (round the cycle) p ⇝ that on one -> x off. So p reaches x off,
    // and x on reaches p, which is p off reaching x off (the contrapositive). No off potential
    // reached from both p on and p off: no cycle through p eliminates anything.
    bool cycle_may_eliminate(Pid p) const {
        if (!built_) return true;
        const int a = node_of(p);
        if (a < 0) return false;
        const uint64_t* on = row(a);
        const uint64_t* off = row(a - 1);
        for (int w = 0; w < words_; ++w) {
            if (on[w] & off[w] & 0x5555555555555555ull) return true;  // even nodes: off ones
        }
        return false;
    }

    // Queries about a grid reduced from the one built for (its candidates less some, as a
    // propagation leaves them), answered from this graph: begin_reduced() first. A "new" link
    // of the reduced grid is one the built grid lacks: a cell with two candidates left of more,
    // or a digit with two places left in a house of more. The reduced grid's links are the
    // built grid's and the new ones, so what a potential reaches there is at most its closure
    // row here joined with the rows behind the new links it reaches; the queries use that bound
    // (without a graph, or for a grid that is no reduction, they say "maybe").
    void begin_reduced(const CandidateGrid& outer, const CandidateGrid& reduced);
    // Whether a static chain of the reduced grid may pass through a new link. A nested static
    // run (5.6) keeps only such chains (a hint's rule parents are the removals that made its
    // links), and each one eliminates a candidate x whose off potential both ends P and Q (on
    // potentials) of a new link reach:
    //   - a forcing chain from x on runs x on ⇝ P off → Q ⇝ x off, and x on ⇝ P off is
    //     P ⇝ x off (every link has its contrapositive);
    //   - one from x off eliminates the other candidates y of the cell:
    //     y on → x off ⇝ P off → Q ⇝ x on → y off;
    //   - a cycle through the link is walked round from Q forward and from P backward, so both
    //     reach every on potential of it and the on version of every off one, and an eliminated
    //     candidate sees one of each.
    // False means a nested static run on the reduced grid keeps nothing.
    bool reduced_chain_through_new_link();
    // meet() on the reduced grid, bounded: false means its branches from `starts` have no
    // potential in common there.
    bool reduced_meet(std::span<const Pid> starts);

  private:
    const uint64_t* row(int node) const {
        return closure_.data() + static_cast<size_t>(component_[node]) * words_;
    }
    // Head h: the on node edge h leads to (P of link h / 2 when h is even, else Q).
    int head(int h) const {
        return h % 2 == 0 ? new_links_[h / 2].first : new_links_[h / 2].second;
    }
    // Head h's row joined along the new edges: the rows of the heads it reaches.
    const uint64_t* head_row(int h);
    // The bounded reach of `node` on the reduced grid (its row here, joined with the joined
    // rows of the new links' heads it reaches), computed once per reduced grid.
    const uint64_t* reduced_row(int node);
    // Node 2k + on for the k-th candidate; -1: not a candidate of the grid.
    int node_of(Pid p) const {
        const int k = candidate_[p >> 1];
        return k < 0 ? -1 : 2 * k + (p & 1);
    }

    bool built_ = false;
    // The grid built for: its shape and candidates, cell by cell.
    Shape built_shape_{};
    std::vector<uint64_t> built_for_;
    int words_ = 0;
    std::vector<int32_t> candidate_;  // per (cell * N + digit - 1): its index, or -1
    std::vector<int32_t> edge_begin_, edges_;
    std::vector<int32_t> component_;
    std::vector<int32_t> component_on_;   // per component: its on potentials
    std::vector<uint64_t> closure_;       // per component: words_ words
    std::vector<int32_t> merged_into_;    // per component: the last component whose closure took it
    mutable std::vector<uint64_t> meet_;  // meet()'s scratch
    // The reduced grid's (begin_reduced; a new build forgets it): whether the bound holds; its
    // new links as pairs of on nodes P, Q, whose edges are P off -> Q and Q off -> P (edge
    // 2i + 1 ends at Q of link i, 2i at P: the heads); the edges by tail, and per head the
    // edges its row holds; per head its joined row once asked; the off nodes and all nodes of
    // its candidates; per node its bounded row once asked.
    bool reduced_ok_ = false;
    std::vector<std::pair<int32_t, int32_t>> new_links_;
    std::vector<int32_t> tail_first_, tail_next_;        // the new edges by tail: a list per node
    std::vector<uint32_t> tail_stamp_;                   // per node: tail_first_ is this grid's
    std::vector<int32_t> head_edge_begin_, head_edges_;  // per head: the new edges its row holds
    std::vector<uint64_t> head_rows_;                    // per head: its joined row, once computed
    std::vector<uint8_t> head_row_done_;
    std::vector<uint32_t> head_seen_;  // head_row()'s walk
    uint32_t head_stamp_ = 0;
    std::vector<int32_t> head_stack_;
    std::vector<uint64_t> reduced_off_, reduced_nodes_;
    std::vector<uint64_t> tails_;  // the new edges' tails (off nodes)
    std::vector<uint64_t> reduced_rows_;
    std::vector<uint32_t> reduced_row_stamp_;
    uint32_t reduced_stamp_ = 0;
    // Per cell its peers, as bit sets over the cells (for the shape they were made for); per
    // digit the cells that have it as a candidate.
    Shape peer_bits_shape_{};
    std::vector<uint64_t> peer_bits_, digit_cells_;
    // Tarjan's scratch.
    std::vector<int32_t> index_, low_, stack_, call_node_, call_edge_;
    std::vector<uint8_t> on_stack_;
};

}  // namespace sudokit::detail
