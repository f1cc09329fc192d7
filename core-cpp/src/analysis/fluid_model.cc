#include "analysis/fluid_model.h"

#include <algorithm>
#include <cmath>

#include "analysis/fluid_laws.h"
#include "aqm/registry.h"
#include "aqm/theory/discipline_theory.h"

namespace aqmlab::analysis {

namespace {

constexpr double kMaxSteps = 2e6;
constexpr double kMaxSamples = 4000;

bool In(double x, double lo, double hi) { return std::isfinite(x) && x >= lo && x <= hi; }

// The model's state history, one entry per step from t = 0, kept in a ring
// of `size` steps: enough for the longest delay the run can reach
// (B / C + Tp at their largest), so memory does not grow with the duration.
class History {
 public:
  History(size_t size, double w0, double r0, double dt)
      : w_(size), p_(size), r_(size), w0_(w0), r0_(r0), dt_(dt) {}
  void Push(double w, double p, double r) {
    const size_t at = count_++ % w_.size();
    w_[at] = w, p_[at] = p, r_[at] = r;
  }
  // Linear interpolation at time t (< 0: the initial values).
  void At(double t, double& w_out, double& p_out, double& r_out) const {
    if (t <= 0 || count_ == 0) {
      w_out = w0_, p_out = 0, r_out = r0_;
      return;
    }
    const double x = t / dt_;
    const size_t last = count_ - 1, oldest = count_ > w_.size() ? count_ - w_.size() : 0;
    const size_t i = std::clamp(static_cast<size_t>(x), oldest, last), j = std::min(i + 1, last);
    const double f = std::clamp(x - static_cast<double>(i), 0.0, 1.0);
    const size_t a = i % w_.size(), b = j % w_.size();
    w_out = w_[a] + f * (w_[b] - w_[a]);
    p_out = p_[a] + f * (p_[b] - p_[a]);
    r_out = r_[a] + f * (r_[b] - r_[a]);
  }

