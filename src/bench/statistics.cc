// Statistics of the benchmark lab: median and mean, difficulty bands, the "solved by all" set and
// the per-band summary behind the thesis's tables and charts.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "sudokit/bench.h"

namespace sudokit {

namespace {

// Decimals needed to write multiples of `width` exactly (0.1 -> 1, 0.25 -> 2, 1 -> 0).
int decimals_of(double width) {
    double scaled = width;
    for (int d = 0; d < 6; ++d) {
        if (std::abs(scaled - std::round(scaled)) < 1e-9 * std::max(1.0, scaled)) return d;
        scaled *= 10;
    }
    return 6;
}

}  // namespace

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    const size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + mid, values.end());
    const double upper = values[mid];
    if (values.size() % 2 == 1) return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + mid);
    return (lower + upper) / 2;
}

double mean(std::span<const double> values) {
    if (values.empty()) return 0;
    return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

int band_index(double rating, double width) {
    // Ratings are written with one decimal, and 2.6 / 0.1 is 25.999999999999996 in binary: a
    // relative nudge puts values that sit on a band edge (in decimal) into the band they open.
    const double q = rating / width;
    return static_cast<int>(std::floor(q + 1e-9 * std::max(1.0, std::abs(q))));
}

std::string band_label(int band, double width) {
    const int d = decimals_of(width);
    const double low = band * width;
    // A band as wide as the last written digit holds one rating value: name it by that value.
    if (d > 0 && std::abs(width * std::pow(10.0, d) - 1) < 1e-9)
        return fmt::format("{:.{}f}", low, d);
    return fmt::format("{:.{}f}-{:.{}f}", low, d, low + width, d);
}

std::string_view verdict_name(BenchVerdict outcome) {
    switch (outcome) {
        case BenchVerdict::solved:
            return "solved";
        case BenchVerdict::unsolved:
            return "unsolved";
        case BenchVerdict::wrong:
            return "wrong";
        case BenchVerdict::unsupported:
            return "unsupported";
    }
    return "unknown";
}

std::vector<size_t> solved_by_all(const ExperimentResult& result) {
    std::vector<size_t> common;
    for (size_t p = 0; p < result.puzzles.size(); ++p) {
        bool all = !result.engines.empty();
        for (size_t e = 0; e < result.engines.size() && all; ++e)
            all = result.at(e, p).outcome == BenchVerdict::solved;
        if (all) common.push_back(p);
    }
    return common;
}

ExperimentSummary summarize(const ExperimentResult& result, double band_width) {
    ExperimentSummary summary;
    summary.band_width = band_width;
    summary.common = solved_by_all(result);
    const size_t engines = result.engines.size();

    summary.totals.assign(engines, EngineTotals{});
    for (size_t e = 0; e < engines; ++e) {
        EngineTotals& t = summary.totals[e];
        for (size_t p = 0; p < result.puzzles.size(); ++p) {
            const BenchVerdict o = result.at(e, p).outcome;
            t.solved += o == BenchVerdict::solved;
            t.wrong += o == BenchVerdict::wrong;
        }
        for (size_t p : summary.common) t.common_total_us += *result.at(e, p).median_us;
    }

    // Puzzles per band, in ascending band order; the unrated ones form their own group.
    std::map<int, std::vector<size_t>> by_band;
    std::vector<size_t> unrated;
    for (size_t p = 0; p < result.puzzles.size(); ++p) {
        const auto& rating = result.puzzles[p].rating;
        if (rating)
            by_band[band_index(*rating, band_width)].push_back(p);
        else
            unrated.push_back(p);
    }
    auto add_band = [&](std::optional<int> band, const std::vector<size_t>& members) {
        BandSummary b;
        b.band = band;
        b.label = band ? band_label(*band, band_width) : "unrated";
        b.puzzles = members.size();
        for (size_t e = 0; e < engines; ++e) {
            EngineBandStats s;
            std::vector<double> times;
            for (size_t p : members) {
                const Measurement& m = result.at(e, p);
                s.wrong += m.outcome == BenchVerdict::wrong;
                if (m.outcome != BenchVerdict::solved) continue;
                ++s.solved;
                times.push_back(*m.median_us);
            }
            if (!times.empty()) {
                s.mean_us = mean(times);
                s.median_us = median(std::move(times));
            }
            b.engines.push_back(s);
        }
        summary.bands.push_back(std::move(b));
    };
    for (const auto& [band, members] : by_band) add_band(band, members);
    if (!unrated.empty()) add_band(std::nullopt, unrated);
    return summary;
}

}  // namespace sudokit
