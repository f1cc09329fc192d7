// RED as a queue discipline: the law of red_law.h behind the queue base.
#pragma once

#include <array>

#include "aqm/param_binding.h"
#include "aqm/red/red_fields.h"
#include "aqm/red/red_law.h"

namespace aqmlab {

// What RED's fields do here (red_fields.h declares them).
inline constexpr red::FieldText kRedText{
    .wq = "EWMA weight of the average queue (Floyd & Jacobson 1993).",
    .min_th = "Below this average nothing is dropped. Lab default: a quarter of the buffer.",
    .max_th = "At this average the probability reaches max_p. Lab default: three quarters of "
        "the buffer.",
    .max_p = "Drop probability at max_th.",
    .gentle = "Ramp from max_p to 1 between max_th and 2 max_th instead of jumping to 1 "
        "(Floyd 2000).",
    .byte_mode = "Measure the queue in bytes (in units of the scenario's packet size) and scale the "
        "probability by packet size.",
};

class RedQueue final : public ParamQueue<RedQueue, red::Params> {
 public:
  static constexpr std::array<ParamField<red::Params>, 7> kFields =
      red::Fields<red::Params>(kRedText);
  static Status Validate(const red::Params& p);
  static const AqmDescriptor& Describe();
  static const theory::DisciplineTheory& Theory();

  using ParamQueue::ParamQueue;
  double probability() const override { return state_.pb; }
  void ReadSignals(std::span<double> out) const override;
  const red::State& state() const { return state_; }
  std::unique_ptr<RunningState> running_state() const override { return red::HandoverOf(state_); }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnIdleStart(Time now) override { state_.idle_since = now; }
  void TakeOver(const RunningState& s) override { red::TakeOver(state_, s); }

 private:
  red::State state_;
};

}  // namespace aqmlab
