// `aqmlab bench`: the reference scenarios of the speed goals, timed natively.
#pragma once

namespace aqmlab {

// Prints one JSON line per scenario; `quick` shrinks them for a CI smoke run.
int RunBenchmarks(bool quick);
// Prints the cases as a JSON array of {name, scenario} (the wasm benchmark
// under Node runs exactly these).
int ListBenchmarks(bool quick);

}  // namespace aqmlab
