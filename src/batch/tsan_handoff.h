// Happens-before edges for ThreadSanitizer where oneTBB hands work from thread to thread.
// Debian's libtbb.so is not built with TSan, so the synchronisation inside it (a task taken by
// a worker, the end of a parallel_for) is invisible to TSan, which would then report the items
// written by a worker and read by the caller as races. These calls state those two edges and
// nothing more: a race between two workers on shared state is still reported. Without TSan they
// compile to nothing.
#pragma once

#if defined(__SANITIZE_THREAD__)
#define SUDOKIT_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SUDOKIT_TSAN 1
#endif
#endif

#ifdef SUDOKIT_TSAN
#include <sanitizer/tsan_interface.h>
#endif

namespace sudokit::detail {

// What one thread did before handoff_release(token) happens before what another does after
// handoff_acquire(token).
inline void handoff_release([[maybe_unused]] void* token) {
#ifdef SUDOKIT_TSAN
    __tsan_release(token);
#endif
}
inline void handoff_acquire([[maybe_unused]] void* token) {
#ifdef SUDOKIT_TSAN
    __tsan_acquire(token);
#endif
}

}  // namespace sudokit::detail
