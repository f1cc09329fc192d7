#include "metrics/transient.h"

#include <cmath>

namespace aqmlab {

TransientTracker::TransientTracker(int64_t buffer_packets, double interval_s, std::optional<SettlingBand> band)
    : buffer_(buffer_packets), interval_s_(interval_s), band_(band) {
  const auto n = static_cast<int64_t>(std::lround(1.0 / interval_s));
  ring_.assign(static_cast<size_t>(n < 1 ? 1 : n), 0.0);
}

void TransientTracker::Add(double t_s, double q) {
  if (n_ == 0) first_t_s_ = t_s;
  ++n_;
  if (q > max_ || n_ == 1) max_ = q;
  if (q <= 0) ++empty_;
  if (IsFull(q, buffer_)) ++full_;
  if (filled_ == ring_.size()) {
    ring_sum_ -= ring_[next_];
  } else {
    ++filled_;
  }
  ring_[next_] = q;
  ring_sum_ += q;
  next_ = (next_ + 1) % ring_.size();
  if (filled_ < ring_.size()) return;
  const double mean = ring_sum_ / static_cast<double>(ring_.size());
  if (!max_mean_ || mean > *max_mean_) max_mean_ = mean;
  if (!band_) return;
  last_in_band_ = std::fabs(mean - band_->target_pkts) <= band_->tolerance_pkts;
  // The next 1 s window starts one sample after this one's oldest, which is
  // the sample a second before this one.
  if (!last_in_band_) settled_from_s_ = t_s - static_cast<double>(ring_.size() - 1) * interval_s_ + interval_s_;
}

TransientSummary TransientTracker::Summarise() const {
  TransientSummary s;
  if (n_ == 0) return s;
  const double n = static_cast<double>(n_);
  s.max_queue_pkts = max_;
  s.max_1s_mean_queue_pkts = max_mean_;
  s.full_fraction = static_cast<double>(full_) / n;
  s.empty_fraction = static_cast<double>(empty_) / n;
  if (band_ && max_mean_ && last_in_band_) {
    // In the band from the first whole second on: settled from the first sample.
    const double settled = settled_from_s_ ? *settled_from_s_ : first_t_s_;
    s.settling_time_s = settled - from_s_;
  }
  return s;
}

}  // namespace aqmlab
