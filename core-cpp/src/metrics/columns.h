// The one table of sampled columns: each column's name, unit and how its
// value is read from the interval it closes. The recorder (recorder.cc) and
// the link monitors (link_monitor.cc) take their column names from here and
// write each row through these indices; wasm's describeColumns() hands the
// same table to the page, whose charts and the docs (wasm/API.md,
// core-cpp/SCENARIO.md) are checked against it (tests/web/wasm/metric-columns.test.ts).
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>

namespace aqmlab {

// A figure with no value (an interval mean without a departure, a mean of
// no runs): NaN, which JSON writes as null and CSV as an empty cell.
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// How a sample's value relates to the interval that ends at its time.
enum class ColumnReading {
  kAtSample,      // the state at the sample's time
  kIntervalMean,  // the mean over the interval's departures (NaN without one)
  kIntervalRate,  // an amount over the interval divided by its length
  kIntervalCount, // events counted over the interval
};

std::string_view ReadingName(ColumnReading r);

struct ColumnSpec {
  size_t index;  // its place in the row; equal to its place in the table (checked below)
  std::string_view name;
  std::string_view unit;  // as the page writes it; "" for a pure number (a ratio, a probability)
  ColumnReading reading;
};

// Hop 1's forward queue: the first columns of every run, in this order. The
// discipline's signals ("aqm.<signal>") and the classes' figures follow
// (ClassColumns), then the discipline's queues' when it has several
// (QueueColumns), then each other monitored queue's (LinkColumns), then
// the window chart's flows' (FlowColumns).
namespace hop1 {
enum Column : size_t {
  kT, kQueuePkts, kQueueBytes, kDelayMs, kJitterMs, kThroughputMbps, kGoodputMbps, kUtilisation,
  kArrivals, kDropsOverflow, kDropsForced, kDropsEarly, kMarks, kP, kFlows, kCount
};
}  // namespace hop1

inline constexpr std::array<ColumnSpec, hop1::kCount> kHop1Columns{{
    {hop1::kT, "t", "s", ColumnReading::kAtSample},
    {hop1::kQueuePkts, "queue_pkts", "pkts", ColumnReading::kAtSample},
    {hop1::kQueueBytes, "queue_bytes", "B", ColumnReading::kAtSample},
    {hop1::kDelayMs, "delay_ms", "ms", ColumnReading::kIntervalMean},
    {hop1::kJitterMs, "jitter_ms", "ms", ColumnReading::kIntervalMean},
    {hop1::kThroughputMbps, "throughput_mbps", "Mb/s", ColumnReading::kIntervalRate},
    {hop1::kGoodputMbps, "goodput_mbps", "Mb/s", ColumnReading::kIntervalRate},
    {hop1::kUtilisation, "utilisation", "", ColumnReading::kIntervalRate},
    {hop1::kArrivals, "arrivals", "pkts", ColumnReading::kIntervalCount},
    {hop1::kDropsOverflow, "drops_overflow", "pkts", ColumnReading::kIntervalCount},
    {hop1::kDropsForced, "drops_forced", "pkts", ColumnReading::kIntervalCount},
    {hop1::kDropsEarly, "drops_early", "pkts", ColumnReading::kIntervalCount},
    {hop1::kMarks, "marks", "pkts", ColumnReading::kIntervalCount},
    {hop1::kP, "p", "", ColumnReading::kAtSample},
    {hop1::kFlows, "flows", "flows", ColumnReading::kAtSample},
}};

// Per traffic class, "class.<name>.<column>".
namespace per_class {
enum Column : size_t { kGoodputMbps, kThroughputMbps, kCount };
}  // namespace per_class

inline constexpr std::array<ColumnSpec, per_class::kCount> kClassColumns{{
    {per_class::kGoodputMbps, "goodput_mbps", "Mb/s", ColumnReading::kIntervalRate},
    {per_class::kThroughputMbps, "throughput_mbps", "Mb/s", ColumnReading::kIntervalRate},
}};

// Per queue of a discipline with several (AqmDescriptor::queues) at the
// first bottleneck, "queue.<name>.<column>", after the classes'. The delay
// is that of the departures from the queue over the same interval as the
// link's delay_ms, so the lines compare; the throughputs add up to the link's.
namespace per_queue {
enum Column : size_t { kQueuePkts, kDelayMs, kThroughputMbps, kCount };
}  // namespace per_queue

inline constexpr std::array<ColumnSpec, per_queue::kCount> kQueueColumns{{
    {per_queue::kQueuePkts, "queue_pkts", "pkts", ColumnReading::kAtSample},
    {per_queue::kDelayMs, "delay_ms", "ms", ColumnReading::kIntervalMean},
    {per_queue::kThroughputMbps, "throughput_mbps", "Mb/s", ColumnReading::kIntervalRate},
}};

// Each other monitored queue, "<prefix>.<column>" (link_monitor.h), then its
// discipline's signals as "<prefix>.aqm.<signal>".
namespace link {
enum Column : size_t { kQueuePkts, kDelayMs, kThroughputMbps, kUtilisation, kArrivals, kDrops, kMarks, kP, kCount };
}  // namespace link

inline constexpr std::array<ColumnSpec, link::kCount> kLinkColumns{{
    {link::kQueuePkts, "queue_pkts", "pkts", ColumnReading::kAtSample},
    {link::kDelayMs, "delay_ms", "ms", ColumnReading::kIntervalMean},
    {link::kThroughputMbps, "throughput_mbps", "Mb/s", ColumnReading::kIntervalRate},
    {link::kUtilisation, "utilisation", "", ColumnReading::kIntervalRate},
    {link::kArrivals, "arrivals", "pkts", ColumnReading::kIntervalCount},
    {link::kDrops, "drops", "pkts", ColumnReading::kIntervalCount},
    {link::kMarks, "marks", "pkts", ColumnReading::kIntervalCount},
    {link::kP, "p", "", ColumnReading::kAtSample},
}};

// Each flow of the scenario's window chart, "flow.<group>.<k>.<column>",
// last of all: its congestion window (segments) and, only for a controller
// that paces (CcDescriptor::paces), its pacing rate. NaN while the flow is
// not running, and the pacing rate while the controller does not pace yet.
namespace per_flow {
enum Column : size_t { kCwndPkts, kPacingMbps, kCount };
}  // namespace per_flow

inline constexpr std::array<ColumnSpec, per_flow::kCount> kFlowColumns{{
    {per_flow::kCwndPkts, "cwnd_pkts", "pkts", ColumnReading::kAtSample},
    {per_flow::kPacingMbps, "pacing_mbps", "Mb/s", ColumnReading::kAtSample},
}};

template <size_t N>
constexpr bool IndexedInOrder(const std::array<ColumnSpec, N>& table) {
  for (size_t i = 0; i < N; ++i) {
    if (table[i].index != i) return false;
  }
  return true;
}
static_assert(IndexedInOrder(kHop1Columns) && IndexedInOrder(kClassColumns) && IndexedInOrder(kQueueColumns) &&
                  IndexedInOrder(kLinkColumns) && IndexedInOrder(kFlowColumns),
              "a column's index must be its place in its table");

// The five tables as JSON, {"hop1": [...], "class": [...], "queue": [...], "link": [...], "flow": [...]},
// each column {"name", "unit", "reading"} (wasm: describeColumns()).
std::string ColumnTablesJson();

}  // namespace aqmlab
