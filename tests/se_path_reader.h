// Reads Sudoku Explainer's step lists (shared/data/se_paths, docs/se-rating.md section 6) for the
// tests that replay them. A file has header comments, among them
//   # puzzle <the 81 characters of the puzzle>
//   # source <where from>; expected ER/EP/ED 7.1/1.2/1.2; <how produced>
// and one line per step, eight fields separated by '|' (spaces around them ignored):
//   step | rating | technique | SE text | placement | eliminations | chain complexity | double
//     1  |  1.2   | Hidden Single | Hidden Single: A1: 7 in block | A1=7 | - | - | 1.2
// A cell is its column letter and row number ("E2": row 2, column 5); the placement is "A5=7" or
// "-", the eliminations "C5-79 D1-3" (the digits removed, grouped per cell) or "-", the chain
// complexity "-" for a step that is not a chain, the last field the exact double of the rating.
// Other lines starting with '#' and blank lines are skipped; a trailing '\r' is stripped.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/human.h"

namespace sudokit::testing {

struct SeStep {
    int number = 0;                       // the step's number (first field)
    std::string line;                     // the whole line, trimmed, for messages
    std::string technique;                // SE's name of the technique
    double rating = 0.0;                  // the exact double (last field)
    bool chain = false;                   // a chain hint: its complexity is not "-"
    std::vector<Candidate> placements;    // in the file's order
    std::vector<Candidate> eliminations;  // in the file's order
};

struct SePath {
    std::string puzzle;  // the 81 characters of the "# puzzle" line
    std::string rating;  // "ER/EP/ED" of the "# source" line as serate prints it, "" if absent
    std::vector<SeStep> steps;
};

// "E2" (column letter, row number) -> cell: row 2, column 5 is (2 - 1) * 9 + (5 - 1) = 13.
inline int se_cell(std::string_view name) { return (name[1] - '1') * 9 + (name[0] - 'A'); }

namespace se_path_detail {

inline std::string trim(std::string_view s) {
    const size_t a = s.find_first_not_of(' ');
    if (a == std::string_view::npos) return "";
    return std::string(s.substr(a, s.find_last_not_of(' ') - a + 1));
}

// The candidates of a placement ("A5=7", sep '=') or elimination ("C5-79", sep '-') field: its
// space-separated groups, "-" for none. False on a malformed group.
inline bool add_candidates(const std::string& field, char sep, std::vector<Candidate>& out) {
    std::stringstream groups(field);
    for (std::string group; groups >> group;) {
        if (group == "-") continue;
        if (group.size() < 4 || (sep == '=' && group.size() != 4) || group[0] < 'A' ||
            group[0] > 'I' || group[1] < '1' || group[1] > '9' || group[2] != sep)
            return false;
        for (size_t i = 3; i < group.size(); ++i) {
            if (group[i] < '1' || group[i] > '9') return false;
            out.push_back({se_cell(group), group[i] - '0'});
        }
    }
    return true;
}

}  // namespace se_path_detail

// The puzzle, rating and steps of an se_paths file. A malformed line (a step line without its
// eight fields or with an unreadable one, a "# source" line without the rating) is reported with
// ADD_FAILURE and skipped, and so is a file that cannot be read.
inline SePath read_se_path(const std::string& file) {
    using se_path_detail::trim;
    SePath out;
    std::ifstream in(file);
    if (!in) {
        ADD_FAILURE() << file << ": cannot be read";
        return out;
    }
    for (std::string text; std::getline(in, text);) {
        if (!text.empty() && text.back() == '\r') text.pop_back();
        if (text.rfind("# puzzle ", 0) == 0) {
            out.puzzle = text.substr(9, 81);
            continue;
        }
        if (text.rfind("# source", 0) == 0) {
            const std::string key = "expected ER/EP/ED ";
            const size_t at = text.find(key);
            if (at == std::string::npos) {
                ADD_FAILURE() << file << ": no \"" << key << "\" in: " << text;
                continue;
            }
            const std::string rest = text.substr(at + key.size());
            out.rating = rest.substr(0, rest.find(';'));
            continue;
        }
        if (trim(text).empty() || text[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream fields(text);
        for (std::string field; std::getline(fields, field, '|');) f.push_back(trim(field));
        if (f.size() != 8) {
            ADD_FAILURE() << file << ": " << f.size() << " fields, not 8: " << text;
            continue;
        }
        SeStep step;
        step.line = trim(text);
        char* number_end = nullptr;
        char* rating_end = nullptr;
        step.number = static_cast<int>(std::strtol(f[0].c_str(), &number_end, 10));
        step.technique = f[2];
        step.rating = std::strtod(f[7].c_str(), &rating_end);
        step.chain = f[6] != "-";
        if (f[0].empty() || *number_end != '\0' || f[7].empty() || *rating_end != '\0' ||
            !se_path_detail::add_candidates(f[4], '=', step.placements) ||
            !se_path_detail::add_candidates(f[5], '-', step.eliminations)) {
            ADD_FAILURE() << file << ": malformed step: " << text;
            continue;
        }
        out.steps.push_back(std::move(step));
    }
    return out;
}

}  // namespace sudokit::testing
