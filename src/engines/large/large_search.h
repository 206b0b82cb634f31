// The search of the `large` engine (see large.h): depth-first over copies of the board, with
// failed-literal probing at every node and lookahead branching. The board stack and the frames
// grow to the deepest level seen and are kept for later puzzles: no allocation per node.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "engines/exclusion.h"
#include "engines/large/large_board.h"
#include "engines/large/large_tables.h"
#include "engines/search_guard.h"
#include "sudokit/engine.h"

namespace sudokit::detail {

struct LargeOptions {
    bool probe = true;
    bool merge = true;
    bool locked = true;
    bool matching = false;  // all-different filtering per house at each node
    int width = 2;          // the most options of a probed choice: 2 or 3
    int passes = 1;         // probing passes per node; 0: until a pass changes nothing
    // Below the root, probe only the choices next to what the branch changed (see probe()).
    bool probe_near_changes = true;
    // With a node budget: give up once a fifth of it is spent if the search's estimated size
    // is over kForecastFactor times the budget (the search would not end within it), so that
    // a caller handing hard searches to another engine loses less (see forecast_says_stop()).
    bool forecast = false;
};

template <class Mask, int kN = 0>
class LargeSearch {
  public:
    Result run(const LargeTables& t, const Grid& puzzle, const Limits& limits,
               const LargeOptions& options, std::span<const Exclusion> excluded = {},
               const Grid* guide = nullptr) {
        t_ = &t;
        guide_ = guide;
        options_ = options;
        limits_ = &limits;
        stopped_ = Stop::finished;
        probes_ = 0;
        Result result;
        result.first = Grid(puzzle.shape());
        board_.reset(t);
        reserve_levels(2);  // the root's frame and board, their weights, one child
        if (scratch_.size() < static_cast<size_t>(stride())) scratch_.resize(stride());
        const size_t lits = static_cast<size_t>(cell_count()) * size();
        if (lit_stamp_.size() < lits) {
            lit_stamp_.assign(lits, 0);
            lit_entry_.resize(lits);
        }
        if (merge_stamp_.size() < static_cast<size_t>(cell_count())) {
            merge_stamp_.assign(cell_count(), 0);
            merge_count_.resize(cell_count());
            merge_union_.resize(cell_count());
        }

        Stats& stats = result.stats;
        Mask* root = state(0);
        board_.clear(root);
        for (int c = 0; c < cell_count(); ++c) {
            const int v = puzzle[c];
            if (v == 0) continue;
            if (v > size() || !board_.assign(root, c, static_cast<Mask>(Mask{1} << (v - 1))))
                return result;  // givens in conflict: no solution, no search
        }
        for (const Exclusion& e : excluded) {
            if (e.digit < 1 || e.digit > size()) continue;
            if (!board_.eliminate(root, e.cell, static_cast<Mask>(Mask{1} << (e.digit - 1))))
                return result;
        }
        board_.work = 0;
        if (!board_.propagate(root, options_.locked, options_.matching)) {
            stats.propagations = board_.work;
            return result;
        }
        SearchGuard guard(limits, kClockInterval);
        const bool timed = limits.deadline != Clock::time_point::max() || limits.cancel != nullptr;
        if (timed && guard.must_stop(0)) {
            result.stop = guard.stop();
            return result;
        }

        int depth = 0;
        weight_[0] = 1.0;
        explored_ = 0.0;
        const uint64_t forecast_at =
            options_.forecast && limits.node_budget != 0 ? limits.node_budget / kForecastAt : 0;
        Outcome outcome = expand(0);
        for (;;) {
            // A leaf (a contradiction or a solution) ends its share of the tree.
            if (outcome == Outcome::dead || outcome == Outcome::solved) explored_ += weight_[depth];
            if (outcome == Outcome::stop) {
                result.stop = stopped_;
                break;
            }
            if (outcome == Outcome::solved) {
                if (++result.count == 1) write_solution(state(depth), result.first);
                if (depth == 0) break;  // propagation alone solved it: exactly one
                if (result.count >= limits.max_solutions) {
                    result.stop = Stop::solution_limit;
                    break;
                }
                --depth;
            } else if (outcome == Outcome::dead) {
                if (depth == 0) break;  // the root has no solution
                --depth;
            }
            // Try the next option of the frame at `depth`.
            Frame& f = frames_[depth];
            if (f.next == f.count) {
                if (depth == 0) break;
                --depth;
                outcome = Outcome::branched;
                continue;
            }
            const Lit lit = lits_[static_cast<size_t>(depth) * size() + f.next];
            if (guard.must_stop(stats.nodes)) {
                result.stop = guard.stop();
                break;
            }
            ++stats.nodes;
            if (stats.nodes == forecast_at && forecast_says_stop(stats.nodes, limits.node_budget)) {
                result.stop = Stop::node_budget;
                break;
            }
            if (f.next > 0) ++stats.guesses;
            stats.depth = std::max(stats.depth, static_cast<uint64_t>(depth) + 1);
            ++f.next;
            const double child_weight = weight_[depth] / f.count;
            reserve_levels(depth + 2);  // may move frames_ (and f)
            Mask* child = state(depth + 1);
            std::copy(state(depth), state(depth) + stride(), child);
            weight_[depth + 1] = child_weight;
            ++depth;
            const bool placed = board_.assign(child, lit.cell, lit.bit);
            if (placed) --board_.work;  // placing the guessed digit is no deduction
            if (!placed || !board_.propagate(child, options_.locked, options_.matching)) {
                outcome = Outcome::dead;
                continue;
            }
            outcome = expand(depth);
        }
        stats.propagations = board_.work;
        return result;
    }

