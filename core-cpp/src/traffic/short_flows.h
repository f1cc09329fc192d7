// Short-lived TCP transfers arriving as a Poisson process (web-like
// traffic: MSC exp 2, 10 packets each; LRED exp 4, each lasting U[1, 2] s).
// A flow's size is a fixed number of segments, a Pareto(mean, shape) number
// of segments, or a duration drawn from U[a, b] seconds during which it
// sends without limit. Completion times are recorded.
//
// Each active flow is a finite transfer (traffic/finite_transfer.h) whose
// watch sits at the sender: a flow completes when the ACK of its last
// segment is back (arrival to that ACK at the sender), and its slot is then
// free for the next arrival.
//
// Wiring: ShortFlowSource(loop, pool, identity, paths, config) with
// ValidateShortFlowConfig ok. identity.route is not used: `paths` gives the
// hops between sender and receiver each way (e.g. forward {access pipe,
// bottleneck}, reverse {reverse pipe, access pipe}). Flows use the slot
// flow ids [identity.flow, identity.flow + max_active) (ids are reused as
// flows end, like ports), so the builder reserves that range. Start/Stop
// switch the arrivals (flows in progress run to their end); Abort also ends
// them unrecorded. SetArrivalRate applies at once.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "traffic/finite_transfer.h"
#include "traffic/open_loop_source.h"

namespace aqmlab {

struct ShortFlowConfig {
  enum class SizeLaw : uint8_t { kFixedPackets, kParetoPackets, kUniformDuration };
  double arrival_rate = 10;  // flows per second, > 0
  SizeLaw law = SizeLaw::kFixedPackets;
  int64_t fixed_packets = 10;
  double pareto_mean_packets = 10;
  double pareto_shape = 1.2;  // > 1
  Time duration_min = Time::Seconds(1);
  Time duration_max = Time::Seconds(2);
  int32_t max_active = 10000;  // arrivals finding every slot busy are refused
  TcpConfig tcp;
};

Status ValidateShortFlowConfig(const ShortFlowConfig& c);

using ShortFlowPaths = TransferPaths;

struct FlowCompletion {
  int32_t flow = 0;
  Time started;
  Time finished;
  int64_t segments = 0;  // delivered in order (the size, for sized flows)
  Time completion_time() const { return finished - started; }
};

struct ShortFlowStats {
  int64_t arrivals = 0;
  int64_t refused = 0;       // no free slot
  int64_t completed = 0;
  int64_t segments_entered = 0;  // data segments past the gates, retransmissions included
};

class ShortFlowSource final : public EventTarget {
 public:
  ShortFlowSource(EventLoop& loop, PacketPool& pool, const SourceIdentity& id,
                  const ShortFlowPaths& paths, const ShortFlowConfig& config);
  ~ShortFlowSource();
  ShortFlowSource(const ShortFlowSource&) = delete;
  ShortFlowSource& operator=(const ShortFlowSource&) = delete;

  void Start();  // arrivals begin now
  void Stop();   // no more arrivals; flows in progress finish
  void Abort();  // no more arrivals, and every active flow ends unrecorded
  bool running() const { return running_; }
  void SetArrivalRate(double flows_per_second);
  // Mean offered load in bits/s of the sized laws (segment bytes on the
  // wire times the mean size times the arrival rate); 0 for durations.
  double offered_bps() const;

  int64_t active() const { return active_; }
  const ShortFlowStats& stats() const { return stats_; }
  const std::vector<FlowCompletion>& completions() const { return completions_; }
  void ClearCompletions() { completions_.clear(); }

  void OnEvent(uint32_t tag) override;  // a flow arrives

 private:
  struct Slot;
  void ScheduleArrival();
  void Launch();
  void Finish(Slot& slot, bool record);
  Slot* TakeSlot();

  EventLoop& loop_;
  PacketPool& pool_;
  SourceIdentity id_;
  ShortFlowPaths paths_;
  ShortFlowConfig config_;
  RandomStream rng_;
  Timer arrival_timer_;
  bool running_ = false;
  std::vector<std::unique_ptr<Slot>> slots_;
  std::vector<Slot*> free_;
  int64_t active_ = 0;
  ShortFlowStats stats_;
  std::vector<FlowCompletion> completions_;
};

}  // namespace aqmlab
