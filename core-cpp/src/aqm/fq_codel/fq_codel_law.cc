#include "aqm/fq_codel/fq_codel_law.h"

namespace aqmlab::fq_codel {

void FlowRing::Reset(size_t capacity) {
  slots_.assign(capacity, 0);
  head_ = 0;
  count_ = 0;
}

void FlowRing::PushBack(uint32_t flow) {
  slots_[(head_ + count_) % slots_.size()] = flow;
  ++count_;
}

void FlowRing::PopFront() {
  head_ = (head_ + 1) % slots_.size();
  --count_;
}

void FlowQueues::Reset(uint32_t buckets, uint64_t perturbation) {
  flows_.assign(buckets, Flow{});
  new_.Reset(buckets);
  old_.Reset(buckets);
  perturbation_ = perturbation;
  current_ = 0;
  continuing_ = false;
}

uint32_t FlowQueues::Classify(int32_t flow_id) const {
  // SplitMix64's finaliser over the flow id and the run's perturbation: the
  // lab's stand-in for hashing the 5-tuple, so buckets can collide as in Linux.
  uint64_t z = static_cast<uint64_t>(static_cast<uint32_t>(flow_id)) + perturbation_;
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<uint32_t>(z % flows_.size());
}

void FlowQueues::Store(Packet* p, int64_t quantum) {
  const uint32_t i = Classify(p->flow);
  Flow& f = flows_[i];
  f.queue.PushBack(p);
  if (f.list == ListId::kNone) {
    f.list = ListId::kNew;
    f.deficit = quantum;
    new_.PushBack(i);
  }
}

void FlowQueues::RetireEmpty(FlowRing& list) {
  const uint32_t i = list.front();
  list.PopFront();
  if (&list == &new_) {
    flows_[i].list = ListId::kOld;
    old_.PushBack(i);
  } else {
    flows_[i].list = ListId::kNone;
  }
}

Packet* FlowQueues::Next(int64_t quantum) {
  if (continuing_) {
    continuing_ = false;
    Flow& f = flows_[current_];
    if (!f.queue.empty()) return f.queue.PopFront();
    // CoDel's loop found this flow empty (the law has seen that already).
    RetireEmpty(f.list == ListId::kNew ? new_ : old_);
  }
  while (!new_.empty() || !old_.empty()) {
    FlowRing& list = !new_.empty() ? new_ : old_;
    const uint32_t i = list.front();
    Flow& f = flows_[i];
    if (f.deficit <= 0) {
      f.deficit += quantum;
      list.PopFront();
      f.list = ListId::kOld;
      old_.PushBack(i);
      continue;
    }
    if (f.queue.empty()) {
      codel::OnEmpty(f.codel);
      RetireEmpty(list);
      continue;
    }
    current_ = i;
    return f.queue.PopFront();
  }
  return nullptr;
}

Packet* FlowQueues::Victim(Packet* arrival) {
  const uint32_t own = Classify(arrival->flow);
  uint32_t fattest = own;
  Bytes most = flows_[own].queue.bytes() + arrival->size;
  for (const FlowRing* list : {&new_, &old_}) {
    for (size_t k = 0; k < list->size(); ++k) {
      const uint32_t i = list->at(k);
      if (flows_[i].queue.bytes() > most) {
        most = flows_[i].queue.bytes();
        fattest = i;
      }
    }
  }
  if (flows_[fattest].queue.empty()) return arrival;
  return flows_[fattest].queue.PopFront();
}

void FlowQueues::DrainInto(PacketList& out) {
  for (Flow& f : flows_) {
    while (!f.queue.empty()) out.PushBack(f.queue.PopFront());
  }
}

}  // namespace aqmlab::fq_codel
