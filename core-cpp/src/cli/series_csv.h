// `aqmlab run --csv`: the metric series of every side as one CSV file,
// written as the run goes (a day at 1 ms is tens of millions of rows, which
// must not wait in memory), the same layout as the page's export.
#pragma once

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "scenario/scenario.h"
#include "run/simulation.h"

namespace aqmlab {

// Text a spreadsheet would run as a formula (=, +, -, @, tab or CR first)
// gets a leading apostrophe, as in the page's export; then CSV quoting.
std::string CsvText(const std::string& s);

class SeriesCsv {
 public:
  // Opens `path` and writes the comment lines and the header.
  SeriesCsv(const std::string& path, const Scenario& scenario,
            const std::vector<std::unique_ptr<Simulation>>& sims);
  bool ok() const { return static_cast<bool>(out_); }
  // Writes the samples every side holds (they share one sampling grid) and
  // clears them.
  void Flush(const std::vector<std::unique_ptr<Simulation>>& sims);
  bool Close();

 private:
  std::ofstream out_;
};

}  // namespace aqmlab
