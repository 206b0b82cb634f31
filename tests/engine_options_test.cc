// Each engine's table of options: what the parser accepts and rejects follows the table, and
// docs/engines.md lists every option with its values and default.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "cli_runner.h"
#include "sudokit/engine.h"
#include "sudokit/json.h"

namespace sudokit {
namespace {

TEST(EngineOptions, EveryValueOfTheTableIsAcceptedAndTheDefaultIsOne) {
    for (const EngineInfo& info : all_engines()) {
        for (const EngineOption& option : info.options) {
            EXPECT_FALSE(option.help.empty()) << info.name << ":" << option.name;
            EXPECT_FALSE(option.default_value.empty()) << info.name << ":" << option.name;
            std::string error;
            const std::string spec = std::string(info.name) + ":" + std::string(option.name) + "=";
            EXPECT_NE(make_engine(spec + std::string(option.default_value), &error), nullptr)
                << error;
            if (option.values.empty()) {
                EXPECT_FALSE(option.syntax.empty()) << info.name << ":" << option.name;
                continue;
            }
            EXPECT_NE(std::ranges::find(option.values, option.default_value), option.values.end())
                << info.name << ":" << option.name;
            for (std::string_view value : option.values) {
                // avx2 and avx512 need the CPU's support; every other value makes an engine.
                if (value == "avx2" || value == "avx512") continue;
                EXPECT_NE(make_engine(spec + std::string(value), &error), nullptr) << error;
            }
            EXPECT_EQ(make_engine(spec + "no-such-value", &error), nullptr);
            EXPECT_NE(error.find("must be"), std::string::npos) << error;
        }
        std::string error;
        EXPECT_EQ(make_engine(std::string(info.name) + ":no_such_key=1", &error), nullptr);
        EXPECT_NE(error.find("unknown option 'no_such_key'"), std::string::npos) << error;
    }
}

TEST(EngineOptions, TheJsonListsTheTable) {
    const Json engines = engines_json();
    ASSERT_EQ(engines.size(), all_engines().size());
    for (size_t i = 0; i < engines.size(); ++i) {
        const EngineInfo& info = all_engines()[i];
        EXPECT_EQ(engines[i]["name"], info.name);
        EXPECT_EQ(engines[i]["options_text"], engine_options_text(info));
        ASSERT_EQ(engines[i]["options"].size(), info.options.size());
        for (size_t k = 0; k < info.options.size(); ++k) {
            EXPECT_EQ(engines[i]["options"][k]["name"], info.options[k].name);
            EXPECT_EQ(engines[i]["options"][k]["default"], info.options[k].default_value);
        }
    }
}

// The CLI prints the library's lists, byte for byte.
TEST(EngineOptions, TheCliPrintsTheLibrarysJson) {
    const testing::CliRun engines = testing::run_cli({"engines", "--format", "json"});
    EXPECT_EQ(engines.code, 0) << engines.err;
    EXPECT_EQ(engines.out, json_text(engines_json()) + "\n");
    const testing::CliRun techniques = testing::run_cli({"techniques", "--format", "json"});
    EXPECT_EQ(techniques.code, 0) << techniques.err;
    EXPECT_EQ(techniques.out, json_text(techniques_json()) + "\n");
}

TEST(EngineOptions, TheDocsListEveryOption) {
    std::ifstream in(std::string(SUDOKIT_FIXTURES_DIR) + "/../../docs/engines.md");
    ASSERT_TRUE(in) << "docs/engines.md";
    std::stringstream text;
    text << in.rdbuf();
    const std::string doc = text.str();
    for (const EngineInfo& info : all_engines()) {
        for (const EngineOption& option : info.options) {
            std::string row =
                "| `" + std::string(info.name) + "` | `" + std::string(option.name) + "` | ";
            std::string values;
            for (std::string_view v : option.values)
                values += (values.empty() ? "`" : ", `") + std::string(v) + "`";
            if (!values.empty()) row += values + " | ";
            const size_t at = doc.find(row);
            EXPECT_NE(at, std::string::npos) << "docs/engines.md lacks the row " << row;
            if (at == std::string::npos) continue;
            const std::string line = doc.substr(at, doc.find('\n', at) - at);
            EXPECT_NE(line.find("| `" + std::string(option.default_value) + "` |"),
                      std::string::npos)
                << "default of " << info.name << ":" << option.name << " in " << line;
        }
    }
}

}  // namespace
}  // namespace sudokit