  private:
    int size() const { return board_.size(); }
    int cell_count() const { return board_.cell_count(); }
    int house_count() const { return board_.house_count(); }
    int stride() const { return board_.stride(); }

    static constexpr uint64_t kClockInterval = 16;  // nodes cost tens of µs to milliseconds
    static constexpr uint64_t kProbeClockInterval = 32;
    // The forecast looks at 1/kForecastAt of the budget and gives up above kForecastFactor
    // times it. Measured on the 16 minimal 25x25 of the data set and 18 generated ones
    // (docs/results/large-grids.md, "Giving up early"): after 1,000 nodes the searches that end
    // within 5,000 estimate at most 18,300 nodes, and 18 of the 21 longer ones 55,000 or more.
    static constexpr uint64_t kForecastAt = 5;
    static constexpr double kForecastFactor = 8;

    // The weighted backtrack estimate of the tree's size (Kilby, Slaney, Thiebaux and Walsh,
    // "Estimating search tree size", AAAI 2006): a node weighs the product of 1/options of the
    // choices above it, the leaves seen so far cover explored_ of the tree, and `nodes /
    // explored_` estimates the whole. True when that is over kForecastFactor * budget.
    bool forecast_says_stop(uint64_t nodes, uint64_t budget) const {
        return static_cast<double>(nodes) >
               explored_ * kForecastFactor * static_cast<double>(budget);
    }

    // What expand() made of a node: a frame to branch on, a solution, a contradiction, or a
    // limit reached while probing.
    enum class Outcome : uint8_t { branched, solved, dead, stop };
    struct Lit {
        int cell;
        Mask bit;
    };
    // A probed literal: refuted, or the cells its propagation changed (diff_cell_ and
    // diff_mask_ from begin to end) and how much it forced.
    struct ProbeResult {
        uint32_t begin = 0, end = 0;
        int64_t work = 0;
        bool dead = false;
    };
    struct Frame {
        int count = 0;  // options in lits_
        int next = 0;   // the next to try
    };

