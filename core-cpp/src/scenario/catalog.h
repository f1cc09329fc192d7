// JSON views of the registry, shared by the CLI (`aqmlab aqms`) and the page.
#pragma once

#include <string>

namespace aqmlab {

std::string AqmCatalogJson();

}  // namespace aqmlab
