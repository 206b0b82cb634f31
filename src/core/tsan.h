// SUDOKIT_TSAN: defined when the build runs under ThreadSanitizer (GCC's and clang's ways of
// saying so).
#pragma once

#if defined(__SANITIZE_THREAD__)
#define SUDOKIT_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SUDOKIT_TSAN 1
#endif
#endif
