// What the group kinds share while building their members: flow ids, random
// stream keys, the TCP and packet-size settings of a group's spec, and the
// hop list of a route.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <vector>

#include "net/packet.h"
#include "scenario/scenario.h"
#include "traffic/open_loop_source.h"
#include "traffic/tcp.h"

namespace aqmlab {

// Flow ids of open-loop sources and short flows: a block per group, far
// above the long-lived flows' 0, 1, ... (flow ids key FQ-CoDel's hashing).
constexpr int32_t kOpenLoopFlowBase = 1 << 28;
constexpr int32_t kFlowIdsPerGroup = 1 << 22;

// Member k's entry of a per-member list (rtt_ms or start given as an
// array): the list repeats when the group has more members than entries
// (5 RTTs for 100 flows: 20 flows on each).
inline double MemberEntry(const std::vector<double>& list, int64_t k) {
  return list[static_cast<size_t>(k) % list.size()];
}

inline uint64_t MemberKey(int group, int64_t k) {
  return (static_cast<uint64_t>(group) << 32) | static_cast<uint64_t>(k);
}

// `seed` (the scenario's) draws each connection's clock phase.
inline TcpConfig MakeTcpConfig(const TcpOptions& o, Bytes segment_bytes, uint64_t seed) {
  TcpConfig c;
  c.clock_seed = seed;
  c.segment_bytes = segment_bytes;
  c.advertised_window = static_cast<double>(o.advertised_window_pkts);
  c.delayed_ack = o.delayed_ack;
  c.ecn = o.ecn;
  c.cc = FindCc(o.variant);  // the scenario checked the name
  c.cc_params = o.variant_params;
  c.limited_transmit = o.limited_transmit;
  c.sack = SackOf(o);
  return c;
}

inline PacketSizeLaw MakeSizeLaw(bool exponential, Bytes bytes) {
  PacketSizeLaw law;
  law.kind = exponential ? PacketSizeLaw::Kind::kExponential : PacketSizeLaw::Kind::kFixed;
  law.mean_bytes = bytes;
  return law;
}

// Packet size of a kind whose packet_bytes is optional.
inline Bytes PacketBytesOf(const Scenario& s, const std::optional<int64_t>& bytes) {
  return bytes ? *bytes : s.packet_bytes;
}

// Hops of a route: `before`, then `middle`, then `after`.
inline std::vector<PacketReceiver*> Hops(std::initializer_list<PacketReceiver*> before,
                                         const std::vector<PacketReceiver*>& middle,
                                         std::initializer_list<PacketReceiver*> after) {
  std::vector<PacketReceiver*> h;
  h.reserve(before.size() + middle.size() + after.size());
  for (PacketReceiver* r : before) h.push_back(r);
  for (PacketReceiver* r : middle) h.push_back(r);
  for (PacketReceiver* r : after) h.push_back(r);
  return h;
}

}  // namespace aqmlab
