// libFuzzer target: live events on a running simulation. Each input line is
// an event's JSON for ParseEvent (+ Apply when it parses); lines starting
// with '!' are raw events built from the bytes that follow and go to Apply
// unparsed, whose own checks must hold without ParseEvent's. The run
// advances a millisecond between events. See README "Reliability".
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "scenario/scenario.h"
#include "run/simulation.h"

namespace {

// One group of each kind, a parking lot and two sides, so events of every
// kind find a target; small, so the fuzzer runs many inputs.
constexpr const char* kScenario = R"({
  "duration_s": 30, "warmup_s": 0, "bottleneck": {"capacity_mbps": 5, "buffer_pkts": 50},
  "topology": {"kind": "parking_lot"},
  "groups": [
    {"kind": "tcp", "count": 4, "start": "staggered", "start_window_s": 0.5},
    {"kind": "udp_cbr", "count": 2, "rate_mbps": 0.5},
    {"kind": "onoff", "count": 2},
    {"kind": "poisson", "count": 2},
    {"kind": "mmpp"},
    {"kind": "video", "count": 1},
    {"kind": "http", "count": 2},
    {"kind": "short_tcp", "arrival_rate": 5}
  ],
  "sides": [{"aqm": "red"}, {"aqm": "fq_codel"}]
})";

template <class T>
T Take(std::string_view& bytes) {
  T v{};
  const size_t n = bytes.size() < sizeof v ? bytes.size() : sizeof v;
  std::memcpy(&v, bytes.data(), n);
  bytes.remove_prefix(n);
  return v;
}

aqmlab::TimelineEvent RawEvent(std::string_view bytes) {
  aqmlab::TimelineEvent e;
  e.kind = static_cast<aqmlab::EventKind>(Take<uint8_t>(bytes) % 7);
  e.group = Take<int64_t>(bytes);
  e.count = Take<int64_t>(bytes);
  e.side = Take<int64_t>(bytes);
  e.value = Take<double>(bytes);
  e.mbps = Take<double>(bytes);
  e.rate = Take<double>(bytes);
  e.delay_ms = Take<double>(bytes);
  e.hop = Take<int64_t>(bytes);
  e.name = std::string(bytes);
  return e;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const aqmlab::Scenario scenario = [] {
    auto s = aqmlab::ParseScenario(kScenario);
    if (!s.ok()) std::abort();
    return s.value();
  }();
  auto created = aqmlab::Simulation::Create(scenario, 0);
  if (!created.ok()) std::abort();
  aqmlab::Simulation& sim = *created.value();
  sim.set_packet_limit(100000);  // as fuzz_scenario: reaching it is fuzzed too
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  for (int lines = 0; !rest.empty() && lines < 64; ++lines) {
    const size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    if (!line.empty() && line[0] == '!') {
      (void)sim.Apply(RawEvent(line.substr(1)));
    } else if (auto e = aqmlab::ParseEvent(line, scenario); e.ok()) {
      (void)sim.Apply(e.value());  // may still refuse (min_th above the current max_th)
    } else if (e.error().empty()) {
      std::abort();
    }
    if (!sim.AdvanceTo(sim.now() + aqmlab::Time::Millis(1)).ok()) return 0;
  }
  return 0;
}
