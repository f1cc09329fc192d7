#include "cli/info_commands.h"

#include <iostream>

#include "scenario/catalog.h"
#include "scenario/scenario.h"

namespace aqmlab {

const Command kAqmsCommand{
    .name = "aqms",
    .synopsis = "",
    .help = "Prints the registered disciplines and their parameter tables as JSON.",
    .flags = {},
    .run = [](const CommandArgs&) {
      std::cout << AqmCatalogJson() << "\n";
      return 0;
    },
};

const Command kSendersCommand{
    .name = "senders",
    .synopsis = "",
    .help = "Prints the registered TCP congestion controllers (a TCP group's variant) and their "
            "parameter tables as JSON.",
    .flags = {},
    .run = [](const CommandArgs&) {
      std::cout << SenderCatalogJson() << "\n";
      return 0;
    },
};

const Command kDefaultScenarioCommand{
    .name = "default-scenario",
    .synopsis = "",
    .help = "Prints the default scenario as JSON (every field, with its default).",
    .flags = {},
    .run = [](const CommandArgs&) {
      std::cout << ScenarioToJson(DefaultScenario()) << "\n";
      return 0;
    },
};

}  // namespace aqmlab
