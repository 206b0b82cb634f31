// What the benchmark ran on (CPU, cores, compiler, build type, date) for the reports, and pinning a
// thread to one CPU so that runs do not migrate between cores.
#include <fmt/format.h>
#include <sched.h>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <thread>

#include "sudokit/bench.h"

#ifndef SUDOKIT_BUILD_TYPE
#define SUDOKIT_BUILD_TYPE ""
#endif

namespace sudokit {

namespace {

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        // x86 says "model name", some ARM kernels only "Hardware" or "Processor".
        if (line.rfind("model name", 0) == 0 || line.rfind("Hardware", 0) == 0 ||
            line.rfind("Processor", 0) == 0) {
            const size_t colon = line.find(':');
            if (colon == std::string::npos) continue;
            std::string value = line.substr(colon + 1);
            const size_t start = value.find_first_not_of(" \t");
            if (start != std::string::npos) return value.substr(start);
        }
    }
    return "unknown";
}

std::string compiler() {
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "GCC " __VERSION__;
#else
    return "unknown compiler";
#endif
}

// The CMake build type (passed in by CMakeLists.txt) and what the compiler itself saw, which is
// what matters for timings when the build type is custom or empty.
std::string build_type() {
    std::string flags;
#if defined(__OPTIMIZE__)
    flags = "optimized";
#else
    flags = "not optimized";
#endif
#if defined(NDEBUG)
    flags += ", NDEBUG";
#else
    flags += ", assertions on";
#endif
#if defined(__SANITIZE_ADDRESS__)
    flags += ", ASan";
#endif
    const std::string type = SUDOKIT_BUILD_TYPE;
    return type.empty() ? flags : type + " (" + flags + ")";
}

std::string utc_now() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &tm);
    return text;
}

}  // namespace

MachineInfo describe_machine() {
    return MachineInfo{
        .cpu_model = cpu_model(),
        .cores = std::thread::hardware_concurrency(),
        .compiler = compiler(),
        .build_type = build_type(),
        .date = utc_now(),
    };
}

CpuPin::CpuPin(int index) {
    cpu_set_t current;
    CPU_ZERO(&current);
    if (sched_getaffinity(0, sizeof current, &current) != 0) return;
    const int allowed = CPU_COUNT(&current);
    if (allowed == 0 || index < 0) return;
    int wanted = index % allowed;
    int cpu = -1;
    for (int i = 0; i < CPU_SETSIZE; ++i) {
        if (!CPU_ISSET(i, &current)) continue;
        if (wanted-- == 0) {
            cpu = i;
            break;
        }
    }
    if (cpu < 0) return;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) return;
    const auto* bytes = reinterpret_cast<const unsigned char*>(&current);
    saved_.assign(bytes, bytes + sizeof current);
    ok_ = true;
    cpu_ = cpu;
}

CpuPin::~CpuPin() {
    if (!ok_) return;
    cpu_set_t saved;
    std::copy(saved_.begin(), saved_.end(), reinterpret_cast<unsigned char*>(&saved));
    sched_setaffinity(0, sizeof saved, &saved);
}

}  // namespace sudokit
