// JSON views of the registry, shared by the CLI (`aqmlab aqms`, `aqmlab senders`) and the page.
#pragma once

#include <string>

namespace aqmlab {

struct AqmEntry;

// One registered discipline: its name, label, source, summary, parameter
// table, inner signals, law text and chart levels (wasm/API.md's
// describeAqms entry).
std::string AqmEntryJson(const AqmEntry& entry);
// Every registered discipline's, as a JSON array.
std::string AqmCatalogJson();
// The congestion controllers a TCP group's `variant` may name.
std::string SenderCatalogJson();

}  // namespace aqmlab
