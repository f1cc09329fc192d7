// The contract between the shared TCP machinery (traffic/tcp.h: sequence
// space, retransmission timer, loss recovery, receiver) and a congestion
// controller: what the sender tells it and what it may change. A controller
// only moves the window (and its pacing rate); when to call it is the
// machinery's, so every controller recovers, times out and backs off alike.
// Everything it needs arrives as an argument: `now`, the ACK's figures and
// the window. Units: segments, seconds of simulated time.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "net/discipline.h"
#include "net/packet.h"
#include "sim/time.h"

namespace aqmlab {

struct CcWindow {
  double cwnd = 0;      // segments
  double ssthresh = 0;  // segments
};

// One ACK that moved snd_una (or, for a scalable controller, any ACK).
struct AckEvent {
  Time now;
  int64_t acked = 0;     // segments newly acknowledged, cumulatively
  bool ece = false;      // the ACK carries ECN-Echo
  int64_t snd_una = 0;   // after this ACK
  int64_t snd_nxt = 0;
  // The round trip this ACK measured exactly (the segment it acknowledges
  // was sent once, at now - rtt), or zero when it measured none.
  Time rtt;
};

// A congestion event: three duplicate ACKs, an ECN-Echo answered
// classically, or a retransmission timeout.
struct CongestionEvent {
  Time now;
  double flight = 0;  // segments in flight when it was detected (RFC 5681's FlightSize)
  // A timeout in the middle of a fast recovery, or a timeout of a segment
  // the timer already retransmitted: the window's congestion was answered
  // before (RFC 5681 sec. 3.1 holds ssthresh for the second case; Linux
  // holds it for both, since the flight is then inflated by recovery).
  bool answered = false;
};

// How a controller hears ECN, and how its receiver echoes it.
enum class EcnResponse : uint8_t {
  // RFC 3168: the receiver echoes CE until the sender's CWR; the sender
  // answers at most once per window with OnEcnEcho, and ECN-Echo ACKs never
  // open the window.
  kClassic,
  // RFC 8257: the receiver echoes each segment's CE exactly (with delayed
  // ACKs, the DCTCP state machine); every ACK reaches OnAck with its ece bit
  // and the controller alone decides when to reduce.
  kScalable,
};

// How the machinery leaves fast recovery: at the first new ACK (Reno,
// RFC 5681) or at the ACK of all data outstanding when it began (NewReno,
// RFC 6582, with partial ACKs retransmitting the next hole).
enum class RecoveryKind : uint8_t { kNewReno, kReno };

// When the machinery restarts the retransmission timer in NewReno recovery:
// at the first partial ACK only (RFC 6582 sec. 4's "Impatient" variant,
// ns-2's; a window with many losses ends in a timeout) or at every one
// ("Slow-but-Steady"; Linux re-arms the timer at every ACK of new data).
enum class RecoveryTimer : uint8_t { kImpatient, kSteady };

// What the registry, the scenario reader and the page know of a controller.
struct CcDescriptor {
  std::string_view name;     // registry key and a TCP group's `variant`
  std::string_view label;
  std::string_view source;   // RFC or paper
  std::string_view summary;  // one sentence
  std::vector<ParamSpec> params;
  EcnResponse ecn = EcnResponse::kClassic;
  Ecn codepoint = Ecn::kEct0;  // what its data carries when ECN is on
  bool needs_ecn = false;      // refuses a group without ECN (Prague)
  RecoveryKind recovery = RecoveryKind::kNewReno;
  RecoveryTimer recovery_timer = RecoveryTimer::kImpatient;
  // Whether OnAck wants a round-trip sample from every ACK (the sender then
  // remembers each segment's send time); otherwise about one per round trip.
  bool rtt_every_ack = false;
};

// RFC 3168 sec. 6.1.2's answer to an ECN-Echo, with the controller's
// multiplicative decrease: the window shrinks by `factor` down to one segment
// (at one segment the machinery holds new data back instead), and ssthresh
// follows it with RFC 5681's floor of two.
inline void ReduceOnClassicEcho(CcWindow& w, double factor) {
  if (w.cwnd > 1.0) w.cwnd = w.cwnd * factor > 1.0 ? w.cwnd * factor : 1.0;
  w.ssthresh = w.cwnd > 2.0 ? w.cwnd : 2.0;
}

// RFC 6298's smoothing (gain 1/8) of exact RTT samples, for a controller
// that keeps its own srtt; a zero sample (none) or a zero srtt (no sample
// yet) is handled.
inline Time SmoothRtt(Time srtt, Time sample) {
  if (sample <= Time()) return srtt;
  if (srtt == Time()) return sample;
  return Time::Nanos(srtt.ns() + (sample.ns() - srtt.ns()) / 8);
}

class CongestionControl {
 public:
  virtual ~CongestionControl() = default;
  // A fresh connection: forget everything learnt (the machinery has set the
  // initial window and ssthresh).
  virtual void Reset(Time now) = 0;
  // New data acknowledged outside fast recovery: grow the window (for a
  // scalable controller also any reduction its ECN-Echo calls for).
  virtual void OnAck(const AckEvent& ack, CcWindow& w) = 0;
  // Three duplicate ACKs: the new ssthresh (the machinery then inflates the
  // window by three segments for fast recovery).
  virtual double OnLoss(const CongestionEvent& e, const CcWindow& w) = 0;
  // A classic ECN-Echo, at most once per window (EcnResponse::kClassic).
  virtual void OnEcnEcho(const CongestionEvent& e, CcWindow& w) { (void)e; (void)w; }
  // A retransmission timeout: the new ssthresh (the window becomes one segment).
  virtual double OnRto(const CongestionEvent& e, const CcWindow& w) = 0;
  // Segments per second the sender spaces its data at, or 0: no pacing.
  virtual double PacingRate(const CcWindow& w) const { (void)w; return 0; }
};

}  // namespace aqmlab
