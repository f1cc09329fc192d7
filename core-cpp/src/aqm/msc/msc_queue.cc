#include "aqm/msc/msc_queue.h"

namespace aqmlab {

Status MscQueue::Validate(const msc::Params& p) {
  if (p.ts_s > p.ts_l) {
    return {"ts_s: must not exceed ts_l (" + FormatNumber(p.ts_l) + "), got " +
            FormatNumber(p.ts_s)};
  }
  return {};
}

const AqmDescriptor& MscQueue::Describe() {
  static const AqmDescriptor d{
      "msc",
      "MSC (multiscale)",
      "Ji & Dong, a multiscale controller for active queue management",
      "A base probability 1 - 1/rho from the measured load on a long time scale, modulated by "
      "the queue's distance from qref on a short one.",
      SpecsOf<msc::Params>(kFields),
      {{"rho", "Load A / C", ""}, {"pa", "Base probability", ""}},
      LawText{R"tex(\begin{gathered} p = \Big[\, p_a + \alpha\,\frac{q - q_{ref}}{q_{ref}} \Big]_0^1 \\ p_a = \begin{cases}1 - 1/\rho & \rho > 1\\ p_{floor} & \rho \le 1\end{cases} \end{gathered})tex",
              "MSC works on two time scales. Slowly, it measures the load rho (arrival rate over capacity) and drops 1 - 1/rho of the traffic, which makes the admitted rate equal the capacity whatever the number of flows or their RTTs. Quickly, a term in the queue error steers the queue to its reference.",
              "Ji & Dong, Design and Analysis of a Multiscale Active Queue Management Scheme (journal regular paper, received 2005, revised 2006)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(q_{ref})tex", LawSource::kParam, "qref"},
               {R"tex(\alpha)tex", LawSource::kParam, "alpha"},
               {R"tex(\rho)tex", LawSource::kSignal, "rho"},
               {R"tex(p_a)tex", LawSource::kSignal, "pa"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {{"qref", LevelChart::kQueue, "qref", 1, ""}}};
  return d;
}

MscQueue::MscQueue(const QueueDiscEnv& env, const msc::Params& params)
    : ParamQueue(env, params), state_(msc::InitialState(params, CapacityBytesPerSecond())) {}

Decision MscQueue::OnArrival(const ArrivalContext& ctx) {
  return msc::Decide(params_, state_, ctx.now, static_cast<double>(ctx.queue_packets),
                     ctx.packet_bytes, ctx.buffer_full, CapacityBytesPerSecond(), ctx.uniform);
}

void MscQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.rho;
  out[1] = state_.pa;
}

}  // namespace aqmlab
