#include "metrics/group_summary.h"

#include <algorithm>

namespace aqmlab {

namespace {

double Mbps(Bytes bytes, double span_s) { return static_cast<double>(bytes) * 8e-6 / span_s; }

std::optional<double> Ratio(int64_t part, int64_t whole) {
  if (whole <= 0) return std::nullopt;
  return static_cast<double>(part) / static_cast<double>(whole);
}

}  // namespace

std::vector<GroupSummary> SummariseGroups(const std::vector<TcpGroupInfo>& info,
                                          const std::vector<GroupCounters>& base,
                                          const std::vector<GroupCounters>& now, double span_s,
                                          Bytes link_bytes) {
  std::vector<GroupSummary> out;
  for (size_t g = 0; g < info.size() && g < now.size(); ++g) {
    const GroupCounters b = g < base.size() ? base[g] : GroupCounters{};
    const GroupCounters& n = now[g];
    GroupSummary s;
    s.index = info[g].index;
    s.traffic_class = info[g].traffic_class;
    s.sender = info[g].sender;
    s.sack = info[g].sack;
    s.flows = n.flows;
    if (span_s > 0) {
      s.goodput_mbps = Mbps(n.delivered - b.delivered, span_s);
      if (info[g].crosses_hop1) {
        s.throughput_mbps = Mbps(n.departed - b.departed, span_s);
        s.share = Ratio(n.departed - b.departed, link_bytes);
      }
    }
    const int64_t samples = n.rtt_samples - b.rtt_samples;
    if (samples > 0) {
      s.rtt_ms = static_cast<double>(n.rtt_sum_ns - b.rtt_sum_ns) * 1e-6 / static_cast<double>(samples);
      s.base_rtt_ms =
          static_cast<double>(n.base_rtt_sum_ns - b.base_rtt_sum_ns) * 1e-6 / static_cast<double>(samples);
    }
    const int64_t sent = n.sent - b.sent;
    s.loss_ratio = Ratio(n.dropped - b.dropped, sent);
    s.mark_ratio = Ratio(n.ce - b.ce, sent);
    out.push_back(std::move(s));
  }
  return out;
}

std::optional<double> GroupThroughputRatio(const std::vector<GroupSummary>& groups) {
  std::vector<double> rates;
  for (const GroupSummary& g : groups) {
    if (g.throughput_mbps) rates.push_back(*g.throughput_mbps);
  }
  if (rates.size() < 2) return std::nullopt;
  const auto [lo, hi] = std::minmax_element(rates.begin(), rates.end());
  if (*lo <= 0) return std::nullopt;
  return *hi / *lo;
}

}  // namespace aqmlab
