// Self-configuring RED (Feng, Kandlur, Saha, Shin 1999), the "ARED" of the
// AAQM paper: RED whose max_p is divided by alpha when the average falls
// below min_th and multiplied by beta when it rises above max_th, bounded to
// [0.01, 1]. The RED pieces (average, curve, decision) are red_law's.
#pragma once

#include <cstdint>

#include "aqm/red/red_law.h"

namespace aqmlab::sred {

struct Params : red::Params {
  double alpha = 3;  // divisor on falling below min_th
  double beta = 2;   // factor on rising above max_th
};

inline constexpr double kMinMaxP = 0.01;
inline constexpr double kMaxMaxP = 1.0;

// Where the average sits relative to the thresholds.
enum class Region : uint8_t { kBelow, kBetween, kAbove };
Region RegionOf(double avg, double min_th, double max_th);

// max_p after the average moved from region `from` to `to`: entering Below
// divides by alpha, entering Above multiplies by beta; bounded to [0.01, 1].
double AdjustMaxP(const Params& p, double max_p, Region from, Region to);

struct State {
  red::State red;
  double max_p = 0.1;
  // The average starts at 0, below min_th: nothing has been crossed yet.
  Region region = Region::kBelow;
};

// Applies the crossing rule after an average update.
void OnAverageUpdated(const Params& p, State& s);

}  // namespace aqmlab::sred
