// CoDel against RFC 8289's pseudocode, step by step: a literal model of the
// RFC's dodequeue() / dequeue() (section 5, including the Linux count
// carry-over it adopts) and the lab's CodelQueue get the same arrivals and
// the same dequeue calls, and must send the same packets, drop the same ones
// and agree on count, lastcount, dropping and drop_next after every call.
// Load alternates between overload and underload so the queue leaves and
// re-enters the dropping state many times, both within 16 intervals of the
// last drop_next (count carried over) and after (count back to 1).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <deque>
#include <random>

#include "aqm/codel/codel_queue.h"
#include "aqm_harness.h"

namespace aqmlab {
namespace {

// RFC 8289 sec. 5, in the RFC's own variables. maxpacket_ is the one packet
// size used (the lab's is the largest packet seen: the same here).
class RfcCodel {
 public:
  struct Packet {
    int32_t id;
    Time tstamp;
  };
  static constexpr Bytes kSize = 500;
  const Time kTarget = Time::Millis(5);
  const Time kInterval = Time::Millis(100);

  void Enqueue(int32_t id, Time now) { queue_.push_back({id, now}); }

  // Returns the id of the packet sent, or -1; drops go to `drops`.
  int32_t Dequeue(Time now) {
    Result r = DoDequeue(now);
    if (dropping_) {
      if (!r.ok_to_drop) dropping_ = false;
      while (now >= drop_next_ && dropping_) {
        ++drops;  // drop(r.p)
        ++count_;
        r = DoDequeue(now);
        if (!r.ok_to_drop) {
          dropping_ = false;
        } else {
          drop_next_ = ControlLaw(drop_next_, count_);
        }
      }
    } else if (r.ok_to_drop) {
      ++drops;
      r = DoDequeue(now);
      dropping_ = true;
      const int64_t delta = count_ - lastcount_;
      count_ = 1;
      if (delta > 1 && now - drop_next_ < kInterval * 16) {
        count_ = delta;
        ++carried_over;
      } else {
        ++fresh_starts;
      }
      drop_next_ = ControlLaw(now, count_);
      lastcount_ = count_;
    }
    return r.id;
  }

  bool dropping() const { return dropping_; }
  int64_t count() const { return count_; }
  int64_t lastcount() const { return lastcount_; }
  Time drop_next() const { return drop_next_; }
  int64_t drops = 0;
  int carried_over = 0;  // entries that restored the last cycle's count
  int fresh_starts = 0;  // entries that started from count 1

 private:
  struct Result {
    int32_t id = -1;
    bool ok_to_drop = false;
  };

  Result DoDequeue(Time now) {
    if (queue_.empty()) {
      first_above_time_ = Time();
      return {};
    }
    const Packet p = queue_.front();
    queue_.pop_front();
    Result r{p.id, false};
    const Bytes bytes = static_cast<Bytes>(queue_.size()) * kSize;
    if (now - p.tstamp < kTarget || bytes <= kSize) {
      first_above_time_ = Time();
    } else if (first_above_time_ == Time()) {
      first_above_time_ = now + kInterval;
    } else if (now >= first_above_time_) {
      r.ok_to_drop = true;
    }
    return r;
  }

  Time ControlLaw(Time t, int64_t count) const {
    return t + Time::Nanos(static_cast<int64_t>(static_cast<double>(kInterval.ns()) /
                                                std::sqrt(static_cast<double>(count))));
  }

  std::deque<Packet> queue_;
  Time first_above_time_;  // 0: not above target (the RFC's convention)
  Time drop_next_;
  int64_t count_ = 0;
  int64_t lastcount_ = 0;
  bool dropping_ = false;
};

TEST(CodelRfc, EveryDequeueMatchesTheRfcPseudocode) {
  testing::QueueHarness lab("codel", {}, 100000);
  RfcCodel rfc;
  std::mt19937_64 rng(8289);
  std::uniform_real_distribution<double> uniform(0, 1);
  // A 10 Mb/s link sends a 500 B packet every 0.4 ms. Phases of 0.1 to 3 s
  // alternate arrivals at 1.05 to 1.6 times that rate with 0.2 to 0.9 times.
  const Time service = Time::Micros(400);
  Time t = Time::Seconds(1);  // after 0: the RFC's "first_above_time == 0" means unset
  const Time end = Time::Seconds(121);
  int32_t next_id = 0;
  int64_t lab_drops_before = 0;
  bool overload = true;
  while (t < end) {
    const Time phase_end = t + Time::Millis(100 + 2900 * uniform(rng));
    const double load = overload ? 1.05 + 0.55 * uniform(rng) : 0.2 + 0.7 * uniform(rng);
    overload = !overload;
    for (; t < phase_end; t += service) {
      // Arrivals in this slot: Bernoulli thinning of `load` packets per slot.
      for (double a = load; a > 0; a -= 1) {
        if (uniform(rng) >= std::min(a, 1.0)) continue;
        lab.At(t);
        ASSERT_TRUE(lab.Arrive(next_id));
        rfc.Enqueue(next_id, t);
        ++next_id;
      }
      const Time now = t + Time::Micros(200);
      lab.At(now);
      const int32_t sent = lab.Depart();
      ASSERT_EQ(sent, rfc.Dequeue(now)) << "at " << now.seconds() << " s";
      const codel::State& s = lab.as<CodelQueue>().state();
      const int64_t lab_drops = lab.disc().counters().drops_total();
      ASSERT_EQ(lab_drops, rfc.drops) << "at " << now.seconds() << " s";
      ASSERT_EQ(s.dropping, rfc.dropping()) << "at " << now.seconds() << " s";
      ASSERT_EQ(s.count, rfc.count()) << "at " << now.seconds() << " s";
      ASSERT_EQ(s.lastcount, rfc.lastcount()) << "at " << now.seconds() << " s";
      if (rfc.dropping()) ASSERT_EQ(s.drop_next, rfc.drop_next()) << "at " << now.seconds();
      lab_drops_before = lab_drops;
    }
  }
  // The walk must have exercised what it checks: many drops, and many
  // entries into dropping state of both kinds.
  EXPECT_GT(lab_drops_before, 1000);
  EXPECT_GE(rfc.carried_over, 10);
  EXPECT_GE(rfc.fresh_starts, 10);
  lab.ExpectBalanced();
}

}  // namespace
}  // namespace aqmlab
