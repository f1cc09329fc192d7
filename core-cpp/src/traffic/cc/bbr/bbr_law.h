// BBR version 1's model and state machine (Cardwell, Cheng, Gunn, Yeganeh
// & Jacobson, "BBR: Congestion-Based Congestion Control", ACM Queue 2016;
// draft-cardwell-iccrg-bbr-congestion-control-00; Linux tcp_bbr.c as of
// 4.9; ns-3's TcpBbr), in segments and seconds. Pure: each ACK arrives as
// an AckEvent with its delivery-rate sample, and the one random choice (the
// gain cycle's first phase) as a draw the caller prepared.
#pragma once

#include <array>
#include <cstdint>

#include "sim/time.h"
#include "traffic/cc/bbr/windowed_max.h"
#include "traffic/cc/congestion_control.h"

namespace aqmlab::bbr {

struct Params {
  double cwnd_gain = 2;            // ProbeBW's inflight cap, in estimated BDPs
  int64_t bw_window_rounds = 10;   // the max-bandwidth filter's window
  double min_rtt_window_s = 10;    // the min-RTT filter's window
  double probe_rtt_ms = 200;       // ProbeRTT's hold at four segments
};

enum class Mode : uint8_t { kStartup, kDrain, kProbeBw, kProbeRtt };

// 2/ln 2: the smallest gain that doubles the delivery rate each round trip
// in Startup (the paper's sec. "Startup"); Drain paces at its inverse.
inline constexpr double kHighGain = 2.885390081777927;
inline constexpr double kDrainGain = 1 / kHighGain;
// ProbeBW's eight phases of about one min-RTT each: probe, drain, cruise.
inline constexpr std::array<double, 8> kGainCycle{1.25, 0.75, 1, 1, 1, 1, 1, 1};
// Startup ends after this many rounds in a row without 25% more bandwidth.
inline constexpr double kFullBwGrowth = 1.25;
inline constexpr int kFullBwRounds = 3;
// ProbeRTT's window, and the least window otherwise.
inline constexpr double kMinPipeCwnd = 4;

struct State {
  Mode mode = Mode::kStartup;
  double pacing_gain = kHighGain;
  double cwnd_gain = kHighGain;
  double pacing_rate = 0;  // segments per second
  bool seen_rtt = false;   // the pacing rate was set from a round trip
  // Rounds: a round ends when a segment sent after its start is delivered.
  int64_t round_count = 0;
  int64_t next_round_delivered = 0;
  bool round_start = false;
  WindowedMax max_bw;  // segments per second, over rounds
  // Startup's plateau detector.
  double full_bw = 0;
  int full_bw_count = 0;
  // The min-RTT filter: the least round trip heard since min_rtt_stamp.
  Time min_rtt = Time::Max();
  Time min_rtt_stamp;
  // ProbeRTT: holding at four segments until probe_rtt_done and a round.
  bool probe_rtt_timing = false;
  Time probe_rtt_done;
  bool probe_rtt_round_done = false;
  int64_t app_limited_until = 0;  // while in ProbeRTT
  // ProbeBW's gain cycle.
  int cycle_index = 0;
  Time cycle_stamp;
  int phase_draw = 0;  // in [0, 6], prepared by the caller; -1 once used
  // The window across loss repair.
  CcPhase prev_phase = CcPhase::kOpen;
  bool packet_conservation = false;
  bool restore_cwnd = false;
  double prior_cwnd = 0;
  double initial_window = 2;
  Bytes segment_bytes = 500;
};

State Start(const Params& p, const CcStart& start, int phase_draw);
bool FullBwReached(const State& s);
// Segments a send quantum holds at a pacing rate (segments per second):
// 1 below 1.2 Mb/s, 2 below 24 Mb/s, else a millisecond's worth up to
// 64 KB (draft-cardwell-iccrg-bbr-congestion-control-00 sec. 4.2.2.3).
double SendQuantum(double pacing_rate, Bytes segment_bytes);
// The inflight target for `gain`: gain x bw x min_rtt rounded up, plus
// three send quanta; the initial window before any round trip is known.
double Inflight(const State& s, double bw, double gain);
// Enters ProbeBW at the drawn phase (never the 0.75 one) and advances.
void EnterProbeBw(const Params& p, State& s, Time now);
void AdvanceCycle(State& s, Time now);
// One ACK: the model (bandwidth, gain cycle, Startup's end, Drain's end,
// min RTT and ProbeRTT), then the pacing rate and the window.
void OnAck(const Params& p, State& s, const AckEvent& a, CcWindow& w);
// Fast recovery or a timeout begins: note the window to come back to.
void SaveCwnd(State& s, double cwnd);
void OnTimeout(State& s, double cwnd, bool answered);

}  // namespace aqmlab::bbr
