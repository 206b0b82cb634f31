// A program that uses an installed sudokit: reads one puzzle per line from its arguments, solves
// it with the default engine, says what the outcome is and rates it on Sudoku Explainer's scale.
// It includes every public header but sudokit/json.h, none of which may need nlohmann/json
// (checked below).
#include <sudokit/batch.h>
#include <sudokit/bench.h>
#include <sudokit/engine.h>
#include <sudokit/explain.h>
#include <sudokit/generate.h>
#include <sudokit/grid.h>
#include <sudokit/human.h>
#include <sudokit/io.h>
#include <sudokit/option_error.h>
#include <sudokit/outcome.h>
#include <sudokit/rate.h>
#include <sudokit/status_words.h>

#include <cstdio>
#include <memory>
#include <string>

#ifdef NLOHMANN_JSON_VERSION_MAJOR
#error "a public header other than sudokit/json.h included nlohmann/json"
#endif

int main(int argc, char** argv) {
    std::unique_ptr<sudokit::Engine> engine = sudokit::make_engine(sudokit::default_engine_spec());
    int status = 0;
    for (int i = 1; i < argc; ++i) {
        const sudokit::Parsed<sudokit::Puzzle> parsed = sudokit::parse_puzzle(argv[i]);
        if (!parsed) {
            std::printf("puzzle %d: %s\n", i, parsed.error().message().c_str());
            status = 1;
            continue;
        }
        const sudokit::Grid& grid = parsed.value().grid;
        const sudokit::Result result = engine->solve(grid, sudokit::Limits{.max_solutions = 2});
        const sudokit::Outcome outcome = sudokit::outcome_of(result);
        std::printf("puzzle %d: %s\n", i, std::string(sudokit::outcome_name(outcome)).c_str());
        if (result.count == 1) {
            std::printf("solution: %s\n", sudokit::format_line(result.first).c_str());
            const sudokit::Rating rating = sudokit::rate_puzzle(grid);
            std::printf("rating: %s\n", sudokit::rating_text(rating).c_str());
        }
    }
    return status;
}
