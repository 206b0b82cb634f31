// Checks that sudokit's `fast` and tdoku count the same solutions (up to 2) on every puzzle of
// the files given, and give the same solution where there is exactly one. Built against tdoku's
// static library outside this repository (docs/results/peers.md).
//
//     tdoku_count_check FILE...   prints one line per file; exit 1 on any disagreement
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "engines/fast/fast.h"

// tdoku's solver, from its library (tdoku's include/tdoku.h declares it the same way). It writes
// a usable solution only when asked for one solution, so the check calls it twice.
extern "C" size_t TdokuSolverDpllTriadSimd(const char* input, size_t limit, uint32_t configuration,
                                           char* solution, size_t* num_guesses);

int main(int argc, char** argv) {
    bool all_agree = true;
    for (int i = 1; i < argc; ++i) {
        std::ifstream in(argv[i]);
        if (!in) {
            std::cerr << argv[i] << ": cannot open\n";
            return 2;
        }
        size_t puzzles = 0, disagree = 0, counts[3] = {0, 0, 0};
        std::string line;
        while (std::getline(in, line)) {
            if (line.size() < 81 || line[0] == '#') continue;
            // tdoku takes a puzzle for a pencil-mark one when a character follows the 81st.
            const std::string puzzle = line.substr(0, 81);
            char tdoku_solution[81], fast_solution[81];
            size_t guesses = 0;
            const size_t tdoku =
                TdokuSolverDpllTriadSimd(puzzle.c_str(), 2, 0, tdoku_solution, &guesses);
            if (tdoku == 1)
                TdokuSolverDpllTriadSimd(puzzle.c_str(), 1, 0, tdoku_solution, &guesses);
            const int fast = sudokit::fast_solve(puzzle.c_str(), 2, fast_solution, nullptr);
            ++puzzles;
            ++counts[tdoku < 2 ? tdoku : 2];
            const bool same =
                static_cast<size_t>(fast) == tdoku &&
                (tdoku != 1 || std::string(tdoku_solution, 81) == std::string(fast_solution, 81));
            if (!same) {
                if (disagree < 5) {
                    std::cerr << argv[i] << ": " << puzzle << " tdoku " << tdoku << " fast " << fast
                              << "\n";
                }
                ++disagree;
            }
        }
        std::printf(
            "%s\t%zu puzzles\t0 solutions %zu\t1 solution %zu\t2+ solutions %zu\t"
            "disagreements %zu\n",
            argv[i], puzzles, counts[0], counts[1], counts[2], disagree);
        all_agree = all_agree && disagree == 0;
    }
    return all_agree ? 0 : 1;
}
