// FQ-CoDel as a queue discipline: it owns its packet storage (the flow
// queues of fq_codel_law.h) through the base's storage hooks; the base still
// counts every arrival, drop, mark and departure. Each departing packet is
// judged by CoDel's law with its flow's state.
#pragma once

#include <array>

#include "aqm/codel/codel_queue.h"
#include "aqm/fq_codel/fq_codel_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class FqCodelQueue final : public ParamQueue<FqCodelQueue, fq_codel::Params> {
 public:
  static constexpr std::array<ParamField<fq_codel::Params>, 5> kFields{{
      {{"target_ms", "Target", "ms", ParamKind::kReal, 5, 0.1, 1000, 0.1,
        "CoDel's target sojourn time in each flow queue (RFC 8290 sec. 5.2: 5 ms)."},
       &fq_codel::Params::target_ms},
      {{"interval_ms", "Interval", "ms", ParamKind::kReal, 100, 1, 10000, 1,
        "CoDel's interval in each flow queue (RFC 8290 sec. 5.2: 100 ms)."},
       &fq_codel::Params::interval_ms},
      {{"quantum", "Quantum", "bytes", ParamKind::kInteger, 1514, 64, 1000000, 1,
        "Bytes a flow may send per round of the deficit round robin (RFC 8290 sec. 5.2: "
        "1514)."},
       &fq_codel::Params::quantum},
      {{"flows", "Flow queues", "", ParamKind::kInteger, 1024, 1, 65536, 1,
        "Hash buckets flows are spread over; flows sharing one share its queue (RFC 8290 "
        "sec. 5.2: 1024). A live change re-sorts the queued packets."},
       &fq_codel::Params::flows},
      {{"ce_threshold_ms", "L4S mark threshold", "ms", ParamKind::kReal, 0, 0, 100, 0.1,
        kCeThresholdHelp},
       &fq_codel::Params::ce_threshold_ms},
  }};
  static Status Validate(const fq_codel::Params& p);
  static const AqmDescriptor& Describe();
  static const Explanation& Explain();

  FqCodelQueue(const QueueDiscEnv& env, const fq_codel::Params& params);
  double probability() const override { return signal_share_; }
  void ReadSignals(std::span<double> out) const override;
  const fq_codel::FlowQueues& queues() const { return queues_; }

 protected:
  Decision OnArrival(const ArrivalContext&) override { return Decision::kPass; }
  Decision OnDeparture(const DepartureContext& ctx) override;
  void OnParamChanged(std::string_view name) override;

  void StorePacket(Packet* p) override { queues_.Store(p, Quantum()); }
  Packet* NextPacket(Time now) override;
  Packet* OverflowVictim(Packet* arrival) override { return queues_.Victim(arrival); }

 private:
  int64_t Quantum() const { return params_.quantum; }
  fq_codel::FlowQueues queues_;
  double signal_share_ = 0;
  int64_t threshold_marks_ = 0;
  Time last_sojourn_;
};

}  // namespace aqmlab
