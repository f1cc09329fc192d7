#include "aqm/autored/autored_queue.h"

#include <cmath>
#include <limits>

#include "aqm/red/red_queue.h"

#include "aqm/ared/ared_law.h"

namespace aqmlab {

Status AutoRedQueue::Validate(const autored::Params& p) { return RedQueue::Validate(p); }

const AqmDescriptor& AutoRedQueue::Describe() {
  static const AqmDescriptor d{
      "autored",
      "AutoRED",
      "Suthaharan, Reduction of queue oscillation in the next generation Internet routers, "
      "Computer Communications 2007",
      "RED or Adaptive RED whose averaging weight follows the congestion history, the size of "
      "the deviation and the buffer size.",
      SpecsOf<autored::Params>(kFields),
      {{"avg", "Average queue", "pkts"},
       {"w", "Averaging weight", ""},
       {"max_p", "max_p in force", ""}},
      LawText{R"tex(\begin{gathered} \bar q \leftarrow \bar q + w\,(q - \bar q) \\ w = p_t(1-p_t)\,\frac{2(a+|d|)}{\ln(a+|d|)}\,\frac{1}{B} \end{gathered})tex",
              "AutoRED replaces RED's fixed averaging weight by one computed at every packet: it grows with the size of the jump between queue and average, with how evenly the queue has been above and below its average, and shrinks with the buffer. A sudden load change is followed quickly while steady noise is still smoothed.",
              "Suthaharan, Reduction of queue oscillation in the next generation Internet routers (Computer Communications 2007)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\bar q)tex", LawSource::kSignal, "avg"},
               {R"tex(w)tex", LawSource::kSignal, "w"},
               {R"tex(\mathrm{max}_p)tex", LawSource::kSignal, "max_p"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      red::ThresholdLevels()};
  return d;
}

AutoRedQueue::AutoRedQueue(const QueueDiscEnv& env, const autored::Params& params)
    : ParamQueue(env, params), state_(autored::InitialState(params)) {
  StartPeriodicTimer(Time::Seconds(params_.interval));
}

Decision AutoRedQueue::OnArrival(const ArrivalContext& ctx) {
  const ArrivalMeasure m = MeasureArrival(params_.byte_mode, ctx, link().typical_packet);
  autored::UpdateAverage(params_, state_, m.queue, link_idle(), ctx.now - state_.red.idle_since,
                         link().TypicalTransmissionTime(),
                         static_cast<double>(link().buffer_packets));
  return red::Decide(autored::Curve(params_, state_), state_.red, m.size_ratio, ctx.uniform);
}

void AutoRedQueue::OnTimer(Time) {
  if (autored::BaseOf(params_) != autored::Base::kAred) return;
  state_.max_p = ared::Adapt(state_.max_p, params_, state_.red.avg);
}

void AutoRedQueue::OnParamChanged(std::string_view name) {
  // A new max_p or a change of base restarts ARED's adaptation from max_p.
  if (name == "max_p" || name == "base") state_.max_p = params_.max_p;
  StartPeriodicTimer(Time::Seconds(params_.interval));  // a new interval applies from the next tick
}

std::unique_ptr<RunningState> AutoRedQueue::running_state() const {
  const bool adapts = autored::BaseOf(params_) == autored::Base::kAred;
  return red::HandoverOf(state_.red, adapts ? state_.max_p : std::numeric_limits<double>::quiet_NaN());
}

void AutoRedQueue::TakeOver(const RunningState& s) {
  // The average, count and idle start go on; the deviation history is
  // AutoRED's own and starts empty, so the base's wq applies until
  // deviations of both signs are seen (the paper's Fig. 12: wq until 11 s,
  // then the adaptive weight).
  const red::Handover* h = red::TakeOver(state_.red, s);
  if (h && !std::isnan(h->adapted_max_p)) state_.max_p = h->adapted_max_p;
}

void AutoRedQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.red.avg;
  out[1] = state_.w;
  out[2] = autored::Curve(params_, state_).max_p;
}

}  // namespace aqmlab
