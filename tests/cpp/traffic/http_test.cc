// HTTP-like request/response sessions: the session loop on a delay path
// (exact times), a lost request, and in a scenario the page rate, the bytes
// delivered and the live events.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "net/pipe.h"
#include "test_util.h"
#include "traffic/http_session.h"
#include "traffic_test_util.h"

namespace aqmlab {
namespace {

using testing::kSigmas;

// Pure delays, 50 ms each way (RTT 100 ms); `lose` drops the first n
// packets that go upstream (the requests and ACKs).
struct DelayPath {
  struct Loser final : PacketReceiver {
    explicit Loser(PacketPool& p) : pool(p) {}
    void Receive(Packet* p) override {
      if (lose > 0) {
        --lose;
        pool.Release(p);
        return;
      }
      Forward(p);
    }
    PacketPool& pool;
    int lose = 0;
  };
  DelayPath() : out(loop, 0, Time::Millis(50)), back(loop, 0, Time::Millis(50)), loser(pool) {}
  HttpPaths paths() { return {{&out}, {&loser, &back}, 0}; }
  EventLoop loop;
  PacketPool pool;
  Pipe out;
  Pipe back;
  Loser loser;
};

HttpConfig FixedPages(double bytes, double think_s) {
  HttpConfig c;
  c.law = HttpConfig::PageLaw::kFixed;
  c.mean_page_bytes = bytes;
  c.mean_think_s = think_s;
  return c;
}

TEST(TrafficHttp, APageTakesTheRequestHalfTripThenTheTransfer) {
  DelayPath path;
  // 2300 B in 500 B segments: 5 segments, the last one 300 B. Slow start
  // sends 2 then 3 (the gate holds the rest of the window of 4 back).
  const HttpConfig c = FixedPages(2300, 1000);
  ASSERT_TRUE(ValidateHttpConfig(c).ok());
  HttpSession s(path.loop, path.pool, SourceIdentity{7, 1, nullptr, 1, 0}, path.paths(), &c);
  s.Start();
  path.loop.RunUntil(Time::Seconds(5));
  ASSERT_EQ(s.pages().size(), 1u);
  // Request 50 ms, first window 50 ms, its ACKs 50 ms, second window 50 ms.
  EXPECT_EQ((s.pages()[0].completed - s.pages()[0].requested).ns(), Time::Millis(200).ns());
  EXPECT_EQ(s.pages()[0].bytes, 2300);
  EXPECT_EQ(s.sink_stats().delivered_bytes, 2300);  // the last segment is trimmed
  EXPECT_EQ(s.stats().segments_entered, 5);
  EXPECT_EQ(s.stats().requests_sent, 1);
  EXPECT_TRUE(s.running());  // thinking
  s.Stop();
  path.loop.RunUntil(Time::Seconds(10));
  EXPECT_FALSE(s.running());
  EXPECT_EQ(path.pool.live(), 0);
}

TEST(TrafficHttp, ALostRequestIsSentAgainAfterOneSecond) {
  DelayPath path;
  path.loser.lose = 1;
  const HttpConfig c = FixedPages(500, 1000);
  HttpSession s(path.loop, path.pool, SourceIdentity{7, 1, nullptr, 1, 0}, path.paths(), &c);
  s.Start();
  path.loop.RunUntil(Time::Seconds(5));
  ASSERT_EQ(s.pages().size(), 1u);
  EXPECT_EQ(s.stats().requests_sent, 2);
  // Timed from the first request: 1 s wait, then 50 ms up and 50 ms down.
  EXPECT_EQ((s.pages()[0].completed - s.pages()[0].requested).ns(), Time::Millis(1100).ns());
}

TEST(TrafficHttp, ThinkTimesAreExponentialWithTheGivenMean) {
  DelayPath path;
  const HttpConfig c = FixedPages(500, 2);
  HttpSession s(path.loop, path.pool, SourceIdentity{7, 1, nullptr, 3, 0}, path.paths(), &c);
  s.Start();
  path.loop.RunUntil(Time::Seconds(20000));
  // Each cycle is a think plus exactly one RTT (a one-segment page).
  std::vector<double> thinks;
  const auto& p = s.pages();
  for (size_t i = 1; i < p.size(); ++i) thinks.push_back((p[i].requested - p[i - 1].completed).seconds());
  const auto m = testing::Summarise(thinks);
  const double n = static_cast<double>(thinks.size());
  EXPECT_GT(n, 9000);
  EXPECT_NEAR(m.mean, 2.0, kSigmas * 2.0 / std::sqrt(n));
  EXPECT_NEAR(m.sd, 2.0, 0.25);  // exponential: sd = mean (its estimate has sd about 0.06 here)
}

// A fast, lightly loaded dumbbell: pages see no queue.
std::string Uncongested(const std::string& groups, const std::string& extra = "") {
  return R"({"duration_s": 200, "warmup_s": 10, "seed": 5,
    "bottleneck": {"capacity_mbps": 100, "delay_ms": 10},
    "sides": [{"aqm": "red"}], "groups": )" + groups + extra + "}";
}

