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

    // Built for `outer`: whether a static chain of `reduced` (outer less some candidates) may
    // pass through a link outer lacks, a "new" link: a cell with two candidates left of more,
    // or a digit with two places left in a house of more. A nested static run (5.6) keeps only
    // such chains: the rule parents of a hint are the removals that made its links. False
    // means a run on `reduced` keeps nothing, so it need not run (docs/techniques/chains.md):
    //   - Each kept hint eliminates a candidate x of reduced whose off potential both ends P
    //     and Q (on potentials) of some new link reach. A forcing chain from x on runs
    //     x on ⇝ P off → Q ⇝ x off, and x on ⇝ P off is P ⇝ x off (every link has its
    //     contrapositive). A forcing chain from x off eliminates the other candidates y of the
    //     cell: y on → x off ⇝ P off → Q ⇝ x on → y off. A cycle through the link goes all
    //     the way round from Q forward and from P backward, so both reach every on potential
    //     of it and the on version of every off one, and an eliminated candidate sees one of
    //     each.
    //   - Reduced's links are outer's and the new ones, so what a potential reaches there is
    //     at most its closure row here joined with the rows behind the new links it reaches.
    bool may_use_new_link(const CandidateGrid& outer, const CandidateGrid& reduced);

  private:
    // The closure of `node` here, with the rows of the new links (new_links_) it reaches,
    // into `to`.
    void reach_with_new_links(int node, std::vector<uint64_t>& to);
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
    // may_use_new_link()'s scratch: the new links as pairs of on nodes, which of their two
    // off -> on edges a row took, the reduced grid's off nodes, two rows.
    std::vector<std::pair<int32_t, int32_t>> new_links_;
    std::vector<uint8_t> edge_taken_;
    std::vector<uint64_t> reduced_off_, row_p_, row_q_;
    // Tarjan's scratch.
    std::vector<int32_t> index_, low_, stack_, call_node_, call_edge_;
    std::vector<uint8_t> on_stack_;
};

}  // namespace sudokit::detail
