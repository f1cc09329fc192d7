// Reproducers of run-time limit defects: valid scenarios that used to grow
// memory without bound now end with a clear error or stay bounded.
#include <gtest/gtest.h>

#include <string>

#include "scenario/scenario.h"
#include "run/simulation.h"
#include "test_util.h"

namespace aqmlab {
namespace {

// The limit stops the loop after the event in progress, whose packets are
// still given: the largest burst one event makes is a video frame, at most
// 10,000,000 bytes in 40-byte packets.
constexpr int64_t kOneEvent = 250000 + 32768;

// Defect 2: an open-loop source at its documented maximum over the slowest
// access link queues packets there without end. The run stops at the limit
// with an error naming the group; the pool never grows past one more chunk.
TEST(RunLimits, AnOpenLoopSourceFasterThanItsPathEndsTheRunAtThePacketLimit) {
  const Scenario s = testing::ParseOrDie(
      R"({"duration_s": 10, "warmup_s": 0, "access_mbps": 0.01,
          "groups": [{"kind": "tcp", "count": 2},
                     {"kind": "udp_cbr", "count": 1, "rate_mbps": 100000, "packet_bytes": 40}]})");
  auto sim = testing::Build(s);
  ASSERT_TRUE(sim);
  const Status st = sim->AdvanceTo(sim->end());
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error.find("the run holds more than 4000000 packets at t = "), std::string::npos) << st.error;
  EXPECT_NE(st.error.find("groups[1] (udp_cbr) holds 39"), std::string::npos) << st.error;
  EXPECT_LT(sim->now().seconds(), 1.0);
  EXPECT_LE(sim->pool().capacity(), Simulation::kMaxPacketsHeld + kOneEvent);
  // The failure is final: no further advance runs anything.
  const uint64_t events = sim->loop().events_processed();
  EXPECT_EQ(sim->AdvanceTo(sim->end()).error, st.error);
  EXPECT_EQ(sim->loop().events_processed(), events);
}

// The other open-loop kinds at their maxima end the same way.
TEST(RunLimits, EveryOpenLoopKindAtItsMaximumIsBounded) {
  for (const char* group :
       {R"({"kind": "poisson", "count": 1, "rate_pps": 1e7, "packet_bytes": 40})",
        R"({"kind": "onoff", "count": 1, "peak_mbps": 100000, "mean_on_s": 100, "mean_off_s": 0.001, "packet_bytes": 40})",
        R"({"kind": "mmpp", "sources": [{"lambda1": 1e7, "lambda2": 1e7}], "packet_bytes": 40})",
        R"({"kind": "video", "count": 1, "frame_rate": 1000, "mean_frame_bytes": 10000000, "packet_bytes": 40})"}) {
    auto parsed = ParseScenario(std::string(R"({"duration_s": 10, "warmup_s": 0, "access_mbps": 0.01, "groups": [)") +
                                group + "]}");
    ASSERT_TRUE(parsed.ok()) << group << ": " << parsed.error();
    auto sim = testing::Build(parsed.value());
    ASSERT_TRUE(sim);
    const Status st = sim->AdvanceTo(sim->end());
    EXPECT_NE(st.error.find("the run holds more than 4000000 packets"), std::string::npos) << group << ": " << st.error;
    EXPECT_LE(sim->pool().capacity(), Simulation::kMaxPacketsHeld + kOneEvent) << group;
  }
}

// Defect 4: every group_off/group_on pair used to queue one more start event
// per member; now a member has at most one pending start.
TEST(RunLimits, TogglingAGroupKeepsOnePendingStartPerMember) {
  const Scenario s = testing::ParseOrDie(
      R"({"duration_s": 100, "groups": [{"kind": "tcp", "count": 20000, "start": "staggered", "start_window_s": 50}]})");
  auto sim = testing::Build(s);
  ASSERT_TRUE(sim);
  ASSERT_TRUE(sim->AdvanceTo(Time::Seconds(0.001)).ok());
  const size_t before = sim->loop().pending();
  TimelineEvent off, on;
  off.kind = EventKind::kGroupOff;
  on.kind = EventKind::kGroupOn;
  for (int i = 0; i < 10000; ++i) {
    ASSERT_TRUE(sim->Apply(off).ok());
    ASSERT_TRUE(sim->Apply(on).ok());
  }
  EXPECT_LE(sim->loop().pending(), before + 100);
  // Toggled while waiting, the members still start on their pattern: by the
  // end of the window every flow runs.
  ASSERT_TRUE(sim->AdvanceTo(Time::Seconds(51)).ok());
  EXPECT_EQ(sim->active_flows(), 20000);
  int64_t running = 0;
  for (size_t f = 0; f < sim->flow_count(); ++f) running += sim->source(f).running() ? 1 : 0;
  EXPECT_EQ(running, 20000);
}

}  // namespace
}  // namespace aqmlab
