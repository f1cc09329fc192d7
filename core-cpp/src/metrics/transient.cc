#include "metrics/transient.h"

#include <cmath>

namespace aqmlab {

TransientTracker::TransientTracker(int64_t buffer_packets, double interval_s, std::optional<SettlingBand> band)
    : full_from_(FullFrom(buffer_packets)), interval_s_(interval_s), band_(band) {
  const auto n = static_cast<int64_t>(std::lround(1.0 / interval_s));
  ring_.assign(static_cast<size_t>(n < 1 ? 1 : n), 0.0);
}

TransientSummary TransientTracker::Summarise() const {
  TransientSummary s;
  if (n_ == 0) return s;
  const double n = static_cast<double>(n_);
  s.max_queue_pkts = max_;
  const bool whole_second = filled_ == ring_.size();
  if (whole_second) s.max_1s_mean_queue_pkts = max_mean_;
  s.full_fraction = static_cast<double>(full_) / n;
  s.empty_fraction = static_cast<double>(empty_) / n;
  if (band_ && whole_second && last_in_band_) {
    // In the band from the first whole second on: settled from the first sample.
    const double settled = settled_from_s_ ? *settled_from_s_ : first_t_s_;
    s.settling_time_s = settled - from_s_;
  }
  return s;
}

}  // namespace aqmlab
