// Sudoku Explainer's own solving paths (shared/data/se_paths, SE-RATING.md section 6) replayed
// with the se order: from the puzzle, sudokit's stepper must take SE's steps one by one - the
// same technique, placements, eliminations and the exact rating - up to the first chain step
// (which another family reproduces), or up to the first step of a technique sudokit does not
// have yet. Which of the two stops each file is written down below (kExpected): when a family
// lands and a file gets further, the table is updated to say so. Where a whole path is
// reproduced, the ER/EP/ED the path gives (SE's rating loop, SE-RATING.md 1.2) must be the file's.
// And the ratings of the public SE-rated puzzles wherever sudokit's se path is surely SE's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "se_path_reader.h"
#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

// How far a file's path is reproduced.
enum class Reach {
    whole,     // every step, and the file has no chain step: the ER/EP/ED too
    to_chain,  // every step before the first chain step
    needs,     // every step before the first step of a technique sudokit lacks (`needs`)
};

struct Expectation {
    const char* file;
    Reach reach;
    const char* needs;  // SE's name of the missing technique, for Reach::needs
};

// One entry per file of se_paths/. When a technique family is merged, the files that needed it
// reach further: flip their entries (the test says which).
constexpr Expectation kExpected[] = {
    {"1.5_1.txt", Reach::whole, ""},    {"2.0_1.txt", Reach::whole, ""},
    {"2.6_1.txt", Reach::whole, ""},    {"3.4_1.txt", Reach::whole, ""},
    {"4.2_1.txt", Reach::whole, ""},    {"4.5_1.txt", Reach::whole, ""},
    {"5.6_1.txt", Reach::whole, ""},    {"6.6_1.txt", Reach::to_chain, ""},
    {"6.7_1.txt", Reach::to_chain, ""}, {"7.2_1.txt", Reach::to_chain, ""},
    {"7.6_1.txt", Reach::to_chain, ""}, {"8.3_1.txt", Reach::to_chain, ""},
    {"8.5_1.txt", Reach::to_chain, ""}, {"9.0_1.txt", Reach::to_chain, ""},
    {"9.2_1.txt", Reach::to_chain, ""},
};

std::string reach_text(Reach reach, const std::string& needs) {
    switch (reach) {
        case Reach::whole:
            return "the whole path";
        case Reach::to_chain:
            return "up to the first chain step";
        case Reach::needs:
            break;
    }
    return "up to the first " + needs + " (not in sudokit yet)";
}

std::set<Candidate> as_set(const std::vector<Candidate>& v) { return {v.begin(), v.end()}; }

// SE's technique name -> ours, when sudokit has it. Names that differ are listed; any other is
// looked up as it is (find_technique ignores case, '-' and ' ').
std::optional<Technique> ours(const std::string& name, double rating) {
    if (name == "Hidden Single") {
        return rating < 1.1   ? Technique::full_house
               : rating < 1.3 ? Technique::hidden_single_box
                              : Technique::hidden_single_line;
    }
    const std::pair<const char*, const char*> renamed[] = {
        {"Naked Triplet", "naked_triple"},
        {"Hidden Triplet", "hidden_triple"},
        {"Direct Hidden Triplet", "direct_hidden_triple"},
    };
    for (auto [se, id] : renamed) {
        if (name == se) return find_technique(id);
    }
    // SE names the type ("Unique Rectangle type 4"); sudokit keeps it in explanation.variant.
    const std::pair<const char*, const char*> typed[] = {
        {"Unique Rectangle type ", "unique_rectangle"},
        {"Unique Loop type ", "unique_loop"},
        {"BUG type ", "bug"},
    };
    for (auto [prefix, id] : typed) {
        if (name.rfind(prefix, 0) == 0) return find_technique(id);
    }
    return find_technique(name);
}

// serate's conversion of a rating: (int)((x + 0.05) * 10), written w/10 "." w%10.
std::string se_number(double x) {
    const int w = static_cast<int>((x + 0.05) * 10);
    return std::to_string(w / 10) + "." + std::to_string(w % 10);
}

// ER/EP/ED of a path by SE's rating loop (SE-RATING.md 1.2): ER the hardest step, ED the first
// step's rating, EP the hardest step up to the first that places a digit.
std::string se_rating(const std::vector<Step>& steps) {
    double er = -1.0, ep = 0.0, ed = 0.0;
    for (const Step& step : steps) {
        if (step.rating > er) er = step.rating;
        if (ep == 0.0) {
            if (ed == 0.0) ed = er;
            if (!step.placements.empty()) ep = er;
        }
    }
    return se_number(er) + "/" + se_number(ep) + "/" + se_number(ed);
}

// SE's effect in sudokit's notation, for messages.
std::string effect_text(const std::set<Candidate>& placements,
                        const std::set<Candidate>& eliminations) {
    auto cell = [](const Candidate& c) {
        return "r" + std::to_string(c.cell / 9 + 1) + "c" + std::to_string(c.cell % 9 + 1);
    };
    std::string out;
    for (const Candidate& c : placements) out += " " + cell(c) + "=" + std::to_string(c.digit);
    for (const Candidate& c : eliminations) out += " " + cell(c) + "<>" + std::to_string(c.digit);
    return out.empty() ? " none" : out;
}

