// A progress line for long runs of `aqmlab run`, on stderr when it is a
// terminal: simulated time, speed against real time and the time left.
#pragma once

#include <chrono>
#include <cstddef>

namespace aqmlab {

// 3725 s -> "1h 02m 05s"; 42 s -> "42s" (into `buf`).
void FormatDuration(double s, char* buf, size_t size);

class Progress {
 public:
  // `total_s`: simulated seconds to run over every side.
  Progress(double total_s, bool enabled);
  // `done_s`: simulated seconds run so far over every side. Redraws at most
  // twice a second.
  void Update(double done_s);
  // Clears the line.
  void Finish();

 private:
  using Clock = std::chrono::steady_clock;
  double total_s_;
  bool enabled_;
  bool drawn_ = false;
  Clock::time_point start_;
  Clock::time_point last_;
};

}  // namespace aqmlab
