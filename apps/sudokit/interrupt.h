// Ctrl-C and SIGTERM: the first one asks the running command to stop (searches end at once,
// finished results are still written in input order); a second one ends the program at once.
#pragma once

#include <atomic>

namespace sudokit::cli {

// Installs the handlers (once) and returns the flag they set.
const std::atomic<bool>* interrupt_flag();
// True once a signal arrived.
bool interrupted();
// The exit code of a program stopped by the signal received: 128 + its number (130 for SIGINT).
int interrupted_exit_code();

}  // namespace sudokit::cli
