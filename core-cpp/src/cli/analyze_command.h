// `aqmlab analyze`: the analysis models (core-cpp/ANALYSIS.md) from a model
// file or from a scenario's sides, as JSON or CSV.
#pragma once

namespace aqmlab {

// argv[0] is "analyze". Exit status: 0 done, 1 bad input, 2 bad usage.
int AnalyzeCommand(int argc, char** argv);

}  // namespace aqmlab
