// FQ-PIE as a queue discipline: it owns its packet storage (the flow queues
// of ../flow_queues) through the base's storage hooks; each arrival is judged
// by PIE's law with its own flow's state and backlog, a periodic timer
// updates every flow's p, and departures feed each flow's delay estimate.
#pragma once

#include <array>

#include "aqm/fq_pie/fq_pie_law.h"
#include "aqm/param_binding.h"
#include "aqm/pie/pie_queue.h"

namespace aqmlab {

class FqPieQueue final : public ParamQueue<FqPieQueue, fq_pie::Params> {
 public:
  static constexpr std::array<ParamField<fq_pie::Params>, 3> kOwnFields{{
      {{"quantum", "Quantum", "bytes", ParamKind::kInteger, 1514, 64, 1000000, 1,
        "Bytes a flow may send per round of the deficit round robin (Linux: the device's "
        "MTU with its header, 1514)."},
       &fq_pie::Params::quantum},
      {{"flows", "Flow queues", "", ParamKind::kInteger, 1024, 1, 65536, 1,
        "Hash buckets flows are spread over; flows sharing one share its queue and its PIE "
        "(Linux: 1024). A live change re-sorts the queued packets."},
       &fq_pie::Params::flows},
      {{"memory_limit", "Memory limit", "bytes", ParamKind::kInteger, 33554432, 1500,
        2147483647, 1500,
        "Bytes queued above which Linux counts an arrival as over memory (32 MB); like "
        "Linux's fq_pie, it counts and does not drop (the buffer in packets does)."},
       &fq_pie::Params::memory_limit},
  }};
  static constexpr auto kFields =
      JoinFields(LiftFields<fq_pie::Params>(PieQueue::kFields), kOwnFields);
  static Status Validate(const fq_pie::Params& p) { return PieQueue::Validate(p.Pie()); }
  static const AqmDescriptor& Describe();
  static const Explanation& Explain();

  FqPieQueue(const QueueDiscEnv& env, const fq_pie::Params& params);
  // p(t): the largest drop probability of any flow queue.
  double probability() const override { return max_p_; }
  void ReadSignals(std::span<double> out) const override;
  const fq_pie::FlowQueues& queues() const { return queues_; }
  int64_t over_memory() const { return over_memory_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  Decision OnDeparture(const DepartureContext& ctx) override;
  void OnTimer(Time) override;
  void OnParamChanged(std::string_view name) override;

  void StorePacket(Packet* p) override { queues_.Store(p, params_.quantum); }
  Packet* NextPacket(Time now) override;

 private:
  fq_pie::FlowQueues queues_;
  double max_p_ = 0;
  int64_t over_memory_ = 0;
  Time last_qdelay_;
};

}  // namespace aqmlab
