#include "scenario/group_json.h"

// A traffic group written back as scenario JSON: every field of its kind,
// defaults included, so that ReadGroup of the result gives the same group.

namespace aqmlab {

namespace {

const char* SpreadName(RttSpread s) { return s == RttSpread::kEven ? "even" : "random"; }

const char* StartName(StartPattern s) {
  switch (s) {
    case StartPattern::kTogether: return "together";
    case StartPattern::kStaggered: return "staggered";
    case StartPattern::kRandom: return "random";
  }
  return "together";
}

void PutPacketBytes(nlohmann::ordered_json& j, const std::optional<int64_t>& bytes) {
  if (bytes) j["packet_bytes"] = *bytes;
}

void PutTcpOptions(nlohmann::ordered_json& j, const TcpOptions& t) {
  PutPacketBytes(j, t.packet_bytes);
  j["advertised_window_pkts"] = t.advertised_window_pkts;
  j["delayed_ack"] = t.delayed_ack;
  j["ecn"] = t.ecn;
  j["variant"] = t.variant;
  j["limited_transmit"] = t.limited_transmit;
  // Written only when set: absent follows the controller's default.
  if (t.sack) j["sack"] = *t.sack;
  if (!t.variant_params.empty()) {
    nlohmann::ordered_json params = nlohmann::ordered_json::object();
    for (const auto& [k, v] : t.variant_params) params[k] = v;
    j["variant_params"] = params;
  }
}

void PutKind(nlohmann::ordered_json& j, const TcpTraffic& t) { PutTcpOptions(j, t.tcp); }

void PutKind(nlohmann::ordered_json& j, const ShortTcpTraffic& t) {
  using Law = ShortTcpTraffic::SizeLaw;
  j["arrival_rate"] = t.arrival_rate;
  j["paths"] = t.paths;
  switch (t.law) {
    case Law::kFixed: j["size"] = {{"law", "fixed"}, {"packets", t.packets}}; break;
    case Law::kPareto:
      j["size"] = {{"law", "pareto"}, {"mean", t.mean_packets}, {"shape", t.shape}};
      break;
    case Law::kDuration:
      j["size"] = {{"law", "duration"}, {"min_s", t.min_s}, {"max_s", t.max_s}};
      break;
  }
  PutTcpOptions(j, t.tcp);
}

void PutKind(nlohmann::ordered_json& j, const CbrTraffic& t) {
  PutPacketBytes(j, t.packet_bytes);
  if (t.rate_mbps) j["rate_mbps"] = *t.rate_mbps;
  if (t.interval_ms) j["interval_ms"] = *t.interval_ms;
  j["random_phase"] = t.random_phase;
  // Written only when set, so the scenarios from before it read as they did.
  if (t.codepoint == Ecn::kEct0) j["codepoint"] = "ect0";
  if (t.codepoint == Ecn::kEct1) j["codepoint"] = "ect1";
}

void PutKind(nlohmann::ordered_json& j, const OnOffTraffic& t) {
  j["law"] = t.pareto ? "pareto" : "exponential";
  j["mean_on_s"] = t.mean_on_s;
  j["mean_off_s"] = t.mean_off_s;
  if (t.pareto) j["shape"] = t.shape;
  j["peak_mbps"] = t.peak_mbps;
  PutPacketBytes(j, t.packet_bytes);
}

void PutKind(nlohmann::ordered_json& j, const PoissonTraffic& t) {
  j["rate_pps"] = t.rate_pps;
  j["size"] = t.exponential_sizes ? "exponential" : "fixed";
  PutPacketBytes(j, t.packet_bytes);
}

void PutKind(nlohmann::ordered_json& j, const MmppTraffic& t) {
  nlohmann::ordered_json sources = nlohmann::ordered_json::array();
  for (const MmppSourceSpec& m : t.sources) {
    sources.push_back({{"lambda1", m.lambda1}, {"lambda2", m.lambda2}, {"r12", m.r12}, {"r21", m.r21}});
  }
  j["sources"] = sources;
  j["size"] = t.exponential_sizes ? "exponential" : "fixed";
  PutPacketBytes(j, t.packet_bytes);
}

void PutKind(nlohmann::ordered_json& j, const HttpTraffic& t) {
  using Law = HttpTraffic::PageLaw;
  j["mean_page_bytes"] = t.mean_page_bytes;
  j["page_law"] = t.law == Law::kExponential ? "exponential" : t.law == Law::kPareto ? "pareto" : "fixed";
  if (t.law == Law::kPareto) j["shape"] = t.shape;
  j["mean_think_s"] = t.mean_think_s;
  PutTcpOptions(j, t.tcp);
}

const char* PathName(PathKind p) {
  switch (p) {
    case PathKind::kThrough: return "through";
    case PathKind::kHop1: return "hop1";
    case PathKind::kHop2: return "hop2";
  }
  return "through";
}

void PutKind(nlohmann::ordered_json& j, const VideoTraffic& t) {
  j["frame_rate"] = t.frame_rate;
  j["mean_frame_bytes"] = t.mean_frame_bytes;
  j["gop"] = t.gop;
  j["ratios"] = {{"i", t.i_ratio}, {"p", t.p_ratio}, {"b", t.b_ratio}};
  j["size_cv"] = t.size_cv;
  PutPacketBytes(j, t.packet_bytes);
  j["random_phase"] = t.random_phase;
}

}  // namespace

nlohmann::ordered_json GroupToJson(const GroupSpec& g) {
  nlohmann::ordered_json j;
  j["kind"] = GroupKindName(g.kind());
  j["class"] = g.label;
  if (g.counted()) j["count"] = g.count;
  if (g.rtt_list_ms.empty()) {
    j["rtt_ms"] = {{"min", g.rtt_min_ms}, {"max", g.rtt_max_ms}};
  } else {
    j["rtt_ms"] = g.rtt_list_ms;
  }
  j["rtt_spread"] = SpreadName(g.spread);
  if (g.counted()) {
    if (g.start_list_s.empty()) {
      j["start"] = StartName(g.start);
    } else {
      j["start"] = g.start_list_s;
    }
    j["start_window_s"] = g.start_window_s;
  }
  j["start_s"] = g.start_s;
  if (g.stop_s) j["stop_s"] = *g.stop_s;
  if (g.kind() == GroupKind::kTcp || g.kind() == GroupKind::kShortTcp) {
    j["direction"] = g.reverse() ? "reverse" : "forward";
  }
  j["path"] = PathName(g.path);
  std::visit([&](const auto& t) { PutKind(j, t); }, g.traffic);
  return j;
}

}  // namespace aqmlab
