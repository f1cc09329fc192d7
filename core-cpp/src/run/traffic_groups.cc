#include "run/traffic_groups.h"

#include <cmath>

#include "run/groups/group_build.h"
#include "run/groups/group_kinds.h"
#include "sim/rng.h"

namespace aqmlab {

namespace {

constexpr double kGoldenFraction = 0.6180339887498949;  // (sqrt(5) - 1) / 2

}  // namespace

TrafficGroup::TrafficGroup(Network& net, int index, int16_t traffic_class)
    : net_(net), index_(index), class_(traffic_class) {}

void TrafficGroup::TurnOn() {
  if (on_) return;
  const int64_t active = active_tcp_flows();
  on_ = true;
  OnTurnOn();
  net_.active_tcp_flows += active_tcp_flows() - active;
}

void TrafficGroup::TurnOff() {
  if (!on_) return;
  const int64_t active = active_tcp_flows();
  on_ = false;
  OnTurnOff();
  net_.active_tcp_flows += active_tcp_flows() - active;
}

void TrafficGroup::SetCount(int64_t count) {
  const int64_t active = active_tcp_flows();
  OnSetCount(count);
  net_.active_tcp_flows += active_tcp_flows() - active;
}

double TrafficGroup::MemberRttMs(int64_t k) const {
  const GroupSpec& g = spec();
  if (!g.rtt_list_ms.empty()) return MemberEntry(g.rtt_list_ms, k);
  double unit;
  if (g.spread == RttSpread::kEven) {
    // A low-discrepancy sequence: evenly spread for any count, and adding a
    // member never moves the others.
    unit = std::fmod(static_cast<double>(k) * kGoldenFraction, 1.0);
  } else {
    RandomStream rng(net_.scenario.seed, StreamPurpose::kFlowRtt, MemberKey(index_, k));
    unit = rng.Uniform();
  }
  return g.rtt_min_ms + (g.rtt_max_ms - g.rtt_min_ms) * unit;
}

Time TrafficGroup::AccessDelay(double rtt_ms) const {
  // The scenario's bottleneck delays, not the current ones: set_delay moves
  // every round trip over that hop by twice its change.
  return Time::Millis(rtt_ms / 2 - PathDelayMs(net_.scenario, spec().path));
}

Bytes TrafficGroup::PacketBytes(const std::optional<int64_t>& bytes) const {
  return PacketBytesOf(net_.scenario, bytes);
}

uint64_t TrafficGroup::StreamIndex(int64_t k) const { return MemberKey(index_, k); }

int32_t TrafficGroup::OpenLoopFlowBase() const { return kOpenLoopFlowBase + index_ * kFlowIdsPerGroup; }

Result<std::unique_ptr<TrafficGroup>> MakeTrafficGroup(Network& net, int index, int16_t cls) {
  switch (net.scenario.groups[index].kind()) {
    case GroupKind::kTcp: return MakeTcpGroup(net, index, cls);
    case GroupKind::kShortTcp: return MakeShortTcpGroup(net, index, cls);
    case GroupKind::kUdpCbr: return MakeCbrGroup(net, index, cls);
    case GroupKind::kOnOff: return MakeOnOffGroup(net, index, cls);
    case GroupKind::kPoisson: return MakePoissonGroup(net, index, cls);
    case GroupKind::kMmpp: return MakeMmppGroup(net, index, cls);
    case GroupKind::kHttp: return MakeHttpGroup(net, index, cls);
    case GroupKind::kVideo: return MakeVideoGroup(net, index, cls);
  }
  return Error{"groups[" + std::to_string(index) + "].kind: unknown"};
}

}  // namespace aqmlab
