// libFuzzer target: scenario text -> ParseScenario -> ScenarioToJson ->
// ParseScenario (the round trip must hold) -> build every side and run a
// few simulated milliseconds. Any crash, sanitizer report, leak, or broken
// round trip is a finding. See README "Reliability".
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "scenario/scenario.h"
#include "run/simulation.h"
#include "sim/problems.h"

namespace {

// A run this size is checked by the tests already; the fuzzer spends its
// time on many small runs rather than a few large ones.
constexpr int64_t kMaxMembersToRun = 2000;
// Reaching the packet limit is part of what is fuzzed; the real one (4
// million) would make such a run take seconds under the sanitizers.
constexpr int64_t kPacketLimit = 100000;

int64_t Members(const aqmlab::Scenario& s) {
  int64_t n = 0;
  for (const aqmlab::GroupSpec& g : s.groups) n += g.count;
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = aqmlab::ParseScenario(text);
  if (!parsed.ok()) {
    // A refusal always says why, each problem on a line of its own: an
    // empty line would be a stray line break in a message.
    if (parsed.error().empty()) std::abort();
    for (const std::string& line : aqmlab::ProblemLines(parsed.error())) {
      if (line.empty()) std::abort();
    }
    return 0;
  }
  const aqmlab::Scenario& s = parsed.value();
  const std::string json = aqmlab::ScenarioToJson(s);
  auto again = aqmlab::ParseScenario(json);
  if (!again.ok() || aqmlab::ScenarioToJson(again.value()) != json) std::abort();
  if (Members(s) > kMaxMembersToRun) return 0;
  for (size_t side = 0; side < s.sides.size(); ++side) {
    auto sim = aqmlab::Simulation::Create(s, static_cast<int>(side));
    if (!sim.ok()) continue;  // a discipline may refuse its parameters at a hop
    sim.value()->set_packet_limit(kPacketLimit);
    (void)sim.value()->AdvanceTo(aqmlab::Time::Millis(5));
  }
  return 0;
}
