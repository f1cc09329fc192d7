#include "aqm/registry.h"

#include "aqm/droptail/droptail.h"
#include "aqm/red/red_queue.h"

namespace aqmlab {

namespace {
template <class Q>
constexpr AqmEntry Register() {
  return AqmEntry{&Q::Describe, &MakeQueueDisc<Q>, &CheckQueueParams<Q>};
}

// One line per discipline.
constexpr AqmEntry kEntries[] = {
    Register<DropTailQueue>(),
    Register<RedQueue>(),
};
}  // namespace

std::span<const AqmEntry> AqmRegistry() { return kEntries; }

std::string AqmNames() {
  std::string out;
  for (const AqmEntry& e : kEntries) {
    if (!out.empty()) out += ", ";
    out += e.describe().name;
  }
  return out;
}

const AqmEntry* FindAqm(std::string_view name) {
  for (const AqmEntry& e : kEntries) {
    if (e.describe().name == name) return &e;
  }
  return nullptr;
}

}  // namespace aqmlab
