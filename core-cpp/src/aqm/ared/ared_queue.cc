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
      {{"avg", "Average queue", "pkts"}, {"max_p", "Adapted max_p", ""}},
      LawText{R"tex(\begin{gathered} p_b = \mathrm{max}_p\, \frac{\bar q - \mathrm{min}_{th}}{\mathrm{max}_{th} - \mathrm{min}_{th}} \\ \mathrm{max}_p \leftarrow \begin{cases}\mathrm{max}_p + \min(0.01, \mathrm{max}_p/4) & \bar q > \text{band}\\ 0.9\,\mathrm{max}_p & \bar q < \text{band}\end{cases} \end{gathered})tex",
              "Adaptive RED keeps the RED curve but moves max_p slowly (every half second) so that the average queue lands in the middle of the thresholds, whatever the load. Additive increase and multiplicative decrease make the adaptation gentle, so it does not fight the fast RED loop.",
              "Floyd, Gummadi & Shenker, Adaptive RED (2001)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\bar q)tex", LawSource::kSignal, "avg"},
               {R"tex(w_q)tex", LawSource::kParam, "wq"},
               {R"tex(\mathrm{min}_{th})tex", LawSource::kParam, "min_th"},
               {R"tex(\mathrm{max}_{th})tex", LawSource::kParam, "max_th"},
               {R"tex(\mathrm{max}_p)tex", LawSource::kSignal, "max_p"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      // RED's thresholds and, in auto mode, the delay they are sized for (s, drawn in ms)
      [] {
        std::vector<ChartLevel> levels = red::ThresholdLevels();
        levels.push_back({"target_delay", LevelChart::kDelay, "target", 1000, "auto"});
        return levels;
      }()};
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

void AredQueue::TakeOver(const RunningState& s) {
  const red::Handover* h = red::TakeOver(state_.red, s);
  if (!h) return;
  // An adapted max_p goes on adapting from where it was; a fixed one (RED's) is
  // a parameter of the discipline replaced, and ARED starts from its own.
  if (!std::isnan(h->adapted_max_p)) state_.max_p = h->adapted_max_p;
  RefreshCurve();
}

void AredQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.red.avg;
  out[1] = state_.max_p;
}

}  // namespace aqmlab
