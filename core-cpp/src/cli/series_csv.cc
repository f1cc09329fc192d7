#include "cli/series_csv.h"

#include <cmath>
#include <cstdio>

namespace aqmlab {

namespace {

std::string CsvNumber(double v) {
  if (std::isnan(v)) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

}  // namespace

std::string CsvText(const std::string& s) {
  const bool formula = !s.empty() && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' ||
                                      s[0] == '\t' || s[0] == '\r');
  std::string out = formula ? "\"'" : "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

SeriesCsv::SeriesCsv(const std::string& path, const Scenario& scenario,
                     const std::vector<std::unique_ptr<Simulation>>& sims)
    : out_(path) {
  if (!out_) return;
  out_ << "# AQM Lab metric series; seed " << scenario.seed << "\n";
  std::string one_line;
  for (char c : ScenarioToJson(scenario)) {
    if (c != '\n') one_line += c;
  }
  out_ << "# scenario: " << one_line << "\n";
  out_ << "t";
  for (size_t s = 0; s < sims.size(); ++s) {
    const auto& names = sims[s]->metrics().columns();
    for (size_t c = 1; c < names.size(); ++c) out_ << "," << CsvText(scenario.sides[s].name + "." + names[c]);
  }
  out_ << "\n";
}

void SeriesCsv::Flush(const std::vector<std::unique_ptr<Simulation>>& sims) {
  const int64_t rows = sims.front()->metrics().batch_length();
  for (int64_t r = 0; r < rows; ++r) {
    out_ << CsvNumber(sims.front()->metrics().batch()[0][r]);
    for (const auto& sim : sims) {
      const auto& cols = sim->metrics().batch();
      const bool has = r < sim->metrics().batch_length();
      for (size_t c = 1; c < cols.size(); ++c) out_ << "," << (has ? CsvNumber(cols[c][r]) : "");
    }
    out_ << "\n";
  }
  for (const auto& sim : sims) sim->metrics().ClearBatch();
}

bool SeriesCsv::Close() {
  out_.close();
  return !out_.fail();
}

}  // namespace aqmlab
