// Drop-tail (FIFO): the reference point of every comparison. The base class
// already drops arrivals to a full buffer; the law itself never signals.
#pragma once

#include <array>

#include "aqm/param_binding.h"

namespace aqmlab {

struct DropTailParams {};

class DropTailQueue final : public ParamQueue<DropTailQueue, DropTailParams> {
 public:
  static constexpr std::array<ParamField<DropTailParams>, 0> kFields{};
  static Status Validate(const DropTailParams&) { return {}; }
  static const AqmDescriptor& Describe();
  static const theory::DisciplineTheory& Theory();

  using ParamQueue::ParamQueue;
  double probability() const override { return 0.0; }

 protected:
  Decision OnArrival(const ArrivalContext&) override { return Decision::kPass; }
};

}  // namespace aqmlab
