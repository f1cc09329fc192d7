#include "run/sender_probe.h"

#include <limits>
#include <string>

#include "metrics/columns.h"
#include "run/groups/group_build.h"

namespace aqmlab {

namespace {


// One traced flow: where to find it, and whether its controller paces.
struct Traced {
  size_t slot = 0;
  size_t member = 0;
  bool paces = false;
  double segment_bits = 0;
};

void AddGroupCounters(TrafficProbe& probe, const Network& net,
                      const std::vector<std::unique_ptr<TrafficGroup>>& groups) {
  const Scenario& s = net.scenario;
  for (size_t g = 0; g < s.groups.size(); ++g) {
    if (net.tcp_slot[g] < 0) continue;
    const GroupSpec& spec = s.groups[g];
    const TcpOptions& tcp = std::get<TcpTraffic>(spec.traffic).tcp;
    probe.tcp_groups.push_back(TcpGroupInfo{static_cast<int>(g), spec.label, tcp.variant,
                                            !spec.reverse() && spec.path != PathKind::kHop2, SackOf(tcp)});
  }
  probe.flow_group = &net.tcp_flow_group;
  probe.group_counters = [&net, &groups](std::vector<GroupCounters>& out) {
    for (size_t slot = 0; slot < out.size() && slot < net.tcp_group_flows.size(); ++slot) {
      GroupCounters& c = out[slot];
      for (const int32_t id : net.tcp_group_flows[slot]) {
        const auto f = static_cast<size_t>(id);
        const TcpStats& sent = net.tcp_sources[f]->stats();
        const SinkStats& got = net.tcp_sinks[f]->stats();
        c.delivered += got.delivered_bytes;
        c.ce += got.ce_segments;
        c.sent += sent.segments_sent;
        c.rtt_samples += sent.rtt_samples;
        c.rtt_sum_ns += sent.rtt_sum_ns;
        c.base_rtt_sum_ns += sent.rtt_samples * net.tcp_flow_base_rtt[f].ns();
      }
    }
    for (size_t g = 0; g < groups.size(); ++g) {
      const int slot = net.tcp_slot[g];
      if (slot >= 0 && static_cast<size_t>(slot) < out.size()) {
        out[static_cast<size_t>(slot)].flows = groups[g]->active_tcp_flows();
      }
    }
  };
}

void AddTracedFlows(TrafficProbe& probe, const Network& net) {
  const Scenario& s = net.scenario;
  if (!s.window_chart) return;
  std::vector<Traced> traced;
  for (const TracedFlow& f : s.window_chart->flows) {
    const GroupSpec& spec = s.groups[static_cast<size_t>(f.group)];
    const TcpOptions& tcp = std::get<TcpTraffic>(spec.traffic).tcp;
    const CcEntry* cc = FindCc(tcp.variant);
    Traced t{static_cast<size_t>(net.tcp_slot[static_cast<size_t>(f.group)]), static_cast<size_t>(f.flow),
             cc != nullptr && cc->describe().paces,
             static_cast<double>(PacketBytesOf(s, tcp.packet_bytes)) * 8.0};
    const std::string prefix = "flow." + std::to_string(f.group) + "." + std::to_string(f.flow) + ".";
    probe.traced_columns.push_back(prefix + std::string(kFlowColumns[per_flow::kCwndPkts].name));
    if (t.paces) probe.traced_columns.push_back(prefix + std::string(kFlowColumns[per_flow::kPacingMbps].name));
    traced.push_back(t);
  }
  // A member exists once its group has first turned on with it (or grown
  // to it); until then, and while it does not run, its values are NaN.
  probe.read_traced = [&net, traced = std::move(traced)](double* out) {
    for (const Traced& t : traced) {
      const std::vector<int32_t>& ids = net.tcp_group_flows[t.slot];
      const TcpSource* src = t.member < ids.size() ? net.tcp_sources[static_cast<size_t>(ids[t.member])] : nullptr;
      const bool running = src != nullptr && src->running();
      *out++ = running ? src->cwnd() : kNaN;
      if (!t.paces) continue;
      const double rate = running ? src->pacing_rate() : 0.0;
      *out++ = rate > 0 ? rate * t.segment_bits * 1e-6 : kNaN;
    }
  };
}

}  // namespace

void AddSenderProbe(TrafficProbe& probe, const Network& net,
                    const std::vector<std::unique_ptr<TrafficGroup>>& groups) {
  AddGroupCounters(probe, net, groups);
  AddTracedFlows(probe, net);
}

}  // namespace aqmlab
