// Transient figures of the sampled queue over a stretch of the run (the
// whole run after the warm-up, or a named window): overshoot as the largest
// sample and the largest 1 s mean, the share of samples at a full buffer and
// at an empty queue, and the settling time into a band around a target.
// O(1) work a sample; memory: one second of samples.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace aqmlab {

struct TransientSummary {
  double max_queue_pkts = 0;
  // Empty until a whole second has been sampled.
  std::optional<double> max_1s_mean_queue_pkts;
  double full_fraction = 0;   // samples with the queue within a packet of the buffer
  double empty_fraction = 0;  // samples with no packet queued
  // From the start to the first 1 s window after which every 1 s mean stays
  // within the band; empty without a band, or while the last 1 s mean is
  // outside it.
  std::optional<double> settling_time_s;
};

struct SettlingBand {
  double target_pkts = 0;
  double tolerance_pkts = 0;
};

class TransientTracker {
 public:
  // Samples are `interval_s` apart; the 1 s mean is over round(1 / interval_s)
  // samples (at least one).
  TransientTracker(int64_t buffer_packets, double interval_s, std::optional<SettlingBand> band = std::nullopt);

  // The stretch begins at `from_s`: the settling time is counted from it.
  void Start(double from_s) { from_s_ = from_s; }
  void Add(double t_s, double q);
  TransientSummary Summarise() const;

  // Whether a queue of `q` packets counts as a full buffer of `buffer`: a
  // full drop-tail queue sits at buffer - 1 between a departure and the next
  // arrival, so within one packet of the buffer counts (for a buffer above 1).
  static bool IsFull(double q, int64_t buffer) { return q >= FullFrom(buffer); }
  // The least queue that counts as full.
  static double FullFrom(int64_t buffer) { return buffer > 1 ? static_cast<double>(buffer - 1) : 1.0; }

 private:
  double full_from_;  // FullFrom(the buffer)
  double interval_s_;
  std::optional<SettlingBand> band_;
  double from_s_ = 0;
  std::vector<double> ring_;  // the last second of samples
  size_t next_ = 0;
  size_t filled_ = 0;
  double ring_sum_ = 0;
  int64_t n_ = 0;
  int64_t full_ = 0;
  int64_t empty_ = 0;
  double max_ = -std::numeric_limits<double>::infinity();
  // The largest 1 s mean so far, once the ring has filled (filled_ == ring_.size()).
  double max_mean_ = -std::numeric_limits<double>::infinity();
  // The start of the first 1 s window of the current run of windows in the
  // band (set when a window leaves it); empty while none has left it.
  std::optional<double> settled_from_s_;
  bool last_in_band_ = false;
  double first_t_s_ = 0;
};

// Inline: the sampler calls it every interval.
inline void TransientTracker::Add(double t_s, double q) {
  if (n_ == 0) first_t_s_ = t_s;
  ++n_;
  if (q > max_) max_ = q;
  if (q <= 0) ++empty_;
  if (q >= full_from_) ++full_;
  if (filled_ == ring_.size()) {
    ring_sum_ -= ring_[next_];
  } else {
    ++filled_;
  }
  ring_[next_] = q;
  ring_sum_ += q;
  if (++next_ == ring_.size()) next_ = 0;
  if (filled_ < ring_.size()) return;
  const double mean = ring_sum_ / static_cast<double>(ring_.size());
  if (mean > max_mean_) max_mean_ = mean;
  if (!band_) return;
  last_in_band_ = std::fabs(mean - band_->target_pkts) <= band_->tolerance_pkts;
  // The next 1 s window starts one sample after this one's oldest, which is
  // the sample a second before this one.
  if (!last_in_band_) settled_from_s_ = t_s - static_cast<double>(ring_.size() - 1) * interval_s_ + interval_s_;
}

}  // namespace aqmlab
