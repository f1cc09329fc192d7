// Parsing and checking of every group kind, the new timeline events and the
// response field: what each accepts, its defaults, and the message naming
// the field for each kind of bad input.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "scenario/scenario.h"
#include "scenario_refusals.h"
#include "test_util.h"

namespace aqmlab {
namespace {

using testing::Refusal;
using testing::ScenarioRefusals;

using testing::ParseOrDie;

TEST(ScenarioGroups, EveryKindParsesWithItsDefaults) {
  const Scenario s = ParseOrDie(R"({"groups": [
    {"kind": "tcp"}, {"kind": "short_tcp"}, {"kind": "udp_cbr"}, {"kind": "onoff"},
    {"kind": "poisson"}, {"kind": "mmpp"}, {"kind": "video"}]})");
  ASSERT_EQ(s.groups.size(), 7u);
  const char* names[] = {"tcp", "short_tcp", "udp_cbr", "onoff", "poisson", "mmpp", "video"};
  for (size_t i = 0; i < 7; ++i) {
    EXPECT_EQ(s.groups[i].kind(), static_cast<GroupKind>(i));
    EXPECT_EQ(s.groups[i].label, names[i]) << "the class defaults to the kind's name";
    EXPECT_EQ(s.groups[i].start_s, 0);
    EXPECT_FALSE(s.groups[i].stop_s.has_value());
  }
  EXPECT_EQ(s.groups[0].count, 50);
  EXPECT_EQ(s.groups[1].count, 0);  // short flows have no count
  EXPECT_EQ(s.groups[2].count, 1);
  EXPECT_EQ(s.groups[5].count, 1);  // one default MMPP source
  const auto& cbr = std::get<CbrTraffic>(s.groups[2].traffic);
  EXPECT_EQ(*cbr.interval_ms, 80);  // AOPC's CBR unless told otherwise
  EXPECT_FALSE(cbr.rate_mbps.has_value());
  const auto& web = std::get<ShortTcpTraffic>(s.groups[1].traffic);
  EXPECT_EQ(web.law, ShortTcpTraffic::SizeLaw::kFixed);
  EXPECT_EQ(web.packets, 10);
  EXPECT_EQ(web.paths, 1);
  EXPECT_FALSE(std::get<TcpTraffic>(s.groups[0].traffic).tcp.packet_bytes.has_value());
  EXPECT_FALSE(s.response.has_value());
}

