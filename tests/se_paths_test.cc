// Sudoku Explainer's own solving paths (shared/data/se_paths) against `rate`: from each puzzle,
// SE's rating loop on sudokit's techniques (rate_puzzle, keeping the path) must take SE's steps
// one by one - the same technique and type, placements, eliminations and exact rating - and give
// the ER/EP/ED of the file's header; the --path text of each step has the file's fields. Since
// the loop tries the producers in SE's order, this also holds each finder to SE's: at every
// step the producers before SE's found nothing, and SE's producer found SE's step first.
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
#include "sudokit/rate.h"
#include "test_support.h"

namespace sudokit {
namespace {

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

// The fields of the --path text or of an se_paths file that say what a step does, step by step:
// the rounded rating, the placement, the eliminations (as a set of "C5-79" groups; their order
// is SE's own; those in a cell the step fills, which the placement implies, left out: SE lists
// them for some forcing chains) and the exact double. The technique's name and text are
// sudokit's own words, and --path leaves the chain complexity out ("-").
std::vector<std::vector<std::string>> fields_of(const std::string& lines) {
    std::vector<std::vector<std::string>> rows;
    std::stringstream in(lines);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string field; std::getline(ss, field, '|');) {
            const size_t a = field.find_first_not_of(' ');
            const size_t b = field.find_last_not_of(' ');
            f.push_back(a == std::string::npos ? "" : field.substr(a, b - a + 1));
        }
        if (f.size() != 8) {
            rows.push_back(f);
            continue;
        }
        std::stringstream placed(f[4]), groups(f[5]);
        std::set<std::string> placed_cells;  // "B8" of "B8=8"
        for (std::string item; placed >> item;) placed_cells.insert(item.substr(0, 2));
        std::vector<std::string> g;
        for (std::string item; groups >> item;) {
            if (item != "-" && !placed_cells.count(item.substr(0, 2))) g.push_back(item);
        }
        std::sort(g.begin(), g.end());
        f[5].clear();
        for (const std::string& item : g) f[5] += item + " ";
        rows.push_back({f[1], f[4], f[5], f[7]});
    }
    return rows;
}

TEST(SePaths, RateTakesSudokuExplainersStepsOneByOne) {
    auto dir = testing::data_dir();
    if (!dir || !std::filesystem::is_directory(*dir + "/se_paths")) {
        if (testing::in_ci()) FAIL() << "se_paths not found, and CI=true: this test must run";
        GTEST_SKIP() << "se_paths not found (../shared/data or $SUDOKIT_DATA_DIR): skipped";
    }
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(*dir + "/se_paths"))
        files.push_back(entry.path().filename().string());
    std::sort(files.begin(), files.end());
    EXPECT_EQ(files.size(), 15u);
    size_t steps = 0, chains = 0, typed = 0;
    for (const std::string& name : files) {
        const std::string file = *dir + "/se_paths/" + name;
        SCOPED_TRACE(name);
        const testing::SePath se = testing::read_se_path(file);
        ASSERT_EQ(se.puzzle.size(), 81u) << file;
        ASSERT_FALSE(se.rating.empty()) << file;
        ASSERT_FALSE(se.steps.empty()) << file;
        const Grid puzzle = testing::grid_from_line(se.puzzle);
        RateOptions keep;
        keep.keep_path = true;
        const Rating rating = rate_puzzle(puzzle, keep);
        EXPECT_EQ(rating.end, RateEnd::solved);
        EXPECT_EQ(rating.solutions, SolutionCount::one);
        EXPECT_EQ(rating_text(rating), se.rating) << "ER/EP/ED";
        EXPECT_EQ(static_cast<int>(rating.path.size()), rating.steps);

        size_t matched = 0;
        for (; matched < se.steps.size(); ++matched) {
            const testing::SeStep& s = se.steps[matched];
            if (matched >= rating.path.size()) {
                ADD_FAILURE() << "step " << matched + 1 << ": sudokit's path ends ("
                              << rate_end_name(rating.end) << "); SE: " << s.line;
                break;
            }
            const Step& step = rating.path[matched];
            const std::optional<Technique> technique = ours(s.technique, s.rating);
            const std::set<Candidate> se_placements = as_set(s.placements);
            std::set<Candidate> se_eliminations = as_set(s.eliminations);
            std::erase_if(se_eliminations, [&](const Candidate& c) {
                return std::any_of(s.placements.begin(), s.placements.end(),
                                   [&](const Candidate& p) { return p.cell == c.cell; });
            });
            // "Unique Rectangle type 4", "BUG type 2": sudokit keeps the type in the variant.
            const size_t type_at = s.technique.rfind(" type ");
            const bool same_type =
                type_at == std::string::npos ||
                std::to_string(step.explanation.variant) == s.technique.substr(type_at + 6);
            const bool same = technique && step.technique == *technique && same_type &&
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
            typed += type_at != std::string::npos;
            if (s.chain) {
                ++chains;
                EXPECT_FALSE(step.explanation.nodes.empty()) << "step " << matched + 1;
            }
        }
        steps += matched;
        std::printf("[ se paths ] %s: %zu of %zu steps taken as SE takes them\n", name.c_str(),
                    matched, se.steps.size());
        if (matched < se.steps.size()) continue;
        EXPECT_EQ(rating.path.size(), se.steps.size()) << "sudokit's path is longer";
        // Without the explanations (as `rate` runs without --path) the path is the same.
        const Rating plain = rate_puzzle(puzzle);
        EXPECT_EQ(plain.se, rating.se);
        EXPECT_EQ(plain.steps, rating.steps);
        EXPECT_EQ(plain.counts, rating.counts);

        // The --path text, field by field as SE's file.
        std::ifstream in(file);
        std::stringstream se_text;
        se_text << in.rdbuf();
        const auto theirs = fields_of(se_text.str());
        const auto mine = fields_of(rate_path_text(rating.path, puzzle.shape()));
        ASSERT_EQ(mine.size(), theirs.size());
        for (size_t i = 0; i < mine.size(); ++i) EXPECT_EQ(mine[i], theirs[i]) << "step " << i + 1;
    }
    std::printf(
        "[ se paths ] %zu steps of %zu files taken as SE's, %zu of them chains, %zu uniqueness\n",
        steps, files.size(), chains, typed);
    EXPECT_EQ(steps, 1164u);
    EXPECT_EQ(chains, 121u);
    EXPECT_EQ(typed, 8u);  // unique rectangles in 7 files, a BUG in 5.6_1
}

}  // namespace
}  // namespace sudokit
