// The "+" level of dynamic chains (docs/se-rating.md 5.6): when a propagation runs dry, the
// level-1 rules (Pointing/Claiming, Hidden Pair, Naked Pair, X-Wing) are tried on the partly
// reduced grid; each deduction that needed removed candidates (its rule parents) adds its
// eliminations as advanced off potentials, parented by those removals.
#include <algorithm>
#include <array>
#include <bit>

#include "human/techniques/chain_engine.h"

namespace sudokit::detail {

namespace {

// The context of one call: the snapshot, the reduced grid, the set of off potentials.
struct Rules {
    Chainer& c;
    const CandidateGrid& snap;
    const CandidateGrid& work;
    PotentialSet& to_off;
    const Topology& topo;
    int n;
    std::vector<int>& parents;
    std::vector<Candidate>& elims;
    ReducedDeductions* record;
    int added = 0;
    // Per house: the digits some of whose places the chain removed. A deduction without such
    // a removal in the right place has no rule parents and is skipped unseen (same result).
    std::array<DigitSet, 3 * kMaxSize> removed{};

    void find_removed() {
        for (int h = 0; h < 3 * n; ++h) {
            DigitSet d;
            for (int v = 1; v <= n; ++v) {
                if (snap.positions(h, v) & ~work.positions(h, v)) d.add(v);
            }
            removed[h] = d;
        }
    }

    // A removed candidate as a rule parent (its stored off potential).
    void parent(int cell, int digit) {
        const int node = to_off.find(c.pid(cell, digit, false));
        if (node < 0) return;
        parents.push_back(node);
        if (record != nullptr) record->rules.push_back({cell, digit});
    }
    // Adds the eliminations of one deduction when it has rule parents.
    void deduce() {
        if (!parents.empty() && !elims.empty()) {
            std::sort(elims.begin(), elims.end());
            if (record != nullptr) {
                const int e = static_cast<int>(record->elims.size());
                record->elims.insert(record->elims.end(), elims.begin(), elims.end());
                record->list.push_back({0, e, static_cast<int>(record->elims.size()), rules_begin(),
                                        static_cast<int>(record->rules.size())});
            }
            for (const Candidate& e : elims) {
                const Pid q = c.pid(e.cell, e.digit, false);
                if (!to_off.contains(q)) {
                    c.add_advanced(to_off, q, parents, -1);
                    ++added;
                }
            }
        }
        parents.clear();
        elims.clear();
        // A deduction without eliminations or rule parents adds nothing: its parents go.
        if (record != nullptr) record->rules.resize(rules_begin());
    }
    // Where the recorded rule parents of the deduction being made start.
    int rules_begin() const { return record->list.empty() ? 0 : record->list.back().rule_end; }

    // Locking: region1 of kind1 whose digit lies in one region2 of kind2 (SE I1 order).
    void locking() {
        // (box, column), (box, row), (column, box), (row, box)
        const int kinds[4][2] = {{2, 1}, {2, 0}, {1, 2}, {0, 2}};
        std::array<std::pair<int, int>, 64> found{};
        for (const auto& kind : kinds) {
            for (int i1 = 0; i1 < n; ++i1) {
                const int h1 = kind[0] * n + i1;
                const int* cells = topo.house(h1).data();
                int count = 0;
                for (int v : removed[h1]) {
                    const uint64_t pos = work.positions(h1, v);
                    if (std::popcount(pos) < 2) continue;
                    const int first = cells[std::countr_zero(pos)];
                    const int h2 = region_of(kind[1], first);
                    bool inside = true;
                    for (uint64_t b = pos; b != 0; b &= b - 1)
                        inside &= region_of(kind[1], cells[std::countr_zero(b)]) == h2;
                    if (inside) found[count++] = {h2, v};
                }
                std::sort(found.begin(), found.begin() + count);
                for (int k = 0; k < count; ++k) {
                    const auto [h2, v] = found[k];
                    for (int cell : topo.house(h2)) {
                        if (region_of(kind[0], cell) != h1 && work.has(cell, v))
                            elims.push_back({cell, v});
                    }
                    if (elims.empty()) continue;
                    for (uint64_t b = snap.positions(h1, v) & ~work.positions(h1, v); b != 0;
                         b &= b - 1) {
                        const int cell = cells[std::countr_zero(b)];
                        if (region_of(kind[1], cell) != h2) parent(cell, v);
                    }
                    deduce();
                }
            }
        }
    }

    int region_of(int kind, int cell) const {
        if (kind == 0) return topo.row_house(topo.row_of(cell));
        if (kind == 1) return topo.col_house(topo.col_of(cell));
        return topo.box_house(topo.box_of(cell));
    }

    // The digits with exactly two places left in house h.
    DigitSet two_place_digits(int h) const {
        DigitSet two;
        for (int v = 1; v <= n; ++v) {
            if (std::popcount(work.positions(h, v)) == 2) two.add(v);
        }
        return two;
    }

