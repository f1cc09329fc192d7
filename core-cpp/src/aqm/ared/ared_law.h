// Adaptive RED (Floyd, Gummadi, Shenker 2001): RED whose max_p is adapted
// every interval to keep the average queue in the middle of the thresholds,
// with optional automatic settings of wq and the thresholds from the
// capacity. The RED pieces (average, curve, decision) are red_law's.
#pragma once

#include "aqm/red/red_law.h"

namespace aqmlab::ared {

struct Params : red::Params {
  double interval = 0.5;       // s, between max_p adaptations
  bool auto_settings = false;  // derive wq, min_th, max_th from C
  double target_delay = 0.005; // s, for the automatic min_th
};

// The automatic settings of sec. 5 of the paper: wq = 1 - exp(-1/C),
// min_th = max(5, target_delay C / 2), max_th = 3 min_th (C in packets/s).
struct Settings {
  double wq;
  double min_th;
  double max_th;
};
Settings AutoSettings(double capacity_pps, double target_delay);

// The target band [min + 0.4 (max - min), min + 0.6 (max - min)].
struct Band {
  double low;
  double high;
};
Band TargetBand(double min_th, double max_th);

// One adaptation: above the band and max_p <= 0.5, max_p += min(0.01, max_p/4);
// below it and max_p >= 0.01, max_p *= 0.9.
double AdaptMaxP(double max_p, double avg, const Band& band);

// The timer, every interval: adapts max_p against the curve's band.
double Adapt(double max_p, const red::Params& curve, double avg);

// The RED curve ARED applies now: the parameters, or the automatic settings
// when on, with the adapted max_p.
red::Params Curve(const Params& p, double capacity_pps, double max_p);

struct State {
  red::State red;
  double max_p = 0.1;  // the adapted max_p
};

}  // namespace aqmlab::ared
