#include "cli/sweep_progress.h"

#include <cstdio>
#include <string>

#include "cli/progress.h"

namespace aqmlab {

namespace {

constexpr int kBarWidth = 24;

}  // namespace

SweepProgress::SweepProgress(int64_t total_runs, Mode mode)
    : total_(total_runs), mode_(total_runs > 0 ? mode : Mode::kOff), start_(Clock::now()), last_(start_) {}

void SweepProgress::Start() {
  if (mode_ != Mode::kOff) Draw(false);
}

void SweepProgress::RunDone() {
  ++done_;
  if (mode_ == Mode::kOff) return;
  const Clock::time_point now = Clock::now();
  // A bar redraws at most twice a second; a log gets a line every 10 s.
  const auto every = mode_ == Mode::kBar ? std::chrono::milliseconds(500) : std::chrono::milliseconds(10000);
  if (now - last_ < every && done_ < total_) return;
  last_ = now;
  Draw(false);
}

void SweepProgress::Draw(bool final_line) {
  const double wall = std::chrono::duration<double>(Clock::now() - start_).count();
  const double rate = wall > 0 ? static_cast<double>(done_) / wall : 0;
  char eta[32] = "?";
  if (rate > 0) FormatDuration(static_cast<double>(total_ - done_) / rate, eta, sizeof eta);
  const double share = static_cast<double>(done_) / static_cast<double>(total_);
  // Before the first run ends there is no rate to tell.
  char speed[64] = "starting";
  if (done_ > 0) std::snprintf(speed, sizeof speed, "%.3g runs/s, %s left", rate, eta);
  if (mode_ == Mode::kBar) {
    const int filled = static_cast<int>(share * kBarWidth);
    const std::string bar = std::string(static_cast<size_t>(filled), '#') + std::string(static_cast<size_t>(kBarWidth - filled), '-');
    std::fprintf(stderr, "\r\x1b[K[%s] %lld/%lld runs (%.0f%%), %s", bar.c_str(), static_cast<long long>(done_),
                 static_cast<long long>(total_), 100 * share, speed);
    drawn_ = true;
  } else if (mode_ == Mode::kLines || final_line) {
    std::fprintf(stderr, "aqmlab sweep: %lld/%lld runs (%.0f%%), %s\n", static_cast<long long>(done_),
                 static_cast<long long>(total_), 100 * share, speed);
  }
  std::fflush(stderr);
}

void SweepProgress::Finish() {
  if (mode_ == Mode::kBar && drawn_) {
    std::fprintf(stderr, "\r\x1b[K");
    std::fflush(stderr);
  }
}

}  // namespace aqmlab
