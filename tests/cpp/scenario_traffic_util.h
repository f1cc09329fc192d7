#pragma once

// Helpers shared by the scenario traffic tests.

#include <string>
#include <vector>

namespace aqmlab::scenario_test {

// An uncongested 10 Mb/s dumbbell (buffer 1000, drop-tail) around `groups`.
inline std::string Uncongested(const std::string& groups, double duration = 40, double warmup = 5) {
  return R"({"duration_s": )" + std::to_string(duration) + R"(, "warmup_s": )" +
         std::to_string(warmup) + R"(, "seed": 5, "bottleneck": {"buffer_pkts": 1000},
    "sides": [{"aqm": "droptail"}], "groups": )" + groups + "}";
}

// Bytes of `column` (Mb/s per sample) up to and including each sample.
inline std::vector<double> CumulativeBytes(const std::vector<double>& mbps, double interval_s) {
  std::vector<double> out;
  double sum = 0;
  for (double v : mbps) {
    sum += v * 1e6 * interval_s / 8;
    out.push_back(sum);
  }
  return out;
}

}  // namespace aqmlab::scenario_test
