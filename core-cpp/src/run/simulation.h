// One side of a scenario, built and running: the dumbbell of
// spec/scenarios.md with the side's discipline at the bottleneck.
//
//   source k -> access pipe (d_k) -> bottleneck queue + link (C, delay) -> sink k
//   sink k   -> reverse pipe (C, delay) -> access pipe (d_k) -> source k
//
// d_k = rtt_k / 2 - delay, so member k's round-trip propagation delay is
// rtt_k (open-loop sources only use the forward half). run/traffic_groups.h
// builds each group's members.
//
// With reverse traffic (a group with direction "reverse") the reverse pipe
// becomes a drop-tail queue + link (C, delay, bottleneck.buffer_pkts) that the
// reverse flows' data and the forward flows' ACKs share; the reverse flows'
// ACKs cross the forward bottleneck. Without it the pipe stays: an ACK then
// costs one event end to end.
//
// A parking lot chains a second bottleneck (hop 2, topology.hop2's figures,
// its own instance of the side's discipline) after the first:
//   R1 -> hop 1 -> R2 -> hop 2 -> R3
// each hop with its own way back (a pipe, or a drop-tail queue with reverse
// traffic). Groups cross both hops ("through") or one; access delays make
// up each member's rtt over its path.
//
// The timeline (the scenario's events, and the groups' start_s / stop_s as
// group_on / group_off) is applied by AdvanceTo: an event at T acts after
// everything else due at T (the sample at T included), exactly as a live
// Apply() made once the run has advanced to T. So a run that recorded live
// events replays bit for bit from a scenario carrying them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "aqm/registry.h"
#include "metrics/recorder.h"
#include "net/packet.h"
#include "net/pipe.h"
#include "net/queue_link.h"
#include "scenario/scenario.h"
#include "run/traffic_groups.h"
#include "sim/event_loop.h"
#include "traffic/tcp.h"

namespace aqmlab {

class Simulation final {
 public:
  static Result<std::unique_ptr<Simulation>> Create(const Scenario& scenario, int side);

  // Runs to `t` (clamped to the scenario's end), applying the timeline on
  // the way and sampling metrics. Fails, for good, once the run holds more
  // than kMaxPacketsHeld packets; the message names the group holding most.
  Status AdvanceTo(Time t);
  // Packets a run may hold at once, in queues, links and pipes (64 bytes
  // each: 256 MiB). Four times the largest buffer a queue may have, and far
  // above what the reference scenarios hold (10,000 flows at 10 Gb/s: under
  // 400,000). An open-loop source faster than its path reaches it quickly.
  static constexpr int64_t kMaxPacketsHeld = 4000000;
  // A lower limit, for the fuzzer (many short runs, under sanitizers).
  void set_packet_limit(int64_t packets) { pool_.set_limit(packets, &loop_); }
  // Applies an event now. Validated in full first; on error nothing changes.
  Status Apply(const TimelineEvent& e);

  Time now() const { return loop_.now(); }
  Time end() const { return end_; }
  bool done() const { return loop_.now() >= end_; }
  MetricRecorder& metrics() { return *recorder_; }
  const MetricRecorder& metrics() const { return *recorder_; }
  Summary summary() const { return recorder_->summary(); }
  const QueueLink& bottleneck() const { return *hops_[0].forward; }
  QueueLink& bottleneck() { return *hops_[0].forward; }
  // A parking lot's second bottleneck, or nullptr.
  const QueueLink* hop2() const { return hops_.size() > 1 ? hops_[1].forward.get() : nullptr; }
  // The queue on hop `hop`'s way back (1 or 2), or nullptr while it is a pipe.
  const QueueLink* reverse_queue(int hop = 1) const {
    return static_cast<size_t>(hop - 1) < hops_.size() ? hops_[hop - 1].back_queue.get() : nullptr;
  }
  const PacketPool& pool() const { return pool_; }
  const EventLoop& loop() const { return loop_; }
  // Long-lived TCP flows that should be running (the "flows" column).
  int64_t active_flows() const;
  // Long-lived TCP flow `flow` (ids in creation order over every group).
  const TcpSource& source(size_t flow) const { return *network_->tcp_sources[flow]; }
  const TcpSink& sink(size_t flow) const { return *network_->tcp_sinks[flow]; }
  size_t flow_count() const { return network_->tcp_sources.size(); }
  const TrafficGroup& group(size_t g) const { return *groups_[g]; }

 private:
  struct Action {
    Time at;
    TimelineEvent event;
    bool switch_aqm = false;  // the side's switch_to, not an event
  };

  Simulation(const Scenario& scenario, int side);
  // The error for a run the packet limit stopped.
  Status PacketLimitError();
  Status Build();
  Status BuildTopology(const AqmEntry& entry);
  // Builds hop `hop` (1 or 2) with its way back and adds it to the network.
  Status BuildHop(const AqmEntry& entry, int hop);
  TrafficProbe MakeProbe();
  // The side's switch_to: hop 1's queue changes discipline, keeping its packets.
  void SwitchDiscipline();
  // Sets hop `hop`'s one-way delay, both directions.
  void SetHopDelay(int64_t hop, Time d);
  void SetHopCapacity(int64_t hop, double bps);
  // About what the run touches: its packets and, per long-lived flow, the
  // flow's pipes, routes and TCP ends (under 1 KiB). Above kCacheBytes the
  // lines an event needs have mostly left the caches by then, and asking for
  // them early (EventLoop::Prefetch) pays; below it, it only costs.
  uint64_t WorkingSetBytes() const {
    return static_cast<uint64_t>(pool_.capacity()) * sizeof(Packet) + uint64_t{flow_count()} * 1024;
  }
  static constexpr uint64_t kCacheBytes = uint64_t{4} << 20;

  Scenario scenario_;
  int side_;
  Time end_;
  EventLoop loop_;
  PacketPool pool_;
  // A bottleneck: its forward queue and link, and its way back.
  struct Hop {
    std::unique_ptr<QueueLink> forward;
    std::unique_ptr<Pipe> back_pipe;        // without reverse traffic
    std::unique_ptr<QueueLink> back_queue;  // with it
  };
  std::vector<Hop> hops_;  // hop 1, then a parking lot's hop 2
  std::unique_ptr<Network> network_;
  std::vector<std::unique_ptr<TrafficGroup>> groups_;
  std::vector<Action> timeline_;  // in the order applied
  size_t next_action_ = 0;
  std::unique_ptr<MetricRecorder> recorder_;
  Status failure_;  // set when the packet limit ended the run
};

}  // namespace aqmlab
