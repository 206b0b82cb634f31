// Progress of long benchmark runs: the text of a one-line bar with the time left, and a bar that
// redraws itself in place on a terminal (and stays silent when the output is a file or a pipe).
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "report/progress_bar.h"

namespace sudokit {

namespace {

double now_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::string format_eta(double seconds) {
    const long s = std::lround(seconds);
    if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, s % 3600 / 60);
    if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
    return fmt::format("{}s", s);
}

}  // namespace

std::string format_progress_line(const Progress& progress, double elapsed_s, int width) {
    const double fraction = std::clamp(progress.fraction, 0.0, 1.0);
    std::string tail = fmt::format(" {:3.0f}%", fraction * 100);
    if (progress.total > 0) tail += fmt::format("  {}/{}", progress.done, progress.total);
    if (!progress.label.empty()) tail += fmt::format(" {}", progress.label);
    // Extrapolating from the first percent is noise; say nothing until there is a basis.
    if (fraction >= 0.01 && fraction < 1 && elapsed_s > 0.5)
        tail += "  ETA " + format_eta(elapsed_s * (1 - fraction) / fraction);
    // A bar of fixed length, so that it does not jump as the text after it changes.
    const int bar = std::clamp(width - 2 - 48, 10, 40);
    const int filled = static_cast<int>(fraction * bar);
    std::string line = "[" + std::string(filled, '#') + std::string(bar - filled, '.') + "]" + tail;
    if (static_cast<int>(line.size()) > width && width > 0) line.resize(width);
    return line;
}

ProgressBar::ProgressBar(std::FILE* out, bool force, int width)
    : out_(out),
      active_(out != nullptr && (force || isatty(fileno(out)) != 0)),
      width_(std::max(20, width)),
      start_(now_seconds()) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(const Progress& progress) {
    if (!active_) return;
    const double now = now_seconds();
    // Redraw at most ten times a second (a terminal is slow), but always the final state.
    if (drawn_ && now - last_draw_ < 0.1 && progress.fraction < 1) return;
    last_draw_ = now;
    drawn_ = true;
    const std::string line = format_progress_line(progress, now - start_, width_ - 1);
    std::fprintf(out_, "\r%s\033[K", line.c_str());
    std::fflush(out_);
}

void ProgressBar::finish() {
    if (!active_ || !drawn_) return;
    std::fprintf(out_, "\r\033[K");
    std::fflush(out_);
    drawn_ = false;
}

ProgressCallback ProgressBar::callback() {
    return [this](const Progress& p) { update(p); };
}

}  // namespace sudokit