TEST(SePaths, ReproducedWithTheSeOrder) {
    auto dir = testing::data_dir();
    if (!dir || !std::filesystem::is_directory(*dir + "/se_paths")) {
        if (testing::in_ci()) FAIL() << "se_paths not found, and CI=true: this test must run";
        GTEST_SKIP() << "se_paths not found (../shared/data or $SUDOKIT_DATA_DIR): skipped";
    }
    int files = 0;
    for (const Expectation& expected : kExpected) {
        const std::string file = *dir + "/se_paths/" + expected.file;
        SCOPED_TRACE(expected.file);
        ASSERT_TRUE(std::filesystem::exists(file)) << file;
        ++files;
        const testing::SePath se = testing::read_se_path(file);
        EXPECT_EQ(se.puzzle.size(), 81u) << file;
        EXPECT_FALSE(se.rating.empty()) << file;
        ASSERT_FALSE(se.steps.empty());

        // Where the comparison stops: the first chain step or the first technique we lack.
        size_t stop = se.steps.size();
        Reach reach = Reach::whole;
        std::string needs;
        for (size_t i = 0; i < se.steps.size(); ++i) {
            const testing::SeStep& s = se.steps[i];
            if (s.chain) {
                stop = i;
                reach = Reach::to_chain;
                break;
            }
            if (!ours(s.technique, s.rating)) {
                stop = i;
                reach = Reach::needs;
                needs = s.technique;
                break;
            }
        }

        HumanOptions options;
        options.order.assign(se_order().begin(), se_order().end());
        options.max_steps = stop;
        const Grid puzzle = testing::grid_from_line(se.puzzle);
        const SolvePath path = solve_path(puzzle, options);

        size_t matched = 0;
        for (; matched < stop; ++matched) {
            const testing::SeStep& s = se.steps[matched];
            if (matched >= path.steps.size()) {
                ADD_FAILURE() << "step " << matched + 1 << ": sudokit found no step (path "
                              << path_end_name(path.end) << "); SE: " << s.line;
                break;
            }
            const Step& step = path.steps[matched];
            const std::set<Candidate> se_placements = as_set(s.placements);
            const std::set<Candidate> se_eliminations = as_set(s.eliminations);
            const bool same = step.technique == *ours(s.technique, s.rating) &&
                              as_set(step.placements) == se_placements &&
                              as_set(step.eliminations) == se_eliminations &&
                              step.rating == s.rating;
            if (!same) {
                ADD_FAILURE() << "step " << matched + 1 << " differs\n  SE:      " << s.line
                              << "\n           effect"
                              << effect_text(se_placements, se_eliminations)
                              << "\n  sudokit: " << step_text(step, puzzle.shape()) << " (rating "
                              << step.rating << ")";
                break;
            }
        }
        const std::string how =
            matched < stop ? "then a different step" : "reproduced " + reach_text(reach, needs);
        std::printf("[ se paths ] %s: %zu of %zu steps taken as SE does, %s\n", expected.file,
                    matched, se.steps.size(), how.c_str());
        if (matched < stop) continue;

        // Where the path ends must be what the table says.
        EXPECT_EQ(reach_text(reach, needs), reach_text(expected.reach, expected.needs))
            << "the path of " << expected.file
            << " is reproduced differently from kExpected: update the table";
        if (reach == Reach::whole) {
            EXPECT_EQ(path.end, PathEnd::solved);
            EXPECT_EQ(se_rating(path.steps), se.rating) << "ER/EP/ED";
        }
    }
    EXPECT_EQ(files, 15);
}

// SE's ratings of the public SE-rated puzzles, where sudokit's se path is surely SE's: a step
// taken by a producer that comes before the first producer of SE's order sudokit lacks (X-Wing,
// I3: everything up to naked pairs) is SE's step, since every earlier producer exists here and
// found nothing too. A path made only of such steps gives SE's ER/EP/ED; a path whose steps up
// to the first placement are such steps gives SE's EP and ED.
TEST(SePaths, RatingsOfThePublicSet) {
    SUDOKIT_REQUIRE_DATA(csv, "se_rated_public.csv");
    const auto se = se_order();
    const auto end = std::find(se.begin(), se.end(), Technique::naked_pair);
    ASSERT_NE(end, se.end());
    const std::set<Technique> sure(se.begin(), end + 1);
    HumanOptions options;
    options.order.assign(se.begin(), se.end());
    options.explain = false;
    std::ifstream in(csv);
    std::string text;
    std::getline(in, text);
    ASSERT_EQ(text.rfind("puzzle,er,ep,ed,source", 0), 0u) << text;
    int whole = 0, start = 0;
    while (std::getline(in, text)) {
        std::vector<std::string> f;
        std::stringstream ss(text);
        for (std::string field; std::getline(ss, field, ',');) f.push_back(field);
        if (f.size() < 4 || f[0].size() != 81) continue;
        const SolvePath path = solve_path(testing::grid_from_line(f[0]), options);
        size_t sure_steps = 0;
        while (sure_steps < path.steps.size() && sure.count(path.steps[sure_steps].technique))
            ++sure_steps;
        size_t first_placement = 0;
        while (first_placement < path.steps.size() &&
               path.steps[first_placement].placements.empty())
            ++first_placement;
        const std::string rating = se_rating(path.steps);
        if (path.end == PathEnd::solved && sure_steps == path.steps.size()) {
            ++whole;
            EXPECT_EQ(rating, f[1] + "/" + f[2] + "/" + f[3]) << f[0];
        } else if (first_placement < sure_steps) {
            ++start;
            EXPECT_EQ(rating.substr(rating.find('/') + 1), f[2] + "/" + f[3]) << "EP/ED " << f[0];
        }
    }
    std::printf(
        "[ se ratings ] ER/EP/ED of %d public puzzles, EP/ED of %d more: as SE rates them\n", whole,
        start);
    EXPECT_GT(whole, 100);
    EXPECT_GT(whole + start, 400);
}

}  // namespace
}  // namespace sudokit
