#include "run/network.h"

namespace aqmlab {

std::vector<size_t> Network::PathHops(PathKind path) const {
  if (hops_.size() < 2) return {0};
  switch (path) {
    case PathKind::kThrough: return {0, 1};
    case PathKind::kHop1: return {0};
    case PathKind::kHop2: return {1};
  }
  return {0};
}

void Network::NumberTcpGroups() {
  for (const GroupSpec& g : scenario.groups) {
    const bool tcp = g.kind() == GroupKind::kTcp;
    tcp_slot.push_back(tcp ? static_cast<int>(tcp_group_flows.size()) : -1);
    if (tcp) tcp_group_flows.emplace_back();
  }
}

void Network::AddHop(const Hop& h) {
  hops_.push_back(h);
  for (int dir = 0; dir < 2; ++dir) {
    for (int p = 0; p < 3; ++p) {
      const std::vector<size_t> path = PathHops(static_cast<PathKind>(p));
      // Forward data crosses the forward queues in order; its ACKs the ways
      // back in reverse order. Reverse traffic swaps the two.
      std::vector<PacketReceiver*> forward, back;
      for (size_t i : path) forward.push_back(hops_[i].forward);
      for (auto it = path.rbegin(); it != path.rend(); ++it) back.push_back(hops_[*it].back);
      data_[dir][p] = dir == 0 ? forward : back;
      return_[dir][p] = dir == 0 ? back : forward;
    }
  }
}

const std::vector<PacketReceiver*>& Network::DataHops(const GroupSpec& g) const {
  return data_[g.reverse() ? 1 : 0][static_cast<size_t>(g.path)];
}

const std::vector<PacketReceiver*>& Network::ReturnHops(const GroupSpec& g) const {
  return return_[g.reverse() ? 1 : 0][static_cast<size_t>(g.path)];
}

int8_t Network::DataMeter(const GroupSpec& g) const {
  // Forward data first queues at its first hop, reverse data at its last.
  const bool two = hops_.size() > 1;
  const int first = two && g.path == PathKind::kHop2 ? 1 : 0;
  const int last = two && g.path != PathKind::kHop1 ? 1 : 0;
  return static_cast<int8_t>(g.reverse() ? kBackMeter + last : first);
}

}  // namespace aqmlab
