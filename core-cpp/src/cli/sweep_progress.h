// Progress of `aqmlab sweep` on stderr: a bar redrawn in place when stderr
// is a terminal, otherwise a plain line now and then (a batch job's log).
#pragma once

#include <chrono>
#include <cstdint>

namespace aqmlab {

class SweepProgress {
 public:
  enum class Mode { kOff, kBar, kLines };
  SweepProgress(int64_t total_runs, Mode mode);
  // Shows 0 of the runs before the first ends (a long first run would
  // otherwise leave the terminal, or a batch job's log, silent).
  void Start();
  // One more run finished. Not thread-safe: the pool calls it under its lock.
  void RunDone();
  // Clears the bar, or prints the last line.
  void Finish();

 private:
  using Clock = std::chrono::steady_clock;
  void Draw(bool final_line);
  int64_t total_;
  int64_t done_ = 0;
  Mode mode_;
  bool drawn_ = false;
  Clock::time_point start_;
  Clock::time_point last_;
};

}  // namespace aqmlab
