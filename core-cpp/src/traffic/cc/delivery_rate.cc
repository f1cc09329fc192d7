#include "traffic/cc/delivery_rate.h"

#include <algorithm>

namespace aqmlab {

// The records are not cleared: a fresh connection sends every segment
// again before any ACK can deliver it.
void DeliveryRate::Reset() {
  delivered_ = 0;
  delivered_time_ = first_sent_ = Time();
  app_limited_ = 0;
  min_rtt_ = Time::Max();
  have_ = false;
}

// The draft's sec. 3.2, "upon sending a packet".
void DeliveryRate::OnSend(int64_t seq, int64_t snd_una, int64_t high_sent, Time now) {
  if (snd_una == high_sent) first_sent_ = delivered_time_ = now;
  records_.Fit(snd_una, std::max(high_sent, seq + 1), Record{});
  records_[seq] = Record{delivered_, delivered_time_, first_sent_, now, app_limited_ != 0};
}

// The draft's UpdateRateSample for each delivered segment: keep the most
// recently sent (the largest P.delivered; ties keep the first, as Linux).
void DeliveryRate::OnAcked(int64_t from, int64_t to) {
  for (int64_t s = from; s < to; ++s) {
    const Record& r = records_[s];
    if (have_ && r.delivered <= chosen_.delivered) continue;
    have_ = true;
    chosen_ = r;
  }
  if (have_) first_sent_ = chosen_.sent;
}

// The draft's GenerateRateSample, with Linux's order: the delivery count
// first, then the app-limited bubble is cleared once delivered past it.
RateSample DeliveryRate::Sample(int64_t delivered, Time now, Time rtt) {
  if (rtt > Time() && rtt < min_rtt_) min_rtt_ = rtt;
  delivered_ += delivered;
  if (delivered > 0) delivered_time_ = now;
  if (app_limited_ != 0 && delivered_ > app_limited_) app_limited_ = 0;
  RateSample rs;
  rs.delivered_total = delivered_;
  rs.delivered_time = delivered_time_;
  if (!have_) return rs;
  have_ = false;
  rs.prior_delivered = chosen_.delivered;
  rs.delivered = delivered_ - chosen_.delivered;
  rs.app_limited = chosen_.app_limited;
  const Time send_phase = chosen_.sent - chosen_.first_sent;
  const Time ack_phase = now - chosen_.delivered_time;
  const Time interval = std::max(send_phase, ack_phase);
  // Sec. 3.3: an interval shorter than the path's round trip would claim
  // more than the path can carry (ACK compression); no sample.
  if (interval >= min_rtt_) rs.interval = interval;
  return rs;
}

}  // namespace aqmlab
