#include "aqm/aaqm/aaqm_queue.h"

namespace aqmlab {

const AqmDescriptor& AaqmQueue::Describe() {
  static const AqmDescriptor d{
      "aaqm",
      "AAQM",
      "Rahmani, Ahlund, Kanter, an adaptive AQM based on the ratio of arrivals to departures",
      "Steers the drop probability every T with the ratio U of arrivals to departures, keeping "
      "the arrival rate at or just below the departure rate.",
      SpecsOf<aaqm::Params>(kFields),
      {{"U", "Arrivals / departures", ""}},
      LawText{R"tex(U = \frac{A}{B},\qquad P \leftarrow \Big[\, P + P_{1,2}\,(U - 1) \Big]_0^1)tex",
              "AAQM compares arrivals with departures over short intervals. When more packets arrive than leave (U above 1) it raises the drop probability, when fewer arrive it lowers it, with separate step sizes up and down. The paper backs its settings with an MMPP queueing model of the buffer, which this page solves for open-loop traffic.",
              "Rahmani, Åhlund & Kanter, Design of Active Queue Management for Robust Control on Access Router for Heterogeneous Networks (open-access research article, 2011)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(U)tex", LawSource::kSignal, "U"},
               {R"tex(P_1)tex", LawSource::kParam, "P1"},
               {R"tex(P_2)tex", LawSource::kParam, "P2"},
               {R"tex(T)tex", LawSource::kParam, "T"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {}};
  return d;
}

AaqmQueue::AaqmQueue(const QueueDiscEnv& env, const aaqm::Params& params)
    : ParamQueue(env, params) {
  StartPeriodicTimer(Time::Seconds(params_.interval));
}

}  // namespace aqmlab
