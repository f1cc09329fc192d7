#include "aqm/msc/msc_law.h"

#include <algorithm>

namespace aqmlab::msc {

State InitialState(const Params& p, double capacity_bytes_per_s) {
  State s;
  s.rate = capacity_bytes_per_s;
  s.rho = 1;
  s.pa = p.pa_floor;
  return s;
}

double BaseProbability(double rho, double pa_floor) {
  return rho <= 1.0 ? pa_floor : 1.0 - 1.0 / rho;
}

void SampleRateIfDue(const Params& p, State& s, Time now, double capacity_bytes_per_s) {
  const double elapsed = (now - s.last_rate).seconds();
  if (elapsed < p.ts_l) return;
  const double r = s.bytes / elapsed;
  s.rate = p.r_w * r + (1.0 - p.r_w) * s.rate;
  s.rho = s.rate / capacity_bytes_per_s;
  s.pa = BaseProbability(s.rho, p.pa_floor);
  s.bytes = 0;
  s.last_rate = now;
}

void SampleQueueIfDue(const Params& p, State& s, Time now, double q) {
  if ((now - s.last_q).seconds() < p.ts_s) return;
  s.last_q = now;
  s.pq = p.alpha * (q - p.qref) / p.qref;
  s.pd = std::clamp(s.pa + s.pq, 0.0, 1.0);
}

Decision Decide(const Params& p, State& s, Time now, double q, Bytes packet_bytes,
                bool buffer_full, double capacity_bytes_per_s, double uniform) {
  s.bytes += static_cast<double>(packet_bytes);
  SampleRateIfDue(p, s, now, capacity_bytes_per_s);
  SampleQueueIfDue(p, s, now, q);
  if (buffer_full) return Decision::kForceDrop;
  return uniform < s.pd ? Decision::kCongest : Decision::kPass;
}

}  // namespace aqmlab::msc
