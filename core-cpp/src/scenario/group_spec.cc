#include "scenario/group_json.h"

#include "sim/format.h"
#include "scenario/json_text.h"
#include "scenario/param_values.h"
#include "scenario/scenario.h"
#include "traffic/cc/registry.h"

namespace aqmlab {

bool SackOf(const TcpOptions& t) {
  if (t.sack) return *t.sack;
  const CcEntry* cc = FindCc(t.variant);
  return cc != nullptr && cc->describe().sack;
}

namespace {

// Ranges shared by the fields of several kinds.
constexpr int64_t kMinPacketBytes = 40;
constexpr int64_t kMaxPacketBytes = 9000;
constexpr double kMaxMbps = 100000;
constexpr double kMaxPps = 1e7;
constexpr double kMaxArrivalRate = 10000;
constexpr double kMaxThinkS = 3600;

bool ValidLabel(const std::string& s) {
  if (s.empty() || s.size() > 32) return false;
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

void ReadPacketBytes(JsonReader& r, std::optional<int64_t>& out) {
  r.Integer("packet_bytes", out, kMinPacketBytes, kMaxPacketBytes);
}

// `variant` names the congestion controller, `variant_params` sets its
// parameters (checked against its table; not read when the controller is
// unknown); a controller that needs ECN (Prague) refuses a group without it.
void ReadVariant(JsonReader& r, TcpOptions& t) {
  r.Text("variant", t.variant, 40);
  const Json* params = r.Object("variant_params");
  if (!r.Fine({"variant"})) return;
  const CcEntry* cc = FindCc(t.variant);
  if (!cc) {
    r.Fail(r.Field("variant"), "unknown congestion control " + Quoted(t.variant) + " (known: " +
                                   CcNames() + ")");
    return;
  }
  const CcDescriptor& d = cc->describe();
  if (ReadParamValues(r, "variant_params", params, d.params, t.variant_params)) {
    ReportParamStatus(r, "variant_params", cc->check(t.variant_params));
  }
  if (d.needs_ecn && !t.ecn && r.Fine({"ecn"})) {
    r.Fail(r.Field("variant"), Quoted(t.variant) + " needs \"ecn\": true (its congestion signal is the CE mark)");
  }
}

void ReadTcpOptions(JsonReader& r, TcpOptions& t) {
  ReadPacketBytes(r, t.packet_bytes);
  r.Integer("advertised_window_pkts", t.advertised_window_pkts, 1, 1000000);
  r.Boolean("delayed_ack", t.delayed_ack);
  r.Boolean("ecn", t.ecn);
  r.Boolean("limited_transmit", t.limited_transmit);
  if (r.Has("sack")) {
    bool sack = false;
    r.Boolean("sack", sack);
    t.sack = sack;
  }
  ReadVariant(r, t);
}

// A Pareto shape must exceed 1 for the mean to exist.
void ReadShape(JsonReader& r, double& shape) {
  r.Number("shape", shape, 1, 10);
  if (r.Fine({"shape"}) && r.Has("shape") && shape <= 1) {
    r.Fail(r.Field("shape"), "must exceed 1 (the mean must exist), got " + FormatNumber(shape));
  }
}

void ReadSizeLaw(JsonReader& r, bool& exponential) {
  r.Choice<bool>("size", exponential, {{"fixed", false}, {"exponential", true}});
}

void ReadShortSize(JsonReader& parent, Problems* problems, ShortTcpTraffic& t) {
  const Json* size = parent.Object("size");
  if (!size) return;
  JsonReader r(*size, parent.Field("size"), problems);
  using Law = ShortTcpTraffic::SizeLaw;
  r.Choice<Law>("law", t.law, {{"fixed", Law::kFixed}, {"pareto", Law::kPareto}, {"duration", Law::kDuration}});
  if (!r.Fine({"law"})) return r.Stop();
  std::string context;
  switch (t.law) {
    case Law::kFixed:
      r.Integer("packets", t.packets, 1, 1000000);
      context = "for law \"fixed\"";
      break;
    case Law::kPareto:
      r.Number("mean", t.mean_packets, 1, 1000000);
      ReadShape(r, t.shape);
      context = "for law \"pareto\"";
      break;
    case Law::kDuration:
      r.Number("min_s", t.min_s, 0.001, 3600);
      r.Number("max_s", t.max_s, 0.001, 3600);
      if (r.Fine({"min_s", "max_s"}) && t.max_s < t.min_s) {
        r.Fail(r.Field("max_s"), "must be at least min_s (" + FormatNumber(t.min_s) + ")");
      }
      context = "for law \"duration\"";
      break;
  }
  r.RejectUnknown(context);
}

void ReadKind(JsonReader& r, Problems*, TcpTraffic& t) { ReadTcpOptions(r, t.tcp); }

void ReadKind(JsonReader& r, Problems* problems, ShortTcpTraffic& t) {
  r.Number("arrival_rate", t.arrival_rate, 0.001, kMaxArrivalRate);
  r.Integer("paths", t.paths, 1, kMaxShortFlowPaths);
  ReadShortSize(r, problems, t);
  ReadTcpOptions(r, t.tcp);
}

void ReadKind(JsonReader& r, Problems*, CbrTraffic& t) {
  ReadPacketBytes(r, t.packet_bytes);
  r.Number("rate_mbps", t.rate_mbps, 0.001, kMaxMbps);
  r.Number("interval_ms", t.interval_ms, 0.001, 3600000);
  if (t.rate_mbps && t.interval_ms) {
    r.Fail(r.Field("interval_ms"), "give rate_mbps or interval_ms, not both");
  }
  if (!t.rate_mbps && !t.interval_ms) t.interval_ms = 80;  // AOPC exp 2
  r.Boolean("random_phase", t.random_phase);
  r.Choice<Ecn>("codepoint", t.codepoint, {{"not-ect", Ecn::kNotEct}, {"ect0", Ecn::kEct0}, {"ect1", Ecn::kEct1}});
}

void ReadKind(JsonReader& r, Problems*, OnOffTraffic& t) {
  r.Choice<bool>("law", t.pareto, {{"exponential", false}, {"pareto", true}});
  r.Number("mean_on_s", t.mean_on_s, 0.001, 3600);
  r.Number("mean_off_s", t.mean_off_s, 0, 3600);
  if (r.Fine({"law"}) && !t.pareto && r.Has("shape")) {
    r.Fail(r.Field("shape"), "only for law \"pareto\"");
  }
  ReadShape(r, t.shape);
  r.Number("peak_mbps", t.peak_mbps, 0.001, kMaxMbps);
  ReadPacketBytes(r, t.packet_bytes);
}

void ReadKind(JsonReader& r, Problems*, PoissonTraffic& t) {
  r.Number("rate_pps", t.rate_pps, 0.001, kMaxPps);
  ReadSizeLaw(r, t.exponential_sizes);
  ReadPacketBytes(r, t.packet_bytes);
}

void ReadMmppSource(const Json& j, const std::string& path, Problems* problems, MmppSourceSpec& m) {
  JsonReader r(j, path, problems);
  r.Number("lambda1", m.lambda1, 0, kMaxPps);
  r.Number("lambda2", m.lambda2, 0, kMaxPps);
  r.Number("r12", m.r12, 1e-6, 1e6);
  r.Number("r21", m.r21, 1e-6, 1e6);
  r.RejectUnknown();
  if (r.Fine({"lambda1", "lambda2"}) && !(m.lambda1 + m.lambda2 > 0)) {
    r.Fail(r.Field("lambda2"), "lambda1 and lambda2 cannot both be 0");
  }
}

void ReadKind(JsonReader& r, Problems* problems, MmppTraffic& t) {
  if (const Json* sources = r.Array("sources", kMaxMmppSources)) {
    if (sources->empty()) r.Fail(r.Field("sources"), "must list at least one source");
    for (size_t i = 0; i < sources->size(); ++i) {
      MmppSourceSpec m;
      ReadMmppSource((*sources)[i], r.Field("sources") + "[" + std::to_string(i) + "]", problems, m);
      t.sources.push_back(m);
    }
  } else if (r.Fine({"sources"})) {
    t.sources = {MmppSourceSpec{}};
  }
  ReadSizeLaw(r, t.exponential_sizes);
  ReadPacketBytes(r, t.packet_bytes);
}

void ReadKind(JsonReader& r, Problems*, HttpTraffic& t) {
  using Law = HttpTraffic::PageLaw;
  r.Number("mean_page_bytes", t.mean_page_bytes, 1, 1e9);
  r.Choice<Law>("page_law", t.law,
                {{"exponential", Law::kExponential}, {"pareto", Law::kPareto}, {"fixed", Law::kFixed}});
  if (r.Fine({"page_law"}) && t.law != Law::kPareto && r.Has("shape")) {
    r.Fail(r.Field("shape"), "only for page_law \"pareto\"");
  }
  ReadShape(r, t.shape);
  r.Number("mean_think_s", t.mean_think_s, 0, kMaxThinkS);
  ReadTcpOptions(r, t.tcp);
}

void ReadKind(JsonReader& r, Problems* problems, VideoTraffic& t) {
  r.Number("frame_rate", t.frame_rate, 0.01, 1000);
  r.Integer("mean_frame_bytes", t.mean_frame_bytes, 1, 10000000);
  r.Text("gop", t.gop, 64);
  if (r.Fine({"gop"})) {
    bool letters = !t.gop.empty();
    for (char c : t.gop) letters = letters && (c == 'I' || c == 'P' || c == 'B');
    if (!letters) r.Fail(r.Field("gop"), "must be 1 to 64 of the letters I, P and B");
  }
  if (const Json* ratios = r.Object("ratios")) {
    JsonReader rr(*ratios, r.Field("ratios"), problems);
    rr.Number("i", t.i_ratio, 0.001, 1000);
    rr.Number("p", t.p_ratio, 0.001, 1000);
    rr.Number("b", t.b_ratio, 0.001, 1000);
    rr.RejectUnknown();
  }
  r.Number("size_cv", t.size_cv, 0, 10);
  ReadPacketBytes(r, t.packet_bytes);
  r.Boolean("random_phase", t.random_phase);
}

void ReadRtt(JsonReader& r, Problems* problems, const GroupContext& ctx, GroupSpec& g) {
  // The round-trip times are checked against the path's delays only when
  // they and the path read fine.
  bool fine = r.Fine({"path"});
  if (r.IsArray("rtt_ms")) {
    r.NumberList("rtt_ms", g.rtt_list_ms, 0, 10000, kMaxFlowsPerGroup);
  } else if (const Json* rtt = r.Object("rtt_ms")) {
    JsonReader rr(*rtt, r.Field("rtt_ms"), problems);
    rr.Number("min", g.rtt_min_ms, 0, 10000);
    rr.Number("max", g.rtt_max_ms, 0, 10000);
    rr.RejectUnknown();
    fine = fine && rr.Fine({"min", "max"});
    if (rr.Fine({"min", "max"}) && g.rtt_max_ms < g.rtt_min_ms) {
      rr.Fail(rr.Field("max"), "must be at least rtt_ms.min (" + FormatNumber(g.rtt_min_ms) + ")");
    }
  }
  fine = fine && r.Fine({"rtt_ms"});
  double one_way = ctx.bottleneck_delay_ms;
  const char* delays = "bottleneck.delay_ms";
  if (g.path == PathKind::kThrough && ctx.parking_lot) {
    one_way += ctx.hop2_delay_ms;
    delays = "bottleneck.delay_ms + topology.hop2.delay_ms";
  } else if (g.path == PathKind::kHop2) {
    one_way = ctx.hop2_delay_ms;
    delays = "topology.hop2.delay_ms";
  }
  auto too_short = [&](const std::string& field, double rtt) {
    r.Fail(field, std::string("must be at least twice ") + delays + " (" +
                      FormatNumber(2 * one_way) + "), got " + FormatNumber(rtt));
  };
  for (size_t i = 0; i < g.rtt_list_ms.size() && fine; ++i) {
    if (g.rtt_list_ms[i] < 2 * one_way) {
      too_short(r.Field("rtt_ms") + "[" + std::to_string(i) + "]", g.rtt_list_ms[i]);
    }
  }
  if (fine && g.rtt_list_ms.empty() && g.rtt_min_ms < 2 * one_way) {
    too_short(r.Field("rtt_ms") + ".min", g.rtt_min_ms);
  }
  r.Choice<RttSpread>("rtt_spread", g.spread, {{"even", RttSpread::kEven}, {"random", RttSpread::kRandom}});
}

void ReadWindow(JsonReader& r, const GroupContext& ctx, GroupSpec& g) {
  r.Number("start_s", g.start_s, 0, ctx.duration_s);
  r.Number("stop_s", g.stop_s, 0, ctx.duration_s);
  if (r.Fine({"start_s", "stop_s"}) && g.stop_s && *g.stop_s <= g.start_s) {
    r.Fail(r.Field("stop_s"), "must be above start_s (" + FormatNumber(g.start_s) + "), got " +
                                  FormatNumber(*g.stop_s));
  }
}

void ReadStartPattern(JsonReader& r, GroupSpec& g) {
  if (r.IsArray("start")) {
    r.NumberList("start", g.start_list_s, 0, 3600, kMaxFlowsPerGroup);
  } else {
    r.Choice<StartPattern>("start", g.start,
                           {{"together", StartPattern::kTogether},
                            {"staggered", StartPattern::kStaggered},
                            {"random", StartPattern::kRandom}});
  }
  r.Number("start_window_s", g.start_window_s, 0, 3600);
}

GroupTraffic TrafficOf(GroupKind k) {
  switch (k) {
    case GroupKind::kTcp: return TcpTraffic{};
    case GroupKind::kShortTcp: return ShortTcpTraffic{};
    case GroupKind::kUdpCbr: return CbrTraffic{};
    case GroupKind::kOnOff: return OnOffTraffic{};
    case GroupKind::kPoisson: return PoissonTraffic{};
    case GroupKind::kMmpp: return MmppTraffic{};
    case GroupKind::kVideo: return VideoTraffic{};
    case GroupKind::kHttp: return HttpTraffic{};
  }
  return TcpTraffic{};
}

}  // namespace

const char* GroupKindName(GroupKind k) {
  switch (k) {
    case GroupKind::kTcp: return "tcp";
    case GroupKind::kShortTcp: return "short_tcp";
    case GroupKind::kUdpCbr: return "udp_cbr";
    case GroupKind::kOnOff: return "onoff";
    case GroupKind::kPoisson: return "poisson";
    case GroupKind::kMmpp: return "mmpp";
    case GroupKind::kVideo: return "video";
    case GroupKind::kHttp: return "http";
  }
  return "tcp";
}

bool GroupSpec::counted() const {
  return kind() != GroupKind::kShortTcp && kind() != GroupKind::kMmpp;
}

bool GroupSpec::tcp_based() const {
  return kind() == GroupKind::kTcp || kind() == GroupKind::kShortTcp || kind() == GroupKind::kHttp;
}

RateField RateFieldOf(GroupKind k) {
  switch (k) {
    case GroupKind::kTcp: return {};
    case GroupKind::kShortTcp: return {true, "arrival_rate", 0.001, kMaxArrivalRate};
    case GroupKind::kUdpCbr: return {true, "rate_mbps", 0.001, kMaxMbps};
    case GroupKind::kOnOff: return {true, "peak_mbps", 0.001, kMaxMbps};
    case GroupKind::kPoisson: return {true, "rate_pps", 0.001, kMaxPps};
    case GroupKind::kMmpp: return {true, "rate_pps", 0.001, kMaxPps};
    case GroupKind::kVideo: return {true, "rate_mbps", 0.001, kMaxMbps};
    case GroupKind::kHttp: return {true, "mean_think_s", 0, kMaxThinkS};
  }
  return {};
}

void ReadGroup(const Json& j, const std::string& path, Problems* problems, const GroupContext& ctx,
               GroupSpec& g) {
  JsonReader r(j, path, problems);
  GroupKind kind = GroupKind::kTcp;
  r.Choice<GroupKind>("kind", kind,
                      {{"tcp", GroupKind::kTcp},
                       {"short_tcp", GroupKind::kShortTcp},
                       {"udp_cbr", GroupKind::kUdpCbr},
                       {"onoff", GroupKind::kOnOff},
                       {"poisson", GroupKind::kPoisson},
                       {"mmpp", GroupKind::kMmpp},
                       {"video", GroupKind::kVideo},
                       {"http", GroupKind::kHttp}});
  // The kind decides which fields a group may have.
  if (!r.Fine({"kind"})) return r.Stop();
  g.traffic = TrafficOf(kind);
  // Only bulk TCP kinds run both ways (their ACKs then cross the AQM);
  // reverse groups form their own class unless told otherwise.
  if (kind == GroupKind::kTcp || kind == GroupKind::kShortTcp) {
    r.Choice<Direction>("direction", g.direction,
                        {{"forward", Direction::kForward}, {"reverse", Direction::kReverse}});
  }
  g.label = std::string(GroupKindName(kind)) + (g.reverse() ? "_reverse" : "");
  r.Text("class", g.label, 32);
  if (r.Fine({"class"}) && !ValidLabel(g.label)) {
    r.Fail(r.Field("class"), "must be 1 to 32 letters, digits, '_' or '-'");
  }
  if (g.counted()) {
    g.count = kind == GroupKind::kTcp ? 50 : 1;
    r.Integer("count", g.count, 0, kMaxFlowsPerGroup);
  } else {
    g.count = 0;
  }
  r.Choice<PathKind>("path", g.path,
                     {{"through", PathKind::kThrough}, {"hop1", PathKind::kHop1}, {"hop2", PathKind::kHop2}});
  if (r.Fine({"path"}) && !ctx.parking_lot && g.path != PathKind::kThrough) {
    r.Fail(r.Field("path"), "\"hop1\" and \"hop2\" need topology.kind \"parking_lot\"");
  }
  ReadRtt(r, problems, ctx, g);
  if (g.counted()) ReadStartPattern(r, g);
  ReadWindow(r, ctx, g);
  std::visit([&](auto& t) { ReadKind(r, problems, t); }, g.traffic);
  if (auto* m = std::get_if<MmppTraffic>(&g.traffic)) g.count = static_cast<int64_t>(m->sources.size());
  r.RejectUnknown(std::string("for kind \"") + GroupKindName(kind) + "\"");
}

}  // namespace aqmlab
