// A discipline's law as the fluid model sees it (analysis/fluid_model.h,
// spec/analysis.md sec. 2): it turns the fluid queue q(t) and the arrival
// and drop rates into a drop probability p(t). Periodic controllers keep
// their own clocks (Every) and hold p between updates, as the packet-level
// laws do. exp, log and pow come from sim/portable_math.h, so a trajectory
// is the same bit for bit natively and in wasm.
#pragma once

#include <algorithm>
#include <map>
#include <string>

namespace aqmlab::theory {

// Parameter values by name, as the analysis reads them (defaults resolved).
using ParamValues = std::map<std::string, double>;

// A parameter's value, or `fallback` when the map does not hold it.
inline double ParamOr(const ParamValues& p, const std::string& name, double fallback) {
  auto it = p.find(name);
  return it == p.end() ? fallback : it->second;
}

// A law's output kept a probability: a controller's update may step past
// 0 or 1, and the packet-level laws clamp it the same way.
inline double Clamp01(double x) { return std::clamp(x, 0.0, 1.0); }

struct FluidTick {
  double dt = 0;            // s
  double q = 0;             // packets
  double arrival_pps = 0;   // offered to the queue this step
  double drop_pps = 0;      // dropped at the queue this step (early and overflow)
  double capacity_pps = 0;
  double buffer_pkts = 0;
};

class FluidLaw {
 public:
  virtual ~FluidLaw() = default;
  // Reads its parameters again (a set_param event); the state is kept.
  virtual void Configure(const ParamValues& p) = 0;
  // Advances by tick.dt and returns p in [0, 1].
  virtual double Step(const FluidTick& tick) = 0;
};

// A clock that fires every `period` seconds of model time.
class Every {
 public:
  void set_period(double s) { period_ = s; }
  // Advances by dt; true when a period ended within it.
  bool Tick(double dt) {
    elapsed_ += dt;
    if (elapsed_ + 1e-12 < period_) return false;
    elapsed_ -= period_;
    if (elapsed_ > period_) elapsed_ = 0;  // a step longer than the period: fire once
    return true;
  }
  double period() const { return period_; }

 private:
  double period_ = 1;
  double elapsed_ = 0;
};

}  // namespace aqmlab::theory
