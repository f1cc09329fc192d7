#include "aqm/ared/ared_queue.h"

namespace aqmlab {

Status AredQueue::Validate(const ared::Params& p) {
  if (p.auto_settings == 0 && p.min_th >= p.max_th) {
    return {"min_th: must be below max_th (" + FormatNumber(p.max_th) + "), got " +
            FormatNumber(p.min_th)};
  }
  return {};
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
    : ParamQueue(env, params), applied_max_p_(params.max_p) {
  state_.max_p = params_.max_p;
  RefreshCurve();
  StartPeriodicTimer(Time::Seconds(params_.interval));
}

void AredQueue::RefreshCurve() {
  curve_ = ared::Curve(params_, link().CapacityPacketsPerSecond(), state_.max_p);
}

Decision AredQueue::OnArrival(const ArrivalContext& ctx) {
  const double typical = static_cast<double>(link().typical_packet);
  const double q = curve_.byte_mode != 0 ? static_cast<double>(ctx.queue_bytes) / typical
                                         : static_cast<double>(ctx.queue_packets);
  state_.red.avg = red::UpdateAverage(state_.red.avg, curve_.wq, q, link_idle(),
                                      ctx.now - state_.red.idle_since,
                                      link().TypicalTransmissionTime());
  return red::Decide(curve_, state_.red, static_cast<double>(ctx.packet_bytes) / typical,
                     ctx.uniform);
}

void AredQueue::OnTimer(Time) {
  state_.max_p = ared::Adapt(state_.max_p, curve_, state_.red.avg);
  RefreshCurve();
}

void AredQueue::OnParamsChanged() {
  if (params_.max_p != applied_max_p_) {
    applied_max_p_ = params_.max_p;
    state_.max_p = params_.max_p;
  }
  RefreshCurve();
  StartPeriodicTimer(Time::Seconds(params_.interval));  // a new interval applies from the next tick
}

void AredQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.red.avg;
  out[1] = state_.max_p;
}

}  // namespace aqmlab
