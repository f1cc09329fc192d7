// Drives one queue discipline directly, without a simulation: the test sets
// the clock, offers packets and pulls them as a link would. Used by the
// aqm_*_test.cc files of the baseline disciplines.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "aqm/registry.h"
#include "net/queue_disc.h"

namespace aqmlab::testing {

class QueueHarness {
 public:
  explicit QueueHarness(const std::string& aqm, const ParamOverrides& params = {},
                        int64_t buffer_packets = 200, bool ecn = false, uint64_t seed = 1)
      : QueueHarness(aqm, params, Link(buffer_packets, ecn), seed) {}

  QueueHarness(const std::string& aqm, const ParamOverrides& params, const LinkContext& link,
               uint64_t seed) {
    QueueDiscEnv env;
    env.link = link;
    env.loop = &loop_;
    env.pool = &pool_;
    env.seed = seed;
    const AqmEntry* entry = FindAqm(aqm);
    EXPECT_NE(entry, nullptr) << aqm;
    if (!entry) return;
    auto made = entry->create(env, params);
    EXPECT_TRUE(made.ok()) << (made.ok() ? "" : made.error());
    if (made.ok()) disc_ = std::move(made.value());
  }

  // A 10 Mb/s link with 500-byte packets (2500 packets/s).
  static LinkContext Link(int64_t buffer_packets = 200, bool ecn = false) {
    LinkContext link;
    link.capacity_bps = 10e6;
    link.typical_packet = 500;
    link.buffer_packets = buffer_packets;
    link.ecn = ecn;
    return link;
  }

  std::vector<double> Signals() const {
    std::vector<double> out(disc_->descriptor().signals.size());
    disc_->ReadSignals(out);
    return out;
  }

  QueueDisc& disc() { return *disc_; }
  template <class Q>
  Q& as() {
    return static_cast<Q&>(*disc_);
  }

  // Moves the clock (running any timers due on the way).
  void At(Time t) { loop_.RunUntil(t); }
  void AtMillis(double ms) { At(Time::Millis(ms)); }
  Time now() const { return loop_.now(); }

  // Offers a packet; returns whether the queue kept it.
  bool Arrive(int32_t flow = 0, Bytes size = 500, bool ect = false) {
    Packet* p = pool_.Allocate();
    p->flow = flow;
    p->size = size;
    if (ect) p->ecn = Ecn::kEct0;
    return disc_->Enqueue(p);
  }

  // Offers a packet with the given ECN codepoint (a dual queue classifies by it).
  bool ArriveWith(Ecn ecn, int32_t flow = 0, Bytes size = 500) {
    Packet* p = pool_.Allocate();
    p->flow = flow;
    p->size = size;
    p->ecn = ecn;
    return disc_->Enqueue(p);
  }

  // Pulls the next packet for the wire; returns its flow (and whether it was
  // CE-marked, and which of a dual queue's queues it left), or -1 when the
  // queue gave nothing. The packet is released.
  int32_t Depart(bool* marked = nullptr, uint8_t* queue = nullptr) {
    Packet* p = disc_->Dequeue();
    if (!p) return -1;
    const int32_t flow = p->flow;
    if (marked) *marked = p->ecn == Ecn::kCe;
    if (queue) *queue = p->queue;
    pool_.Release(p);
    return flow;
  }

  // Deficit round robin's byte shares: `small` offers 1500 packets of 500 B
  // and `large` 500 of 1500 B at once; the bytes each has sent after
  // `departures` packets have left ({small, large}).
  std::array<int64_t, 2> DrrBytes(int32_t small, int32_t large, int departures) {
    for (int i = 0; i < 1500; ++i) Arrive(small, 500);
    for (int i = 0; i < 500; ++i) Arrive(large, 1500);
    std::array<int64_t, 2> bytes{0, 0};
    for (int k = 0; k < departures; ++k) {
      const int32_t flow = Depart();
      bytes[flow == small ? 0 : 1] += flow == small ? 500 : 1500;
    }
    return bytes;
  }

  // arrivals = departures + drops + backlog, and the pool agrees.
  void ExpectBalanced() {
    const QueueCounters& c = disc_->counters();
    EXPECT_EQ(c.arrivals, c.departures + c.drops_total() + disc_->packets());
    EXPECT_EQ(pool_.live(), disc_->packets());
  }

 private:
  EventLoop loop_;
  PacketPool pool_;
  std::unique_ptr<QueueDisc> disc_;
};

}  // namespace aqmlab::testing
