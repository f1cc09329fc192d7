// `aqmlab bench`: the reference scenarios of the speed goals, timed natively.
#pragma once

namespace aqmlab {

// Prints one JSON line per scenario; `quick` shrinks them for a CI smoke run.
// Each scenario runs `repeat` times; the line gives the median wall time
// (and the fastest), since a shared machine makes single runs scatter.
// `only` >= 0 runs that case alone (the wasm benchmark pairs each of its
// runs with a native one made just before, so both see the same machine).
int RunBenchmarks(bool quick, int repeat, int only = -1);
// How many cases there are (the same in both modes).
int BenchmarkCount();
// Prints the cases as a JSON array of {name, scenario} (the wasm benchmark
// under Node runs exactly these).
int ListBenchmarks(bool quick);

}  // namespace aqmlab
