// Seeded random streams. The generator is PCG32 (pcg-cpp, O'Neill), whose
// output is fully specified, so native and wasm builds draw identical numbers.
// Each consumer (a flow, a queue discipline) gets its own stream selected from
// (seed, purpose, index): adding a flow never reshuffles another flow's draws.
// Distributions are written here from their definitions because the standard
// library's distributions differ between libstdc++ and libc++.
#pragma once

#include <cstdint>

#include <pcg_random.hpp>

#include "sim/portable_math.h"

namespace aqmlab {

enum class StreamPurpose : uint64_t {
  kQueueDiscipline = 1,
  kFlowStart = 2,
  kFlowRtt = 3,
  kTraffic = 4,
  kTcpClock = 5,  // each TCP connection's clock phase
  kCongestionControl = 6,  // each TCP connection's controller (BBR's gain-cycle phase)
};

class RandomStream {
 public:
  RandomStream(uint64_t seed, StreamPurpose purpose, uint64_t index)
      : gen_(Mix(seed), Mix((static_cast<uint64_t>(purpose) << 48) ^ index)) {}

  // Uniform in [0, 1) with 53 random bits (two 32-bit draws).
  double Uniform() {
    const uint64_t hi = gen_() >> 5;  // 27 bits
    const uint64_t lo = gen_() >> 6;  // 26 bits
    return static_cast<double>((hi << 26) | lo) * 0x1.0p-53;
  }
  double Uniform(double lo, double hi) { return lo + (hi - lo) * Uniform(); }
  // Exponential with the given mean, by inversion.
  double Exponential(double mean) { return -mean * pmath::Log(1.0 - Uniform()); }
  // Pareto with shape `shape` and mean `mean` (shape > 1), by inversion.
  double Pareto(double mean, double shape) {
    const double scale = mean * (shape - 1.0) / shape;
    return scale / pmath::Pow(1.0 - Uniform(), 1.0 / shape);
  }

 private:
  // SplitMix64 finaliser: spreads nearby seeds and stream ids apart.
  static uint64_t Mix(uint64_t z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  pcg32 gen_;
};

}  // namespace aqmlab
