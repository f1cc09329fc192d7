#include "traffic/cc/bbr/bbr_law.h"

#include <algorithm>
#include <cmath>

namespace aqmlab::bbr {

namespace {
// Before a round trip is heard, the initial window is assumed to cross it
// in a millisecond, so it leaves at once (Linux's default when no RTT).
constexpr double kNoRttSeconds = 0.001;

double Bandwidth(const State& s) { return s.max_bw.best(); }

void EnterStartup(State& s) {
  s.mode = Mode::kStartup;
  s.pacing_gain = s.cwnd_gain = kHighGain;
}

// The delivery rate joins the max filter once per sample; a new round
// starts when the sampled segment was sent after the last round began.
void UpdateBandwidth(State& s, const RateSample& rs) {
  s.round_start = false;
  if (!rs.valid()) return;
  if (rs.prior_delivered >= s.next_round_delivered) {
    s.next_round_delivered = rs.delivered_total;
    ++s.round_count;
    s.round_start = true;
    s.packet_conservation = false;
  }
  const double bw = rs.rate();
  // An app-limited sample only counts if it raises the estimate.
  if (!rs.app_limited || bw >= Bandwidth(s)) s.max_bw.Update(s.round_count, bw);
}

// ProbeBW moves on after a min-RTT in a phase; the probing phase also
// waits for its inflight to reach 1.25 BDP (or a loss), and the draining
// phase ends early once inflight is down to one BDP.
bool NextPhaseDue(const State& s, const AckEvent& a) {
  const bool full_length = a.rate.delivered_time - s.cycle_stamp > s.min_rtt;
  if (s.pacing_gain == 1) return full_length;
  if (s.pacing_gain > 1) {
    return full_length &&
           (a.lost > 0 || a.prior_inflight >= Inflight(s, Bandwidth(s), s.pacing_gain));
  }
  return full_length || a.prior_inflight <= Inflight(s, Bandwidth(s), 1);
}

// Startup's plateau: at each round start, 25% more bandwidth than the last
// plateau resets the count; three rounds without it fill the pipe.
void CheckFullBandwidth(State& s, const RateSample& rs) {
  if (FullBwReached(s) || !s.round_start || rs.app_limited) return;
  if (Bandwidth(s) >= s.full_bw * kFullBwGrowth) {
    s.full_bw = Bandwidth(s);
    s.full_bw_count = 0;
    return;
  }
  ++s.full_bw_count;
}

void CheckDrain(const Params& p, State& s, const AckEvent& a) {
  if (s.mode == Mode::kStartup && FullBwReached(s)) {
    s.mode = Mode::kDrain;
    s.pacing_gain = kDrainGain;
    s.cwnd_gain = kHighGain;
  }
  if (s.mode == Mode::kDrain && a.inflight <= Inflight(s, Bandwidth(s), 1)) {
    EnterProbeBw(p, s, a.rate.delivered_time);
  }
}

void ExitProbeRtt(const Params& p, State& s, const AckEvent& a) {
  s.min_rtt_stamp = a.now;
  s.restore_cwnd = true;
  if (FullBwReached(s)) {
    EnterProbeBw(p, s, a.rate.delivered_time);
  } else {
    EnterStartup(s);
  }
}

// The min-RTT filter and ProbeRTT: a min RTT older than its window is
// replaced by the current sample, and the flow drops to four segments for
// probe_rtt_ms and a round, so that every flow's queue drains together.
void UpdateMinRtt(const Params& p, State& s, const AckEvent& a, const CcWindow& w) {
  const bool expired = a.now > s.min_rtt_stamp + Time::Seconds(p.min_rtt_window_s);
  if (a.rtt > Time() && (a.rtt <= s.min_rtt || expired)) {
    s.min_rtt = a.rtt;
    s.min_rtt_stamp = a.now;
  }
  if (expired && s.mode != Mode::kProbeRtt) {
    s.mode = Mode::kProbeRtt;
    s.pacing_gain = s.cwnd_gain = 1;
    SaveCwnd(s, w.cwnd);
    s.probe_rtt_timing = false;
  }
  if (s.mode != Mode::kProbeRtt) {
    s.app_limited_until = 0;
    return;
  }
  // Samples of this low-rate stretch must not lower the bandwidth estimate.
  s.app_limited_until = std::max<int64_t>(a.rate.delivered_total + static_cast<int64_t>(a.inflight), 1);
  if (!s.probe_rtt_timing && a.inflight <= kMinPipeCwnd) {
    s.probe_rtt_timing = true;
    s.probe_rtt_done = a.now + Time::Millis(p.probe_rtt_ms);
    s.probe_rtt_round_done = false;
    s.next_round_delivered = a.rate.delivered_total;
  } else if (s.probe_rtt_timing) {
    if (s.round_start) s.probe_rtt_round_done = true;
    if (s.probe_rtt_round_done && a.now > s.probe_rtt_done) ExitProbeRtt(p, s, a);
  }
}

// Pacing at pacing_gain x bw; in Startup only upward, so an early low
// sample does not slow the ramp (Linux).
void SetPacingRate(State& s, const AckEvent& a, const CcWindow& w) {
  if (!s.seen_rtt && a.rtt > Time()) {
    s.seen_rtt = true;
    s.pacing_rate = kHighGain * w.cwnd / a.rtt.seconds();
  }
  const double rate = s.pacing_gain * Bandwidth(s);
  if (FullBwReached(s) || rate > s.pacing_rate) s.pacing_rate = rate;
}

// Loss repair (Linux's bbr_set_cwnd_to_recover_or_restore): the first
// round of fast recovery conserves packets (one out per one delivered),
// and leaving recovery or a timeout's repair restores the saved window.
// Returns whether conservation sets the window.
bool RecoverOrRestore(State& s, const AckEvent& a, double& cwnd) {
  const double acked = static_cast<double>(a.delivered);
  if (a.lost > 0) cwnd = std::max(cwnd - static_cast<double>(a.lost), 1.0);
  if (a.phase == CcPhase::kRecovery && s.prev_phase != CcPhase::kRecovery) {
    s.packet_conservation = true;
    s.next_round_delivered = a.rate.delivered_total;
    cwnd = a.inflight + acked;
  } else if (s.prev_phase != CcPhase::kOpen && a.phase == CcPhase::kOpen) {
    s.restore_cwnd = true;
    s.packet_conservation = false;
  }
  s.prev_phase = a.phase;
  if (s.restore_cwnd) {
    cwnd = std::max(cwnd, s.prior_cwnd);
    s.restore_cwnd = false;
  }
  if (!s.packet_conservation) return false;
  cwnd = std::max(cwnd, a.inflight + acked);
  return true;
}

// The window grows by what each ACK delivers toward cwnd_gain x BDP (and
// is cut to it once the pipe was filled), at least four segments.
void SetCwnd(State& s, const AckEvent& a, CcWindow& w) {
  if (a.delivered == 0) return;
  double cwnd = w.cwnd;
  if (!RecoverOrRestore(s, a, cwnd)) {
    const double target = Inflight(s, Bandwidth(s), s.cwnd_gain);
    const double acked = static_cast<double>(a.delivered);
    if (FullBwReached(s)) {
      cwnd = std::min(cwnd + acked, target);
    } else if (cwnd < target || static_cast<double>(a.rate.delivered_total) < s.initial_window) {
      cwnd += acked;
    }
    cwnd = std::max(cwnd, kMinPipeCwnd);
  }
  w.cwnd = cwnd;
  if (s.mode == Mode::kProbeRtt) w.cwnd = std::min(w.cwnd, kMinPipeCwnd);
}
}  // namespace

State Start(const Params& p, const CcStart& start, int phase_draw) {
  State s;
  s.max_bw = WindowedMax(p.bw_window_rounds);
  s.min_rtt_stamp = start.now;
  s.initial_window = start.initial_window;
  s.segment_bytes = start.segment_bytes;
  s.phase_draw = phase_draw;
  s.pacing_rate = kHighGain * start.initial_window / kNoRttSeconds;
  EnterStartup(s);
  return s;
}

bool FullBwReached(const State& s) { return s.full_bw_count >= kFullBwRounds; }

double SendQuantum(double pacing_rate, Bytes segment_bytes) {
  const double bytes_per_s = pacing_rate * static_cast<double>(segment_bytes);
  if (bytes_per_s < 1.2e6 / 8) return 1;
  if (bytes_per_s < 24e6 / 8) return 2;
  const double per_ms = std::min(bytes_per_s * 0.001, 65536.0);
  return std::max(std::floor(per_ms / static_cast<double>(segment_bytes)), 2.0);
}

double Inflight(const State& s, double bw, double gain) {
  if (s.min_rtt == Time::Max()) return s.initial_window;
  const double bdp = bw * s.min_rtt.seconds();
  return std::ceil(gain * bdp) + 3 * SendQuantum(s.pacing_rate, s.segment_bytes);
}

void EnterProbeBw(const Params& p, State& s, Time now) {
  s.mode = Mode::kProbeBw;
  s.cwnd_gain = p.cwnd_gain;
  // The phase before the drawn one, so that advancing lands on it: any
  // but the draining 0.75 (Linux draws among the other seven).
  s.cycle_index = static_cast<int>(kGainCycle.size()) - 1 - s.phase_draw;
  s.phase_draw = -1;
  AdvanceCycle(s, now);
}

void AdvanceCycle(State& s, Time now) {
  s.cycle_index = (s.cycle_index + 1) % static_cast<int>(kGainCycle.size());
  s.cycle_stamp = now;
  s.pacing_gain = kGainCycle[static_cast<size_t>(s.cycle_index)];
}

void OnAck(const Params& p, State& s, const AckEvent& a, CcWindow& w) {
  UpdateBandwidth(s, a.rate);
  if (s.mode == Mode::kProbeBw && NextPhaseDue(s, a)) AdvanceCycle(s, a.rate.delivered_time);
  CheckFullBandwidth(s, a.rate);
  CheckDrain(p, s, a);
  UpdateMinRtt(p, s, a, w);
  SetPacingRate(s, a, w);
  SetCwnd(s, a, w);
}

void SaveCwnd(State& s, double cwnd) {
  if (s.prev_phase == CcPhase::kOpen && s.mode != Mode::kProbeRtt) {
    s.prior_cwnd = cwnd;
  } else {
    s.prior_cwnd = std::max(s.prior_cwnd, cwnd);
  }
}

// Linux treats a timeout as the end of a round and restarts Startup's
// plateau count from zero bandwidth (bbr_set_state on TCP_CA_Loss).
void OnTimeout(State& s, double cwnd, bool answered) {
  if (!answered) SaveCwnd(s, cwnd);
  s.prev_phase = CcPhase::kLoss;
  s.full_bw = 0;
  s.round_start = true;
}

}  // namespace aqmlab::bbr
