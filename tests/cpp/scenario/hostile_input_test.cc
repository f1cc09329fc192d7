// Reproducers of hostile-input defects at the parser: hostile or extreme scenario text and
// live events are refused with a message that names the field, is short and
// safe to print, and never crash.
#include <gtest/gtest.h>

#include <string>

#include "aqm/registry.h"
#include "scenario/json_text.h"
#include "scenario/scenario.h"
#include "run/simulation.h"
#include "test_util.h"

namespace aqmlab {
namespace {

std::string ErrorOf(const std::string& json) {
  auto s = ParseScenario(json);
  return s.ok() ? "(accepted)" : s.error();
}

// Defect 1: set_rate on a scenario without groups read groups[0].
TEST(HostileInput, EventsWithoutAGroupToActOnAreRefused) {
  EXPECT_EQ(ErrorOf(R"({"groups":[],"events":[{"kind":"set_rate"}]})"), "events[0].group: is required");
  EXPECT_EQ(ErrorOf(R"({"groups":[],"events":[{"kind":"set_rate","group":0}]})"),
            "events[0].group: there are no groups (the scenario's \"groups\" is empty)");
  for (const char* kind : {"group_on", "group_off"}) {
    EXPECT_EQ(ErrorOf(std::string(R"({"events":[{"at_s":1,"kind":")") + kind + R"("}]})"),
              "events[0].group: is required")
        << kind;
  }
  // Every missing field at once.
  EXPECT_EQ(ErrorOf(R"({"events":[{"at_s":1,"kind":"set_flows"}]})"),
            "events[0].group: is required\nevents[0].count: is required");
  EXPECT_EQ(ErrorOf(R"({"events":[{"kind":"set_rate","group":-1}]})"),
            "events[0].group: must be in [0, 0], got -1");
  EXPECT_EQ(ErrorOf(R"({"events":[{"kind":"group_on","group":1e300}]})"),
            "events[0].group: must be in [-9223372036854775808, 9223372036854775807], got 1e+300");

  Scenario empty = testing::ParseOrDie(R"({"groups":[]})");
  auto e = ParseEvent(R"({"kind":"set_rate"})", empty);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error(), "event.group: is required");
  // A live event built by hand reaches Apply's own check, not the group list.
  auto sim = testing::Build(empty);
  ASSERT_TRUE(sim);
  for (EventKind kind : {EventKind::kSetRate, EventKind::kSetFlows, EventKind::kGroupOn, EventKind::kGroupOff}) {
    TimelineEvent bad;
    bad.kind = kind;
    bad.group = 3;
    EXPECT_EQ(sim->Apply(bad).error, "event.group: there are no groups (the scenario's \"groups\" is empty)");
  }
}

// Defect 5: a discipline's defaults (thresholds at fractions of the buffer)
// must be valid over the whole documented buffer range, for every discipline.
TEST(HostileInput, DefaultParametersSuitEveryBufferSize) {
  for (const char* name : {"droptail", "red", "ared", "sred", "autored", "lred", "pi", "pid", "rem", "avq",
                           "aopc", "msc", "aaqm", "blue", "sfc", "codel", "pie", "fq_codel"}) {
    const AqmEntry* entry = FindAqm(name);
    ASSERT_NE(entry, nullptr) << name;
    for (int64_t buffer : {1, 2, 3, 200, 100000, 400000, 1000000}) {
      for (double mbps : {0.01, 10.0, 100000.0}) {
        LinkContext link;
        link.capacity_bps = mbps * 1e6;
        link.typical_packet = 500;
        link.buffer_packets = buffer;
        const Status st = entry->check(link, {});
        EXPECT_TRUE(st.ok()) << name << " buffer " << buffer << " at " << mbps << " Mb/s: " << st.error;
      }
    }
  }
  EXPECT_EQ(ErrorOf(R"({"bottleneck":{"buffer_pkts":400000},"sides":[{"aqm":"droptail"},{"aqm":"red"}]})"),
            "(accepted)");
}

// Defect 7: what the parser used to take silently.
TEST(HostileInput, DuplicateKeysAndInexactIntegersAreRefused) {
  EXPECT_EQ(ErrorOf(R"({"duration_s":-5,"duration_s":1})"),
            "duration_s: given twice (a key may appear only once in an object)");
  EXPECT_EQ(ErrorOf(R"({"bottleneck":{"delay_ms":1,"delay_ms":2}})"),
            "bottleneck.delay_ms: given twice (a key may appear only once in an object)");
  EXPECT_EQ(ErrorOf(R"({"groups":[{},{"count":1,"count":2}]})"),
            "groups[1].count: given twice (a key may appear only once in an object)");
  EXPECT_EQ(ErrorOf(R"({"sides":[{"aqm":"red","params":{"max_p":0.1,"max_p":0.1}}]})"),
            "sides[0].params.max_p: given twice (a key may appear only once in an object)");
  // The same key in two objects is fine.
  EXPECT_EQ(ErrorOf(R"({"groups":[{"count":1},{"count":2}]})"), "(accepted)");

  EXPECT_EQ(ErrorOf(R"({"seed":9007199254740993})"), "seed: must be in [0, 9007199254740992], got 9007199254740993");
  EXPECT_EQ(ErrorOf(R"({"seed":18446744073709551615})"),
            "seed: must be in [0, 9007199254740992], got 18446744073709551615");
  EXPECT_EQ(ErrorOf(R"({"seed":9007199254740992})"), "(accepted)");
  EXPECT_EQ(ErrorOf(R"({"seed":1e16})"), "seed: must be in [0, 9007199254740992], got 1e+16");
  EXPECT_EQ(ErrorOf(R"({"seed":-9223372036854775808})"), "seed: must be in [0, 9007199254740992], got -9223372036854775808");
  EXPECT_EQ(testing::ParseOrDie(R"({"seed":9007199254740992})").seed, 9007199254740992u);
}

// Defect 6: echoed input is capped and escaped; numbers print exactly.
TEST(HostileInput, MessagesAreShortPrintableAndExact) {
  const std::string huge_key(50 * 1000 * 1000, 'k');
  const std::string huge = ErrorOf("{\"" + huge_key + "\":1}");
  EXPECT_LT(huge.size(), 120u) << huge.substr(0, 200);
  EXPECT_EQ(huge, std::string(kMaxEchoBytes, 'k') + "...: unknown field");

  EXPECT_EQ(ErrorOf("{\"\\u001b[2J\":1}"), "\"\\u001b[2J\": unknown field");
  EXPECT_EQ(ErrorOf(R"({"a\u0000b":1})"), "\"a\\u0000b\": unknown field");
  EXPECT_EQ(ErrorOf(R"({"":1})"), "\"\": unknown field");
  EXPECT_EQ(ErrorOf(R"({"bottleneck":{"x\"y":1}})"), "bottleneck.\"x\\\"y\": unknown field");
  EXPECT_EQ(ErrorOf(R"({"sides":[{"aqm":"red","params":{"\u001b":1}}]})"),
            "sides[0].params.\"\\u001b\": no such parameter (known: wq, min_th, max_th, max_p, gentle, byte_mode, wait)");
  EXPECT_EQ(ErrorOf(R"({"sides":[{"aqm":"\u001bc"}]})").find('\x1b'), std::string::npos);
  // A multi-byte character is never cut in half.
  std::string accents;
  for (int i = 0; i < 40; ++i) accents += "\xc3\xa9";
  const std::string cut = ErrorOf("{\"" + accents + "\":1}");
  EXPECT_EQ(cut, "\"" + accents.substr(0, kMaxEchoBytes) + "...\": unknown field");

