// Helpers for the open-loop traffic tests.
//
// Statistical tolerances. Every traffic test runs with fixed seeds, so it
// is deterministic; its tolerance is kSigmas standard deviations of the
// estimator under test, with that deviation derived from the run length and
// the model's own variance (sqrt(lambda T) for a Poisson count, the delta
// method for a duty cycle, and so on: each test says which). At 4 sigma a
// correct model misses with probability about 6e-5 per check, while the
// tolerance stays a few percent, tight enough to catch a wrong formula.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "net/packet.h"
#include "sim/event_loop.h"

namespace aqmlab::testing {

inline constexpr double kSigmas = 4.0;

// The last hop of a test route: logs each packet and releases it.
struct PacketLog final : PacketReceiver {
  PacketLog(EventLoop& l, PacketPool& p) : loop(l), pool(p) {}
  void Receive(Packet* p) override {
    times.push_back(loop.now().ns());
    sizes.push_back(p->size);
    flows.push_back(p->flow);
    bytes += p->size;
    pool.Release(p);
  }
  int64_t CountIn(double from_s, double to_s) const {  // arrivals in [from, to)
    int64_t n = 0;
    for (int64_t t : times) n += t >= static_cast<int64_t>(from_s * 1e9) && t < static_cast<int64_t>(to_s * 1e9);
    return n;
  }
  EventLoop& loop;
  PacketPool& pool;
  std::vector<int64_t> times;
  std::vector<int64_t> sizes;
  std::vector<int32_t> flows;
  int64_t bytes = 0;
};

struct MeanAndSpread {
  double mean = 0;
  double sd = 0;  // sample standard deviation
};

inline MeanAndSpread Summarise(const std::vector<double>& xs) {
  MeanAndSpread m;
  for (double x : xs) m.mean += x;
  m.mean /= static_cast<double>(xs.size());
  double ss = 0;
  for (double x : xs) ss += (x - m.mean) * (x - m.mean);
  m.sd = xs.size() > 1 ? std::sqrt(ss / static_cast<double>(xs.size() - 1)) : 0;
  return m;
}

}  // namespace aqmlab::testing
