// A congestion controller's parameter table (net/param_table.h) bound to its
// construction: the values a scenario gives are checked against the table and
// the controller's own rules, then every flow of the group builds its own
// controller from the same Params.
#pragma once

#include <memory>

#include "net/param_table.h"
#include "sim/result.h"
#include "traffic/cc/congestion_control.h"
#include "traffic/cc/response_function.h"

namespace aqmlab {

// A controller C provides `Params`, `static constexpr std::array<ParamField<Params>, N>
// kFields`, `static Status Validate(const Params&)`, `static const CcDescriptor&
// Describe()` and a constructor from `const Params&`.
template <class C>
Result<typename C::Params> BuildCcParams(const ParamOverrides& overrides) {
  return BuildParams<typename C::Params>(C::kFields, overrides, LinkContext{}, &C::Validate);
}

template <class C>
Result<std::unique_ptr<CongestionControl>> MakeController(const ParamOverrides& overrides) {
  Result<typename C::Params> params = BuildCcParams<C>(overrides);
  if (!params.ok()) return Error{params.error()};
  return std::unique_ptr<CongestionControl>(std::make_unique<C>(params.value()));
}

template <class C>
Status CheckControllerParams(const ParamOverrides& overrides) {
  Result<typename C::Params> params = BuildCcParams<C>(overrides);
  return params.ok() ? Status{} : Status{params.error()};
}

// The response function of C (response_function.h) at (p, R): its
// parameters bound as a scenario's are, then C::MeanWindow(params, p, R).
template <class C>
Result<ResponsePoint> ResponseAt(const ParamOverrides& overrides, double p, double rtt_s) {
  Result<typename C::Params> params = BuildCcParams<C>(overrides);
  if (!params.ok()) return Error{params.error()};
  return C::MeanWindow(params.value(), p, rtt_s);
}

}  // namespace aqmlab
