// The human solver on the public SE-rated puzzles (shared/data, skipped when absent): every
// puzzle rated 2.6 or less is solved; the share solved per rating band is printed. And Sudoku
// Explainer's own solving paths (se_paths/) replayed: wherever SE applies one of our techniques,
// our finder reports a step with the same effect.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "se_path_reader.h"
#include "sudokit/engine.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

struct Band {
    int solved = 0;
    int total = 0;
};

void print_bands(const char* spec, const std::map<double, Band>& bands) {
    std::printf("[ bands ] %s: solved per SE rating (ER)\n", spec);
    std::string line;
    for (const auto& [er, band] : bands) {
        char cell[48];
        std::snprintf(cell, sizeof cell, " %.1f:%d/%d", er, band.solved, band.total);
        line += cell;
        if (line.size() > 80) {
            std::printf("[ bands ]%s\n", line.c_str());
            line.clear();
        }
    }
    if (!line.empty()) std::printf("[ bands ]%s\n", line.c_str());
}

TEST(HumanData, SolvesEveryPuzzleRatedUpTo26) {
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
    ASSERT_GT(puzzles.size(), 100u);
    for (const char* spec : {"human", "human:order=thesis"}) {
        auto engine = make_engine(spec);
        std::map<double, Band> bands;
        int easy = 0;
        for (const auto& [puzzle, er] : puzzles) {
            const Result r = engine->solve(puzzle, Limits{});
            Band& band = bands[er];
            ++band.total;
            if (r.count == 1) {
                ++band.solved;
                EXPECT_TRUE(solves(puzzle, r.first));
            } else {
                EXPECT_FALSE(r.complete())
                    << "claimed no solution: " << testing::grid_to_line(puzzle);
            }
            if (er <= 2.6) {
                ++easy;
                EXPECT_EQ(r.count, 1u)
                    << spec << " did not solve (ER " << er << ") " << testing::grid_to_line(puzzle);
            }
        }
        EXPECT_GT(easy, 50);
        print_bands(spec, bands);
    }
}

// Where SE's hardest step is one we have (ER 3.0-4.4: subsets, X-Wing, Swordfish, XY- and
// XYZ-Wing; no uniqueness, no chains), our path in SE's order solves the puzzle and its hardest
// step has SE's rating.
TEST(HumanData, RatesLikeSudokuExplainerUpTo44) {
    SUDOKIT_REQUIRE_DATA(path, "se_rated_public.csv");
    std::ifstream in(path);
    std::string text;
    std::getline(in, text);
    const HumanOptions se{.order = {se_order().begin(), se_order().end()}, .explain = false};
    std::map<std::string, int> per_rating;
    while (std::getline(in, text)) {
        std::stringstream ss(text);
        std::string puzzle, er;
        std::getline(ss, puzzle, ',');
        std::getline(ss, er, ',');
        if (puzzle.size() != 81 || std::stod(er) < 3.0 || std::stod(er) > 4.4) continue;
        const SolvePath solved = solve_path(testing::grid_from_line(puzzle), se);
        EXPECT_EQ(solved.end, PathEnd::solved) << puzzle;
        char hardest[16];
        std::snprintf(hardest, sizeof hardest, "%.1f", summarize(solved).max_rating);
        EXPECT_EQ(hardest, er) << puzzle;
        ++per_rating[er];
    }
    std::string line;
    for (const auto& [er, n] : per_rating) line += " " + er + ":" + std::to_string(n);
    std::printf("[ se ratings ] puzzles rated 3.0-4.4 (ER:count):%s\n", line.c_str());
    EXPECT_GT(per_rating["4.2"], 10);
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
