// The network the groups plug into: the hops (bottlenecks and their ways
// back) that Simulation builds, and the routing over them. A group asks for
// the hops its data crosses and those of its way back, by path and direction,
// and gets its members' access pipes here.
#pragma once

#include <cstdint>
#include <vector>

#include "net/packet.h"
#include "net/pipe.h"
#include "metrics/summary.h"
#include "net/queue_link.h"
#include "scenario/scenario.h"
#include "sim/event_loop.h"
#include "traffic/tcp.h"

namespace aqmlab {

// What every group plugs into, owned by the Simulation.
struct Network {
  Network(EventLoop& l, PacketPool& p, const Scenario& s)
      : loop(l), pool(p), scenario(s), class_totals(s.groups.size()) {
    NumberTcpGroups();
  }
  EventLoop& loop;
  PacketPool& pool;
  const Scenario& scenario;
  // Each bottleneck (hop 1, and hop 2 of a parking lot): its forward queue,
  // and its way back, an uncongested pipe or, with reverse traffic, a
  // drop-tail queue. `meter`s number these queues for Route::meter: forward
  // queue of hop i is i, the way back of hop i is kBackMeter + i.
  struct Hop {
    QueueLink* forward = nullptr;
    PacketReceiver* back = nullptr;
  };
  static constexpr int8_t kBackMeter = 2;
  // Hop 1, then hop 2 (before any group is built).
  void AddHop(const Hop& h);
  // Between a member's access link and the far end: the hops its data
  // crosses, and those of the way back (ACKs, requests), for the group's
  // path and direction; and the Route::meter of its data route.
  const std::vector<PacketReceiver*>& DataHops(const GroupSpec& g) const;
  const std::vector<PacketReceiver*>& ReturnHops(const GroupSpec& g) const;
  int8_t DataMeter(const GroupSpec& g) const;
  // A member's access link: the scenario's access rate, one-way `delay`.
  // The last hop of a way back has one feeder (Pipe::Feeding).
  Pipe AccessPipe(Time delay, Pipe::Feeding feeding = Pipe::Feeding::kAny) const {
    return Pipe(loop, scenario.access_mbps * 1e6, delay, feeding);
  }
  // Long-lived TCP flows take ids 0, 1, ... in creation order over all
  // groups; the other kinds take ids from OpenLoopFlowBase(group).
  int32_t next_tcp_flow = 0;
  std::vector<const TcpSource*> tcp_sources;  // every long-lived flow, by id
  std::vector<const TcpSink*> tcp_sinks;
  std::vector<bool> tcp_reverse;              // whether flow i runs R2 -> R1
  // The long-lived TCP groups (kind tcp, the senders the summary reports
  // on) are numbered 0, 1, ... in the scenario's order: tcp_slot[g] is group
  // g's number, or -1. Per long-lived flow id, its group's number and its
  // round-trip propagation delay as the scenario gives it; per number, its
  // flows' ids in member order. The groups add to them as members are built.
  std::vector<int> tcp_slot;
  std::vector<int16_t> tcp_flow_group;
  std::vector<Time> tcp_flow_base_rtt;
  std::vector<std::vector<int32_t>> tcp_group_flows;

  // What the recorder reads at every sample, kept up to date by the groups
  // as it changes, so that a sample visits no group. Per traffic class
  // (Packet::traffic_class), the delivery counts since the start, added to by
  // the groups' sinks and taps as packets arrive; sized to the number of
  // groups (there are at most as many classes) and never resized, so sinks
  // keep pointers into it.
  std::vector<ClassCounters> class_totals;
  // The long-lived TCP flows that should be running now, over every group.
  int64_t active_tcp_flows = 0;

 private:
  void NumberTcpGroups();
  // The hop indices a path crosses, in the forward order.
  std::vector<size_t> PathHops(PathKind path) const;
  std::vector<Hop> hops_;
  // By direction and path: built by AddHop, so members share them.
  std::vector<PacketReceiver*> data_[2][3];
  std::vector<PacketReceiver*> return_[2][3];
};

}  // namespace aqmlab
