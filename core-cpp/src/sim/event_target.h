// What the event loop calls back: anything that schedules events.
#pragma once

#include <cstdint>

namespace aqmlab {

class EventTarget {
 public:
  virtual void OnEvent(uint32_t tag) = 0;

 protected:
  ~EventTarget() = default;
};

}  // namespace aqmlab
