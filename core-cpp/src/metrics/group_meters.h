// The per-sender counts only the queues see: each long-lived TCP group's
// data bytes leaving hop 1's forward queue and its data packets dropped at
// any queue. A packet's flow id names its group (TrafficProbe::flow_group),
// so a departure costs one lookup and one add.
#pragma once

#include <cstdint>
#include <vector>

#include "metrics/group_summary.h"
#include "net/packet.h"

namespace aqmlab {

class GroupMeters {
 public:
  // `flow_group`: for each long-lived flow id, its group's slot (the order
  // of TrafficProbe::tcp_groups); it grows as groups add flows. Null: none.
  GroupMeters(const std::vector<int16_t>* flow_group, size_t groups)
      : flow_group_(flow_group), departed_(groups, 0), dropped_(groups, 0) {}

  // A data packet leaving hop 1's forward queue.
  void OnDepart(const Packet& p) {
    if (const int s = SlotOf(p); s >= 0) departed_[static_cast<size_t>(s)] += p.size;
  }
  // A data packet dropped at any queue.
  void OnDrop(const Packet& p) {
    if (const int s = SlotOf(p); s >= 0) ++dropped_[static_cast<size_t>(s)];
  }
  // Writes the two counts into each group's entry.
  void Fill(std::vector<GroupCounters>& groups) const {
    for (size_t g = 0; g < groups.size() && g < departed_.size(); ++g) {
      groups[g].departed = departed_[g];
      groups[g].dropped = dropped_[g];
    }
  }

 private:
  // Short flows and open-loop sources have ids far above the long-lived
  // flows' (run/groups/group_build.h), so they fall outside the table.
  int SlotOf(const Packet& p) const {
    const auto f = static_cast<size_t>(p.flow);
    return flow_group_ && f < flow_group_->size() ? (*flow_group_)[f] : -1;
  }

  const std::vector<int16_t>* flow_group_;
  std::vector<Bytes> departed_;
  std::vector<int64_t> dropped_;
};

}  // namespace aqmlab
