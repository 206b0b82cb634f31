// The web server's API called directly (serve::handle_request): every endpoint, and every kind
// of bad request answered with a 4xx whose JSON names the field.
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "serve/api.h"
#include "sudokit/json.h"

namespace sudokit::serve {
namespace {

// One solution, singles only.
constexpr const char* kEasy =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
constexpr const char* kEasySolution =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
// Easter Monster: SE 11.x, seconds of nested chains.
constexpr const char* kHardest =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
// Many solutions.
constexpr const char* kSeveral =
    "123456789........................................................................";

struct Answer {
    int status = 0;
    Json json;
};

Answer call(std::string_view method, std::string_view path, const std::string& body,
            const ApiOptions& options = {}) {
    const ApiResponse r = handle_request(method, path, body, options);
    Answer a{r.status, Json::parse(r.body, nullptr, false)};
    EXPECT_FALSE(a.json.is_discarded()) << r.body;
    EXPECT_EQ(r.content_type, "application/json");
    return a;
}
Answer post(std::string_view path, const Json& body, const ApiOptions& options = {}) {
    return call("POST", path, body.dump(), options);
}

// A bad request: its status, and the field the error names.
void expect_bad(const Answer& a, int status, const std::string& field) {
    EXPECT_EQ(a.status, status) << a.json.dump();
    EXPECT_EQ(a.json.value("status", ""), "invalid") << a.json.dump();
    EXPECT_EQ(a.json.value("field", "?"), field) << a.json.dump();
    EXPECT_FALSE(a.json.value("error", "").empty()) << a.json.dump();
}

std::vector<int> values_of(const std::string& line) {
    std::vector<int> v;
    for (char c : line) v.push_back(c == '.' ? 0 : c - '0');
    return v;
}

TEST(ServeApi, TechniquesListsTheLibrarysTable) {
    const Answer a = call("GET", "/api/techniques", "");
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json, techniques_json());
}

TEST(ServeApi, ParseSaysUniqueWithTheSolutionAndThePosition) {
    const Answer a = post("/api/parse", {{"puzzle", kEasy}});
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json["status"], "unique");
    EXPECT_EQ(a.json["solutions"], 1);
    EXPECT_EQ(a.json["solution"], kEasySolution);
    EXPECT_EQ(a.json["size"], 9);
    EXPECT_EQ(a.json["position"]["values"].size(), 81u);
    EXPECT_EQ(a.json["position"]["candidates"][0], Json::parse("[4,5]"));
    EXPECT_EQ(a.json["givens"], 32);
}

TEST(ServeApi, ParseReadsAForumGridAndSaysSeveralSolutions) {
    std::string grid;
    for (int r = 0; r < 9; ++r) {
        for (int c = 0; c < 9; ++c) {
            grid += kSeveral[r * 9 + c];
            grid += (c % 3 == 2 && c < 8) ? " | " : " ";
        }
        grid += "\n";
        if (r % 3 == 2 && r < 8) grid += "------+-------+------\n";
    }
    const Answer a = post("/api/parse", {{"puzzle", grid}});
    ASSERT_EQ(a.status, 200) << a.json.dump();
    EXPECT_EQ(a.json["status"], "multiple");
    EXPECT_EQ(a.json["solutions"], 2);
    EXPECT_TRUE(a.json["solution"].is_null());
}

TEST(ServeApi, SolveAnswersTheCliJson) {
    const Answer a = post("/api/solve", {{"puzzle", kEasy}});
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json["status"], "unique");
    EXPECT_EQ(a.json["solution"], kEasySolution);
    EXPECT_EQ(a.json["file"], "request");
    const Answer dlx = post("/api/solve", {{"puzzle", kEasy}, {"engine", "dlx"}});
    EXPECT_EQ(dlx.json["engine"], "dlx");
    expect_bad(post("/api/solve", {{"puzzle", kEasy}, {"engine", "warp"}}), 400, "engine");
}

TEST(ServeApi, CountStopsAtTheLimit) {
    const Answer a = post("/api/count", {{"puzzle", kSeveral}, {"limit", 2}});
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json["count"], 2);
    EXPECT_EQ(a.json["complete"], false);
    expect_bad(post("/api/count", {{"puzzle", kSeveral}, {"limit", 0}}), 400, "limit");
    expect_bad(post("/api/count", {{"puzzle", kSeveral}, {"limit", 2.5}}), 400, "limit");
}