    Mask* state(int level) { return states_.data() + static_cast<size_t>(level) * stride(); }
    void reserve_levels(int levels) {
        const size_t need = static_cast<size_t>(levels) * stride();
        if (states_.size() < need) states_.resize(std::max(need, 2 * states_.size()));
        if (frames_.size() < static_cast<size_t>(levels)) {
            frames_.resize(std::max<size_t>(levels, 2 * frames_.size()));
            weight_.resize(frames_.size());
            lits_.resize(frames_.size() * size());
        }
        if (lits_.size() < frames_.size() * size()) lits_.resize(frames_.size() * size());
    }

    // Probes the propagated board at `depth`, then picks its branch into frames_[depth].
    Outcome expand(int depth) {
        Mask* s = state(depth);
        best_score_ = -1;
        parent_ = depth > 0 && options_.probe_near_changes ? state(depth - 1) : nullptr;
        changed_stale_ = true;
        if (options_.probe) {
            const Outcome o = probe(s);
            if (o != Outcome::branched) return o;
        }
        Frame& f = frames_[depth];
        f = Frame{};
        Lit* out = &lits_[static_cast<size_t>(depth) * size()];
        if (best_score_ >= 0) {
            out[0] = best_[0];
            out[1] = best_[1];
            f.count = 2;
        } else if (!fewest_options(s, out, f.count)) {
            return Outcome::solved;
        }
        if (guide_ != nullptr) {
            for (int i = 1; i < f.count; ++i) {
                if ((*guide_)[out[i].cell] == std::countr_zero(out[i].bit) + 1)
                    std::swap(out[0], out[i]);
            }
        }
        return Outcome::branched;
    }

    // The unsolved cell or the (house, digit) with the fewest options, cells first on a tie;
    // false when every cell is solved.
    bool fewest_options(const Mask* s, Lit* out, int& count) {
        const LargeTables& t = *t_;
        int best_cell = -1, best = size() + 1;
        for (int c = 0; c < cell_count(); ++c) {
            const int k = std::popcount(s[c]);
            if (k >= 2 && k < best) {
                best = k;
                best_cell = c;
                if (k == 2) break;
            }
        }
        if (best_cell < 0) return false;
        int best_house = -1;
        Mask best_digit = 0;
        if (best > 2) {
            const Mask* done = s + cell_count();
            for (int h = 0; h < house_count() && best > 2; ++h) {
                Mask open = static_cast<Mask>(board_.full() & ~done[h]);
                while (open != 0) {
                    const Mask bit = static_cast<Mask>(open & (~open + 1));
                    open = static_cast<Mask>(open ^ bit);
                    const int k = board_.place_count(s, h, std::countr_zero(bit));
                    if (k < best) {
                        best = k;
                        best_house = h;
                        best_digit = bit;
                        if (k == 2) break;
                    }
                }
            }
        }
        count = 0;
        if (best_house >= 0) {
            const uint16_t* hc = &t.house_cells[static_cast<size_t>(best_house) * size()];
            for (int i = 0; i < size(); ++i) {
                if ((s[hc[i]] & best_digit) != 0) out[count++] = Lit{hc[i], best_digit};
            }
            return true;
        }
        Mask m = s[best_cell];
        while (m != 0) {
            const Mask bit = static_cast<Mask>(m & (~m + 1));
            m = static_cast<Mask>(m ^ bit);
            out[count++] = Lit{best_cell, bit};
        }
        return true;
    }

