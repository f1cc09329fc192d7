#include "cli/progress.h"

#include <cmath>
#include <cstdio>

namespace aqmlab {

// 3725 s -> "1h 02m 05s"; 42 s -> "42s".
void FormatDuration(double s, char* buf, size_t size) {
  const auto t = static_cast<long long>(std::llround(s));
  if (t >= 3600) {
    std::snprintf(buf, size, "%lldh %02lldm %02llds", t / 3600, t / 60 % 60, t % 60);
  } else if (t >= 60) {
    std::snprintf(buf, size, "%lldm %02llds", t / 60, t % 60);
  } else {
    std::snprintf(buf, size, "%llds", t);
  }
}

Progress::Progress(double total_s, bool enabled)
    : total_s_(total_s), enabled_(enabled), start_(Clock::now()), last_(start_) {}

void Progress::Update(double done_s) {
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  if (now - last_ < std::chrono::milliseconds(500)) return;
  last_ = now;
  const double wall = std::chrono::duration<double>(now - start_).count();
  const double rate = wall > 0 ? done_s / wall : 0;
  char eta[32] = "?";
  if (rate > 0) FormatDuration((total_s_ - done_s) / rate, eta, sizeof eta);
  // \r and erase-line: the line redraws in place.
  std::fprintf(stderr, "\r\x1b[Ksimulated %.1f of %.1f s (%.0f%%), %.3gx real time, %s left", done_s, total_s_,
               100 * done_s / total_s_, rate, eta);
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::Finish() {
  if (!drawn_) return;
  std::fprintf(stderr, "\r\x1b[K");
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace aqmlab
