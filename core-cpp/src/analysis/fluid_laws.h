// The AQM laws as the fluid model sees them (spec/analysis.md sec. 2): each
// turns the fluid queue q(t) and the arrival and drop rates into a drop
// probability p(t). Periodic controllers (PI, REM, the loss-ratio timer of
// LRED/AOPC, MSC's two samplers) keep their own clocks and update at their
// own periods, holding p in between, as the packet-level laws do; RED's
// per-packet EWMA becomes the low-pass filter avg' = -A ln(1 - wq) (q - avg)
// (A the arrival rate, packets/s: wq per arrival). Drop-tail is p = 0; its
// losses are the model's buffer overflow. exp, log and pow come from
// sim/portable_math.h, so a trajectory is the same bit for bit natively and
// in wasm (the simulator's rule; the stability and chain numbers agree to
// 1e-9, not bit for bit: see tests/web/analysis-wasm.test.ts).
#pragma once

#include <memory>
#include <string>

#include "analysis/stability.h"  // ParamValues
#include "aqm/red/red_law.h"
#include "sim/result.h"

namespace aqmlab::analysis {

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

// The laws with a fluid form: droptail, red (and ared, autored at their base
// setting: the adaptation is not modelled), pi, pid, rem, lred, aopc, msc. Any
// other name is an error naming `aqm`.
Result<std::unique_ptr<FluidLaw>> MakeFluidLaw(const std::string& aqm, const ParamValues& params);
bool HasFluidLaw(const std::string& aqm);

// RED's static curve (gentle or not) at average queue `avg`: the law's own
// (aqm/red/red_law.h) with the analysis's parameter values.
using RedShape = red::Params;
RedShape RedShapeOf(const ParamValues& p);
double RedCurve(const RedShape& shape, double avg);
inline double RedCurve(const ParamValues& p, double avg) { return RedCurve(RedShapeOf(p), avg); }

}  // namespace aqmlab::analysis
