#include "aqm/cake/cake_law.h"

#include <algorithm>

#include "aqm/flow_queues/flow_queues.h"

namespace aqmlab::cake {

namespace {
constexpr uint32_t kNil = UINT32_MAX;
}

cobalt::Params Tuning::Cobalt() const {
  cobalt::Params p;
  p.target_ms = target.millis();
  p.interval_ms = interval.millis();
  p.blue_threshold_ms = 1e9;  // 11.6 days, in range of Time's nanoseconds
  return p;
}

Tuning Tune(const Params& p) {
  Tuning t;
  const Time target = Time::Millis(p.target_ms);
  const Time interval = Time::Millis(p.interval_ms);
  t.target = target;
  t.interval = interval;
  if (p.bandwidth_mbps <= 0) return t;
  t.rate_bps = p.bandwidth_mbps * 1e6;
  const double bytes_per_s = t.rate_bps / 8;
  // A quantum of 1/4096 of a second's bytes, between 300 and one MTU.
  t.quantum = std::clamp<int64_t>(static_cast<int64_t>(bytes_per_s) >> 12, 300, kMtu);
  t.mtu_time = Time::Nanos(static_cast<int64_t>(static_cast<double>(kMtu) * 1e9 / bytes_per_s + 0.5));
  t.target = std::max(Time::Nanos(t.mtu_time.ns() * 3 / 2), target);
  t.interval = std::max(interval + t.target - target, t.target * 2);
  return t;
}

void FlowTable::Reset(uint64_t perturbation) {
  flows_.assign(kQueues, Flow{});
  tags_.assign(kQueues, 0);
  lists_ = {};
  for (List& l : lists_) l.head = l.tail = kNil;
  perturbation_ = perturbation;
  counts_ = {};
  current_ = 0;
  continuing_ = false;
  blue_max_ = 0;
  blue_stale_ = false;
}

uint32_t FlowTable::Tag(int32_t flow_id) const {
  return fq::HashFlow(flow_id, perturbation_, UINT32_MAX);
}

Placement FlowTable::Lookup(int32_t flow_id) const { return LookupTag(Tag(flow_id)); }

Placement FlowTable::LookupTag(uint32_t tag) const {
  const uint32_t reduced = tag % kQueues;
  const uint32_t outer = reduced - reduced % kWays;
  Placement at{reduced, WayOutcome::kHit};
  if (!(tags_[reduced] == tag && flows_[reduced].set != FlowSet::kNone)) {
    bool found = false;
    for (uint32_t i = 0, k = reduced % kWays; i < kWays && !found; ++i, k = (k + 1) % kWays) {
      if (tags_[outer + k] == tag) at.queue = outer + k, found = true;
    }
    for (uint32_t i = 0, k = reduced % kWays; i < kWays && !found; ++i, k = (k + 1) % kWays) {
      if (flows_[outer + k].set == FlowSet::kNone) {
        at = {outer + k, WayOutcome::kMiss};
        found = true;
      }
    }
    if (!found) at.outcome = WayOutcome::kCollision;
  }
  return at;
}

Placement FlowTable::Place(int32_t flow_id) {
  const uint32_t tag = Tag(flow_id);
  const Placement at = LookupTag(tag);
  tags_[at.queue] = tag;
  return at;
}

FlowTable::List& FlowTable::ListOf(Chain c) { return lists_[static_cast<size_t>(c) - 1]; }

void FlowTable::PushBack(Chain c, uint32_t i) {
  List& l = ListOf(c);
  Flow& f = flows_[i];
  f.chain = c;
  f.prev = l.tail;
  f.next = kNil;
  if (l.tail == kNil) {
    l.head = i;
  } else {
    flows_[l.tail].next = i;
  }
  l.tail = i;
  ++l.size;
}

void FlowTable::Remove(uint32_t i) {
  Flow& f = flows_[i];
  List& l = ListOf(f.chain);
  (f.prev == kNil ? l.head : flows_[f.prev].next) = f.next;
  (f.next == kNil ? l.tail : flows_[f.next].prev) = f.prev;
  --l.size;
  f.chain = Chain::kNone;
}

void FlowTable::CountOut(FlowSet s) {
  if (s == FlowSet::kSparse || s == FlowSet::kSparseWait) --counts_.sparse;
  if (s == FlowSet::kBulk) --counts_.bulk;
  if (s == FlowSet::kDecaying) --counts_.decaying;
}

void FlowTable::Store(Packet* p, int64_t quantum) {
  const Placement at = Place(p->flow);
  if (at.outcome == WayOutcome::kMiss) ++counts_.way_misses;
  if (at.outcome == WayOutcome::kCollision) ++counts_.way_collisions;
  Flow& f = flows_[at.queue];
  f.queue.PushBack(p);
  if (f.set == FlowSet::kNone || f.set == FlowSet::kDecaying) {
    if (f.set == FlowSet::kNone) {
      PushBack(Chain::kNew, at.queue);
    } else {
      --counts_.decaying;
      MoveTo(Chain::kNew, at.queue);
    }
    f.set = FlowSet::kSparse;
    ++counts_.sparse;
    f.deficit = quantum;
  } else if (f.set == FlowSet::kSparseWait) {
    f.set = FlowSet::kBulk;
    --counts_.sparse;
    ++counts_.bulk;
  }
}

void FlowTable::Retire(uint32_t i, const cobalt::Params& cp, Time now) {
  Flow& f = flows_[i];
  const double blue_before = f.law.blue.p;
  cobalt::OnQueueEmpty(cp, f.law, now);
  NoteBlue(i, blue_before);
  CountOut(f.set);
  if (f.law.blue.p > 0 || f.law.count > 0 || now < f.law.drop_next) {
    MoveTo(Chain::kDecaying, i);
    f.set = FlowSet::kDecaying;
    ++counts_.decaying;
  } else {
    Remove(i);
    f.set = FlowSet::kNone;
  }
}

Packet* FlowTable::Next(int64_t quantum, const cobalt::Params& cp, Time now) {
  if (continuing_) {
    continuing_ = false;
    // A packet is dropped only while another waits behind it.
    return flows_[current_].queue.PopFront();
  }
  bool first = true;
  for (;;) {
    Chain c = Chain::kDecaying;
    if (!first || ListOf(Chain::kDecaying).size == 0) {
      if (ListOf(Chain::kNew).size > 0) {
        c = Chain::kNew;
      } else if (ListOf(Chain::kOld).size > 0) {
        c = Chain::kOld;
      } else if (ListOf(Chain::kDecaying).size == 0) {
        return nullptr;
      }
    }
    first = false;
    const uint32_t i = ListOf(c).head;
    Flow& f = flows_[i];
    if (f.deficit <= 0) {
      // Out of deficit: no longer sparse (or, if empty, counted sparse
      // while it waits in the bulk rotation).
      if (f.set == FlowSet::kSparse) {
        if (f.queue.empty()) {
          f.set = FlowSet::kSparseWait;
        } else {
          f.set = FlowSet::kBulk;
          --counts_.sparse;
          ++counts_.bulk;
        }
      }
      f.deficit += quantum;
      MoveTo(Chain::kOld, i);
      continue;
    }
    if (f.queue.empty()) {
      Retire(i, cp, now);
      continue;
    }
    current_ = i;
    return f.queue.PopFront();
  }
}

Packet* FlowTable::DropFromFattest(Packet* arrival, const cobalt::Params& cp, Time now) {
  const Placement own = Lookup(arrival->flow);
  uint32_t fattest = own.queue;
  Bytes most = flows_[own.queue].queue.bytes() + arrival->size;
  for (Chain c : {Chain::kNew, Chain::kOld}) {
    for (uint32_t i = ListOf(c).head; i != kNil; i = flows_[i].next) {
      if (flows_[i].queue.bytes() > most) {
        most = flows_[i].queue.bytes();
        fattest = i;
      }
    }
  }
  Flow& f = flows_[fattest];
  const double blue_before = f.law.blue.p;
  cobalt::OnQueueFull(cp, f.law, now);
  NoteBlue(fattest, blue_before);
  if (f.queue.empty()) return arrival;
  return f.queue.PopFront();
}

int64_t FlowTable::LargestFlowPackets() const {
  int64_t most = 0;
  for (Chain c : {Chain::kNew, Chain::kOld}) {
    for (uint32_t i = lists_[static_cast<size_t>(c) - 1].head; i != kNil; i = flows_[i].next) {
      most = std::max(most, flows_[i].queue.size());
    }
  }
  return most;
}

double FlowTable::LargestBlue() const {
  if (!blue_stale_) return blue_max_;
  double p = 0;
  for (const List& l : lists_) {
    for (uint32_t i = l.head; i != kNil; i = flows_[i].next) p = std::max(p, flows_[i].law.blue.p);
  }
  blue_max_ = p;
  blue_stale_ = false;
  return p;
}

void FlowTable::DrainInto(PacketList& out) {
  for (Flow& f : flows_) {
    while (!f.queue.empty()) out.PushBack(f.queue.PopFront());
  }
}

}  // namespace aqmlab::cake
