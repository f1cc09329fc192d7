// The scenario: everything that defines a run. Built only through
// ParseScenario, which validates every field before anything runs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "aqm/param_binding.h"
#include "sim/result.h"
#include "sim/time.h"

namespace aqmlab {

enum class RttSpread : uint8_t { kEven, kRandom };
enum class StartPattern : uint8_t { kTogether, kStaggered, kRandom };

struct TcpGroup {
  int64_t count = 50;
  double rtt_min_ms = 40;
  double rtt_max_ms = 200;
  RttSpread spread = RttSpread::kEven;
  StartPattern start = StartPattern::kStaggered;
  double start_window_s = 1;
  bool ecn = false;
  bool newreno = true;
};

struct SideSpec {
  std::string name;
  std::string aqm;
  ParamOverrides params;
};

enum class EventKind : uint8_t { kSetFlows, kSetParam, kSetCapacity };

struct TimelineEvent {
  double at_s = 0;
  EventKind kind = EventKind::kSetFlows;
  int64_t group = 0;     // set_flows
  int64_t count = 0;     // set_flows
  int64_t side = -1;     // set_param: -1 means every side that has the parameter
  std::string name;      // set_param
  double value = 0;      // set_param
  double mbps = 0;       // set_capacity
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
  double access_mbps = 100;
  std::vector<TcpGroup> groups;
  std::vector<SideSpec> sides;
  std::vector<TimelineEvent> events;
};

inline constexpr int64_t kMaxFlowsPerGroup = 20000;
inline constexpr int64_t kMaxTotalFlows = 50000;
inline constexpr int64_t kMaxSides = 6;

Result<Scenario> ParseScenario(std::string_view json);
// Parses one timeline event; `where` prefixes field names in messages.
Result<TimelineEvent> ParseEvent(std::string_view json, const Scenario& scenario);
std::string ScenarioToJson(const Scenario& s);
Scenario DefaultScenario();

}  // namespace aqmlab
