// The human engine on the public SE-rated puzzles (shared/data, skipped when absent): how many
// each order solves in every band of SE's rating. And Sudoku Explainer's own solving paths
// (se_paths/) replayed: wherever SE applies one of our techniques, our finder reports a step
// with the same effect.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "se_path_reader.h"
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

// ---- SE path replay --------------------------------------------------------------------------

// SE's technique name and rating -> ours, when we have it.
std::optional<Technique> ours(const std::string& name, double rating) {
    if (name == "Hidden Single") {
        return rating < 1.1   ? Technique::full_house
               : rating < 1.3 ? Technique::hidden_single_box
                              : Technique::hidden_single_line;
    }
    const std::pair<const char*, Technique> table[] = {
        {"Direct Pointing", Technique::direct_pointing},
        {"Direct Claiming", Technique::direct_claiming},
        {"Direct Hidden Pair", Technique::direct_hidden_pair},
        {"Direct Hidden Triplet", Technique::direct_hidden_triple},
        {"Naked Single", Technique::naked_single},
        {"Pointing", Technique::pointing},
        {"Claiming", Technique::claiming},
        {"Naked Pair", Technique::naked_pair},
        {"Hidden Pair", Technique::hidden_pair},
        {"Naked Triplet", Technique::naked_triple},
        {"Hidden Triplet", Technique::hidden_triple},
        {"Naked Quad", Technique::naked_quad},
        {"Hidden Quad", Technique::hidden_quad},
        {"X-Wing", Technique::x_wing},
        {"Swordfish", Technique::swordfish},
        {"Jellyfish", Technique::jellyfish},
        {"XY-Wing", Technique::xy_wing},
        {"XYZ-Wing", Technique::xyz_wing},
        {"Aligned Pair Exclusion", Technique::aligned_pair_exclusion},
        {"Aligned Triplet Exclusion", Technique::aligned_triplet_exclusion},
    };
    for (auto [se, t] : table) {
        if (name == se) return t;
    }
    return std::nullopt;
}

// Techniques whose finder scans in SE's order (SE-RATING.md 3): their first step is SE's hint.
bool scans_as_se(Technique t) {
    for (Technique u : {Technique::x_wing, Technique::swordfish, Technique::jellyfish,
                        Technique::xy_wing, Technique::xyz_wing, Technique::aligned_pair_exclusion,
                        Technique::aligned_triplet_exclusion}) {
        if (t == u) return true;
    }
    return false;
}

TEST(HumanData, AgreesWithSudokuExplainerPaths) {
    auto dir = testing::data_dir();
    if (!dir || !std::filesystem::is_directory(*dir + "/se_paths")) {
        if (testing::in_ci()) FAIL() << "se_paths not found, and CI=true: this test must run";
        GTEST_SKIP() << "se_paths not found (../shared/data or $SUDOKIT_DATA_DIR): skipped";
    }
    int files = 0, compared = 0;
    std::map<Technique, int> per_technique;
    for (const auto& entry : std::filesystem::directory_iterator(*dir + "/se_paths")) {
        const testing::SePath se = testing::read_se_path(entry.path().string());
        ASSERT_EQ(se.puzzle.size(), 81u) << entry.path();
        CandidateGrid grid(testing::grid_from_line(se.puzzle));
        for (const testing::SeStep& s : se.steps) {
            SCOPED_TRACE(entry.path().filename().string() + ": " + s.line);
            const std::set<Candidate> eliminations(s.eliminations.begin(), s.eliminations.end());
            if (auto t = ours(s.technique, s.rating)) {
                // One of our steps has exactly SE's effect (SE has at most one placement).
                bool found = false, first = true;
                for (const Step& step : find_steps(grid, *t)) {
                    std::set<Candidate> e(step.eliminations.begin(), step.eliminations.end());
                    const bool same = step.placements == s.placements && e == eliminations;
                    EXPECT_TRUE(same || !first || !scans_as_se(*t))
                        << "SE: " << s.line << "; our first: " << step_text(step, grid.shape());
                    found |= same;
                    first = false;
                }
                EXPECT_TRUE(found) << "SE: " << s.line;
                ++compared;
                ++per_technique[*t];
            }
            // Apply SE's step as SE does: eliminations, then the placement.
            for (const Candidate& c : eliminations) grid.eliminate(c.cell, c.digit);
            for (const Candidate& c : s.placements) grid.place(c.cell, c.digit);
        }
        ++files;
    }
    EXPECT_GT(files, 10);
    EXPECT_GT(compared, 900);
    std::string line;
    for (auto [t, n] : per_technique)
        line += " " + std::string(technique_info(t).code) + "=" + std::to_string(n);
    std::printf("[ se paths ] %d files, %d SE steps compared:%s\n", files, compared, line.c_str());
}

}  // namespace
}  // namespace sudokit