    // Hidden and naked pairs, houses in the order box, column, row.
    void hidden_pairs() {
        for (int kind : {2, 1, 0}) {
            for (int i = 0; i < n; ++i) {
                const int h = kind * n + i;
                if (work.empty_in(h) <= 4 || removed[h].empty()) continue;
                const int* cells = topo.house(h).data();
                // A hidden pair is two digits with the same two places, no other.
                const DigitSet two = two_place_digits(h);
                for (int b : two) {
                    const uint64_t pb = work.positions(h, b);
                    for (int a : two) {
                        if (a >= b) break;
                        const uint64_t pa = work.positions(h, a);
                        if (pa != pb) continue;
                        if (!removed[h].contains(a) && !removed[h].contains(b)) continue;
                        for (uint64_t w = pa | pb; w != 0; w &= w - 1) {
                            const int cell = cells[std::countr_zero(w)];
                            for (int d : work.candidates(cell)) {
                                if (d != a && d != b) elims.push_back({cell, d});
                            }
                        }
                        if (elims.empty()) continue;
                        for (int k = 0; k < n; ++k) {
                            if ((pa | pb) >> k & 1) continue;
                            for (int d : {a, b}) {
                                if (snap.has(cells[k], d)) parent(cells[k], d);
                            }
                        }
                        deduce();
                    }
                }
            }
        }
    }

    void naked_pairs() {
        for (int kind : {2, 1, 0}) {
            for (int i = 0; i < n; ++i) {
                const int h = kind * n + i;
                // Without a removed place in the house no cell of it lost a candidate: no pair
                // there has rule parents.
                if (work.empty_in(h) < 4 || removed[h].empty()) continue;
                const int* cells = topo.house(h).data();
                for (int j = 1; j < n; ++j) {
                    const DigitSet cj = work.candidates(cells[j]);
                    if (cj.size() < 2) continue;
                    for (int k = 0; k < j; ++k) {
                        const DigitSet ck = work.candidates(cells[k]);
                        if (ck.size() < 2 || (cj | ck).size() != 2) continue;
                        if (snap.candidates(cells[j]) == cj && snap.candidates(cells[k]) == ck)
                            continue;
                        const DigitSet pair = cj | ck;
                        for (int m = 0; m < n; ++m) {
                            if (m == j || m == k) continue;
                            for (int d : work.candidates(cells[m]) & pair)
                                elims.push_back({cells[m], d});
                        }
                        if (elims.empty()) continue;
                        for (int cell : {cells[k], cells[j]}) {
                            for (int d : snap.candidates(cell).without(pair)) parent(cell, d);
                        }
                        deduce();
                    }
                }
            }
        }
    }

    // X-Wing: columns as base lines first, then rows.
    void x_wings() {
        std::array<int, kMaxSize + 1> placed{};
        for (int r = 0; r < n; ++r) {
            for (int v : work.placed_in(r)) ++placed[v];
        }
        // A digit with room for an X-Wing (four cells or more still open for it).
        DigitSet open;
        for (int v = 1; v <= n; ++v) {
            if (placed[v] + 4 <= n) open.add(v);
        }
        for (int base_kind : {1, 0}) {
            const int cover_kind = 1 - base_kind;
            // Both base lines must hold the digit in exactly the same two places: per line,
            // the open digits with exactly two places.
            std::array<DigitSet, kMaxSize> two{};
            for (int i = 0; i < n; ++i) two[i] = two_place_digits(base_kind * n + i) & open;
            for (int j = 1; j < n; ++j) {
                for (int i = 0; i < j; ++i) {
                    const int h1 = base_kind * n + i;
                    const int h2 = base_kind * n + j;
                    for (int v : two[i] & two[j] & (removed[h1] | removed[h2])) {
                        const uint64_t p1 = work.positions(h1, v);
                        const uint64_t p2 = work.positions(h2, v);
                        if (p1 != p2) continue;
                        for (uint64_t w = p1 | p2; w != 0; w &= w - 1) {
                            const int cover = cover_kind * n + std::countr_zero(w);
                            const int* cc = topo.house(cover).data();
                            for (int k = 0; k < n; ++k) {
                                if (k == i || k == j) continue;
                                if (work.has(cc[k], v)) elims.push_back({cc[k], v});
                            }
                        }
                        if (elims.empty()) continue;
                        for (int h : {h1, h2}) {
                            const int* bc = topo.house(h).data();
                            for (uint64_t b =
                                     snap.positions(h, v) & ~work.positions(h, v) & ~(p1 | p2);
                                 b != 0; b &= b - 1) {
                                parent(bc[std::countr_zero(b)], v);
                            }
                        }
                        deduce();
                    }
                }
            }
        }
    }
};

}  // namespace

bool level_one_rules(Chainer& chainer, const CandidateGrid& snapshot, const CandidateGrid& work,
                     PotentialSet& to_off, std::vector<int>& parents, std::vector<Candidate>& elims,
                     ReducedDeductions* record) {
    parents.clear();
    elims.clear();
    if (record != nullptr) record->clear();
    Rules r{chainer, snapshot, work, to_off, work.topology(), work.size(), parents, elims, record};
    r.find_removed();
    r.locking();
    if (r.added > 0) return true;
    r.hidden_pairs();
    if (r.added > 0) return true;
    r.naked_pairs();
    if (r.added > 0) return true;
    r.x_wings();
    return r.added > 0;
}

bool replay_level_one(Chainer& chainer, const ReducedDeductions& record, PotentialSet& to_off,
                      std::vector<int>& parents) {
    bool added = false;
    for (const ReducedDeduction& d : record.list) {
        parents.clear();
        for (int i = d.rule_begin; i < d.rule_end; ++i) {
            const Candidate& p = record.rules[i];
            parents.push_back(to_off.find(chainer.pid(p.cell, p.digit, false)));
        }
        for (int i = d.elim_begin; i < d.elim_end; ++i) {
            const Candidate& e = record.elims[i];
            const Pid q = chainer.pid(e.cell, e.digit, false);
            if (to_off.contains(q)) continue;
            chainer.add_advanced(to_off, q, parents, -1);
            added = true;
        }
    }
    parents.clear();
    return added;
}

}  // namespace sudokit::detail
