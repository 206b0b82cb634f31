// Signal handlers that only set a flag (async-signal-safe), installed without SA_RESTART so a
// read waiting on a terminal or pipe returns and the command can write what it has.
#include "interrupt.h"

#include <csignal>

namespace sudokit::cli {

namespace {

std::atomic<bool> g_stop{false};
volatile std::sig_atomic_t g_signal = 0;

extern "C" void on_signal(int signal) {
    g_signal = signal;
    g_stop.store(true, std::memory_order_relaxed);
}

void install(int signal) {
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    // No SA_RESTART: blocking reads return with EINTR. SA_RESETHAND: the next signal takes the
    // default action, for a user who presses Ctrl-C twice.
    action.sa_flags = SA_RESETHAND;
    sigaction(signal, &action, nullptr);
}

}  // namespace

const std::atomic<bool>* interrupt_flag() {
    static const bool installed = [] {
        static_assert(std::atomic<bool>::is_always_lock_free);
        install(SIGINT);
        install(SIGTERM);
        return true;
    }();
    (void)installed;
    return &g_stop;
}

bool interrupted() { return g_stop.load(std::memory_order_relaxed); }

int interrupted_exit_code() { return 128 + (g_signal != 0 ? static_cast<int>(g_signal) : SIGINT); }

}  // namespace sudokit::cli
