// JSON views of the registry, shared by the CLI (`aqmlab aqms`, `aqmlab senders`) and the page.
#pragma once

#include <string>

namespace aqmlab {

std::string AqmCatalogJson();
// The congestion controllers a TCP group's `variant` may name.
std::string SenderCatalogJson();

}  // namespace aqmlab
