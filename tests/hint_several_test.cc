// hint on a position with several solutions: the step is given (it is sound), and the text, the
// exit code and stderr say what explain says, that logic alone cannot finish it.
#include <gtest/gtest.h>

#include <string>

#include "cli_runner.h"
#include "sudokit/explain.h"
#include "test_support.h"

namespace sudokit::testing {
namespace {

TEST(HintSeveral, AStepOnAPositionWithSeveralSolutionsSaysSo) {
    // The README's hint example: a pencil-mark grid whose position has two solutions.
    const Parsed<Puzzle> position =
        parse_puzzle(read_text(std::string(SUDOKIT_CLI_DIR) + "/hint_pair_pmgrid.txt"));
    ASSERT_TRUE(position.ok()) << position.error().message();
    const Hint hint = find_hint(position.value(), easiest_order(), false);
    ASSERT_EQ(hint.status, Hint::Status::step) << hint.text;
    EXPECT_TRUE(hint.several_solutions);
    EXPECT_TRUE(hint.text.starts_with("Naked Pair")) << hint.text;
    EXPECT_NE(hint.text.find("more than one solution"), std::string::npos) << hint.text;

    const Hint unique = find_hint(
        parse_puzzle(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
            .value(),
        easiest_order(), false);
    EXPECT_EQ(unique.status, Hint::Status::step);
    EXPECT_FALSE(unique.several_solutions);
    EXPECT_EQ(unique.text.find("solution"), std::string::npos) << unique.text;

    const CliRun run = run_cli({"hint", "hint_pair_pmgrid.txt"});
    EXPECT_EQ(run.code, 1);
    EXPECT_NE(run.out.find("more than one solution"), std::string::npos) << run.out;
    EXPECT_NE(run.err.find("line 2: the position has more than one solution"), std::string::npos)
        << run.err;
}

}  // namespace
}  // namespace sudokit::testing
