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
                   double buffer_bytes, Fate fate) {
  const double bytes = static_cast<double>(size);
  s.vq_bytes = std::max(s.vq_bytes - s.cv_bytes_ps * (now - s.last_arrival).seconds(), 0.0);
  s.last_arrival = now;
  const bool overflow = s.vq_bytes + bytes > buffer_bytes;
  const Decision d = overflow ? Decision::kCongest : Decision::kPass;
  s.signal_rate += kRateWeight * ((overflow ? 1.0 : 0.0) - s.signal_rate);
  if (fate.buffer_full || (overflow && fate.congest_drops)) return d;
  if (!overflow) s.vq_bytes += bytes;
  const double dt = (now - s.last_adapt).seconds();
  s.last_adapt = now;
  s.cv_bytes_ps = std::clamp(s.cv_bytes_ps + p.alpha * (p.gamma * capacity_bytes_ps * dt - bytes),
                             0.0, capacity_bytes_ps);
  return d;
}

}  // namespace aqmlab::avq
