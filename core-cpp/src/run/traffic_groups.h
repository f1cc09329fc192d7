// The scenario's groups, built and running: each group makes its sources,
// sinks and access links around the shared bottleneck, and answers the
// timeline (group_on/off, set_flows, set_rate). simulation.h shows the
// dumbbell they plug into.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "metrics/recorder.h"
#include "run/network.h"
#include "scenario/scenario.h"

namespace aqmlab {

class TrafficGroup {
 public:
  TrafficGroup(Network& net, int index, int16_t traffic_class);
  virtual ~TrafficGroup() = default;
  TrafficGroup(const TrafficGroup&) = delete;
  TrafficGroup& operator=(const TrafficGroup&) = delete;

  // group_on / group_off (and the group's start_s / stop_s). Turning on a
  // group that is on, or off one that is off, changes nothing.
  void TurnOn();
  void TurnOff();
  bool on() const { return on_; }

  // Flows or sources the group holds (its `count`; mmpp: its sources).
  virtual int64_t count() const = 0;
  // set_flows: only for counted kinds (CheckEvent has made sure).
  void SetCount(int64_t count);
  // set_rate, in the unit of RateFieldOf(kind) (CheckEvent has made sure).
  virtual void SetRate(double rate) { (void)rate; }
  // Long-lived TCP flows that should be running now (kept summed over the
  // groups in Network::active_tcp_flows by TurnOn, TurnOff and SetCount).
  virtual int64_t active_tcp_flows() const { return 0; }

  // Data packets the group has sent into the network so far (loss ratio).
  virtual int64_t sent_packets() const = 0;
  virtual void TakeCompletions(std::vector<FlowCompletionRecord>& out) { (void)out; }

  int index() const { return index_; }
  int16_t traffic_class() const { return class_; }
  // Member k's round-trip propagation delay (rtt_ms: its list's entry, or
  // the range with rtt_spread).
  double MemberRttMs(int64_t k) const;

 protected:
  virtual void OnTurnOn() = 0;
  virtual void OnTurnOff() = 0;
  virtual void OnSetCount(int64_t count) { (void)count; }
  // The group's class's delivery counts (Network::class_totals), which its
  // sinks and taps add to.
  ClassCounters& class_totals() const { return net_.class_totals[static_cast<size_t>(class_)]; }
  const GroupSpec& spec() const { return net_.scenario.groups[index_]; }
  // One-way access delay that gives a round trip of `rtt_ms` over the group's path.
  Time AccessDelay(double rtt_ms) const;
  // Packet size of a kind whose packet_bytes is optional.
  Bytes PacketBytes(const std::optional<int64_t>& bytes) const;
  // The random stream index of member k, distinct over the scenario.
  uint64_t StreamIndex(int64_t k) const;
  int32_t OpenLoopFlowBase() const;

  Network& net_;

 private:
  int index_;
  int16_t class_;
  bool on_ = false;
};

// Builds group `index` of the scenario; an error names the group's field.
Result<std::unique_ptr<TrafficGroup>> MakeTrafficGroup(Network& net, int index, int16_t traffic_class);

}  // namespace aqmlab
