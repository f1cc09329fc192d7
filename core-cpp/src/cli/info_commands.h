// `aqmlab aqms`, `aqmlab senders` and `aqmlab default-scenario`: what the core knows, as JSON.
#pragma once

#include "cli/command.h"

namespace aqmlab {
extern const Command kAqmsCommand;
extern const Command kSendersCommand;
extern const Command kDefaultScenarioCommand;
}  // namespace aqmlab
