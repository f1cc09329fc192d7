#include "aqm/aopc/aopc_queue.h"

namespace aqmlab {

const AqmDescriptor& AopcQueue::Describe() {
  static const AqmDescriptor d{
      "aopc",
      "AOPC",
      "Wang & Rong, An adaptive optimized proportional controller for active queue management",
      "LRED's loss-ratio base probability with a proportional queue gain retuned each period "
      "so the TCP/AQM loop has damping 0.707.",
      SpecsOf<aopc::Params>(kFields),
      {{"l", "Loss ratio", ""}, {"gamma", "Queue gain gamma", "1/pkt"}},
      LawText{R"tex(\begin{gathered} p = l + \gamma\,(q - q_0) \\ \gamma = \frac{f(l)\,(1 + 4 f(l)^2)}{R_{eq}\, C},\quad f(l) = \frac{\sqrt{3l/2}}{1-l} \end{gathered})tex",
              "AOPC keeps LRED's two time scales but chooses the proportional gain from the measured loss ratio so that the linearised TCP/AQM loop behaves like a second-order system with damping 0.707: fast, with little overshoot, and retuned every measurement period as the number of flows changes.",
              "Wang & Rong, AOPC: an Adaptive Optimized Proportional Controller for AQM (2005 or later: the copy the lab follows names no venue, its newest reference is from 2005)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(q_0)tex", LawSource::kParam, "q0"},
               {R"tex(R_{eq})tex", LawSource::kParam, "Req"},
               {R"tex(l)tex", LawSource::kSignal, "l"},
               {R"tex(\gamma)tex", LawSource::kSignal, "gamma"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {{"q0", LevelChart::kQueue, "q0", 1, ""}}};
  return d;
}

AopcQueue::AopcQueue(const QueueDiscEnv& env, const aopc::Params& params)
    : ParamQueue(env, params), state_(aopc::InitialState(params)) {
  StartPeriodicTimer(Time::Seconds(params_.mp));
}

Decision AopcQueue::OnArrival(const ArrivalContext& ctx) {
  return aopc::Decide(params_, state_, static_cast<double>(ctx.queue_packets), ctx.buffer_full,
                      ctx.uniform);
}

void AopcQueue::OnTimer(Time) {
  aopc::OnTimer(params_, state_, link().CapacityPacketsPerSecond());
}

void AopcQueue::RefreshGain() {
  state_.gamma =
      aopc::GainAfterMeasurement(params_, state_.meter.l, link().CapacityPacketsPerSecond());
}

void AopcQueue::OnParamChanged(std::string_view) {
  RefreshGain();
  StartPeriodicTimer(Time::Seconds(params_.mp));  // a new mp applies from the next tick
}

void AopcQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.meter.l;
  out[1] = state_.gamma;
}

}  // namespace aqmlab
