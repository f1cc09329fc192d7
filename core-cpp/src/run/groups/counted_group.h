// The base of the kinds whose members are counted (tcp, http and the
// open-loop sources but mmpp).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "run/groups/group_build.h"
#include "run/traffic_groups.h"
#include "sim/rng.h"

namespace aqmlab {

// A group whose `count` members (long-lived flows or open-loop sources) run
// while it is on; set_flows changes the count, and the start pattern
// (together, staggered, random over start_window_s) applies each time the
// group turns on.
class CountedGroup : public TrafficGroup {
 public:
  CountedGroup(Network& net, int index, int16_t cls)
      : TrafficGroup(net, index, cls), count_(spec().count) {}

  int64_t count() const override { return count_; }

 protected:
  void OnSetCount(int64_t count) override {
    Grow(count);
    if (on()) {
      // Started at once; members still waiting for their pattern start
      // below the old count keep waiting.
      for (int64_t k = count_; k < count; ++k) {
        if (!members_[k]->running()) members_[k]->Start();
      }
      for (int64_t k = count; k < count_; ++k) members_[k]->Stop();
    }
    count_ = count;
  }

  // One flow or source, with at most one pending event for its pattern
  // start: toggling the group any number of times while starts are pending
  // (the page's live toggles are unlimited) adds no events. A member whose
  // start is still pending when the group turns on again keeps that event:
  // it starts at its new pattern time, or at that event's time if later
  // (only possible when set_flows changed a staggered group's spacing).
  struct Member : EventTarget {
    Member(CountedGroup& g, int64_t k) : group(g), index(k) {}
    virtual ~Member() = default;
    virtual void Start() = 0;
    virtual void Stop() = 0;
    virtual bool running() const = 0;
    void OnEvent(uint32_t) override { group.Due(*this); }
    CountedGroup& group;
    int64_t index;
    bool awaited = false;  // a pattern start is wanted at `due`
    bool pending = false;  // an event for it is in the loop
    Time due;
  };

  virtual std::unique_ptr<Member> MakeMember(int64_t k) = 0;
  const std::vector<std::unique_ptr<Member>>& members() const { return members_; }

  void OnTurnOn() override {
    Grow(count_);
    for (int64_t k = 0; k < count_; ++k) {
      Member& m = *members_[k];
      m.awaited = true;
      m.due = net_.loop.now() + StartOffset(k, count_);
      if (!m.pending) {
        m.pending = true;
        net_.loop.Schedule(m.due, &m);
      }
    }
  }

  void OnTurnOff() override {
    for (auto& m : members_) {
      m->awaited = false;
      if (m->running()) m->Stop();
    }
  }

 private:
  void Grow(int64_t count) {
    while (static_cast<int64_t>(members_.size()) < count) {
      members_.push_back(MakeMember(static_cast<int64_t>(members_.size())));
    }
  }

  void Due(Member& m) {
    m.pending = false;
    if (!m.awaited) return;
    if (net_.loop.now() < m.due) {  // the group turned on again since: wait on
      m.pending = true;
      net_.loop.Schedule(m.due, &m);
      return;
    }
    m.awaited = false;
    if (on() && m.index < count_ && !m.running()) m.Start();
  }

  Time StartOffset(int64_t k, int64_t count) const {
    const GroupSpec& g = spec();
    if (!g.start_list_s.empty()) return Time::Seconds(MemberEntry(g.start_list_s, k));
    switch (g.start) {
      case StartPattern::kTogether:
        return Time();
      case StartPattern::kStaggered:
        return Time::Seconds(g.start_window_s * static_cast<double>(k) / static_cast<double>(count));
      case StartPattern::kRandom: {
        RandomStream rng(net_.scenario.seed, StreamPurpose::kFlowStart, MemberKey(index(), k));
        return Time::Seconds(rng.Uniform(0, g.start_window_s));
      }
    }
    return Time();
  }

  int64_t count_;
  std::vector<std::unique_ptr<Member>> members_;
};

}  // namespace aqmlab
