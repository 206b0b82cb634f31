// The terminal progress bar of long runs (bench, generate): the CLI's, not the library's, so it
// lives in the report layer beside the report writers.
#pragma once

#include <cstdio>
#include <string>

#include "sudokit/bench.h"

namespace sudokit {

// "[#######.............]  35%  120/340 backtrack  ETA 1m05s" fitted to `width` columns;
// elapsed_s is the time since the run began (the time left is extrapolated from it).
std::string format_progress_line(const Progress& progress, double elapsed_s, int width);

// A one-line bar redrawn in place on a terminal (at most ~10 times a second). Inactive, and
// silent, when `out` is not a terminal, unless forced (tests).
class ProgressBar {
  public:
    explicit ProgressBar(std::FILE* out, bool force = false, int width = 80);
    ~ProgressBar();  // clears the line
    ProgressBar(const ProgressBar&) = delete;
    ProgressBar& operator=(const ProgressBar&) = delete;

    bool active() const { return active_; }
    void update(const Progress& progress);
    void finish();  // erase the bar (idempotent)
    // A callback that forwards to update(); the bar must outlive the run.
    ProgressCallback callback();

  private:
    std::FILE* out_;
    bool active_;
    int width_;
    bool drawn_ = false;
    double start_ = 0;      // steady-clock seconds
    double last_draw_ = 0;  // steady-clock seconds
};

}  // namespace sudokit
