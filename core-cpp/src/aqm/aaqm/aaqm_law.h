// AAQM's control law (Rahmani, Ahlund, Kanter, adaptive AQM on the ratio of
// arrivals to departures). Every T the quotient U = A / B of arrivals offered
// to the queue over departures steers the probability P so that the arrival
// rate sits at or just below the departure rate.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "net/discipline.h"

namespace aqmlab::aaqm {

// The readings of the timer's step that the paper's text admits (its flow
// chart, Figure 4, is not in the text); README.md gives the evidence for the
// default.
enum class Rule : int {
  kMismatchSteps = 0,   // P += P1 (U - 1) or P2 (U - 1): steps proportional to the mismatch
  kFixed = 1,           // P -= P1 for U < 1, P += P2 for U >= 1
  kMultiplicative = 2,  // P *= P1 for U < 1, P = max(P, floor) (1 + P2) for U >= 1
  // P set (not stepped) in proportion to the excess: P2 (1 - 1/U) for U >= 1,
  // the share of the interval's arrivals above its departures; P *= P1 for U < 1.
  kProportional = 3,
};
inline constexpr int kRuleCount = 4;

// Where the multiplicative increase starts from when P is 0 (a product of 0
// stays 0): one arrival in a thousand, the lab's choice (README.md).
inline constexpr double kMultiplicativeFloor = 0.001;

struct Params {
  double interval = 0.010;  // T, s
  double p1 = 0.7;          // step (or factor) for U < 1
  double p2 = 1.0;          // step (or factor) for U >= 1
  int64_t rule = 3;         // a Rule; the default is Rule::kProportional (README.md)
  // 0: A counts every arrival offered to the queue (the spec's law); 1: only
  // the arrivals the queue admits (passed or marked). See README.md.
  bool count_admitted = false;
};

// The paper's Table 1 configurations, all with T = 10 ms; Pa7 is its best.
struct Preset {
  std::string_view name;
  double p1;
  double p2;
};
inline constexpr std::array<Preset, 7> kTablePresets{{{"Pa1", 0.1, 0.3},
                                                      {"Pa2", 0.2, 0.4},
                                                      {"Pa3", 0.45, 0.6},
                                                      {"Pa4", 0.5, 0.7},
                                                      {"Pa5", 0.65, 0.9},
                                                      {"Pa6", 0.7, 0.9},
                                                      {"Pa7", 0.7, 1.0}}};

struct State {
  int64_t arrivals = 0;    // A in the current interval
  int64_t departures = 0;  // B in the current interval
  double u = 0;            // U of the last closed interval
  double p = 0;            // P
};

// U = 0 when A = B = 0; 1 when only B = 0; else A / B.
double Ratio(int64_t arrivals, int64_t departures);

// P after a timer event with ratio U, under p.rule (see Rule), clamped to [0, 1].
double Step(const Params& p, double prob, double u);

// `congest_marks`: a kCongest verdict would mark (and admit) this packet.
Decision OnArrival(const Params& p, State& s, bool buffer_full, double uniform,
                   bool congest_marks);
void OnDeparture(State& s);

// The timer, every T: U from the interval's counts, P stepped, counts reset.
void CloseInterval(const Params& p, State& s);

}  // namespace aqmlab::aaqm
