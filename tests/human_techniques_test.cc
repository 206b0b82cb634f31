// Technique finders on fixture positions (tests/fixtures/techniques_*.txt, format at the top of
// techniques_9x9.txt): every step a finder reports, taken together, must give exactly the
// expected eliminations and placements; "-" expectations are "must not be found" cases; a
// "text:" line after a case is the exact text of the first step found. Each technique family
// may bring its own file; together the files must hold, for every technique, at least 3 cases
// where it applies, 1 where it must not, and 1 text. SUDOKIT_PRINT_FIXTURE_TEXT=1 prints the text
// of every case that has none, to review before adding it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "sudokit/human.h"
#include "test_support.h"

namespace sudokit {
namespace {

int symbol_value(char c) {
    if (c >= '1' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 0;
}

struct Case {
    int line = 0;
    Technique technique{};
    Grid values;
    PencilMarks marks;
    std::set<Candidate> eliminations;
    std::set<Candidate> placements;
    std::optional<std::string> text;  // the first step's text, when the file gives it
};

// "r4c5<>3,7" items (eliminations) or "r3c5=7" items (placements), space separated; "-" none.
bool parse_effects(const std::string& text, int n, bool elim, std::set<Candidate>& out) {
    if (text == "-") return true;
    std::stringstream ss(text);
    for (std::string item; ss >> item;) {
        int row = 0, col = 0, used = 0;
        if (std::sscanf(item.c_str(), "r%dc%d%n", &row, &col, &used) != 2) return false;
        std::string rest = item.substr(used);
        const std::string op = elim ? "<>" : "=";
        if (rest.rfind(op, 0) != 0 || row < 1 || row > n || col < 1 || col > n) return false;
        std::stringstream digits(rest.substr(op.size()));
        for (std::string d; std::getline(digits, d, ',');) {
            out.insert({(row - 1) * n + col - 1, std::stoi(d)});
        }
    }
    return true;
}

std::vector<Case> load(const std::string& name) {
    std::vector<Case> cases;
    std::ifstream in(testing::fixture_path(name));
    EXPECT_TRUE(in.good()) << name;
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
        if (text.empty() || text[0] == '#') continue;
        if (text.rfind("text:", 0) == 0) {
            EXPECT_FALSE(cases.empty() || cases.back().text) << name << ":" << number;
            if (!cases.empty()) cases.back().text = text.substr(5);
            continue;
        }
        std::vector<std::string> f;
        std::stringstream ss(text);
        for (std::string field; std::getline(ss, field, ':');) f.push_back(field);
        SCOPED_TRACE(name + ":" + std::to_string(number));
        EXPECT_EQ(f.size(), 5u);
        if (f.size() != 5) continue;
        Case c;
        c.line = number;
        auto t = find_technique(f[0]);
        auto shape = Shape::for_cell_count(static_cast<int>(f[1].size()));
        EXPECT_TRUE(t && shape);
        if (!t || !shape) continue;
        const int n = shape->size();
        EXPECT_EQ(f[2].size(), static_cast<size_t>(shape->cell_count()) * n);
        if (f[2].size() != static_cast<size_t>(shape->cell_count()) * n) continue;
        c.technique = *t;
        c.values = Grid(*shape);
        c.marks = PencilMarks(*shape);
        for (int cell = 0; cell < shape->cell_count(); ++cell) {
            c.values.set(cell, symbol_value(f[1][cell]));
            DigitSet marks;
            for (int d = 1; d <= n; ++d) {
                const char ch = f[2][static_cast<size_t>(cell) * n + d - 1];
                if (ch == '.') continue;
                EXPECT_EQ(symbol_value(ch), d) << "cell " << cell;
                marks.add(d);
            }
            c.marks.cells[cell] = marks;
        }
        EXPECT_TRUE(parse_effects(f[3], n, true, c.eliminations)) << f[3];
        EXPECT_TRUE(parse_effects(f[4], n, false, c.placements)) << f[4];
        cases.push_back(std::move(c));
    }
    return cases;
}

// A step must be made of the position's own candidates and change it.
void check_step(const CandidateGrid& grid, const Step& step, Technique technique) {
    EXPECT_EQ(step.technique, technique);
    EXPECT_FALSE(step.eliminations.empty() && step.placements.empty());
    EXPECT_FALSE(step.explanation.houses.empty() && step.technique != Technique::naked_single);
    EXPECT_FALSE(step.explanation.cells.empty());
    for (const Candidate& c : step.eliminations) EXPECT_TRUE(grid.has(c.cell, c.digit));
    for (const Candidate& c : step.placements) {
        EXPECT_EQ(grid.value(c.cell), 0);
        EXPECT_TRUE(grid.has(c.cell, c.digit));
    }
    for (const CandidateMark& m : step.explanation.candidates) {
        EXPECT_TRUE(grid.has(m.candidate.cell, m.candidate.digit));
        EXPECT_TRUE(step.explanation.digits.contains(m.candidate.digit));
    }
    CandidateGrid after = grid;
    EXPECT_GT(apply_step(after, step), 0);
}

struct Coverage {
    int positive = 0;
    int negative = 0;
    int texts = 0;
};
using CoverageMap = std::map<Technique, Coverage>;

void run_fixture(const std::string& name, CoverageMap& coverage) {
    const auto cases = load(name);
    for (const Case& c : cases) {
        SCOPED_TRACE(name + ":" + std::to_string(c.line) + " " +
                     std::string(technique_info(c.technique).code));
        const CandidateGrid grid(c.values, c.marks);
        const auto steps = find_steps(grid, c.technique);
        std::set<Candidate> eliminations, placements;
        for (const Step& step : steps) {
            check_step(grid, step, c.technique);
            eliminations.insert(step.eliminations.begin(), step.eliminations.end());
            placements.insert(step.placements.begin(), step.placements.end());
        }
        EXPECT_EQ(eliminations, c.eliminations);
        EXPECT_EQ(placements, c.placements);
        // Asking for the first step gives the first of the full scan.
        const auto first = find_steps(grid, c.technique, 1);
        ASSERT_EQ(first.size(), steps.empty() ? 0u : 1u);
        if (!steps.empty()) {
            EXPECT_EQ(first[0], steps[0]);
        }
        Coverage& cover = coverage[c.technique];
        (steps.empty() ? cover.negative : cover.positive) += 1;
        if (std::getenv("SUDOKIT_PRINT_FIXTURE_TEXT") && !steps.empty() && !c.text)
            std::printf("TEXT %s:%d %s\n", name.c_str(), c.line,
                        step_text(steps[0], grid.shape()).c_str());
        if (c.text) {
            ASSERT_FALSE(steps.empty());
            EXPECT_EQ(step_text(steps[0], grid.shape()), *c.text);
            ++cover.texts;
        }
    }
}

// Every fixture file of the directory, the 9x9 and 6x6 ones first.
std::vector<std::string> fixture_files() {
    std::vector<std::string> names = {"techniques_9x9.txt", "techniques_6x6.txt"};
    const std::filesystem::path dir =
        std::filesystem::path(testing::fixture_path("techniques_9x9.txt")).parent_path();
    std::vector<std::string> more;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string file = entry.path().filename().string();
        if (file.rfind("techniques_", 0) == 0 && file.ends_with(".txt") &&
            std::find(names.begin(), names.end(), file) == names.end()) {
            more.push_back(file);
        }
    }
    std::sort(more.begin(), more.end());
    names.insert(names.end(), more.begin(), more.end());
    return names;
}

// The 9x9 and 6x6 files cover the basic families on both shapes.
TEST(HumanTechniques, BasicFamiliesOnNineByNineAndSixBySix) {
    for (const char* name : {"techniques_9x9.txt", "techniques_6x6.txt"}) {
        CoverageMap coverage;
        run_fixture(name, coverage);
        for (Technique t :
             {Technique::full_house, Technique::hidden_single_box, Technique::hidden_single_line,
              Technique::naked_single, Technique::pointing, Technique::claiming,
              Technique::naked_pair, Technique::hidden_pair, Technique::naked_triple,
              Technique::hidden_triple, Technique::naked_quad, Technique::hidden_quad}) {
            EXPECT_GE(coverage[t].positive, 3) << name << ": " << technique_info(t).name;
            EXPECT_GE(coverage[t].negative, 1) << name << ": " << technique_info(t).name;
        }
    }
}

// Every case of every fixture file holds, and every technique has positive and negative cases
// and a text among them (one pass over the files checks both).
TEST(HumanTechniques, EveryFixtureFileHoldsAndCoversEveryTechnique) {
    CoverageMap coverage;
    for (const std::string& name : fixture_files()) run_fixture(name, coverage);
    for (const TechniqueInfo& t : all_techniques()) {
        EXPECT_GE(coverage[t.id].positive, 3) << "positive cases of " << t.name;
        EXPECT_GE(coverage[t.id].negative, 1) << "negative cases of " << t.name;
        EXPECT_GE(coverage[t.id].texts, 1) << "text of " << t.name;
    }
}

}  // namespace
}  // namespace sudokit