TEST(ScenarioGroups, FieldsOfEachKindAreRead) {
  const Scenario s = ParseOrDie(R"({"duration_s": 200, "groups": [
    {"kind": "tcp", "count": 7, "class": "bulk", "packet_bytes": 1000, "advertised_window_pkts": 20,
     "delayed_ack": true, "variant": "reno", "limited_transmit": false, "start_s": 5, "stop_s": 50,
     "sack": true},
    {"kind": "short_tcp", "arrival_rate": 30, "paths": 4, "size": {"law": "duration", "min_s": 1, "max_s": 2},
     "delayed_ack": true},
    {"kind": "udp_cbr", "count": 40, "packet_bytes": 500, "rate_mbps": 0.05, "random_phase": true},
    {"kind": "onoff", "law": "pareto", "shape": 1.4, "mean_on_s": 0.8, "mean_off_s": 0.2,
     "peak_mbps": 0.5, "count": 100, "start_s": 50, "stop_s": 150},
    {"kind": "poisson", "rate_pps": 250, "size": "exponential", "packet_bytes": 1282},
    {"kind": "mmpp", "sources": [{"lambda1": 100, "lambda2": 0, "r12": 2, "r21": 3},
                                 {"lambda1": 5, "lambda2": 50, "r12": 1, "r21": 1}]},
    {"kind": "video", "frame_rate": 30, "mean_frame_bytes": 6000, "gop": "IPPP",
     "ratios": {"i": 4, "p": 1, "b": 1}, "size_cv": 0.3, "count": 4}]})");
  ASSERT_EQ(s.groups.size(), 7u);
  const auto& tcp = std::get<TcpTraffic>(s.groups[0].traffic).tcp;
  EXPECT_EQ(s.groups[0].label, "bulk");
  EXPECT_EQ(*tcp.packet_bytes, 1000);
  EXPECT_EQ(tcp.advertised_window_pkts, 20);
  EXPECT_TRUE(tcp.delayed_ack);
  EXPECT_EQ(tcp.variant, "reno");
  EXPECT_FALSE(tcp.limited_transmit);
  EXPECT_EQ(tcp.sack, std::optional<bool>(true));
  EXPECT_TRUE(SackOf(tcp));
  EXPECT_EQ(s.groups[0].start_s, 5);
  EXPECT_EQ(*s.groups[0].stop_s, 50);
  const auto& web = std::get<ShortTcpTraffic>(s.groups[1].traffic);
  EXPECT_EQ(web.law, ShortTcpTraffic::SizeLaw::kDuration);
  EXPECT_EQ(web.paths, 4);
  EXPECT_EQ(web.max_s, 2);
  EXPECT_TRUE(web.tcp.delayed_ack);
  EXPECT_FALSE(web.tcp.sack.has_value());  // the variant's default
  EXPECT_FALSE(SackOf(web.tcp));
  EXPECT_EQ(*std::get<CbrTraffic>(s.groups[2].traffic).rate_mbps, 0.05);
  EXPECT_FALSE(std::get<CbrTraffic>(s.groups[2].traffic).interval_ms.has_value());
  const auto& onoff = std::get<OnOffTraffic>(s.groups[3].traffic);
  EXPECT_TRUE(onoff.pareto);
  EXPECT_EQ(onoff.shape, 1.4);
  EXPECT_EQ(s.groups[3].count, 100);
  EXPECT_TRUE(std::get<PoissonTraffic>(s.groups[4].traffic).exponential_sizes);
  EXPECT_EQ(s.groups[5].count, 2);
  EXPECT_EQ(std::get<MmppTraffic>(s.groups[5].traffic).sources[1].lambda2, 50);
  const auto& video = std::get<VideoTraffic>(s.groups[6].traffic);
  EXPECT_EQ(video.gop, "IPPP");
  EXPECT_EQ(video.i_ratio, 4);
}

TEST(ScenarioGroups, EveryKindAndEventSurvivesARoundTrip) {
  const Scenario s = ParseOrDie(R"({"duration_s": 200, "groups": [
    {"kind": "tcp", "count": 7, "class": "bulk", "packet_bytes": 1000, "advertised_window_pkts": 20,
     "delayed_ack": true, "variant": "reno", "limited_transmit": false, "start_s": 5, "stop_s": 50,
     "start": "random"},
    {"kind": "short_tcp", "arrival_rate": 30, "paths": 4, "size": {"law": "pareto", "mean": 12, "shape": 1.3},
     "sack": false},
    {"kind": "short_tcp", "size": {"law": "duration", "min_s": 1, "max_s": 2}, "class": "web", "sack": true},
    {"kind": "udp_cbr", "count": 40, "packet_bytes": 500, "interval_ms": 80},
    {"kind": "udp_cbr", "rate_mbps": 2, "class": "cbr"},
    {"kind": "onoff", "law": "pareto", "shape": 1.4, "peak_mbps": 0.5, "count": 100, "stop_s": 150},
    {"kind": "onoff", "mean_on_s": 0.8, "mean_off_s": 0.2, "rtt_ms": {"min": 100, "max": 100}},
    {"kind": "poisson", "rate_pps": 250, "size": "exponential", "packet_bytes": 1282},
    {"kind": "mmpp", "sources": [{"lambda1": 100, "lambda2": 0, "r12": 2, "r21": 3}]},
    {"kind": "video", "gop": "IPPP", "ratios": {"i": 4, "p": 1, "b": 1}, "random_phase": true}],
    "events": [
      {"at_s": 10, "kind": "set_flows", "group": 3, "count": 80},
      {"at_s": 11, "kind": "set_param", "side": 1, "name": "max_p", "value": 0.2},
      {"at_s": 12, "kind": "set_capacity", "mbps": 20},
      {"at_s": 13, "kind": "set_rate", "group": 5, "rate": 0.25},
      {"at_s": 14, "kind": "set_delay", "delay_ms": 30},
      {"at_s": 15, "kind": "group_off", "group": 8},
      {"at_s": 16, "kind": "group_on", "group": 8}],
    "response": {"target_pkts": 100, "from_s": 50}})");
  const std::string json = ScenarioToJson(s);
  auto back = ParseScenario(json);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(ScenarioToJson(back.value()), json);
  ASSERT_EQ(back.value().events.size(), 7u);
  EXPECT_EQ(back.value().events[3].kind, EventKind::kSetRate);
  EXPECT_EQ(back.value().events[3].rate, 0.25);
  EXPECT_EQ(back.value().events[4].delay_ms, 30);
  EXPECT_EQ(back.value().response->from_s, 50);
}

