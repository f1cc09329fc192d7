// SFC as a queue discipline: the law of sfc_law.h deciding at enqueue.
#pragma once

#include <array>

#include "aqm/param_binding.h"
#include "aqm/sfc/sfc_law.h"

namespace aqmlab {

class SfcQueue final : public ParamQueue<SfcQueue, sfc::Params> {
 public:
  static constexpr std::array<ParamField<sfc::Params>, 5> kFields{{
      {{"k1", "Queue gain", "1/pkt", ParamKind::kReal, 1e-3, 0, 1, 1e-5,
        "k1, weight of q - q0. Lab design for the default scenario (see README): 1e-3."},
       &sfc::Params::k1},
      {{"a", "Rate gain", "s/pkt", ParamKind::kReal, 2e-5, 0, 0.01, 1e-6,
        "a, weight of the input rate's excess x - C (pkts/s). Lab design: 2e-5."},
       &sfc::Params::a},
      {BufferBound({"q0", "Reference queue", "pkts", ParamKind::kReal, 20, 0, 100000, 1,
        "q0. Without integral action the queue settles above it by about p/k1. Lab default: a "
        "tenth of the buffer, so the default scenario settles near a quarter.",
        0.1}),
       &sfc::Params::q0},
      {{"rate_window_ms", "Rate window", "ms", ParamKind::kReal, 10, 0.1, 10000, 0.1,
        "The input rate x is counted over windows of this length (paper: not given; lab: 10 ms)."},
       &sfc::Params::rate_window_ms},
      {{"rate_weight", "Rate smoothing", "", ParamKind::kReal, 0.25, 0.001, 1, 0.001,
        "EWMA weight of each window's rate in x (paper: not given; lab: 0.25)."},
       &sfc::Params::rate_weight},
  }};
  static Status Validate(const sfc::Params&) { return {}; }
  static const AqmDescriptor& Describe();

  SfcQueue(const QueueDiscEnv& env, const sfc::Params& params);
  double probability() const override { return state_.p; }
  void ReadSignals(std::span<double> out) const override;
  const sfc::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;

 private:
  sfc::State state_;
};

}  // namespace aqmlab
