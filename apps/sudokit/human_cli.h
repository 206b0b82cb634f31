// What explain and hint share: the --order, --mode and --format text|json options, the starting
// position of an input item (values, or the player's pencil marks), and what a complete search
// says about a position that logic alone cannot finish.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "sudokit/human.h"
#include "sudokit/io.h"

namespace sudokit::cli {

enum class TextFormat { text, json };

// --order ORDER, checked with parse_order (a bad name is a usage error); default "easiest".
void add_order_option(CLI::App& command, std::string& order);
// --mode first|stepdown|focus.
void add_mode_option(CLI::App& command, SearchMode& mode);
// --format text|json.
void add_text_format_option(CLI::App& command, TextFormat& format);

// The position a puzzle starts from: the candidates its givens allow, or, for pencil-mark
// input, the marks as written (a cell with a single mark counts as placed).
CandidateGrid start_position(const Puzzle& puzzle);

// The alphabet explanations and grids are written in: the one the puzzle was written in, so
// that a 16x16 puzzle in hex reads 0-F throughout.
inline Alphabet text_alphabet(const Puzzle& puzzle) { return puzzle.alphabet; }
// Pencil marks have no numeric form: numeric input gets its marks in the default alphabet.
inline Alphabet marks_alphabet(const Puzzle& puzzle) {
    return puzzle.alphabet == Alphabet::numeric ? Alphabet::automatic : puzzle.alphabet;
}

// What a complete search (the default engine, up to two solutions, under a node budget) says
// about the placed values of a position and the marks around them.
struct Diagnosis {
    enum class Verdict {
        unknown,        // not searched: the budget ran out, or no engine solves the shape
        unique,         // one solution, which the marks keep
        several,        // two or more solutions
        none,           // no solution
        marks_exclude,  // one solution, but the marks have lost one of its digits (`lost`)
    };
    Verdict verdict = Verdict::unknown;
    Candidate lost;  // marks_exclude: the first cell (row-major) whose marks lack its digit

    // Solutions of the position itself (values and marks): 0, 1, 2 (two or more); null when
    // unknown.
    std::optional<int> solutions() const;
};
Diagnosis diagnose(const CandidateGrid& position);
// One sentence: "The puzzle has more than one solution: logic alone cannot finish it.", ...;
// "" for unknown.
std::string diagnosis_text(const Diagnosis& diagnosis, Shape shape, Alphabet alphabet);

}  // namespace sudokit::cli
