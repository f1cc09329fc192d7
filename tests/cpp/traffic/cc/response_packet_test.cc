// Each sender's response function against its packets: long-lived flows
// whose segments each meet a congestion signal with a fixed probability p
// (a test-only queue: a drop without ECN, a CE mark with it) on a link fast
// enough that no queue forms, so the round trip is the propagation delay.
// The rate measured at the receivers, over the rate the controller's law
// gives at that p and R (W / R segments per second), in each region of
// each law.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "net/pipe.h"
#include "net/queue_link.h"
#include "traffic/cc/registry.h"
#include "traffic/tcp.h"

namespace aqmlab {
namespace {

class FixedSignalQueue final : public QueueDisc {
 public:
  FixedSignalQueue(const QueueDiscEnv& env, double p) : QueueDisc(env), p_(p) {}
  const AqmDescriptor& descriptor() const override {
    static const AqmDescriptor d{"fixed_p", "Fixed p (test only)", "", "", {}, {}};
    return d;
  }
  Status SetParam(std::string_view, double) override { return {"fixed_p: no parameters"}; }
  Status CheckParam(std::string_view, double) const override { return {"fixed_p: no parameters"}; }
  double GetParam(std::string_view) const override { return std::nan(""); }
  double probability() const override { return p_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override {
    return ctx.uniform < p_ ? Decision::kCongest : Decision::kPass;
  }

 private:
  double p_;
};

struct Flow {
  Flow(EventLoop& loop, PacketPool& pool, QueueLink& link, int id, const TcpConfig& config, Time one_way)
      : out(loop, 0, one_way), back(loop, 0, one_way), source(loop, pool, id, 0, config, &data),
        sink(loop, pool, config, &acks) {
    data.hops = {&out, &link, &sink};
    acks.hops = {&back, &source};
  }
  Pipe out, back;
  Route data, acks;
  TcpSource source;
  TcpSink sink;
};

struct Run {
  const char* sender;
  double p;
  double rtt_s;
  bool marks;  // ECN on: the signal is a CE mark
  double seconds;
  ParamOverrides params;
};

// The measured rate per flow over the law's, and the law's region.
std::pair<double, std::string> MeasuredOverLaw(const Run& r) {
  EventLoop loop;
  PacketPool pool;
  QueueDiscEnv env;
  env.link.capacity_bps = 1e9;
  env.link.buffer_packets = 100000;
  env.link.ecn = r.marks;
  env.loop = &loop;
  env.pool = &pool;
  env.seed = 5;
  QueueLink link(loop, 1e9, Time(), std::make_unique<FixedSignalQueue>(env, r.p));
  TcpConfig config;
  config.advertised_window = 100000;
  config.ecn = r.marks;
  config.cc = FindCc(r.sender);
  config.cc_params = r.params;
  constexpr int kFlows = 8;
  std::vector<std::unique_ptr<Flow>> flows;
  for (int i = 0; i < kFlows; ++i) {
    flows.push_back(std::make_unique<Flow>(loop, pool, link, i, config, Time::Seconds(r.rtt_s / 2)));
    flows.back()->source.Start();
  }
  const Time warmup = Time::Seconds(r.seconds / 10), end = Time::Seconds(r.seconds);
  loop.RunUntil(warmup);
  int64_t got = 0;
  for (const auto& f : flows) got -= f->sink.stats().delivered_segments;
  loop.RunUntil(end);
  for (const auto& f : flows) got += f->sink.stats().delivered_segments;
  const double rate = static_cast<double>(got) / kFlows / (end - warmup).seconds();
  const ResponsePoint law = config.cc->response().at(r.params, r.p, r.rtt_s).value();
  return {rate / (law.window / r.rtt_s), std::string(law.region)};
}

void Expect(const Run& r, const char* region, double tolerance) {
  const auto [ratio, seen] = MeasuredOverLaw(r);
  std::printf("  %-8s p %-7g R %-5g s: measured / law %.3f (%s)\n", r.sender, r.p, r.rtt_s, ratio, seen.c_str());
  EXPECT_EQ(seen, region) << r.sender << " p " << r.p;
  EXPECT_NEAR(ratio, 1.0, tolerance) << r.sender << " p " << r.p << " R " << r.rtt_s;
}

// NewReno under random loss follows the square-root law within 20%.
TEST(ResponsePackets, NewRenoSquareRoot) {
  for (double p : {0.001, 0.003, 0.01}) Expect({"newreno", p, 0.1, false, 300, {}}, "square-root", 0.2);
}

TEST(ResponsePackets, CubicBothRegions) {
  Expect({"cubic", 2e-4, 0.2, false, 600, {}}, "cubic", 0.2);
  Expect({"cubic", 0.01, 0.02, false, 150, {}}, "reno-friendly", 0.2);
}

TEST(ResponsePackets, ScalableOneOverP) {
  for (double p : {0.01, 0.05}) {
    Expect({"dctcp", p, 0.05, true, 150, {}}, "scalable", 0.2);
    Expect({"prague", p, 0.05, true, 150, {}}, "scalable", 0.2);
  }
  Expect({"prague", 0.02, 0.01, true, 150, {{"rtt_independence", 1}}}, "rtt-independent", 0.2);
}

}  // namespace
}  // namespace aqmlab
