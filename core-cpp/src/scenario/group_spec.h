// A scenario's traffic groups (`groups[]`): what every kind has in common,
// and each kind's own fields, as parsed and validated from the scenario file.
// core-cpp/SCENARIO.md lists every field with its range.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "net/packet.h"
#include "net/param_table.h"

namespace aqmlab {

enum class RttSpread : uint8_t { kEven, kRandom };
enum class StartPattern : uint8_t { kTogether, kStaggered, kRandom };
// Which way a TCP group's data crosses the bottleneck(s): forward (R1 -> R2,
// through the AQM) or reverse (R2 -> R1, over the drop-tail reverse link that
// the forward flows' ACKs share).
enum class Direction : uint8_t { kForward, kReverse };
// The bottlenecks a group crosses in a parking lot: both, or only one.
enum class PathKind : uint8_t { kThrough, kHop1, kHop2 };

// TCP options shared by long-lived and short flows.
struct TcpOptions {
  std::optional<int64_t> packet_bytes;  // absent: bottleneck.packet_bytes
  int64_t advertised_window_pkts = 10000;
  bool delayed_ack = false;
  bool ecn = false;
  // The congestion controller (traffic/cc/registry.h) and its parameters.
  std::string variant = "newreno";
  ParamOverrides variant_params;
  bool limited_transmit = true;  // RFC 3042, on as in ns-2 and ns-3
  // RFC 2018 / RFC 6675; absent: the controller's default (CcDescriptor::sack).
  std::optional<bool> sack;
};

// Whether a group's flows use SACK: its `sack`, else its controller's default.
bool SackOf(const TcpOptions& t);

struct TcpTraffic {
  TcpOptions tcp;
};

// Finite TCP transfers arriving as a Poisson process, spread evenly over
// `paths` access paths whose RTTs follow the group's rtt_ms.
struct ShortTcpTraffic {
  enum class SizeLaw : uint8_t { kFixed, kPareto, kDuration };
  double arrival_rate = 10;  // flows per second, the whole group
  int64_t paths = 1;
  SizeLaw law = SizeLaw::kFixed;
  int64_t packets = 10;       // kFixed
  double mean_packets = 10;   // kPareto
  double shape = 1.2;         // kPareto
  double min_s = 1;           // kDuration
  double max_s = 2;           // kDuration
  TcpOptions tcp;
};

struct CbrTraffic {
  std::optional<int64_t> packet_bytes;
  std::optional<double> rate_mbps;    // exactly one of these two is set
  std::optional<double> interval_ms;
  bool random_phase = false;
  // The ECN field of every packet: an unresponsive source that claims
  // ECT(1) enters an L4S queue (RFC 9332 sec. 4.2.3's overload case).
  Ecn codepoint = Ecn::kNotEct;
};

struct OnOffTraffic {
  bool pareto = false;  // law: exponential or Pareto periods
  double mean_on_s = 1;
  double mean_off_s = 1;
  double shape = 1.5;  // Pareto only
  double peak_mbps = 0.064;
  std::optional<int64_t> packet_bytes;
};

struct PoissonTraffic {
  double rate_pps = 100;
  bool exponential_sizes = false;
  std::optional<int64_t> packet_bytes;  // the mean for exponential sizes
};

struct MmppSourceSpec {
  double lambda1 = 100;
  double lambda2 = 10;
  double r12 = 1;
  double r21 = 1;
};

struct MmppTraffic {
  std::vector<MmppSourceSpec> sources;
  bool exponential_sizes = false;
  std::optional<int64_t> packet_bytes;
};

// HTTP-like request/response sessions: a small request goes upstream, the
// page comes back over a fresh TCP connection, then the session thinks.
struct HttpTraffic {
  enum class PageLaw : uint8_t { kExponential, kPareto, kFixed };
  double mean_page_bytes = 1000;  // AOPC exp 3
  PageLaw law = PageLaw::kExponential;
  double shape = 1.2;             // kPareto
  double mean_think_s = 1;        // exponential think time after each page
  TcpOptions tcp;
};

struct VideoTraffic {
  double frame_rate = 25;
  int64_t mean_frame_bytes = 4000;
  std::string gop = "IBBPBBPBBPBB";
  double i_ratio = 5;
  double p_ratio = 2;
  double b_ratio = 1;
  double size_cv = 0.2;
  std::optional<int64_t> packet_bytes;
  bool random_phase = false;
};

// The alternatives' order is GroupKind's.
using GroupTraffic = std::variant<TcpTraffic, ShortTcpTraffic, CbrTraffic, OnOffTraffic,
                                  PoissonTraffic, MmppTraffic, VideoTraffic, HttpTraffic>;
enum class GroupKind : uint8_t { kTcp, kShortTcp, kUdpCbr, kOnOff, kPoisson, kMmpp, kVideo, kHttp };

struct GroupSpec {
  GroupTraffic traffic = TcpTraffic{};
  std::string label = "tcp";  // the traffic class ("class"); by default the kind's name
  int64_t count = 50;  // flows or sources; for mmpp the number of sources, for short_tcp 0
  double rtt_min_ms = 40;
  double rtt_max_ms = 200;
  RttSpread spread = RttSpread::kEven;
  // Explicit per-member RTTs (rtt_ms given as an array): member k gets entry
  // k mod size, and the range and spread are unused. Empty: the range.
  std::vector<double> rtt_list_ms;
  StartPattern start = StartPattern::kStaggered;
  double start_window_s = 1;
  // Explicit per-member start offsets (start given as an array), seconds
  // after the group turns on: member k gets entry k mod size, and the
  // pattern and window are unused. Empty: the pattern.
  std::vector<double> start_list_s;
  double start_s = 0;
  std::optional<double> stop_s;
  Direction direction = Direction::kForward;  // tcp and short_tcp only
  PathKind path = PathKind::kThrough;         // hop1 / hop2 only in a parking lot

  GroupKind kind() const { return static_cast<GroupKind>(traffic.index()); }
  // Groups whose `count` says how many members run (set_flows applies).
  bool counted() const;
  // Kinds whose packets are TCP segments (they draw ACKs).
  bool tcp_based() const;
  bool reverse() const { return direction == Direction::kReverse; }
};

// "tcp", "short_tcp", ...: the JSON name of a kind.
const char* GroupKindName(GroupKind k);

// What a set_rate event sets for a group of this kind: the field it mirrors
// and its range. `has_rate` is false for kinds without one (tcp).
struct RateField {
  bool has_rate = false;
  const char* field = "";  // e.g. "peak_mbps"
  double lo = 0;
  double hi = 0;
};
RateField RateFieldOf(GroupKind k);

}  // namespace aqmlab
