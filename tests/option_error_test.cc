// The library's option checks: a field and a reason, which each front end words with its own
// names for the fields.
#include "sudokit/option_error.h"

#include <gtest/gtest.h>

#include <string>

#include "sudokit/generate.h"
#include "sudokit/outcome.h"
#include "sudokit/rate.h"

namespace sudokit {
namespace {

std::string flag(std::string_view field) { return "--" + std::string(field); }

TEST(OptionError, IsWordedWithTheFrontEndsNames) {
    const OptionError plain{"max_clues", "a 9x9 grid has 81 cells"};
    EXPECT_EQ(option_error_text(plain), "max_clues: a 9x9 grid has 81 cells");
    EXPECT_EQ(option_error_text(plain, flag), "--max_clues: a 9x9 grid has 81 cells");
    const OptionError named{"technique", "xw is rated 3.2, above the upper bound 2.0 of {}",
                            "max_er"};
    EXPECT_EQ(option_error_text(named, flag),
              "--technique: xw is rated 3.2, above the upper bound 2.0 of --max_er");
    const OptionError pair{"ep_only", "choose one", "ed_only"};
    EXPECT_EQ(option_error_text(pair, flag), "--ep_only and --ed_only: choose one");
}

TEST(OptionError, GenerateOptionsNameTheFieldAndTheReason) {
    GenerateOptions options;
    EXPECT_FALSE(check_generate_options(options));
    options.target.min_clues = 90;
    EXPECT_EQ(check_generate_options(options),
              (OptionError{"min_clues", "a 9x9 grid has 81 cells"}));
    options.target.min_clues = 30;
    options.target.max_clues = 20;
    EXPECT_EQ(check_generate_options(options),
              (OptionError{"min_clues", "the lower bound 30 is above the upper bound 20"}));
    options.target = {};
    options.target.min_er = 7.5;
    options.target.max_er = 6.0;
    EXPECT_EQ(check_generate_options(options),
              (OptionError{"min_er", "the lower bound 7.5 is above the upper bound 6.0"}));
    options.target = {};
    options.target.max_er = 2.0;
    options.target.technique = find_technique("xw");
    const OptionCheck above = check_generate_options(options);
    ASSERT_TRUE(above);
    EXPECT_EQ(above->field, "technique");
    EXPECT_EQ(above->related, "max_er");
    options.target = {};
    options.timeout_seconds = -1;
    EXPECT_EQ(check_generate_options(options)->field, "timeout_seconds");
}

TEST(OptionError, SolveAndRateOptions) {
    SolveOptions solve;
    EXPECT_FALSE(check_solve_options(solve));
    solve.engine = "propagate:stack=heap";
    EXPECT_EQ(check_solve_options(solve),
              (OptionError{"engine",
                           "engine 'propagate': stack must be prealloc or alloc, not "
                           "'heap'"}));
    solve.engine = "auto";
    solve.max_solutions = 0;
    EXPECT_EQ(check_solve_options(solve)->field, "max_solutions");

    RateBatchOptions rate;
    EXPECT_FALSE(check_rate_options(rate));
    rate.rate.ep_only = rate.rate.ed_only = true;
    EXPECT_EQ(check_rate_options(rate), (OptionError{"ep_only", "choose one", "ed_only"}));
    rate.rate.ed_only = false;
    rate.rate.max_er = -1;
    EXPECT_EQ(check_rate_options(rate)->field, "max_er");
}

}  // namespace
}  // namespace sudokit
