// Drop-tail's analysis models: p = 0 (its losses are the fluid model's
// buffer overflow), the queue at the buffer at equilibrium, no early drop in
// the chain, and no linear rule.
#include <memory>

#include "aqm/droptail/droptail.h"
#include "aqm/theory/discipline_theory.h"

namespace aqmlab {

namespace {

class FluidDropTail final : public theory::FluidLaw {
 public:
  void Configure(const theory::ParamValues&) override {}
  double Step(const theory::FluidTick&) override { return 0; }
};

}  // namespace

const theory::DisciplineTheory& DropTailQueue::Theory() {
  static const theory::DisciplineTheory t{
      []() -> std::unique_ptr<theory::FluidLaw> { return std::make_unique<FluidDropTail>(); },
      [](const theory::ParamValues&, const theory::SteadyPlant& pl) -> std::optional<double> { return pl.buffer_pkts; },
      nullptr,
      nullptr,
      true,
  };
  return t;
}

}  // namespace aqmlab
