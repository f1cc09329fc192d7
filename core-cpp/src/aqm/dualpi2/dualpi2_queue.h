// DualPI2 as a queue discipline: it owns its packet storage, two FIFOs
// (L and Classic) filled by ECN codepoint, served by the weighted round
// robin of Linux's sch_dualpi2, and judged at dequeue on each packet's
// sojourn (RFC 9332 App. A.1's dualpi2_dequeue; Linux's drop_dequeue, the
// default). A periodic timer updates the base probability p'.
#pragma once

#include <array>

#include "aqm/dualpi2/dualpi2_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

// Counts of what the L and Classic AQMs did, apart from the base's
// counters (which do not say which queue a mark came from).
struct DualPi2Counts {
  int64_t l_departures = 0;  // L packets judged at dequeue
  int64_t l_unstepped = 0;   // of which the native step left to the coupling
  int64_t step_marks = 0;
  int64_t coupled_marks = 0;
  int64_t overload_drops = 0;
  int64_t c_departures = 0;  // Classic packets judged at dequeue
  int64_t c_signals = 0;     // of which marked or dropped with p_C
  Bytes l_bytes_sent = 0;
  Bytes c_bytes_sent = 0;
};

class DualPi2Queue final : public ParamQueue<DualPi2Queue, dualpi2::Params> {
 public:
  // Their places in descriptor().queues.
  static constexpr uint8_t kLQueue = 0;
  static constexpr uint8_t kClassicQueue = 1;
  static constexpr std::array<ParamField<dualpi2::Params>, 9> kFields{{
      {{"target_ms", "Target delay", "ms", ParamKind::kReal, 15, 0.1, 1000, 0.1,
        "The queue delay the PI2 base controller steers to (RFC 9332 App. A.1 and Linux: "
        "15 ms)."},
       &dualpi2::Params::target_ms},
      {{"t_update_ms", "Update interval", "ms", ParamKind::kReal, 16, 1, 1000, 1,
        "Tupdate, how often p' is recomputed (Linux: 16 ms; RFC 9332 App. A.1: 15 ms)."},
       &dualpi2::Params::t_update_ms},
      {{"alpha", "Alpha", "1/s", ParamKind::kReal, 0.16, 0, 10, 0.01,
        "Integral gain on the delay error (Linux: 0.16 Hz; RFC 9332 App. A.1: 0.15 Hz)."},
       &dualpi2::Params::alpha},
      {{"beta", "Beta", "1/s", ParamKind::kReal, 3.2, 0, 100, 0.05,
        "Proportional gain on the delay's change (Linux: 3.2 Hz; RFC 9332 App. A.1: 3 Hz)."},
       &dualpi2::Params::beta},
      {{"k", "Coupling factor", "", ParamKind::kReal, 2, 0.5, 10, 0.1,
        "k in p_CL = k p' and p_C = p'^2, so p_C = (p_CL / k)^2 (RFC 9332 sec. 2.1: 2)."},
       &dualpi2::Params::k},
      {{"step_thresh_ms", "L step threshold", "ms", ParamKind::kReal, 1, 0, 100, 0.05,
        "L packets that waited longer are marked by the L queue's own AQM (Linux: 1 ms; the "
        "RFC's ramp starts at 0.8 ms)."},
       &dualpi2::Params::step_thresh_ms},
      {{"ramp_ms", "L ramp width", "ms", ParamKind::kReal, 0, 0, 100, 0.05,
        "0: a step at the threshold (Linux). Above 0: the marking probability ramps from 0 at "
        "the threshold to 1 this much later (RFC 9332 App. A.1: 0.4 ms)."},
       &dualpi2::Params::ramp_ms},
      {{"classic_protection", "Classic protection", "%", ParamKind::kInteger, 10, 0, 100, 1,
        "The Classic queue's share of the bytes sent while both queues hold packets (Linux's "
        "weighted round robin: 10%)."},
       &dualpi2::Params::classic_protection},
      {{"drop_on_overload", "Drop on overload", "", ParamKind::kToggle, 1, 0, 1, 1,
        "Once k p' > 1, drop L packets with p_C (RFC 9332 sec. 4.2.3, Linux's default); off, "
        "p' stops at 1/k and the buffer overflows instead."},
       &dualpi2::Params::drop_on_overload},
  }};
  static Status Validate(const dualpi2::Params&) { return {}; }
  static const AqmDescriptor& Describe();
  static const Explanation& Explain();
  static const theory::DisciplineTheory& Theory();

  DualPi2Queue(const QueueDiscEnv& env, const dualpi2::Params& params);
  // p(t): the Classic queue's probability p_C = p'^2.
  double probability() const override { return dualpi2::ClassicP(state_.p); }
  void ReadSignals(std::span<double> out) const override;
  const dualpi2::State& state() const { return state_; }
  const DualPi2Counts& counts() const { return counts_; }
  int64_t QueuePackets(size_t i) const override { return i == kLQueue ? l_.size() : c_.size(); }
  int64_t l_packets() const { return l_.size(); }
  int64_t c_packets() const { return c_.size(); }
  int64_t credit() const { return credit_; }

 protected:
  Decision OnArrival(const ArrivalContext&) override { return Decision::kPass; }
  Decision OnDeparture(const DepartureContext& ctx) override;
  void OnIdleStart(Time) override;
  void OnTimer(Time now) override;
  void OnParamChanged(std::string_view name) override;

  // RFC 9332 sec. 2.3 / App. A.1's classifier: ECT(1) and CE to the L queue.
  // The packet keeps its queue's index in descriptor().queues (0: L, 1: Classic).
  void StorePacket(Packet* p) override {
    const bool l = L4sCodepoint(p->ecn);
    p->queue = l ? kLQueue : kClassicQueue;
    (l ? l_ : c_).PushBack(p);
  }
  Packet* NextPacket(Time now) override;

 private:
  Bytes mtu() const { return link().typical_packet; }

  dualpi2::State state_;
  dualpi2::Weights weights_;
  PacketList l_;
  PacketList c_;
  int64_t credit_ = 0;
  // The packet NextPacket chose: its queue and the credit it would move.
  bool taken_from_l_ = false;
  int64_t pending_credit_ = 0;
  Time l_qdelay_;
  Time c_qdelay_;
  DualPi2Counts counts_;
};

}  // namespace aqmlab
