// The outcome words of every JSON result, written once.
#include "sudokit/status_words.h"

#include <array>

namespace sudokit {

namespace {

constexpr std::array<std::string_view, kStatusWordCount> kWords = {
    "unique",     "found",   "multiple",    "no-solution", "unfinished", "timeout",
    "stuck",      "invalid", "unsupported", "interrupted", "solved",     "contradiction",
    "step-limit", "step",    "max",         "ep-only",     "ed-only",    "converted",
};

}  // namespace

std::string_view status_word(StatusWord word) {
    const auto i = static_cast<size_t>(word);
    return i < kWords.size() ? kWords[i] : kWords[static_cast<size_t>(StatusWord::invalid)];
}

std::span<const std::string_view> status_words() { return kWords; }

}  // namespace sudokit
