// CoDel's control law (RFC 8289, Nichols, Jacobson, McGregor, Iyengar 2018).
// Pure functions: the caller passes each packet leaving the queue, its
// sojourn time and what stays queued behind it. FQ-CoDel keeps one State per
// flow queue and calls the same functions.
//
// RFC 8289's dequeue() may drop several packets in one call. Here the queue
// base asks for a verdict per packet: after a kCongest that drops, the next
// call is the next packet of the same dequeue (State::loop remembers which
// step of the pseudocode it continues), so the drops are exactly the RFC's.
//
// L4S marking (Judge): with ce_threshold_ms set, an ECT(1) or CE packet the
// queue may mark is CE-marked when its sojourn exceeds the threshold and is
// never judged by CoDel's law, as ns-3's CoDelQueueDisc with UseL4s; Linux's
// fq_codel applies the threshold after the law instead (README.md).
#pragma once

#include <cstdint>

#include "net/discipline.h"
#include "net/packet.h"

namespace aqmlab::codel {

struct Params {
  double target_ms = 5;      // TARGET, acceptable standing sojourn time
  double interval_ms = 100;  // INTERVAL, sliding-minimum window, about an RTT
  double ce_threshold_ms = 0;  // L4S: CE-mark ECT(1)/CE packets above this sojourn; 0: off
};

// Which step of RFC 8289's dequeue() the next packet continues, after a drop.
enum class Loop : uint8_t {
  kNone,      // a fresh dequeue
  kDropping,  // inside "while (now >= drop_next_ && dropping_)"
  kEntered,   // just entered dropping state: the next packet is delivered
};

struct State {
  bool above_target = false;  // first_above_time is set (the RFC's "!= 0")
  Time first_above_time;
  bool dropping = false;
  Time drop_next;
  int64_t count = 0;
  int64_t lastcount = 0;
  Loop loop = Loop::kNone;
  Bytes max_packet = 0;  // maxpacket_: the largest packet seen
  Time last_sojourn;     // for plotting
};

// One packet leaving the queue.
struct Candidate {
  Time now;
  Time sojourn;
  Bytes packet_bytes;
  Bytes backlog_bytes;  // bytes still queued on the link after this packet
  bool queue_empty;     // no packet follows it in this (flow) queue
  bool markable;        // a kCongest verdict will mark it, not drop it
  Ecn ecn;              // its codepoint (the L4S threshold judges ECT(1) and CE)
};

// A verdict and which rule gave it.
struct Verdict {
  Decision decision;
  bool threshold_mark;  // a CE mark of the L4S threshold, not of CoDel's law
};

// drop_next after `t`: t + interval / sqrt(count) (RFC 8289 sec. 5).
Time ControlLaw(Time t, Time interval, int64_t count);

// dodequeue()'s test (RFC 8289 sec. 5): whether the sojourn time has been
// at or above target for at least an interval. Updates first_above_time.
bool OkToDrop(const Params& p, State& s, const Candidate& c);

// The verdict on one packet (RFC 8289 sec. 5, dequeue()). A mark ends the
// drop loop and advances drop_next by the control law, as Linux does; the
// RFC's pseudocode only drops.
Decision OnDequeue(const Params& p, State& s, const Candidate& c);

// Whether the L4S threshold, not CoDel's law, judges this packet: a
// threshold is set and the packet is ECT(1) or CE and may be marked. With
// the bottleneck's ECN off the threshold does nothing.
bool ThresholdJudges(const Params& p, const Candidate& c);

// The verdict on one packet: the L4S threshold's when it judges it (a mark
// when the sojourn exceeds the threshold, else a pass; CoDel's state is left
// as it was, a drop loop in progress included), else OnDequeue's.
Verdict Judge(const Params& p, State& s, const Candidate& c);

// A dequeue found this queue empty (dodequeue() returned no packet): the
// sojourn is no longer above target and the drop state ends.
void OnEmpty(State& s);

// CoDel has no drop probability; for p(t) the lab plots the share of
// departing packets signalled, an EWMA over about 500 verdicts.
inline double SignalShare(double share, Decision d) {
  constexpr double kWeight = 1.0 / 512;
  return share + kWeight * ((d == Decision::kPass ? 0.0 : 1.0) - share);
}

}  // namespace aqmlab::codel
