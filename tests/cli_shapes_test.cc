// What one command writes another reads, for every box shape the generator makes: the size tag
// of shapes that are not the usual one of their side (docs/formats.md) carried through
// generate, rate, solve and convert, in text and JSON.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_runner.h"
#include "sudokit/io.h"
#include "sudokit/json.h"
#include "test_support.h"

namespace sudokit::testing {
namespace {

// The cells of an output line: up to the first blank (rate's " ED=...", solve's comment).
std::string first_field(const std::string& line) { return line.substr(0, line.find(' ')); }

class CliShapes : public ::testing::TestWithParam<Shape> {};

TEST_P(CliShapes, GenerateThenRateAndSolveReadTheShapeBack) {
    const Shape shape = GetParam();
    const TempDir tmp("shapes");
    const std::string file = (tmp / "generated.txt").string();
    // From 15x15 up a minimal puzzle takes seconds to make and its rating seconds more (chains):
    // the format is the same, so those are not minimal and their ratings stop past ER 2.0.
    const bool big = shape.size() >= 15;
    const size_t count = big ? 1 : 2;
    std::vector<std::string> generate = {"generate",   "--size",  shape.name(),          "--seed",
                                         "1",          "--count", std::to_string(count), "--quiet",
                                         "--no-rating"};
    if (big) generate.push_back("--no-minimal");
    const CliRun generated = run_cli(generate);
    ASSERT_EQ(generated.code, 0) << generated.err;
    write_text(file, generated.out);
    const std::vector<std::string> puzzles = split_lines(generated.out);
    ASSERT_EQ(puzzles.size(), count);
    for (const std::string& line : puzzles) {
        EXPECT_TRUE(line.starts_with(shape_tag(shape))) << line;
        Parsed<Puzzle> p = parse_puzzle(line);
        ASSERT_TRUE(p.ok()) << line << ": " << p.error().message();
        EXPECT_EQ(p.value().grid.shape(), shape);
    }

    std::vector<std::string> rate = {"rate", "--quiet", file};
    if (big) rate.insert(rate.end(), {"--max", "2"});
    const CliRun rated = run_cli(rate);
    EXPECT_EQ(rated.code, 0) << rated.out << rated.err;
    const std::vector<std::string> ratings = split_lines(rated.out);
    ASSERT_EQ(ratings.size(), count) << rated.out;
    for (size_t i = 0; i < ratings.size(); ++i) {
        EXPECT_EQ(first_field(ratings[i]), first_field(puzzles[i]));
        EXPECT_NE(ratings[i].find(" ED="), std::string::npos) << ratings[i];
        EXPECT_EQ(ratings[i].find("several"), std::string::npos) << ratings[i];
    }

    const CliRun solved = run_cli({"solve", "--quiet", file});
    EXPECT_EQ(solved.code, 0) << solved.err;
    const std::vector<std::string> solutions = split_lines(solved.out);
    ASSERT_EQ(solutions.size(), count) << solved.out;
    for (size_t i = 0; i < solutions.size(); ++i) {
        Parsed<Puzzle> solution = parse_puzzle(solutions[i]);
        ASSERT_TRUE(solution.ok()) << solutions[i] << ": " << solution.error().message();
        EXPECT_EQ(solution.value().grid.shape(), shape);
        EXPECT_TRUE(solves(parse_puzzle(puzzles[i]).value().grid, solution.value().grid))
            << puzzles[i] << "\n"
            << solutions[i];
    }

    // JSON's puzzle field is input too, and convert writes what it read.
    generate.insert(generate.end(), {"--format", "json"});
    const CliRun json = run_cli(generate);
    ASSERT_EQ(json.code, 0) << json.err;
    const Json object = Json::parse(split_lines(json.out).at(0));
    EXPECT_EQ(object.at("puzzle").get<std::string>(), puzzles[0]);
    const CliRun grid = run_cli({"convert", "--to", "grid", file});
    ASSERT_EQ(grid.code, 0) << grid.err;
    write_text(file, grid.out);
    const CliRun back = run_cli({"convert", "--quiet", file});
    EXPECT_EQ(back.code, 0) << back.err;
    EXPECT_EQ(back.out, generated.out);
}

std::vector<Shape> generator_shapes() {
    std::vector<Shape> shapes;
    for (int rows = 2; rows <= 5; ++rows) {
        for (int cols = 2; cols <= 5; ++cols) shapes.push_back(Shape{rows, cols});
    }
    return shapes;
}

INSTANTIATE_TEST_SUITE_P(BoxShapes, CliShapes, ::testing::ValuesIn(generator_shapes()),
                         [](const ::testing::TestParamInfo<Shape>& info) {
                             return info.param.name();
                         });

}  // namespace
}  // namespace sudokit::testing
