// The registry of queue disciplines: the one place that lists them.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "net/param_table.h"
#include "net/queue_disc.h"

namespace aqmlab {

struct AqmEntry {
  const AqmDescriptor& (*describe)();
  Result<std::unique_ptr<QueueDisc>> (*create)(const QueueDiscEnv&, const ParamOverrides&);
  // Validates parameter values against the table and the discipline's rules
  // without building anything.
  Status (*check)(const LinkContext&, const ParamOverrides&);
};

// Lists the registered names, for error messages.
std::string AqmNames();

std::span<const AqmEntry> AqmRegistry();
const AqmEntry* FindAqm(std::string_view name);

}  // namespace aqmlab
