// Binds a discipline's parameter table (net/param_table.h) to the queue
// base: live changes, checks and construction from a scenario's values.
#pragma once

#include <memory>
#include <string_view>

#include "net/param_table.h"
#include "net/queue_disc.h"

namespace aqmlab {

// A discipline's analysis models (aqm/theory/discipline_theory.h): a
// discipline with one declares `static const theory::DisciplineTheory&
// Theory();` beside Describe(), and the registry finds it.
namespace theory {
struct DisciplineTheory;
}

// The common adapter: a discipline Q derives from ParamQueue<Q, Q's Params>
// and provides `static constexpr std::array<ParamField<Params>, N> kFields`,
// `static Status Validate(const Params&)`, `static const AqmDescriptor& Describe()`
// and the law hooks.
template <class Derived, class P>
class ParamQueue : public QueueDisc {
 public:
  using Params = P;
  ParamQueue(const QueueDiscEnv& env, const P& params) : QueueDisc(env), params_(params) {}

  const AqmDescriptor& descriptor() const override { return Derived::Describe(); }
  Status SetParam(std::string_view name, double value) override {
    const double old = GetParam(name);
    Status s = AssignParam<P>(Derived::kFields, params_, name, value, &Derived::Validate);
    // A value set to what it was changes nothing.
    if (s.ok() && GetParam(name) != old) OnParamChanged(name);
    return s;
  }
  Status CheckParam(std::string_view name, double value) const override {
    P trial = params_;
    return AssignParam<P>(Derived::kFields, trial, name, value, &Derived::Validate);
  }
  double GetParam(std::string_view name) const override {
    return ReadParam<P>(Derived::kFields, params_, name);
  }
  const P& params() const { return params_; }

 protected:
  // Parameter `name` now has a new value in params_ (a live change; the
  // constructor sees the initial set).
  virtual void OnParamChanged(std::string_view name) { (void)name; }
  P params_;
};

template <class Q>
Result<std::unique_ptr<QueueDisc>> MakeQueueDisc(const QueueDiscEnv& env,
                                                 const ParamOverrides& overrides) {
  Result<typename Q::Params> params =
      BuildParams<typename Q::Params>(Q::kFields, overrides, env.link, &Q::Validate);
  if (!params.ok()) return Error{params.error()};
  return std::unique_ptr<QueueDisc>(std::make_unique<Q>(env, params.value()));
}

template <class Q>
Status CheckQueueParams(const LinkContext& link, const ParamOverrides& overrides) {
  Result<typename Q::Params> params =
      BuildParams<typename Q::Params>(Q::kFields, overrides, link, &Q::Validate);
  return params.ok() ? Status{} : Status{params.error()};
}

}  // namespace aqmlab
