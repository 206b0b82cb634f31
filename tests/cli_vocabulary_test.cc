// Every command's JSON names what happened with a word of the one vocabulary (status_words.h):
// the commands are run over inputs that reach each outcome, and every "status" and "end" word
// they print is collected and looked up in the library's list.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "sudokit/status_words.h"
#include "test_support.h"

namespace sudokit::testing {
namespace {

using Words = std::set<std::string>;

// One puzzle per outcome of solve and count (a line each, in this order): unique, malformed,
// conflicting givens, no solution, several, a 4x4, a hard one that logic made of naked singles
// cannot finish, and a 9x9 whose r9c9 has no candidate that brute force cannot reach in time.
constexpr const char* kPuzzles =
    "1.6.2.....3....1.....6.7..4....5....5.12.43....28...6...734....48.5.16.........8.\n"
    "9..7..54.8..564...x.....7.2....9...8...18..5.7.....6...9..5....2.54...1..43....2.\n"
    "99.7..54.8..564.........7.2....9...8...18..5.7.....6...9..5....2.54...1..43....2.\n"
    "12345678....................................9....................................\n"
    "9..7..54.8..564.........7.2....9...8...18..5.7.....6...9..5....2.54...1..4.......\n"
    "43........23....\n"
    "1...8.5...5....24.....24.31..583....6......7....16...23..45.6....8.1.....9.......\n";
constexpr const char* kUnreachable =
    "........5........6........7........8........................9...........1234.....\n";

// The "status" and "end" words of every JSON object the run printed, one object per line.
Words collect(const CliRun& run) {
    Words words;
    for (const std::string& line : split_lines(run.out)) {
        if (line.empty()) continue;
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        EXPECT_TRUE(j.is_object()) << line;
        if (!j.is_object()) continue;
        for (const char* field : {"status", "end"}) {
            if (j.contains(field) && j[field].is_string())
                words.insert(j[field].get<std::string>());
        }
    }
    return words;
}

class VocabularyTest : public ::testing::Test {
  protected:
    void SetUp() override {
        write_text(dir_ / "puzzles.txt", kPuzzles);
        write_text(dir_ / "unreachable.txt", kUnreachable);
    }

    // Runs the command, checks that every word it printed is in the list, and adds them to seen.
    Words run(std::vector<std::string> args) {
        const CliRun r = run_cli(args, "", dir_.path().string());
        EXPECT_TRUE(r.code == 0 || r.code == 1) << r.err;
        const Words words = collect(r);
        for (const std::string& word : words) {
            EXPECT_NE(std::ranges::find(status_words(), word), status_words().end())
                << "'" << word << "' from sudokit " << args.front() << " is not a status word";
            seen_.insert(word);
        }
        return words;
    }

    static void expect_all(const Words& got, const Words& wanted) {
        for (const std::string& word : wanted)
            EXPECT_TRUE(got.contains(word)) << "no item ended '" << word << "'";
    }