TEST(ScenarioHttp, PagesPerSessionFollowThinkPlusTransferTime) {
  const Summary s = testing::RunSummary(Uncongested(
      R"([{"kind": "http", "count": 20, "rtt_ms": {"min": 100, "max": 100}, "page_law": "fixed"}])"));
  ASSERT_TRUE(s.pages.has_value());
  const CompletionSummary& p = *s.pages;
  // 1000 B = 2 segments, within the initial window: one RTT plus
  // serialisation (well under a millisecond on 100 Mb/s links).
  EXPECT_GE(p.mean_s, 0.1);
  EXPECT_LT(p.mean_s, 0.101);
  EXPECT_LT(p.p95_s, 0.101);
  // A session's cycle is Exp(1 s) + the page time: a renewal process whose
  // count over T has variance T sd^2 / mean^3 per session.
  const double cycle = 1.0 + p.mean_s;
  const double span = s.measured_s;
  const double expected = 20 * span / cycle;
  const double sd = std::sqrt(20 * span * 1.0 / (cycle * cycle * cycle));
  EXPECT_NEAR(static_cast<double>(p.count), expected, kSigmas * sd + 20);
  const ClassSummary& http = testing::ClassOf(s, "http");
  ASSERT_TRUE(http.pages.has_value());
  EXPECT_EQ(http.pages->count, p.count);
  EXPECT_FALSE(http.completions.has_value());  // no short flows
  ASSERT_TRUE(http.loss_ratio.has_value());
  EXPECT_EQ(*http.loss_ratio, 0);
  EXPECT_FALSE(s.short_flows.has_value());
}

TEST(ScenarioHttp, GoodputIsThePagesBytes) {
  const Summary s = testing::RunSummary(Uncongested(
      R"([{"kind": "http", "count": 30, "mean_think_s": 0.5, "mean_page_bytes": 4000}])"));
  ASSERT_TRUE(s.pages.has_value());
  const double pages = static_cast<double>(s.pages->count);
  const double bytes = testing::ClassOf(s, "http").goodput_mbps * s.measured_s / 8e-6;
  // Exponential sizes: the sum of n pages has sd sqrt(n) * mean; pages in
  // progress at either end of the window add at most a page per session.
  EXPECT_NEAR(bytes, pages * 4000, kSigmas * std::sqrt(pages) * 4000 + 2 * 30 * 4000);
  EXPECT_GT(pages, 30 * 190 / 1.6 * 0.8);
}

TEST(ScenarioHttp, LiveEventsSteerTheSessions) {
  // set_rate sets the think time; set_flows the sessions; group_off stops them.
  auto sim = testing::RunToEnd(testing::ParseOrDie(Uncongested(
      R"([{"kind": "http", "count": 20, "rtt_ms": {"min": 100, "max": 100}, "page_law": "fixed"}])",
      R"(, "events": [{"at_s": 60, "kind": "set_rate", "group": 0, "rate": 4},
                      {"at_s": 110, "kind": "set_flows", "group": 0, "count": 40},
                      {"at_s": 160, "kind": "group_off", "group": 0}])")));
  const auto t = testing::Column(*sim, "t");
  const auto good = testing::Column(*sim, "class.http.goodput_mbps");
  ASSERT_EQ(t.size(), good.size());
  // Pages (1000 B each) per second in [from, to).
  auto rate = [&](double from, double to) {
    double mbits = 0;
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i] > from + 1e-9 && t[i] <= to + 1e-9) mbits += good[i] * 0.01;
    }
    return mbits * 1e6 / 8 / 1000 / (to - from);
  };
  const double before = rate(10, 60), slower = rate(65, 110), more = rate(115, 160);
  // 20 / 1.1, 20 / 4.1 and 40 / 4.1 pages per second.
  EXPECT_NEAR(before, 20 / 1.1, kSigmas * std::sqrt(20 / 1.1 / 50) + 0.5);
  EXPECT_NEAR(slower, 20 / 4.1, kSigmas * std::sqrt(20 / 4.1 * 4 / 4.1 / 45) + 0.5);
  EXPECT_NEAR(more, 40 / 4.1, kSigmas * std::sqrt(40 / 4.1 * 4 / 4.1 / 45) + 0.5);
  EXPECT_EQ(rate(161, 200), 0);
}

}  // namespace
}  // namespace aqmlab
