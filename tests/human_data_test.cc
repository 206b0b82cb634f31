// The human engine on the public SE-rated puzzles (shared/data, skipped when absent): how many
// each order solves in every band of SE's rating. (Their ratings are in rate_test.cc, SE's own
// paths in se_paths_test.cc.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sudokit/engine.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

// The bands of SE's ER, by its integer part: 1 for 1.0-1.9, ..., 10 for 10.0 and above.
constexpr int kBands = 10;
int band_of(double er) { return std::min(kBands, static_cast<int>(er)) - 1; }

// What each order of the human engine solves, per band of SE's ER (the set has 56, 113, 19, 32,
// 6, 42, 57, 62, 46 and 2 puzzles in them): the easiest order, with the chains and the nested
// levels, solves every puzzle; the thesis's SB (singles, pointing, naked and hidden pairs, naked
// triples and quads: no claiming, no fish, no wings) every puzzle below 2.0, most up to 3.9 and
// none from 4.0 on.
struct Expected {
    const char* spec;
    int solved[kBands];
};
constexpr Expected kSolvedPerBand[] = {
    {"human", {56, 113, 19, 32, 6, 42, 57, 62, 46, 2}},
    {"human:order=thesis", {56, 111, 15, 0, 0, 0, 0, 0, 0, 0}},
};

TEST(HumanData, SolvedPerBandOfSeRating) {
    SUDOKIT_REQUIRE_DATA(path, "se_rated_public.csv");
    std::ifstream in(path);
    std::string text;
    std::getline(in, text);
    ASSERT_EQ(text.rfind("puzzle,er,ep,ed,source", 0), 0u) << text;
    std::vector<std::pair<Grid, double>> puzzles;
    while (std::getline(in, text)) {
        std::stringstream ss(text);
        std::string puzzle, er;
        std::getline(ss, puzzle, ',');
        std::getline(ss, er, ',');
        if (puzzle.size() != 81) continue;
        puzzles.emplace_back(testing::grid_from_line(puzzle), std::stod(er));
    }
    ASSERT_EQ(puzzles.size(), 435u);
    for (const Expected& expected : kSolvedPerBand) {
        SCOPED_TRACE(expected.spec);
        auto engine = make_engine(expected.spec);
        int solved[kBands] = {}, total[kBands] = {};
        for (const auto& [puzzle, er] : puzzles) {
            const Result r = engine->solve(puzzle, Limits{});
            ++total[band_of(er)];
            if (r.count == 1) {
                ++solved[band_of(er)];
                EXPECT_TRUE(solves(puzzle, r.first));
            } else {
                // Logic alone never claims there is no solution: it stops, stuck.
                EXPECT_FALSE(r.complete())
                    << "claimed no solution: " << testing::grid_to_line(puzzle);
            }
        }
        std::string line;
        for (int band = 0; band < kBands; ++band) {
            line += " " + std::to_string(band + 1) + (band + 1 < kBands ? ".x:" : "+:") +
                    std::to_string(solved[band]) + "/" + std::to_string(total[band]);
            EXPECT_EQ(solved[band], expected.solved[band]) << "ER band " << band + 1;
        }
        std::printf("[ bands ] %s: solved per band of SE's ER:%s\n", expected.spec, line.c_str());
    }
}

}  // namespace
}  // namespace sudokit
