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

// Where the machinery's loss repair stands when an ACK arrives.
enum class CcPhase : uint8_t {
  kOpen,      // no repair under way
  kRecovery,  // fast recovery (RFC 6582), from the third duplicate ACK to the full ACK
  kLoss,      // after a timeout, until everything sent before it is acknowledged
};

// A delivery-rate sample (draft-cheng-iccrg-delivery-rate-estimation sec.
// 3.3; traffic/cc/delivery_rate.h takes it) with the connection's delivery
// count, for a controller that owns its window (CcDescriptor::owns_window).
struct RateSample {
  int64_t delivered_total = 0;  // C.delivered after this ACK, segments
  Time delivered_time;          // C.delivered_time: when the last delivery was heard
  // The sample: the segments delivered between the sending of the most
  // recently sent segment this ACK delivered and now, over the longer of its
  // send and ACK phases. A zero interval: no sample on this ACK.
  int64_t prior_delivered = 0;  // C.delivered when that segment was sent
  int64_t delivered = 0;
  Time interval;
  bool app_limited = false;  // sent while the sender marked itself app-limited
  bool valid() const { return interval > Time(); }
  double rate() const { return valid() ? static_cast<double>(delivered) / interval.seconds() : 0; }
};

// One ACK that moved snd_una (or, for a scalable controller or one that owns
// its window, any ACK).
struct AckEvent {
  Time now{};
  int64_t acked = 0;     // segments newly acknowledged, cumulatively
  bool ece = false;      // the ACK carries ECN-Echo
  int64_t snd_una = 0;   // after this ACK
  int64_t snd_nxt = 0;
  // The round trip this ACK measured exactly (the segment it acknowledges
  // was sent once, at now - rtt), or zero when it measured none.
  Time rtt;
  // Filled for a controller that owns its window (CcDescriptor::owns_window).
  // Without SACK a duplicate ACK stands for one segment delivered above a
  // hole, as Linux counts for a Reno connection.
  int64_t delivered = 0;      // segments this ACK delivered (newly ACKed or duplicate-ACKed)
  int64_t lost = 0;           // segments this ACK marked lost (the hole fast recovery resends)
  double prior_inflight = 0;  // segments in flight before this ACK (RFC 6675's pipe)
  double inflight = 0;        // and after it, the lost segment not yet resent
  CcPhase phase = CcPhase::kOpen;
  RateSample rate{};
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
  // A model-based controller (BBR): OnAck hears every ACK, duplicates and
  // those of fast recovery included, with a delivery-rate sample, and the
  // window is the controller's throughout (no inflation or deflation in
  // recovery; the machinery only resends holes). The window then bounds the
  // segments in flight (RFC 6675's pipe: outstanding less duplicate-ACKed),
  // which lets a new segment out per duplicate ACK as limited transmit would.
  bool owns_window = false;
  // Whether it may pace (PacingRate above 0): a traced flow of it gets a
  // pacing column beside its window (scenario's `window_chart`).
  bool paces = false;
  // Whether its groups use SACK (RFC 2018 / RFC 6675) unless they say:
  // a TCP group's `sack` overrides it.
  bool sack = false;
};

// What a controller learns when a connection opens.
struct CcStart {
  Time now;
  double initial_window = 0;  // segments, as the machinery set it
  Bytes segment_bytes = 0;    // a data packet on the wire
  // This connection's own seed, for a controller that draws (BBR's first
  // phase of its gain cycle): its sim/rng.h stream is (seed,
  // kCongestionControl, stream), so the same scenario and seed give the
  // same draws and no other stream moves.
  uint64_t seed = 0;
  uint64_t stream = 0;
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
  virtual void Reset(const CcStart& start) = 0;
  // New data acknowledged outside fast recovery: grow the window (for a
  // scalable controller also any reduction its ECN-Echo calls for; for one
  // that owns its window, every ACK).
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
  // A controller that owns its window, after each ACK: the delivery count
  // below which data sent from now on is app-limited (the draft's
  // C.app_limited; BBR marks its ProbeRTT so that those low-rate samples do
  // not lower its estimate), or 0 to leave the mark alone.
  virtual int64_t AppLimitedUntil() const { return 0; }
};

}  // namespace aqmlab