TEST(ScenarioGroups, ResponseMayBeNull) {
  EXPECT_FALSE(ParseOrDie(R"({"response": null})").response.has_value());
  const Scenario s = ParseOrDie(R"({"response": {"target_pkts": 20}})");
  ASSERT_TRUE(s.response.has_value());
  EXPECT_EQ(s.response->target_pkts, 20);
  EXPECT_EQ(s.response->from_s, 0);
}

INSTANTIATE_TEST_SUITE_P(
    Groups, ScenarioRefusals,
    ::testing::Values(
        // Every group.
        Refusal{R"({"groups": [{"kind": "sctp"}]})",
                "groups[0].kind: must be one of \"tcp\", \"short_tcp\", \"udp_cbr\", \"onoff\", "
                "\"poisson\", \"mmpp\", \"video\", \"http\""},
        Refusal{R"({"groups": [{"class": "web traffic"}]})",
                "groups[0].class: must be 1 to 32 letters, digits, '_' or '-'"},
        Refusal{R"({"groups": [{"class": ""}]})",
                "groups[0].class: must be 1 to 32 letters, digits, '_' or '-'"},
        Refusal{R"({"groups": [{"class": 5}]})", "groups[0].class: must be a string"},
        Refusal{R"({"groups": [{"start_s": 400}]})", "groups[0].start_s: must be in [0, 300], got 400"},
        Refusal{R"({"groups": [{"start_s": 50, "stop_s": 40}]})",
                "groups[0].stop_s: must be above start_s (50), got 40"},
        Refusal{R"({"groups": [{"stop_s": 301}]})", "groups[0].stop_s: must be in [0, 300], got 301"},
        Refusal{R"({"groups": [{"kind": "udp_cbr", "rtt_ms": {"min": 10, "max": 10}}]})",
                "groups[0].rtt_ms.min: must be at least twice bottleneck.delay_ms (20), got 10"},
        Refusal{R"({"groups": [{"kind": "udp_cbr", "count": 20001}]})",
                "groups[0].count: must be in [0, 20000], got 20001"},
        Refusal{R"({"groups": [{"kind": "udp_cbr", "count": 20000}, {"kind": "onoff", "count": 20000},
                               {"kind": "video", "count": 10001}]})",
                "groups: at most 50000 flows and sources in all, got 50001"},
        Refusal{R"({"groups": [{"kind": "udp_cbr", "peak_mbps": 1}]})",
                "groups[0].peak_mbps: unknown field for kind \"udp_cbr\""},
        Refusal{R"({"groups": [{"kind": "mmpp", "count": 3}]})",
                "groups[0].count: unknown field for kind \"mmpp\""},
        Refusal{R"({"groups": [{"kind": "short_tcp", "start": "together"}]})",
                "groups[0].start: unknown field for kind \"short_tcp\""},
        // tcp.
        Refusal{R"({"groups": [{"packet_bytes": 20}]})", "groups[0].packet_bytes: must be in [40, 9000], got 20"},
        Refusal{R"({"groups": [{"advertised_window_pkts": 0}]})",
                "groups[0].advertised_window_pkts: must be in [1, 1000000], got 0"},
        Refusal{R"({"groups": [{"delayed_ack": "yes"}]})", "groups[0].delayed_ack: must be true or false"},
        Refusal{R"({"groups": [{"sack": 1}]})", "groups[0].sack: must be true or false"},
        Refusal{R"({"groups": [{"kind": "short_tcp", "sack": "on"}]})", "groups[0].sack: must be true or false"},
        Refusal{R"({"groups": [{"kind": "http", "sack": null}]})", "groups[0].sack: must be true or false"},
        Refusal{R"({"groups": [{"kind": "udp_cbr", "sack": true}]})", "groups[0].sack: unknown field for kind \"udp_cbr\""},
        Refusal{R"({"groups": [{"variant": "vegas"}]})",
                "groups[0].variant: unknown congestion control \"vegas\" (known: newreno, reno, cubic, "
                "bbr, dctcp, prague)"},
        Refusal{R"({"groups": [{"variant": "bbr", "variant_params": {"cwnd_gain": 0.5}}]})",
                "groups[0].variant_params.cwnd_gain: must be in [1, 8], got 0.5"},
        Refusal{R"({"groups": [{"variant": "cubic", "variant_params": {"beta": 1.5}}]})",
                "groups[0].variant_params.beta: must be in [0.1, 0.95], got 1.5"},
        Refusal{R"({"groups": [{"variant": "cubic", "variant_params": {"g": 0.5}}]})",
                "groups[0].variant_params.g: no such parameter (known: c, beta, fast_convergence, reno_friendly, hystart)"},
        Refusal{R"({"groups": [{"variant": "prague"}]})",
                "groups[0].variant: \"prague\" needs \"ecn\": true (its congestion signal is the CE mark)"},
        // short_tcp.
        Refusal{R"({"groups": [{"kind": "short_tcp", "arrival_rate": 0}]})",
                "groups[0].arrival_rate: must be in [0.001, 10000], got 0"},
        Refusal{R"({"groups": [{"kind": "short_tcp", "paths": 101}]})",
                "groups[0].paths: must be in [1, 100], got 101"},
        Refusal{R"({"groups": [{"kind": "short_tcp", "size": {"law": "lognormal"}}]})",
                "groups[0].size.law: must be one of \"fixed\", \"pareto\", \"duration\""},
        Refusal{R"({"groups": [{"kind": "short_tcp", "size": {"law": "fixed", "packets": 0}}]})",
                "groups[0].size.packets: must be in [1, 1000000], got 0"},
        Refusal{R"({"groups": [{"kind": "short_tcp", "size": {"law": "pareto", "mean": 10, "shape": 1}}]})",
                "groups[0].size.shape: must exceed 1 (the mean must exist), got 1"},
        Refusal{R"({"groups": [{"kind": "short_tcp", "size": {"law": "pareto", "mean": 0.5}}]})",
                "groups[0].size.mean: must be in [1, 1000000], got 0.5"},
        Refusal{R"({"groups": [{"kind": "short_tcp", "size": {"law": "duration", "min_s": 2, "max_s": 1}}]})",
                "groups[0].size.max_s: must be at least min_s (2)"},
        Refusal{R"({"groups": [{"kind": "short_tcp", "size": {"law": "fixed", "min_s": 1}}]})",
                "groups[0].size.min_s: unknown field for law \"fixed\""},
        Refusal{R"({"groups": [{"kind": "short_tcp", "size": 10}]})", "groups[0].size: must be an object"},
        // udp_cbr.
        Refusal{R"({"groups": [{"kind": "udp_cbr", "rate_mbps": 0}]})",
                "groups[0].rate_mbps: must be in [0.001, 100000], got 0"},
        Refusal{R"({"groups": [{"kind": "udp_cbr", "interval_ms": 0}]})",
                "groups[0].interval_ms: must be in [0.001, 3600000], got 0"},
        Refusal{R"({"groups": [{"kind": "udp_cbr", "rate_mbps": 1, "interval_ms": 5}]})",
                "groups[0].interval_ms: give rate_mbps or interval_ms, not both"},
        Refusal{R"({"groups": [{"kind": "udp_cbr", "packet_bytes": 10000}]})",
                "groups[0].packet_bytes: must be in [40, 9000], got 10000"},
        Refusal{R"({"groups": [{"kind": "udp_cbr", "random_phase": 1}]})",
                "groups[0].random_phase: must be true or false"},
        // onoff.
        Refusal{R"({"groups": [{"kind": "onoff"}, {"kind": "onoff"}, {"kind": "onoff", "peak_mbps": -1}]})",
                "groups[2].peak_mbps: must be in [0.001, 100000], got -1"},
        Refusal{R"({"groups": [{"kind": "onoff", "law": "weibull"}]})",
                "groups[0].law: must be one of \"exponential\", \"pareto\""},
        Refusal{R"({"groups": [{"kind": "onoff", "mean_on_s": 0}]})",
                "groups[0].mean_on_s: must be in [0.001, 3600], got 0"},
        Refusal{R"({"groups": [{"kind": "onoff", "mean_off_s": -1}]})",
                "groups[0].mean_off_s: must be in [0, 3600], got -1"},
        Refusal{R"({"groups": [{"kind": "onoff", "shape": 1.5}]})",
                "groups[0].shape: only for law \"pareto\""},
        Refusal{R"({"groups": [{"kind": "onoff", "law": "pareto", "shape": 0.9}]})",
                "groups[0].shape: must be in [1, 10], got 0.9"},
        Refusal{R"({"groups": [{"kind": "onoff", "law": "pareto", "shape": 1}]})",
                "groups[0].shape: must exceed 1 (the mean must exist), got 1"},
        // poisson.
        Refusal{R"({"groups": [{"kind": "poisson", "rate_pps": 0}]})",
                "groups[0].rate_pps: must be in [0.001, 10000000], got 0"},
        Refusal{R"({"groups": [{"kind": "poisson", "size": "uniform"}]})",
                "groups[0].size: must be one of \"fixed\", \"exponential\""},
        // mmpp.
        Refusal{R"({"groups": [{"kind": "mmpp", "sources": []}]})",
                "groups[0].sources: must list at least one source"},
        Refusal{R"({"groups": [{"kind": "mmpp", "sources": [{"lambda1": -1}]}]})",
                "groups[0].sources[0].lambda1: must be in [0, 10000000], got -1"},
        Refusal{R"({"groups": [{"kind": "mmpp", "sources": [{}, {"r12": 0}]}]})",
                "groups[0].sources[1].r12: must be in [1e-06, 1000000], got 0"},
        Refusal{R"({"groups": [{"kind": "mmpp", "sources": [{"lambda1": 0, "lambda2": 0}]}]})",
                "groups[0].sources[0].lambda2: lambda1 and lambda2 cannot both be 0"},
        Refusal{R"({"groups": [{"kind": "mmpp", "sources": [{"rate": 3}]}]})",
                "groups[0].sources[0].rate: unknown field"},
        // video.
        Refusal{R"({"groups": [{"kind": "video", "frame_rate": 0}]})",
                "groups[0].frame_rate: must be in [0.01, 1000], got 0"},
        Refusal{R"({"groups": [{"kind": "video", "mean_frame_bytes": 0}]})",
                "groups[0].mean_frame_bytes: must be in [1, 10000000], got 0"},
        Refusal{R"({"groups": [{"kind": "video", "gop": "IBX"}]})",
                "groups[0].gop: must be 1 to 64 of the letters I, P and B"},
        Refusal{R"({"groups": [{"kind": "video", "gop": ""}]})",
                "groups[0].gop: must be 1 to 64 of the letters I, P and B"},
        Refusal{R"({"groups": [{"kind": "video", "ratios": {"i": 0}}]})",
                "groups[0].ratios.i: must be in [0.001, 1000], got 0"},
        Refusal{R"({"groups": [{"kind": "video", "ratios": {"q": 1}}]})", "groups[0].ratios.q: unknown field"},
        Refusal{R"({"groups": [{"kind": "video", "size_cv": 11}]})",
                "groups[0].size_cv: must be in [0, 10], got 11"},
        // response.
        Refusal{R"({"response": {"target_pkts": 0}})", "response.target_pkts: must be in [1, 1000000], got 0"},
        Refusal{R"({"response": {"from_s": 5}})", "response.target_pkts: is required"},
        Refusal{R"({"response": {"target_pkts": 50, "from_s": 301}})",
                "response.from_s: must be in [0, 300], got 301"},
        Refusal{R"({"response": {"target_pkts": 50, "until_s": 3}})", "response.until_s: unknown field"},
        Refusal{R"({"response": 100})", "response: must be an object or null"},
        // Events.
        Refusal{R"({"groups": [{}, {"kind": "udp_cbr"}],
                    "events": [{"at_s": 5, "kind": "set_rate", "group": 0, "rate": 2}]})",
                "events[0].group: group 0 is tcp, which has no rate (use set_flows)"},
        Refusal{R"({"groups": [{}, {"kind": "udp_cbr"}],
                    "events": [{"at_s": 5, "kind": "set_rate", "group": 1, "rate": 0}]})",
                "events[0].rate: must be in [0.001, 100000], got 0"},
        Refusal{R"({"groups": [{"kind": "poisson"}], "events": [{"at_s": 5, "kind": "set_rate", "group": 0}]})",
                "events[0].rate: is required"},
        Refusal{R"({"groups": [{"kind": "short_tcp"}],
                    "events": [{"at_s": 5, "kind": "set_rate", "group": 0, "rate": 20000}]})",
                "events[0].rate: must be in [0.001, 10000], got 20000"},
        Refusal{R"({"groups": [{"kind": "short_tcp"}],
                    "events": [{"at_s": 5, "kind": "set_flows", "group": 0, "count": 3}]})",
                "events[0].group: set_flows needs a group with a count (tcp, udp_cbr, onoff, poisson, "
                "video, http); group 0 is short_tcp"},
        Refusal{R"({"events": [{"at_s": 5, "kind": "set_delay", "delay_ms": 6000}]})",
                "events[0].delay_ms: must be in [0, 5000], got 6000"},
        Refusal{R"({"events": [{"at_s": 5, "kind": "set_delay"}]})", "events[0].delay_ms: is required"},
        Refusal{R"({"events": [{"at_s": 5, "kind": "group_off", "group": 1}]})",
                "events[0].group: must be in [0, 0], got 1"},
        Refusal{R"({"events": [{"at_s": 5, "kind": "group_on", "group": 0, "count": 3}]})",
                "events[0].count: unknown field for kind \"group_on\""},
        Refusal{R"({"events": [{"at_s": 5, "kind": "set_delay", "delay_ms": 5, "group": 0}]})",
                "events[0].group: unknown field for kind \"set_delay\""},
        Refusal{R"({"groups": [{"count": 20000}, {"count": 20000}, {"count": 5000}],
                    "events": [{"at_s": 5, "kind": "set_flows", "group": 2, "count": 10001},
                               {"at_s": 9, "kind": "set_flows", "group": 0, "count": 100}]})",
                "events[0].count: would bring the flows and sources of all groups to 50001 (at most 50000)"}),
    [](const ::testing::TestParamInfo<Refusal>& info) { return "case" + std::to_string(info.index); });