  EXPECT_EQ(ErrorOf(R"({"bottleneck":{"capacity_mbps":100000.00000000001}})"),
            "bottleneck.capacity_mbps: must be in [0.01, 100000], got 100000.00000000001");
  EXPECT_EQ(ErrorOf(R"({"bottleneck":{"capacity_mbps":-5}})"),
            "bottleneck.capacity_mbps: must be in [0.01, 100000], got -5");
}

TEST(HostileInput, InvalidJsonSaysWhere) {
  EXPECT_EQ(ErrorOf("{\"seed\": 1e400}"),
            "scenario: not valid JSON at line 1, column 14: number overflow parsing '1e400'");
  EXPECT_EQ(ErrorOf("{\n  \"name\": \"\\ud800\"}"),
            "scenario: not valid JSON at line 2, column 18: syntax error while parsing value - invalid string: "
            "surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF");
  EXPECT_EQ(ErrorOf("{\"a\": \"\\udc00\"}"),
            "scenario: not valid JSON at line 1, column 13: syntax error while parsing value - invalid string: "
            "surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF");
  EXPECT_EQ(ErrorOf("{"),
            "scenario: not valid JSON at line 1, column 2: syntax error while parsing object key - unexpected end "
            "of input; expected string literal");
  EXPECT_NE(ErrorOf("\"\xff\"").find("not valid JSON at line 1, column 2"), std::string::npos);
  // Deep nesting is refused before anything recurses through it.
  std::string deep(kMaxJsonDepth, '[');
  EXPECT_EQ(ErrorOf(deep + std::string(kMaxJsonDepth, ']')), "scenario: must be an object");
  std::string path = "a";
  for (int i = 0; i < kMaxJsonDepth - 1; ++i) path += "[0]";
  EXPECT_EQ(ErrorOf("{\"a\":" + deep + std::string(kMaxJsonDepth, ']') + "}"),
            path + ": nesting deeper than 64 levels");
  EXPECT_EQ(ErrorOf(deep + "[" + std::string(kMaxJsonDepth + 1, ']')), path.substr(1) + "[0]: nesting deeper than 64 levels");
  auto e = ParseEvent("{\"kind\":\"set_flows\",\"kind\":\"set_rate\"}", DefaultScenario());
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error(), "event.kind: given twice (a key may appear only once in an object)");
}

}  // namespace
}  // namespace aqmlab