 private:
  std::vector<double> w_, p_, r_;
  double w0_, r0_, dt_;
  size_t count_ = 0;
};

// The longest round-trip time the run can reach: a full buffer at the
// lowest capacity plus the largest propagation time.
double LongestRtt(const FluidInput& in) {
  double c = in.capacity_pps, tp = in.prop_rtt_s;
  for (const FluidEvent& e : in.events) {
    if (e.capacity_pps) c = std::min(c, *e.capacity_pps);
    if (e.prop_rtt_s) tp = std::max(tp, *e.prop_rtt_s);
  }
  return in.buffer_pkts / c + tp;
}

}  // namespace

Status ValidateFluidInput(const FluidInput& in, bool need_law) {
  if (!In(in.flows, 0, 1e6)) return {"flows: must be in [0, 1000000]"};
  if (!In(in.capacity_pps, 1e-3, 1e9) || in.capacity_pps <= 0) return {"capacity_pps: must be in (0, 1e9]"};
  if (!In(in.prop_rtt_s, 1e-6, 100)) return {"rtt_s: must be in [1e-6, 100] s"};
  if (!In(in.buffer_pkts, 1, 1e9)) return {"buffer_pkts: must be in [1, 1e9]"};
  if (!In(in.open_loop_pps, 0, 1e9)) return {"open_loop_pps: must be in [0, 1e9]"};
  if (!In(in.duration_s, 1e-3, 1e6)) return {"duration_s: must be in [0.001, 1000000] s"};
  if (!In(in.step_s, 0, 1)) return {"step_s: must be in [0, 1] s (0: automatic)"};
  if (!In(in.sample_s, 0, 1e6)) return {"sample_s: must be in [0, 1000000] s"};
  if (!In(in.max_window, 1, 1e9)) return {"max_window: must be in [1, 1e9]"};
  if (need_law && !HasFluidLaw(in.aqm)) return {MakeFluidLaw(in.aqm, {}).error()};
  for (size_t i = 0; i < in.events.size(); ++i) {
    const FluidEvent& e = in.events[i];
    const std::string at = "events[" + std::to_string(i) + "].";
    if (!In(e.at_s, 0, 1e6) || (i > 0 && e.at_s < in.events[i - 1].at_s)) {
      return {at + "at_s: must be in [0, 1000000] s and not before the previous event"};
    }
    if (e.flows && !In(*e.flows, 0, 1e6)) return {at + "flows: must be in [0, 1000000]"};
    if (e.capacity_pps && !(In(*e.capacity_pps, 0, 1e9) && *e.capacity_pps > 0)) {
      return {at + "capacity_pps: must be in (0, 1e9]"};
    }
    if (e.prop_rtt_s && !In(*e.prop_rtt_s, 1e-6, 100)) return {at + "rtt_s: must be in [1e-6, 100] s"};
    if (e.open_loop_pps && !In(*e.open_loop_pps, 0, 1e9)) return {at + "open_loop_pps: must be in [0, 1e9]"};
    if (need_law && e.aqm && !HasFluidLaw(*e.aqm)) return {at + MakeFluidLaw(*e.aqm, {}).error()};
  }
  return {};
}

Result<FluidTrajectory> RunFluidModel(const FluidInput& in) {
  if (Status s = ValidateFluidInput(in); !s.ok()) return Error{s.error};
  double n = in.flows, c = in.capacity_pps, tp = in.prop_rtt_s, u = in.open_loop_pps;
  ParamValues params = in.params;
  auto made = MakeFluidLaw(in.aqm, params);
  std::unique_ptr<FluidLaw> law = std::move(made.value());
  double dt = in.step_s > 0 ? in.step_s : std::min(1e-3, tp / 50);
  dt = std::max(dt, in.duration_s / kMaxSteps);
  const auto steps = static_cast<size_t>(std::ceil(in.duration_s / dt));
  // Every `every` steps, from t = 0: at most kMaxSamples + 1 points.
  const auto every = static_cast<size_t>(std::ceil(std::max(in.sample_s, in.duration_s / kMaxSamples) / dt - 1e-9));

  FluidTrajectory out;
  out.step_s = dt;
  History h(std::min(steps + 1, static_cast<size_t>(std::ceil(LongestRtt(in) / dt)) + 4), 1.0, tp, dt);
  double w = 1, q = 0, p_total = 0, drop_pps = 0;
  size_t next_event = 0;
  for (size_t k = 0; k <= steps; ++k) {
    const double t = static_cast<double>(k) * dt;
    for (; next_event < in.events.size() && in.events[next_event].at_s <= t; ++next_event) {
      const FluidEvent& e = in.events[next_event];
      if (e.flows) n = *e.flows;
      if (e.capacity_pps) c = *e.capacity_pps;
      if (e.prop_rtt_s) tp = *e.prop_rtt_s;
      if (e.open_loop_pps) u = *e.open_loop_pps;
      for (const auto& [name, v] : e.params) params[name] = v;
      if (e.aqm) {
        law = std::move(MakeFluidLaw(*e.aqm, params).value());
      } else if (!e.params.empty()) {
        law->Configure(params);
      }
    }
    const double r = q / c + tp;
    const double arrival = n * w / r + u;
    const double p_aqm = law->Step({dt, q, arrival, drop_pps, c, in.buffer_pkts});
    double admitted = arrival * (1 - p_aqm);
    // At a full buffer the queue cannot grow: the excess over C is lost.
    if (q >= in.buffer_pkts && admitted > c) admitted = c;
    p_total = arrival > 0 ? 1 - admitted / arrival : p_aqm;
    drop_pps = arrival - admitted;
    h.Push(w, p_total, r);
    if (k % std::max<size_t>(every, 1) == 0) {
      out.t.push_back(t), out.queue_pkts.push_back(q), out.window_pkts.push_back(w), out.p.push_back(p_total);
    }
    double w_d, p_d, r_d;
    h.At(t - r, w_d, p_d, r_d);
    const double dw = 1 / r - w * w_d / (2 * r_d) * p_d;
    w = std::clamp(w + dt * dw, 1.0, in.max_window);
    q = std::clamp(q + dt * (admitted - c), 0.0, in.buffer_pkts);
  }
  return out;
}

FluidEquilibrium Equilibrium(const FluidInput& in) {
  FluidEquilibrium e;
  const double c = in.capacity_pps, tp = in.prop_rtt_s, n = std::max(in.flows, 1e-9);
  const ParamValues& p = in.params;
  auto at_queue = [&](double q0) {
    e.q0 = q0;
    e.r0 = q0 / c + tp;
    e.w0 = e.r0 * c / n;
    e.p0 = 2 * n * n / (e.r0 * c * e.r0 * c);
  };
  at_queue(0);
  e.q0.reset();
  const AqmEntry* entry = FindAqm(in.aqm);
  if (entry && entry->theory && entry->theory().steady_queue) {
    if (const std::optional<double> q0 = entry->theory().steady_queue(p, {n, c, tp, in.buffer_pkts})) at_queue(*q0);
  }
  return e;
}

}  // namespace aqmlab::analysis