    // Failed literals to their fixpoint: every choice of up to options_.width options (the
    // candidates of a cell, the places of a house's digit) has each option tried on a copy of
    // the board; an option that fails is removed, and the board keeps only the candidates that
    // one of the surviving copies keeps (merge). Leaves the best pair by lookahead score in
    // best_.
    //
    // Below the root (with probe_near_changes), a choice is probed only when a house of its
    // cell, or its house, holds a cell that differs from the parent's board. The others start
    // from the neighbourhood they had at the parent, and probing them again seldom finds more:
    // it costs some inference and some branches, but far fewer probes
    // (docs/results/large-grids.md).
    Outcome probe(Mask* s) {
        const LargeTables& t = *t_;
        const int width = options_.width;
        Lit lits[3];
        int pass = 0;
        for (;;) {
            const uint64_t before = board_.work;
            best_score_ = -1;
            new_pass();
            for (int c = 0; c < cell_count(); ++c) {
                Mask m = s[c];
                const int k = std::popcount(m);
                if (k < 2 || k > width) continue;
                if (parent_ != nullptr && !near_change(s, c)) continue;
                for (int i = 0; i < k; ++i) {
                    const Mask bit = static_cast<Mask>(m & (~m + 1));
                    m = static_cast<Mask>(m ^ bit);
                    lits[i] = Lit{c, bit};
                }
                const Outcome o = probe_choice(s, lits, k);
                if (o != Outcome::branched) return o;
            }
            const Mask* done = s + cell_count();
            for (int h = 0; h < house_count(); ++h) {
                if (parent_ != nullptr && !house_changed(s, h)) continue;
                const uint16_t* hc = &t.house_cells[static_cast<size_t>(h) * size()];
                Mask few = 0;
                for (int d = 0; d < size(); ++d) {
                    const int k = board_.place_count(s, h, d);
                    few |= static_cast<Mask>(static_cast<Mask>(k >= 2 && k <= width) << d);
                }
                few = static_cast<Mask>(few & ~done[h]);
                while (few != 0) {
                    const Mask bit = static_cast<Mask>(few & (~few + 1));
                    few = static_cast<Mask>(few ^ bit);
                    int k = 0;
                    bool placed = false;
                    for (int i = 0; i < size(); ++i) {
                        if ((s[hc[i]] & bit) == 0) continue;
                        placed |= s[hc[i]] == bit;
                        if (k < 3) lits[k] = Lit{hc[i], bit};
                        ++k;
                    }
                    // Earlier probes of this pass may have changed the house.
                    if (placed || k < 2 || k > width) continue;
                    const Outcome o = probe_choice(s, lits, k);
                    if (o != Outcome::branched) return o;
                }
            }
            if (board_.work == before) break;
            if (options_.passes != 0 && ++pass >= options_.passes) {
                // Branch without a pass that changed nothing: the best pair must still be
                // open (options only go, so two open options are still the whole choice).
                const bool open = best_score_ >= 0 && (s[best_[0].cell] & best_[0].bit) != 0 &&
                                  (s[best_[1].cell] & best_[1].bit) != 0 &&
                                  s[best_[0].cell] != best_[0].bit &&
                                  s[best_[1].cell] != best_[1].bit;
                if (!open) best_score_ = -1;
                break;
            }
        }
        for (int c = 0; c < cell_count(); ++c) {
            if ((s[c] & (s[c] - 1)) != 0) return Outcome::branched;
        }
        return Outcome::solved;
    }

