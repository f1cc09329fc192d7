// The scenario: everything that defines a run. Built only through
// ParseScenario, which validates every field before anything runs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "net/param_table.h"
#include "scenario/group_spec.h"
#include "scenario/window_chart_spec.h"
#include "scenario/window_spec.h"
#include "sim/result.h"
#include "sim/time.h"

namespace aqmlab {

// A side's mid-run change of discipline: at `at_s` the bottleneck queue
// switches to `aqm` with `params`, keeping the packets waiting in it and,
// with `keep_state`, the running state of RED's average when both
// disciplines keep one (red::Handover, aqm/red/red_law.h).
struct AqmSwitch {
  double at_s = 0;
  std::string aqm;
  ParamOverrides params;
  bool keep_state = true;
};

struct SideSpec {
  std::string name;
  std::string aqm;
  ParamOverrides params;
  std::optional<int64_t> buffer_pkts;  // hop 1's buffer on this side; absent: the bottleneck's
  std::optional<AqmSwitch> switch_to;
};

enum class EventKind : uint8_t {
  kSetFlows,
  kSetParam,
  kSetCapacity,
  kSetRate,
  kSetDelay,
  kGroupOn,
  kGroupOff,
};

struct TimelineEvent {
  double at_s = 0;
  EventKind kind = EventKind::kSetFlows;
  int64_t group = 0;     // set_flows, set_rate, group_on, group_off
  int64_t count = 0;     // set_flows
  int64_t side = -1;     // set_param: -1 means every side that has the parameter
  std::string name;      // set_param
  double value = 0;      // set_param
  double mbps = 0;       // set_capacity
  double rate = 0;       // set_rate, in the unit of the group's RateFieldOf
  double delay_ms = 0;   // set_delay
  int64_t hop = 1;       // set_capacity, set_delay: which bottleneck (2: a parking lot's second)
};

// The response (settling) time to measure: from `from_s` on, how long the
// sampled queue takes to settle at `target_pkts` (spec/scenarios.md).
struct ResponseSpec {
  double target_pkts = 100;
  double from_s = 0;
  // The settled window's mean absolute deviation bound, as a fraction of the
  // target: 0.3 is the LRED paper's (metrics/settling.h).
  double deviation_tolerance = 0.3;
  // The band for the window's mean, in packets either way; absent, 10% of
  // the target (the paper's), which a small target's queue noise never meets.
  std::optional<double> tolerance_pkts;
};

// The network: a dumbbell (one bottleneck) or a parking lot, whose second
// bottleneck R2 -> R3 follows the first and has its own link figures.
enum class TopologyKind : uint8_t { kDumbbell, kParkingLot };

struct Topology {
  TopologyKind kind = TopologyKind::kDumbbell;
  double hop2_capacity_mbps = 10;  // parking lot only; default: the bottleneck's
  double hop2_delay_ms = 10;
  int64_t hop2_buffer_pkts = 200;
  bool parking_lot() const { return kind == TopologyKind::kParkingLot; }
};

struct Scenario {
  int64_t version = 1;
  uint64_t seed = 1;
  double duration_s = 300;
  double sample_interval_ms = 10;
  double warmup_s = 10;
  double capacity_mbps = 10;
  double delay_ms = 10;
  int64_t buffer_pkts = 200;
  int64_t packet_bytes = 500;
  bool ecn = false;
  // bottleneck.ecn_mark_p: mark only while the probability is below it (ns-2
  // RED's mark_p); absent, every congestion verdict on an ECN packet marks.
  std::optional<double> ecn_mark_p;
  double access_mbps = 100;
  Topology topology;
  std::vector<GroupSpec> groups;
  std::vector<SideSpec> sides;
  std::vector<TimelineEvent> events;
  std::optional<ResponseSpec> response;
  std::vector<WindowSpec> windows;
  std::optional<WindowChartSpec> window_chart;
};

inline constexpr int64_t kMaxFlowsPerGroup = 20000;
// Long-lived flows plus open-loop sources, over every group, at any time.
inline constexpr int64_t kMaxTotalFlows = 50000;
inline constexpr int64_t kMaxSides = 6;
inline constexpr int64_t kMaxGroups = 64;
inline constexpr int64_t kMaxMmppSources = 1000;
inline constexpr int64_t kMaxShortFlowPaths = 100;

// A bottleneck as the scenario sets it up: hop 1, or hop 2 of a parking lot.
// `link` is what its discipline is built and checked with.
struct HopFigures {
  LinkContext link;
  double delay_ms = 0;  // one way
};
// 1, or 2 for a parking lot.
int HopCount(const Scenario& s);
HopFigures ScenarioHop(const Scenario& s, int hop);
// As a side sees it: its own buffer_pkts at hop 1.
HopFigures SideHop(const Scenario& s, const SideSpec& side, int hop);

// One-way propagation delay of the bottlenecks on a group's path, as the
// scenario gives them (access delays are rtt / 2 minus this).
double PathDelayMs(const Scenario& s, PathKind path);
// Whether some group sends data over the reverse link (it then queues).
bool HasReverseTraffic(const Scenario& s);

Result<Scenario> ParseScenario(std::string_view json);
// Parses one live timeline event (no at_s; fields are named "event.<field>").
Result<TimelineEvent> ParseEvent(std::string_view json, const Scenario& scenario);
// The checks of one event that depend only on the scenario (ranges, the
// group's kind); ParseEvent and Simulation::Apply both run them. Field names
// in messages are prefixed with `path`.
Status CheckEvent(const TimelineEvent& e, const Scenario& scenario, const std::string& path);
std::string ScenarioToJson(const Scenario& s);
Scenario DefaultScenario();

}  // namespace aqmlab