TEST(ServeApi, ExplainGivesThePathWithRatings) {
    const Answer a = post("/api/explain", {{"puzzle", kEasy}});
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json["status"], "solved");
    EXPECT_GT(a.json["steps"].size(), 40u);
    EXPECT_EQ(a.json["rating"]["text"], "1.2/1.2/1.2");
    EXPECT_TRUE(a.json["steps"][0].contains("rating"));
    const Answer limited = post("/api/explain", {{"puzzle", kEasy}, {"max_steps", 3}});
    EXPECT_EQ(limited.json["status"], "step-limit");
    EXPECT_EQ(limited.json["steps"].size(), 3u);
}

TEST(ServeApi, ExplainThatRunsOutOfTimeAnswersTimeout) {
    const Answer a = post("/api/explain", {{"puzzle", kHardest}, {"timeout", 0.2}});
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json["status"], "timeout");
    EXPECT_TRUE(a.json["rating"].is_null());
    // The server's own budget caps what a request asks for.
    const Answer capped = post("/api/explain", {{"puzzle", kHardest}, {"timeout", 1000}},
                               ApiOptions{.max_seconds = 0.2});
    EXPECT_EQ(capped.json["status"], "timeout");
}

TEST(ServeApi, ACancelledRequestEndsInterrupted) {
    std::atomic<bool> cancel{true};
    const Answer a = post("/api/explain", {{"puzzle", kHardest}}, ApiOptions{.cancel = &cancel});
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json["status"], "interrupted");
}

TEST(ServeApi, ExplainChecksOrderAndMode) {
    expect_bad(post("/api/explain", {{"puzzle", kEasy}, {"order", "hs+bogus"}}), 400, "order");
    expect_bad(post("/api/explain", {{"puzzle", kEasy}, {"mode", "sideways"}}), 400, "mode");
    expect_bad(post("/api/explain", {{"puzzle", kEasy}, {"verify", "yes"}}), 400, "verify");
}

TEST(ServeApi, HintFromTheGivens) {
    const Answer a = post("/api/hint", {{"puzzle", kEasy}});
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json["status"], "step");
    EXPECT_EQ(a.json["text"], "Hidden Single: r2c2=6 (box 1)");
    EXPECT_EQ(a.json["step"]["placements"][0]["cell"], 10);
    EXPECT_TRUE(a.json["wrong"].is_null());
    const Answer vague = post("/api/hint", {{"puzzle", kEasy}, {"vague", true}});
    EXPECT_EQ(vague.json["step"]["house"], "box 1");
}

TEST(ServeApi, HintFromPlacedDigitsAndMarks) {
    std::vector<int> values = values_of(kEasy);
    values[10] = 6;  // the first hint, placed
    const Answer placed = post("/api/hint", {{"puzzle", kEasy}, {"values", values}});
    ASSERT_EQ(placed.status, 200) << placed.json.dump();
    EXPECT_EQ(placed.json["status"], "step");
    EXPECT_NE(placed.json["text"], "Hidden Single: r2c2=6 (box 1)");
    // Marks: every empty cell marked with its digit of the solution alone, but one cell with
    // two: the hint works from the marks as written, the lone marks staying unplaced.
    Json marks = Json::array();
    for (int c = 0; c < 81; ++c) {
        marks.push_back(values[c] != 0 ? Json::array() : Json::array({kEasySolution[c] - '0'}));
    }
    marks[0] = Json::array({4, 5});
    const Answer marked =
        post("/api/hint", {{"puzzle", kEasy}, {"values", values}, {"marks", marks}});
    ASSERT_EQ(marked.status, 200) << marked.json.dump();
    EXPECT_EQ(marked.json["status"], "step");
    EXPECT_TRUE(marked.json["marks"].is_string());
    EXPECT_TRUE(marked.json["wrong"].is_null());
}

TEST(ServeApi, HintPointsAtAWrongDigit) {
    std::vector<int> values = values_of(kEasy);
    values[0] = 5;  // the solution has 4 there
    const Answer a = post("/api/hint", {{"puzzle", kEasy}, {"values", values}});
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json["status"], "contradiction");
    EXPECT_EQ(a.json["wrong"]["kind"], "digit");
    EXPECT_EQ(a.json["wrong"]["name"], "r1c1");
    EXPECT_EQ(a.json["wrong"]["digit"], 5);
    EXPECT_TRUE(a.json["step"].is_null());
}