    // One choice: exactly one of its k options holds in every solution. branched: go on.
    Outcome probe_choice(Mask* s, const Lit* lits, int k) {
        for (int i = 0; i < k; ++i) {
            if ((s[lits[i].cell] & lits[i].bit) == 0) return Outcome::branched;
        }
        int64_t product = 1;
        int index[3];
        for (int i = 0; i < k; ++i) {
            index[i] = probe_literal(s, lits[i]);
            if (index[i] < 0) return Outcome::stop;
            if (results_[index[i]].dead) {
                // The option is refuted; the choice is read again in the next pass.
                board_.start_tracking();
                const bool ok =
                    board_.eliminate(s, lits[i].cell, lits[i].bit) && board_.propagate(s, false);
                const std::span<const uint16_t> changed = board_.stop_tracking();
                if (!ok) return Outcome::dead;
                board_changed(changed);
                return Outcome::branched;
            }
            product *= results_[index[i]].work + 1;
        }
        const ProbeResult* r[3];
        for (int i = 0; i < k; ++i) r[i] = &results_[index[i]];
        if (options_.merge) {
            // A candidate goes when every option's board lost it: only cells that every
            // option's propagation changed can lose one, and each goes as the last option's
            // list completes its union.
            next_merge_epoch();
            bool changed = false;
            board_.start_tracking();
            for (int i = 0; i < k; ++i) {
                for (uint32_t j = r[i]->begin; j < r[i]->end; ++j) {
                    const int c = diff_cell_[j];
                    if (i == 0) {
                        merge_stamp_[c] = merge_epoch_;
                        merge_count_[c] = 1;
                        merge_union_[c] = diff_mask_[j];
                        continue;
                    }
                    if (merge_stamp_[c] != merge_epoch_ || merge_count_[c] != i) continue;
                    merge_count_[c] = static_cast<uint8_t>(i + 1);
                    merge_union_[c] |= diff_mask_[j];
                    if (i + 1 < k) continue;
                    const Mask gone = static_cast<Mask>(s[c] & ~merge_union_[c]);
                    if (gone == 0) continue;
                    changed = true;
                    if (!board_.eliminate(s, c, gone)) {
                        board_.stop_tracking();
                        return Outcome::dead;
                    }
                }
            }
            const bool ok = !changed || board_.propagate(s, false);
            const std::span<const uint16_t> cells = board_.stop_tracking();
            if (!ok) return Outcome::dead;
            if (changed) {
                board_changed(cells);
                return Outcome::branched;  // the scores are stale: the choice is read again
            }
        }
        if (k == 2 && product > best_score_) {
            // The side that forced less first: the freer board is the likelier to hold a
            // solution (a guess; on unique puzzles both sides are searched anyway).
            const bool swap = r[1]->work < r[0]->work;
            best_score_ = product;
            best_[0] = lits[swap ? 1 : 0];
            best_[1] = lits[swap ? 0 : 1];
        }
        return Outcome::branched;
    }

    // What `lit` forces on the board, propagated once per board: a literal sits in up to four
    // choices (its cell and its three houses), and nearly half the probes of a pass were
    // repeats. The cache is dropped whenever the board changes (new_pass), so the search is
    // the one without it. Its index in results_, or -1 when a limit stopped it.
    int probe_literal(const Mask* s, Lit lit) {
        const size_t id = static_cast<size_t>(lit.cell) * size() + std::countr_zero(lit.bit);
        if (lit_stamp_[id] == pass_id_) return static_cast<int>(lit_entry_[id]);
        if (++probes_ % kProbeClockInterval == 0 && out_of_time()) return -1;
        Mask* a = scratch_.data();
        std::copy(s, s + stride(), a);
        const uint64_t before = board_.work;
        board_.start_tracking();
        const bool ok = board_.assign(a, lit.cell, lit.bit) && board_.propagate(a, false);
        const std::span<const uint16_t> touched = board_.stop_tracking();
        ProbeResult r;
        r.work = static_cast<int64_t>(board_.work - before);
        board_.work = before;
        r.dead = !ok;
        r.begin = static_cast<uint32_t>(diff_cell_.size());
        if (ok) {
            next_merge_epoch();
            for (const uint16_t c : touched) {
                if (merge_stamp_[c] == merge_epoch_) continue;
                merge_stamp_[c] = merge_epoch_;
                diff_cell_.push_back(c);
                diff_mask_.push_back(a[c]);
            }
        }
        r.end = static_cast<uint32_t>(diff_cell_.size());
        lit_stamp_[id] = pass_id_;
        lit_entry_[id] = static_cast<uint32_t>(results_.size());
        results_.push_back(r);
        return static_cast<int>(results_.size()) - 1;
    }

