#include "metrics/columns.h"

#include <nlohmann/json.hpp>

namespace aqmlab {

std::string_view ReadingName(ColumnReading r) {
  switch (r) {
    case ColumnReading::kAtSample: return "at_sample";
    case ColumnReading::kIntervalMean: return "interval_mean";
    case ColumnReading::kIntervalRate: return "interval_rate";
    case ColumnReading::kIntervalCount: return "interval_count";
  }
  return "";
}

namespace {
template <size_t N>
nlohmann::json TableJson(const std::array<ColumnSpec, N>& table) {
  nlohmann::json out = nlohmann::json::array();
  for (const ColumnSpec& c : table) {
    out.push_back({{"name", c.name}, {"unit", c.unit}, {"reading", ReadingName(c.reading)}});
  }
  return out;
}
}  // namespace

std::string ColumnTablesJson() {
  return nlohmann::json{{"hop1", TableJson(kHop1Columns)},
                        {"class", TableJson(kClassColumns)},
                        {"queue", TableJson(kQueueColumns)},
                        {"link", TableJson(kLinkColumns)},
                        {"flow", TableJson(kFlowColumns)}}
      .dump();
}

}  // namespace aqmlab
