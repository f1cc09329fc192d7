#include "aqm/fq_pie/fq_pie_law.h"

#include <algorithm>

namespace aqmlab::fq_pie {

bool AtRest(const Params& p, const pie::State& s) {
  return s.p == 0 && s.qdelay == Time() && s.qdelay_old == Time() &&
         s.burst_allowance == Time::Millis(p.max_burst_ms);
}

double UpdateAll(const Params& p, FlowQueues& q) {
  double max_p = 0;
  for (uint32_t i = 0; i < q.buckets(); ++i) {
    Flow& f = q.flow(i);
    if (AtRest(p, f.law)) continue;
    pie::Update(p.Pie(), f.law);
    max_p = std::max(max_p, f.law.p);
  }
  return max_p;
}

}  // namespace aqmlab::fq_pie
