// The registry of queue disciplines: the one place that lists them. A
// discipline is one folder under aqm/ and one line here (README.md there).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "aqm/param_binding.h"
#include "net/queue_disc.h"

namespace aqmlab {

struct AqmEntry {
  const AqmDescriptor& (*describe)();
  Result<std::unique_ptr<QueueDisc>> (*create)(const QueueDiscEnv&, const ParamOverrides&);
  // Validates parameter values against the table and the discipline's rules
  // without building anything.
  Status (*check)(const LinkContext&, const ParamOverrides&);
  // Its analysis models (aqm/theory/discipline_theory.h); null for a
  // discipline without any.
  const theory::DisciplineTheory& (*theory)() = nullptr;
};

// The entry of discipline Q (aqm/README.md): its descriptor, its factory,
// its check, and its theory when it declares one.
template <class Q>
constexpr AqmEntry Register() {
  if constexpr (requires { Q::Theory(); }) {
    return AqmEntry{&Q::Describe, &MakeQueueDisc<Q>, &CheckQueueParams<Q>, &Q::Theory};
  } else {
    return AqmEntry{&Q::Describe, &MakeQueueDisc<Q>, &CheckQueueParams<Q>, nullptr};
  }
}

// Lists the registered names, for error messages.
std::string AqmNames();

std::span<const AqmEntry> AqmRegistry();
const AqmEntry* FindAqm(std::string_view name);

}  // namespace aqmlab