    TempDir dir_{"vocabulary"};
    Words seen_;
};

TEST_F(VocabularyTest, EveryCommandsJsonUsesTheListedWords) {
    Words solve = run({"solve", "-q", "-e", "backtrack", "-f", "json", "puzzles.txt"});
    for (const std::string& w :
         run({"solve", "-q", "-e", "fast", "--first", "-f", "json", "puzzles.txt"}))
        solve.insert(w);
    for (const std::string& w :
         run({"solve", "-q", "-e", "human:order=ns", "-f", "json", "puzzles.txt"}))
        solve.insert(w);
    for (const std::string& w :
         run({"solve", "-q", "-e", "backtrack", "--budget", "5", "-f", "json", "puzzles.txt"}))
        solve.insert(w);
    for (const std::string& w : run({"solve", "-q", "-e", "backtrack", "--timeout", "0.05", "-f",
                                     "json", "unreachable.txt"}))
        solve.insert(w);
    expect_all(solve, {"unique", "found", "multiple", "no-solution", "unfinished", "timeout",
                       "stuck", "invalid", "unsupported"});

    Words count = run({"count", "-q", "-e", "backtrack", "-f", "json", "puzzles.txt"});
    for (const std::string& w : run({"count", "-q", "-e", "backtrack", "--timeout", "0.05", "-f",
                                     "json", "unreachable.txt"}))
        count.insert(w);
    expect_all(count, {"unique", "multiple", "no-solution", "timeout", "invalid"});

    Words explain = run({"explain", "--no-rating", "-f", "json", "puzzles.txt"});
    for (const std::string& w :
         run({"explain", "--no-rating", "--order", "ns", "-f", "json", "puzzles.txt"}))
        explain.insert(w);
    for (const std::string& w :
         run({"explain", "--no-rating", "--max-steps", "1", "-f", "json", "puzzles.txt"}))
        explain.insert(w);
    for (const std::string& w :
         run({"explain", "--no-rating", "--timeout", "0.000000001", "-f", "json", "puzzles.txt"}))
        explain.insert(w);
    expect_all(explain, {"solved", "stuck", "contradiction", "step-limit", "timeout", "invalid"});

    Words hint = run({"hint", "-f", "json", "puzzles.txt"});
    for (const std::string& w : run({"hint", "--order", "ns", "-f", "json", "puzzles.txt"}))
        hint.insert(w);
    for (const std::string& w :
         run({"hint", "--timeout", "0.000000001", "-f", "json", "puzzles.txt"}))
        hint.insert(w);
    expect_all(hint, {"step", "stuck", "contradiction", "timeout", "invalid"});

    Words rate = run({"rate", "-q", "-f", "json", "puzzles.txt"});
    for (const std::string& w : run({"rate", "-q", "--max", "1.5", "-f", "json", "puzzles.txt"}))
        rate.insert(w);
    for (const std::string& w : run({"rate", "-q", "--ep-only", "-f", "json", "puzzles.txt"}))
        rate.insert(w);
    for (const std::string& w : run({"rate", "-q", "--ed-only", "-f", "json", "puzzles.txt"}))
        rate.insert(w);
    for (const std::string& w :
         run({"rate", "-q", "--timeout", "0.000000001", "-f", "json", "puzzles.txt"}))
        rate.insert(w);
    expect_all(rate, {"solved", "max", "ep-only", "ed-only", "timeout", "invalid"});

    Words generate = run({"generate", "-q", "--seed", "1", "--count", "1", "--threads", "1",
                          "--no-rating", "-f", "json"});
    for (const std::string& w : run({"generate", "-q", "--seed", "1", "--count", "1", "--threads",
                                     "1", "--rating", "11..12", "--timeout", "0.2", "-f", "json"}))
        generate.insert(w);
    expect_all(generate, {"found", "timeout"});

    expect_all(run({"convert", "--quiet", "--to", "json", "puzzles.txt"}),
               {"converted", "invalid"});

    // Every word of the list but "interrupted" (which needs a signal) was printed by some command.
    for (std::string_view word : status_words()) {
        if (word == "interrupted") continue;
        EXPECT_TRUE(seen_.contains(std::string(word))) << "no command printed '" << word << "'";
    }
}

TEST(StatusWords, AreDistinctAndNamedByTheirEnum) {
    const auto words = status_words();
    ASSERT_EQ(words.size(), kStatusWordCount);
    const std::set<std::string_view> distinct(words.begin(), words.end());
    EXPECT_EQ(distinct.size(), words.size());
    for (size_t i = 0; i < words.size(); ++i)
        EXPECT_EQ(status_word(static_cast<StatusWord>(i)), words[i]);
    EXPECT_EQ(status_word(StatusWord::timeout), "timeout");
    EXPECT_EQ(status_word(StatusWord::no_solution), "no-solution");
}

// docs/json.md lists every word of the list.
TEST(StatusWords, AreListedInTheDocs) {
    const std::string doc = read_text(std::string(SUDOKIT_FIXTURES_DIR) + "/../../docs/json.md");
    ASSERT_FALSE(doc.empty()) << "docs/json.md";
    for (std::string_view word : status_words())
        EXPECT_NE(doc.find("| `" + std::string(word) + "` |"), std::string::npos) << word;
}

}  // namespace
}  // namespace sudokit::testing
