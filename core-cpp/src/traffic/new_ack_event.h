// The figures a classic controller hears of a new ACK (OnAck outside
// recovery), shared by the sender's paths with and without SACK.
#pragma once

#include <cstdint>

#include "traffic/cc/congestion_control.h"

namespace aqmlab {

inline AckEvent NewAckEvent(Time now, int64_t acked, bool ece, int64_t snd_una, int64_t snd_nxt, Time rtt) {
  AckEvent e;
  e.now = now;
  e.acked = acked;
  e.ece = ece;
  e.snd_una = snd_una;
  e.snd_nxt = snd_nxt;
  e.rtt = rtt;
  return e;
}

}  // namespace aqmlab
