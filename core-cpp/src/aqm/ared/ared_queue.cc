#include "aqm/ared/ared_queue.h"

#include <cmath>

#include "aqm/red/red_queue.h"

namespace aqmlab {

Status AredQueue::Validate(const ared::Params& p) {
  return p.auto_settings ? Status{} : RedQueue::Validate(p);
}

const AqmDescriptor& AredQueue::Describe() {
  static const AqmDescriptor d{
      "ared",
      "Adaptive RED",
      "Floyd, Gummadi & Shenker, Adaptive RED: an algorithm for increasing the robustness of "
      "RED's active queue management, 2001",
      "RED whose max_p is adapted every 0.5 s to keep the average queue between 40% and 60% "
      "of the way from min_th to max_th.",
      SpecsOf<ared::Params>(kFields),
      {{"avg", "Average queue", "pkts"}, {"max_p", "Adapted max_p", ""}}};
  return d;
}

AredQueue::AredQueue(const QueueDiscEnv& env, const ared::Params& params)
    : ParamQueue(env, params) {
  state_.max_p = params_.max_p;
  RefreshCurve();
  StartPeriodicTimer(Time::Seconds(params_.interval));
}

void AredQueue::RefreshCurve() {
  curve_ = ared::Curve(params_, link().CapacityPacketsPerSecond(), state_.max_p);
}

Decision AredQueue::OnArrival(const ArrivalContext& ctx) {
  const ArrivalMeasure m = MeasureArrival(curve_.byte_mode, ctx, link().typical_packet);
  state_.red.avg = red::UpdateAverage(state_.red.avg, curve_.wq, m.queue, link_idle(),
                                      ctx.now - state_.red.idle_since,
                                      link().TypicalTransmissionTime());
  return red::Decide(curve_, state_.red, m.size_ratio, ctx.uniform);
}

void AredQueue::OnTimer(Time) {
  state_.max_p = ared::Adapt(state_.max_p, curve_, state_.red.avg);
  RefreshCurve();
}

void AredQueue::OnParamChanged(std::string_view name) {
  if (name == "max_p") state_.max_p = params_.max_p;  // the adaptation restarts from it
  RefreshCurve();
  StartPeriodicTimer(Time::Seconds(params_.interval));  // a new interval applies from the next tick
}

void AredQueue::TakeOverRedState(const RedRunningState& s) {
  red::TakeOver(state_.red, s);
  // An adapted max_p goes on adapting from where it was; a fixed one (RED's) is
  // a parameter of the discipline replaced, and ARED starts from its own.
  if (!std::isnan(s.adapted_max_p)) state_.max_p = s.adapted_max_p;
  RefreshCurve();
}

void AredQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.red.avg;
  out[1] = state_.max_p;
}

}  // namespace aqmlab
