#include "aqm/sred/sred_queue.h"

#include <algorithm>
#include <cmath>

#include "aqm/red/red_queue.h"

namespace aqmlab {

Status SredQueue::Validate(const sred::Params& p) { return RedQueue::Validate(p); }

const AqmDescriptor& SredQueue::Describe() {
  static const AqmDescriptor d{
      "sred",
      "Self-configuring RED",
      "Feng, Kandlur, Saha & Shin, A self-configuring RED gateway, IEEE INFOCOM 1999",
      "RED whose max_p is divided by alpha when the average falls below min_th and multiplied "
      "by beta when it rises above max_th.",
      SpecsOf<sred::Params>(kFields),
      {{"avg", "Average queue", "pkts"}, {"max_p", "Adapted max_p", ""}},
      LawText{R"tex(\begin{gathered} p_b = \mathrm{max}_p\, \frac{\bar q - \mathrm{min}_{th}}{\mathrm{max}_{th} - \mathrm{min}_{th}} \\ \mathrm{max}_p \leftarrow \begin{cases}\mathrm{max}_p/\alpha & \bar q \downarrow \mathrm{min}_{th}\\ \beta\,\mathrm{max}_p & \bar q \uparrow \mathrm{max}_{th}\end{cases} \end{gathered})tex",
              "Self-configuring RED changes max_p only when the average queue leaves the band between the thresholds: it divides it when the queue falls below the lower one (RED is too aggressive) and multiplies it when the queue climbs past the upper one (RED is too gentle).",
              "Feng, Kandlur, Saha & Shin, A self-configuring RED gateway (INFOCOM 1999)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\bar q)tex", LawSource::kSignal, "avg"},
               {R"tex(\alpha)tex", LawSource::kParam, "alpha"},
               {R"tex(\beta)tex", LawSource::kParam, "beta"},
               {R"tex(\mathrm{max}_p)tex", LawSource::kSignal, "max_p"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      red::ThresholdLevels()};
  return d;
}

SredQueue::SredQueue(const QueueDiscEnv& env, const sred::Params& params)
    : ParamQueue(env, params) {
  state_.max_p = params_.max_p;
}

Decision SredQueue::OnArrival(const ArrivalContext& ctx) {
  const ArrivalMeasure m = MeasureArrival(params_.byte_mode, ctx, link().typical_packet);
  state_.red.avg = red::UpdateAverage(state_.red.avg, params_.wq, m.queue, link_idle(),
                                      ctx.now - state_.red.idle_since,
                                      link().TypicalTransmissionTime());
  sred::OnAverageUpdated(params_, state_);
  red::Params curve = params_;
  curve.max_p = state_.max_p;
  return red::Decide(curve, state_.red, m.size_ratio, ctx.uniform);
}

void SredQueue::OnParamChanged(std::string_view name) {
  if (name == "max_p") state_.max_p = params_.max_p;  // the adaptation restarts from it
}

void SredQueue::TakeOver(const RunningState& s) {
  const red::Handover* h = red::TakeOver(state_.red, s);
  if (!h) return;
  // The average is where it is: no crossing happened here.
  state_.region = sred::RegionOf(state_.red.avg, params_.min_th, params_.max_th);
  if (!std::isnan(h->adapted_max_p)) {
    state_.max_p = std::clamp(h->adapted_max_p, sred::kMinMaxP, sred::kMaxMaxP);
  }
}

void SredQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.red.avg;
  out[1] = state_.max_p;
}

}  // namespace aqmlab
