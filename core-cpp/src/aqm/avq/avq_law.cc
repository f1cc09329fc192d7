#include "aqm/avq/avq_law.h"

#include <algorithm>

namespace aqmlab::avq {

namespace {
// AVQ has no probability; p(t) is the share of arrivals it signals,
// averaged over about 500 arrivals.
constexpr double kRateWeight = 1.0 / 512;
}  // namespace

State Initial(double capacity_bytes_ps) {
  State s;
  s.cv_bytes_ps = capacity_bytes_ps;
  return s;
}

Decision OnArrival(const Params& p, State& s, Time now, Bytes size, double capacity_bytes_ps,
                   double buffer_bytes) {
  const double dt = (now - s.last_arrival).seconds();
  const double bytes = static_cast<double>(size);
  s.last_arrival = now;
  s.vq_bytes = std::max(s.vq_bytes - s.cv_bytes_ps * dt, 0.0);
  Decision d = Decision::kPass;
  if (s.vq_bytes + bytes > buffer_bytes) {
    d = Decision::kCongest;
  } else {
    s.vq_bytes += bytes;
  }
  s.cv_bytes_ps = std::clamp(s.cv_bytes_ps + p.alpha * (p.gamma * capacity_bytes_ps * dt - bytes),
                             0.0, capacity_bytes_ps);
  s.signal_rate += kRateWeight * ((d == Decision::kPass ? 0.0 : 1.0) - s.signal_rate);
  return d;
}

}  // namespace aqmlab::avq