TEST(ServeApi, HintPointsAtAMarkThatLostTheSolutionsDigit) {
    Json marks = Json::array();
    for (int c = 0; c < 81; ++c) marks.push_back(Json::array());
    marks[1] = Json::array({5, 7});  // r1c2 is 8
    const Answer a = post("/api/hint", {{"puzzle", kEasy}, {"marks", marks}});
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json["status"], "contradiction");
    EXPECT_EQ(a.json["wrong"]["kind"], "mark");
    EXPECT_EQ(a.json["wrong"]["name"], "r1c2");
    EXPECT_EQ(a.json["wrong"]["digit"], 8);
}

TEST(ServeApi, HintRefusesMalformedPositions) {
    expect_bad(post("/api/hint", {{"puzzle", kEasy}, {"values", Json::array({1, 2})}}), 400,
               "values");
    std::vector<int> values = values_of(kEasy);
    values[2] = 4;  // a given 3
    expect_bad(post("/api/hint", {{"puzzle", kEasy}, {"values", values}}), 400, "values");
    values[2] = 10;
    expect_bad(post("/api/hint", {{"puzzle", kEasy}, {"values", values}}), 400, "values");
    Json marks = Json::array();
    for (int c = 0; c < 81; ++c) marks.push_back(Json::array({0}));
    expect_bad(post("/api/hint", {{"puzzle", kEasy}, {"marks", marks}}), 400, "marks");
    expect_bad(post("/api/hint", {{"puzzle", kEasy}, {"marks", "123"}}), 400, "marks");
}

TEST(ServeApi, SixteenBySixteenHint) {
    const Answer g =
        post("/api/generate", {{"size", "4x4"}, {"minimal", false}, {"seed", 3}, {"rate", false}});
    ASSERT_EQ(g.status, 200) << g.json.dump();
    ASSERT_EQ(g.json["status"], "found");
    const Answer h = post("/api/hint", {{"puzzle", g.json["puzzle"]}});
    ASSERT_EQ(h.status, 200) << h.json.dump();
    EXPECT_EQ(h.json["status"], "step");
    const Answer p = post("/api/parse", {{"puzzle", g.json["puzzle"]}});
    EXPECT_EQ(p.json["size"], 16);
    EXPECT_EQ(p.json["solution"], g.json["solution"]);
}

TEST(ServeApi, RateAnswersTheRateJson) {
    const Answer a = post("/api/rate", {{"puzzle", kEasy}, {"histogram", true}});
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json["er"], 1.2);
    EXPECT_EQ(a.json["rating"], "1.2/1.2/1.2");
    EXPECT_TRUE(a.json["histogram"].is_object());
    const Answer t = post("/api/rate", {{"puzzle", kHardest}, {"timeout", 0.2}});
    EXPECT_EQ(t.json["status"], "timeout");
}

TEST(ServeApi, GenerateMeetsBandSymmetryAndSize) {
    const Answer a = post("/api/generate",
                          {{"min_er", 2.0}, {"max_er", 4.0}, {"symmetry", "rot180"}, {"seed", 7}});
    ASSERT_EQ(a.status, 200) << a.json.dump();
    EXPECT_EQ(a.json["status"], "found");
    EXPECT_GE(a.json["er"].get<double>(), 2.0);
    EXPECT_LE(a.json["er"].get<double>(), 4.0);
    // The same seed gives the same puzzle.
    const Answer b = post("/api/generate",
                          {{"min_er", 2.0}, {"max_er", 4.0}, {"symmetry", "rot180"}, {"seed", 7}});
    EXPECT_EQ(a.json["puzzle"], b.json["puzzle"]);
    const Answer t = post("/api/generate", {{"technique", "xw"}, {"seed", 1}});
    EXPECT_TRUE(t.json["status"] == "found" || t.json["status"] == "timeout") << t.json.dump();
    const Answer small = post("/api/generate", {{"size", "2x2"}, {"seed", 1}});
    EXPECT_EQ(small.json["puzzle"].get<std::string>().size(), 16u);
    // Only minimal 25x25 drops costly grids: a 9x9's puzzle is the same with the flag.
    const Answer kept = post("/api/generate", {{"seed", 7}, {"keep_costly_grids", true}});
    ASSERT_EQ(kept.status, 200) << kept.json.dump();
    EXPECT_EQ(kept.json["puzzle"], post("/api/generate", {{"seed", 7}}).json["puzzle"]);
    expect_bad(post("/api/generate", {{"keep_costly_grids", 2}}), 400, "keep_costly_grids");
}