TEST(ScenarioGroups, TotalsFollowTheEventsInTimeOrder) {
  // Listed first but applied second: group 0 shrinks at 1 s, before group 2 grows.
  ParseOrDie(R"({"groups": [{"count": 20000}, {"count": 20000}, {"count": 5000}],
            "events": [{"at_s": 5, "kind": "set_flows", "group": 2, "count": 10001},
                       {"at_s": 1, "kind": "set_flows", "group": 0, "count": 100}]})");
}

TEST(ScenarioGroups, LiveEventsAreCheckedAgainstTheGroupsKinds) {
  const Scenario s = ParseOrDie(R"({"groups": [{}, {"kind": "onoff"}, {"kind": "short_tcp"}]})");
  EXPECT_TRUE(ParseEvent(R"({"kind": "set_rate", "group": 1, "rate": 0.5})", s).ok());
  EXPECT_TRUE(ParseEvent(R"({"kind": "set_rate", "group": 2, "rate": 40})", s).ok());
  EXPECT_TRUE(ParseEvent(R"({"kind": "group_off", "group": 2})", s).ok());
  EXPECT_TRUE(ParseEvent(R"({"kind": "set_flows", "group": 1, "count": 9})", s).ok());
  EXPECT_TRUE(ParseEvent(R"({"kind": "set_delay", "delay_ms": 0})", s).ok());
  auto bad = ParseEvent(R"({"kind": "set_rate", "group": 1, "rate": 1e6})", s);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "event.rate: must be in [0.001, 100000], got 1000000");
  bad = ParseEvent(R"({"kind": "group_on"})", s);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "event.group: is required");
  bad = ParseEvent(R"({"kind": "group_on", "group": 3})", s);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "event.group: must be in [0, 2], got 3");
  bad = ParseEvent(R"({"kind": "set_rate", "group": 0, "rate": 1})", s);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "event.group: group 0 is tcp, which has no rate (use set_flows)");
}

}  // namespace
}  // namespace aqmlab
