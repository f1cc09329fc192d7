#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "traffic/video_source.h"
#include "traffic_test_util.h"

namespace aqmlab {
namespace {

using testing::kSigmas;
using testing::PacketLog;

struct VideoRig {
  explicit VideoRig(const VideoConfig& config, uint64_t seed = 13, uint64_t index = 0)
      : log(loop, pool), route{{&log}},
        source(loop, pool, SourceIdentity{2, 3, &route, seed, index}, config) {
    EXPECT_TRUE(ValidateVideoConfig(config).ok()) << ValidateVideoConfig(config).error;
  }
  // Bytes per frame instant (packets sent at the same time form one frame).
  std::vector<int64_t> Frames() const {
    std::vector<int64_t> frames;
    for (size_t i = 0; i < log.times.size(); ++i) {
      if (i == 0 || log.times[i] != log.times[i - 1]) frames.push_back(0);
      frames.back() += log.sizes[i];
    }
    return frames;
  }
  EventLoop loop;
  PacketPool pool;
  PacketLog log;
  Route route;
  VideoSource source;
};

TEST(TrafficVideo, GopPatternSizesAndBursts) {
  VideoConfig c;  // IBBPBBPBBPBB, I:P:B = 5:2:1 (GOP weight 5 + 3 * 2 + 8 = 19): B = 48000 / 19
  c.size_cv = 0;
  c.packet_bytes = 1000;
  VideoRig rig(c);
  rig.source.Start();
  rig.loop.RunUntil(Time::Millis(40 * 24 - 1));  // 24 frames at 25 fps
  const std::vector<int64_t> frames = rig.Frames();
  ASSERT_EQ(frames.size(), 24u);
  const double b = 4000.0 * 12 / 19;
  const std::vector<int64_t> gop = {std::lround(5 * b), std::lround(b), std::lround(b),
                                    std::lround(2 * b), std::lround(b), std::lround(b),
                                    std::lround(2 * b), std::lround(b), std::lround(b),
                                    std::lround(2 * b), std::lround(b), std::lround(b)};
  for (size_t i = 0; i < frames.size(); ++i) EXPECT_EQ(frames[i], gop[i % 12]) << i;
  // The I frame (12632 B) leaves as twelve 1000 B packets and a 632 B one, together.
  ASSERT_GE(rig.log.times.size(), 14u);
  EXPECT_EQ(rig.log.times[12], 0);
  EXPECT_EQ(rig.log.sizes[12], 632);
  EXPECT_EQ(rig.log.times[13], 40'000'000);
  EXPECT_EQ(rig.source.frames_sent(), 24);
  // Over whole GOPs the rate is the mean frame size times the frame rate,
  // to the byte rounding of each frame.
  EXPECT_NEAR(static_cast<double>(rig.log.bytes), 24 * 4000.0, 24 * 0.5);
  EXPECT_DOUBLE_EQ(rig.source.offered_bps(), 4000 * 8 * 25.0);
}

TEST(TrafficVideo, VariableFrameSizesKeepTheMeanAndTheSpread) {
  VideoConfig c;
  c.size_cv = 0.3;
  VideoRig rig(c);
  rig.source.Start();
  const int gops = 2500;  // 30,000 frames, 20 minutes of video
  rig.loop.RunUntil(Time::Millis(40.0 * 12 * gops - 1));
  const std::vector<int64_t> frames = rig.Frames();
  ASSERT_EQ(frames.size(), size_t(12 * gops));
  // Each frame is nominal * (mean-1 lognormal of cv 0.3): the total has
  // sd 0.3 sqrt(sum nominal^2).
  double sum_sq = 0;
  for (size_t i = 0; i < 12; ++i) sum_sq += std::pow(rig.source.nominal_frame_bytes(i), 2);
  const double sd_total = 0.3 * std::sqrt(sum_sq * gops);
  EXPECT_NEAR(static_cast<double>(rig.log.bytes), 4000.0 * 12 * gops, kSigmas * sd_total);
  // The I frames' own coefficient of variation is 0.3. The sample sd of n
  // draws has sd about sigma sqrt((kurtosis - 1) / 4n); this lognormal's
  // kurtosis is about 4.5, so with n = 2500 that is 0.0056: 0.02 is ~4 sd.
  std::vector<double> ratios;
  for (int g = 0; g < gops; ++g) ratios.push_back(frames[12 * g] / rig.source.nominal_frame_bytes(0));
  const auto stats = testing::Summarise(ratios);
  EXPECT_NEAR(stats.mean, 1.0, kSigmas * 0.3 / std::sqrt(double(gops)));
  EXPECT_NEAR(stats.sd, 0.3, 0.02);
}

TEST(TrafficVideo, DeterministicBitRateChangeAndStopStart) {
  VideoConfig c;
  c.random_phase = true;
  VideoRig a(c, 3, 1), b(c, 3, 1), other(c, 3, 2);
  for (VideoRig* r : {&a, &b, &other}) {
    r->source.Start();
    r->loop.RunUntil(Time::Seconds(10));
  }
  EXPECT_EQ(a.log.times, b.log.times);
  EXPECT_EQ(a.log.sizes, b.log.sizes);
  EXPECT_NE(a.log.times.front(), other.log.times.front());
  EXPECT_LT(a.log.times.front(), 40'000'000);

  c.random_phase = false;
  c.size_cv = 0;
  VideoRig rig(c);
  rig.source.Start();
  rig.loop.RunUntil(Time::Millis(100));  // frames at 0, 40, 80 ms
  rig.source.SetBitRate(1.6e6);          // 8000 B mean frames from the next one (120 ms)
  rig.loop.RunUntil(Time::Millis(479));  // through the end of the first GOP
  std::vector<int64_t> frames = rig.Frames();
  ASSERT_EQ(frames.size(), 12u);
  EXPECT_EQ(frames[2], std::lround(4000.0 * 12 / 19));
  EXPECT_EQ(frames[3], std::lround(2 * 8000.0 * 12 / 19));
  rig.source.Stop();
  rig.loop.RunUntil(Time::Seconds(2));
  EXPECT_EQ(rig.Frames().size(), 12u);
  rig.source.Start();  // a new GOP, I frame now
  rig.loop.RunUntil(Time::Seconds(2));
  frames = rig.Frames();
  EXPECT_EQ(frames.back(), std::lround(5 * 8000.0 * 12 / 19));
  EXPECT_EQ(rig.log.times.back(), 2'000'000'000);
}

}  // namespace
}  // namespace aqmlab