TEST(ServeApi, GenerateThatRunsOutOfTimeAnswersTimeout) {
    // A fixed seed: with a random one the first candidates are sometimes rated 9.0 within the
    // 50 ms. Seed 3 finds its first 9.0 after 2,059 candidates (`sudokit generate --rating
    // 9.0..9.0 --seed 3`: 2.8 s here), over 50 times the timeout.
    const Answer a =
        post("/api/generate", {{"min_er", 9.0}, {"max_er", 9.0}, {"seed", 3}, {"timeout", 0.05}});
    ASSERT_EQ(a.status, 200);
    EXPECT_EQ(a.json["status"], "timeout");
    EXPECT_TRUE(a.json["puzzle"].is_null());
}

TEST(ServeApi, GenerateRefusesBadOptionsNamingTheField) {
    expect_bad(post("/api/generate", {{"technique", "bogus"}}), 400, "technique");
    expect_bad(post("/api/generate", {{"symmetry", "spiral"}}), 400, "symmetry");
    expect_bad(post("/api/generate", {{"size", "3y3"}}), 400, "size");
    expect_bad(post("/api/generate", {{"max_clues", 100}}), 400, "max_clues");
    expect_bad(post("/api/generate", {{"min_er", 5.0}, {"max_er", 3.0}}), 400, "min_er");
    expect_bad(post("/api/generate", {{"seed", -1}}), 400, "seed");
}

TEST(ServeApi, MalformedJsonWrongTypesAndUnknownFields) {
    expect_bad(call("POST", "/api/hint", "{\"puzzle\": "), 400, "body");
    expect_bad(call("POST", "/api/hint", "[1,2]"), 400, "body");
    expect_bad(post("/api/hint", {{"puzzle", 17}}), 400, "puzzle");
    expect_bad(post("/api/hint", {{"puzzle", kEasy}, {"vague", 1}}), 400, "vague");
    expect_bad(post("/api/hint", {{"puzzle", kEasy}, {"timeout", "soon"}}), 400, "timeout");
    expect_bad(post("/api/hint", {{"puzzle", kEasy}, {"timeout", -1}}), 400, "timeout");
    expect_bad(post("/api/hint", {{"puzzle", kEasy}, {"colour", "red"}}), 400, "colour");
    expect_bad(post("/api/hint", Json::object()), 400, "puzzle");
    expect_bad(post("/api/solve", {{"puzzle", kEasy}, {"size", "9"}}), 400, "size");
    expect_bad(post("/api/solve", {{"puzzle", kEasy}, {"alphabet", "greek"}}), 400, "alphabet");
}

TEST(ServeApi, BadPuzzlesAreFourHundredsNamingThePuzzle) {
    // Conflicting givens.
    std::string conflict = kEasy;
    conflict[0] = '3';
    expect_bad(post("/api/parse", {{"puzzle", conflict}}), 400, "puzzle");
    expect_bad(post("/api/hint", {{"puzzle", "not a puzzle"}}), 400, "puzzle");
    expect_bad(post("/api/explain", {{"puzzle", std::string(80, '.')}}), 400, "puzzle");
    // A puzzle string of 1 MB: over the body limit, 413.
    expect_bad(post("/api/parse", {{"puzzle", std::string(1 << 20, '.')}}), 413, "body");
    // Under a larger body limit, still no puzzle can be that long.
    expect_bad(post("/api/parse", {{"puzzle", std::string(1 << 20, '.')}},
                    ApiOptions{.max_body_bytes = 4 << 20}),
               400, "puzzle");
}

TEST(ServeApi, MethodsPathsAndThePage) {
    expect_bad(call("GET", "/api/hint", ""), 405, "method");
    expect_bad(call("POST", "/api/techniques", ""), 405, "method");
    expect_bad(call("GET", "/api/nothing", ""), 404, "path");
    const ApiResponse page = handle_request("GET", "/?p=abc", "", {});
    EXPECT_EQ(page.status, 200);
    EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
    EXPECT_NE(page.body.find("<html"), std::string::npos);
    EXPECT_EQ(handle_request("GET", "/../etc/passwd", "", {}).status, 404);
}

TEST(ServeApi, OptionChecks) {
    EXPECT_EQ(check_api_options({.max_body_bytes = 0})->field, "max_body_bytes");
    EXPECT_EQ(check_api_options({.max_seconds = 0})->field, "max_seconds");
    EXPECT_FALSE(check_api_options({}));
}

}  // namespace
}  // namespace sudokit::serve
