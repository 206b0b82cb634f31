// The progress bar of a command that reads puzzle files (rate, solve, count): on stderr when it
// is a terminal and the input's size is known, redrawn as items are written, erased before
// anything else is printed so that it never mixes with the output or the messages.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <string>

#include "input.h"
#include "report/progress_bar.h"

namespace sudokit::cli {

class InputProgress {
  public:
    explicit InputProgress(const InputSet& input)
        : input_(input),
          bar_(stderr),
          active_(bar_.active() && input.fraction_of(0).has_value()),
          stdout_tty_(::isatty(STDOUT_FILENO) != 0) {}

    // Before a message on stderr.
    void before_message() {
        if (active_) bar_.finish();
    }
    // Before the output is flushed, when it goes to the same terminal.
    void before_output() {
        if (active_ && stdout_tty_) bar_.finish();
    }
    // After the item-th item was written.
    void written(size_t items) {
        if (!active_) return;
        label_ = std::to_string(items) + (items == 1 ? " puzzle" : " puzzles");
        bar_.update(Progress{.fraction = input_.fraction_of(items).value_or(0), .label = label_});
    }
    void finish() { bar_.finish(); }

  private:
    const InputSet& input_;
    ProgressBar bar_;
    bool active_;
    bool stdout_tty_;
    std::string label_;
};

}  // namespace sudokit::cli
