// A scenario with several mistakes is refused with every one of them, in the
// order the fields are read, each with the message it has alone; a check
// across fields runs only when its fields read fine, and a `kind` that is
// wrong stops its own object (its other fields would mean nothing).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "scenario/scenario.h"
#include "sim/problems.h"

namespace aqmlab {
namespace {

std::vector<std::string> ProblemsOf(const char* json) {
  const auto s = ParseScenario(json);
  if (s.ok()) return {"(parsed)"};
  return ProblemLines(s.error());
}

TEST(AllProblems, ThreeIndependentMistakesAreAllReportedInOrder) {
  EXPECT_EQ(ProblemsOf(R"({"duration_s": -5,
      "groups": [{"kind": "tcp", "count": 5, "bogus": 1}],
      "sides": [{"aqm": "droptail"}, {"aqm": "red", "params": {"min_th": 100, "max_th": 50}}]})"),
            (std::vector<std::string>{
                "duration_s: must be in [0.1, 86400], got -5",
                "groups[0].bogus: unknown field for kind \"tcp\"",
                "sides[1].params.min_th: must be below max_th (50), got 100",
            }));
}

TEST(AllProblems, EachAloneReadsAsItAlwaysDid) {
  EXPECT_EQ(ProblemsOf(R"({"duration_s": -5})"),
            std::vector<std::string>{"duration_s: must be in [0.1, 86400], got -5"});
  EXPECT_EQ(ParseScenario(R"({"groups": [{"bogus": 1}]})").error(), "groups[0].bogus: unknown field for kind \"tcp\"");
}

TEST(AllProblems, ReadingGoesOnWithinOneObject) {
  EXPECT_EQ(ProblemsOf(R"({"bottleneck": {"capacity_mbps": 0, "delay_ms": "ten", "buffer_pkts": 0}})"),
            (std::vector<std::string>{
                "bottleneck.capacity_mbps: must be in [0.01, 100000], got 0",
                "bottleneck.delay_ms: must be a number in [0, 5000]",
                "bottleneck.buffer_pkts: must be in [1, 1000000], got 0",
            }));
}

TEST(AllProblems, ACrossFieldCheckWaitsForItsFields) {
  // warmup_s >= duration_s is not claimed when duration_s itself is refused,
  // nor are the group's times checked against the refused duration.
  EXPECT_EQ(ProblemsOf(R"({"duration_s": "long", "warmup_s": 500, "groups": [{"stop_s": 400}]})"),
            std::vector<std::string>{"duration_s: must be a number in [0.1, 86400]"});
  // With both fine, the relation is checked.
  EXPECT_EQ(ProblemsOf(R"({"duration_s": 100, "warmup_s": 500})"),
            std::vector<std::string>{"warmup_s: must be below duration_s (100)"});
}

TEST(AllProblems, AnUnknownKindStopsItsObjectOnly) {
  const std::vector<std::string> p = ProblemsOf(R"({"groups": [{"kind": "tcpp", "count": -1, "whatever": 1}, {"count": -2}],
      "sides": [{"aqm": "redd", "params": {"nonsense": 1}}, {"aqm": "red", "params": {"max_p": 2}}]})");
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(p[0], "groups[0].kind: must be one of \"tcp\", \"short_tcp\", \"udp_cbr\", \"onoff\", \"poisson\", "
                  "\"mmpp\", \"video\", \"http\"");
  EXPECT_EQ(p[1], "groups[1].count: must be in [0, 20000], got -2");
  EXPECT_EQ(p[2].rfind("sides[0].aqm: unknown discipline \"redd\" (known: ", 0), 0u) << p[2];
  EXPECT_EQ(p[3], "sides[1].params.max_p: must be in [0, 1], got 2");
}

TEST(AllProblems, EveryEntryOfAListIsRead) {
  EXPECT_EQ(ProblemsOf(R"({"groups": [{"rtt_ms": [50, -1, "x"]}], "windows": [{"name": "a"}, 7]})"),
            (std::vector<std::string>{
                "groups[0].rtt_ms[1]: must be in [0, 10000], got -1",
                "groups[0].rtt_ms[2]: must be a number in [0, 10000]",
                "windows[0].from_s: is required",
                "windows[0].to_s: is required",
                "windows[1]: must be an object",
            }));
}

TEST(AllProblems, EventsAreCheckedAgainstTheListsOnlyWhenTheyReadFine) {
  // The group list is refused, so the event's group index is not judged
  // against it; the event's own range is.
  EXPECT_EQ(ProblemsOf(R"({"groups": [{"count": -1}],
      "events": [{"at_s": 1, "kind": "set_flows", "group": 3, "count": 1}, {"at_s": -1, "kind": "set_delay", "delay_ms": 1}]})"),
            (std::vector<std::string>{
                "groups[0].count: must be in [0, 20000], got -1",
                "events[1].at_s: must be in [0, 300], got -1",
            }));
  // With the lists fine, the same index is refused.
  EXPECT_EQ(ProblemsOf(R"({"events": [{"at_s": 1, "kind": "set_flows", "group": 3, "count": 1}]})"),
            std::vector<std::string>{"events[0].group: must be in [0, 0], got 3"});
}

}  // namespace
}  // namespace aqmlab