    // Whether house h holds a cell that differs from the parent's board: read from the board
    // once per node, then kept up to date by board_changed().
    bool house_changed(const Mask* s, int h) {
        if (changed_stale_) {
            changed_house_.assign(house_count(), 0);
            for (int c = 0; c < cell_count(); ++c) {
                if (s[c] != parent_[c]) mark_houses(c);
            }
            changed_stale_ = false;
        }
        return changed_house_[h] != 0;
    }
    bool near_change(const Mask* s, int c) {
        const uint16_t* houses = &t_->cell_houses[3 * static_cast<size_t>(c)];
        return house_changed(s, houses[0]) || house_changed(s, houses[1]) ||
               house_changed(s, houses[2]);
    }

    void next_merge_epoch() {
        if (++merge_epoch_ == 0) {  // wrapped: an old stamp could pass for the new epoch
            std::fill(merge_stamp_.begin(), merge_stamp_.end(), 0);
            merge_epoch_ = 1;
        }
    }

    // The node's board changed in `cells` (a refuted option, a merge, and what they
    // propagated): the cached probe results go, and the houses of those cells now differ
    // from the parent's board (candidates only go, so no cell that differed stops differing).
    void board_changed(std::span<const uint16_t> cells) {
        new_pass();
        if (parent_ == nullptr || changed_stale_) return;
        for (const uint16_t c : cells) mark_houses(c);
    }
    void mark_houses(int c) {
        const uint16_t* houses = &t_->cell_houses[3 * static_cast<size_t>(c)];
        for (int j = 0; j < 3; ++j) changed_house_[houses[j]] = 1;
    }

    // A new pass, or a board that changed: every cached probe result is dropped.
    void new_pass() {
        if (++pass_id_ == 0) {  // wrapped: an old stamp could pass for the new pass
            std::fill(lit_stamp_.begin(), lit_stamp_.end(), 0);
            pass_id_ = 1;
        }
        results_.clear();
        diff_cell_.clear();
        diff_mask_.clear();
    }

    bool out_of_time() {
        if (limits_->cancel != nullptr && limits_->cancel->load(std::memory_order_relaxed)) {
            stopped_ = Stop::cancelled;
            return true;
        }
        if (limits_->deadline != Clock::time_point::max() && Clock::now() >= limits_->deadline) {
            stopped_ = Stop::time_limit;
            return true;
        }
        return false;
    }

    static void write_solution(const Mask* s, Grid& out) {
        for (int c = 0; c < out.cell_count(); ++c) out.set(c, std::countr_zero(s[c]) + 1);
    }

    const LargeTables* t_ = nullptr;
    const Grid* guide_ = nullptr;
    LargeOptions options_;
    const Limits* limits_ = nullptr;
    Stop stopped_ = Stop::finished;
    uint64_t probes_ = 0;
    const Mask* parent_ = nullptr;  // the parent's board, when probing near changes only
    std::vector<uint8_t> changed_house_;
    bool changed_stale_ = true;
    LargeBoard<Mask, kN> board_;
    std::vector<Mask> states_;   // level d: the board d options deep
    std::vector<Mask> scratch_;  // the probe board
    // This pass's probe results, by literal (cell * n + digit): valid where the stamp is
    // pass_id_.
    uint32_t pass_id_ = 0;
    std::vector<uint32_t> lit_stamp_;
    std::vector<uint32_t> lit_entry_;
    std::vector<ProbeResult> results_;
    std::vector<uint16_t> diff_cell_;
    std::vector<Mask> diff_mask_;
    // Scratch of a merge: per cell, how many options' boards changed it and their union.
    uint32_t merge_epoch_ = 0;
    std::vector<uint32_t> merge_stamp_;
    std::vector<uint8_t> merge_count_;
    std::vector<Mask> merge_union_;
    std::vector<Frame> frames_;
    std::vector<double> weight_;  // per level: the node's share of the whole tree
    double explored_ = 0;         // the shares of the leaves searched so far
    std::vector<Lit> lits_;       // n options per level
    int64_t best_score_ = -1;
    Lit best_[2] = {};
};

}  // namespace sudokit::detail
