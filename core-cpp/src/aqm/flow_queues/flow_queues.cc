#include "aqm/flow_queues/flow_queues.h"

namespace aqmlab::fq {

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

uint32_t HashFlow(int32_t flow_id, uint64_t perturbation, uint32_t buckets) {
  uint64_t z = static_cast<uint64_t>(static_cast<uint32_t>(flow_id)) + perturbation;
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<uint32_t>(z % buckets);
}

}  // namespace aqmlab::fq
