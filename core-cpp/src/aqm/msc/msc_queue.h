// MSC as a queue discipline: the law of msc_law.h behind the queue base. Both
// time scales are checked at arrivals, as in the paper's listing.
#pragma once

#include <array>

#include "aqm/msc/msc_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class MscQueue final : public ParamQueue<MscQueue, msc::Params> {
 public:
  static constexpr std::array<ParamField<msc::Params>, 6> kFields{{
      {BufferBound({"qref", "Reference queue", "pkts", ParamKind::kReal, 40, 1, 100000, 1,
        "Queue the short time scale steers to, pq = alpha (q - qref) / qref (Ji & Dong: 40, or "
        "20 against AVQ)."}),
       &msc::Params::qref},
      {{"alpha", "Queue weight", "", ParamKind::kReal, 1.0, 0.001, 1, 0.001,
        "alpha in pq = alpha (q - qref) / qref, 0 < alpha <= 1 (Ji & Dong: 1)."},
       &msc::Params::alpha},
      {{"ts_s", "Queue sampling interval", "s", ParamKind::kReal, 0.01, 0.0001, 10, 0.001,
        "Short time scale: pd = pa + pq is refreshed at most this often (Ji & Dong: 10 ms)."},
       &msc::Params::ts_s},
      {{"ts_l", "Rate sampling interval", "s", ParamKind::kReal, 0.2, 0.001, 100, 0.01,
        "Long time scale, longer than a typical RTT; the paper gives no number, the lab fixes "
        "0.2 s. Holding pa = 1 - 1/rho makes the admitted rate equal C, so the queue stops "
        "growing whatever N and RTT are."},
       &msc::Params::ts_l},
      {{"r_w", "Rate smoothing weight", "", ParamKind::kReal, 0.5, 0.01, 1, 0.01,
        "Weight of the new sample in A = r_w r + (1 - r_w) A; the paper gives no number, the "
        "lab fixes 0.5."},
       &msc::Params::r_w},
      {{"pa_floor", "Base probability floor", "", ParamKind::kReal, 0.01, 0, 0.5, 0.001,
        "pa while the load rho <= 1 (Ji & Dong: \"0.01 or zero\"); also the initial pa."},
       &msc::Params::pa_floor},
  }};
  static Status Validate(const msc::Params& p);
  static const AqmDescriptor& Describe();
  static const theory::DisciplineTheory& Theory();

  MscQueue(const QueueDiscEnv& env, const msc::Params& params);
  double probability() const override { return state_.pd; }
  void ReadSignals(std::span<double> out) const override;
  const msc::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;

 private:
  double CapacityBytesPerSecond() const { return link().capacity_bps / 8.0; }
  msc::State state_;
};

}  // namespace aqmlab
