// Draws from a std::mt19937_64 that are the same with every standard library: std's
// distributions and std::shuffle are implementation-defined, so a seed would not give the same
// puzzles everywhere. Also the per-puzzle seed: each puzzle's RNG comes from (seed, index), so
// that the puzzles do not depend on the thread count.
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <utility>

namespace sudokit::detail {

// A uniform number in [0, n), n > 0: rejection of the top partial block, then modulo.
inline uint64_t draw_below(std::mt19937_64& rng, uint64_t n) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;  // a multiple of n (or max when n | 2^64)
    uint64_t x = rng();
    while (x >= limit) x = rng();
    return x % n;
}

// Fisher-Yates with draw_below.
template <class T>
void shuffle_span(std::span<T> items, std::mt19937_64& rng) {
    for (size_t i = items.size(); i > 1; --i) {
        const size_t j = draw_below(rng, i);
        std::swap(items[i - 1], items[j]);
    }
}

// SplitMix64's finaliser: spreads nearby seeds and indexes over the whole 64-bit range.
inline uint64_t mix64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// The RNG of puzzle `index` of a run with `seed`.
inline std::mt19937_64 puzzle_rng(uint64_t seed, uint64_t index) {
    return std::mt19937_64(mix64(mix64(seed) ^ index));
}

}  // namespace sudokit::detail
