#include "cli/bench.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "scenario/scenario.h"
#include "run/simulation.h"

namespace aqmlab {

namespace {

struct BenchCase {
  const char* name;
  std::string scenario;
};

// `variant`: the flows' congestion controller, or null for the default (NewReno).
std::string Dumbbell(double mbps, int flows, double rtt_min, double rtt_max, double seconds,
                     const char* aqm, const char* variant = nullptr) {
  const std::string sender = variant ? std::string(R"(, "variant": ")") + variant + "\"" : "";
  char buf[640];
  std::snprintf(buf, sizeof buf,
                R"({"duration_s": %g, "warmup_s": 0, "sample_interval_ms": 10,
                    "bottleneck": {"capacity_mbps": %g, "buffer_pkts": 200, "packet_bytes": 500},
                    "groups": [{"count": %d, "rtt_ms": {"min": %g, "max": %g}%s}],
                    "sides": [{"aqm": "%s"}]})",
                seconds, mbps, flows, rtt_min, rtt_max, sender.c_str(), aqm);
  return buf;
}

std::string FormatWall(double seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", seconds);
  return buf;
}

// The process's own peak resident memory. Linux's VmHWM belongs to the
// address space, which starts afresh at exec; getrusage's ru_maxrss also
// keeps the peak of the process image before exec, so a run started from
// Node (the wasm benchmark) would report part of Node's memory as its own.
long PeakRssKiB() {
  if (std::FILE* f = std::fopen("/proc/self/status", "r")) {
    char line[256];
    long kib = -1;
    while (std::fgets(line, sizeof line, f)) {
      if (std::sscanf(line, "VmHWM: %ld kB", &kib) == 1) break;
    }
    std::fclose(f);
    if (kib >= 0) return kib;
  }
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

}  // namespace

std::vector<BenchCase> Cases(bool quick) {
  const double scale = quick ? 0.05 : 1.0;
  return {
      {"100 flows, 10 Mb/s, RED", Dumbbell(10, 100, 40, 440, 100 * scale, "red")},
      {"100 flows, 10 Mb/s, drop-tail", Dumbbell(10, 100, 40, 440, 100 * scale, "droptail")},
      {"10000 flows, 10 Gb/s, RED",
       Dumbbell(10000, quick ? 1000 : 10000, 40, 440, quick ? 0.2 : 5, "red")},
      // The queue-management laws side by side: the same dumbbell, so a
      // case's cost per packet above drop-tail's is its discipline's.
      {"100 flows, 10 Mb/s, PIE", Dumbbell(10, 100, 40, 440, 100 * scale, "pie")},
      {"100 flows, 10 Mb/s, FQ-CoDel", Dumbbell(10, 100, 40, 440, 100 * scale, "fq_codel")},
      {"100 flows, 10 Mb/s, FQ-PIE", Dumbbell(10, 100, 40, 440, 100 * scale, "fq_pie")},
      {"100 flows, 10 Mb/s, COBALT", Dumbbell(10, 100, 40, 440, 100 * scale, "cobalt")},
      // Not-ECT traffic, so every packet takes DualPI2's Classic queue: its
      // PI2 update, the squared draw and the round robin's bookkeeping.
      {"100 flows, 10 Mb/s, DualPI2", Dumbbell(10, 100, 40, 440, 100 * scale, "dualpi2")},
      // The senders side by side on the drop-tail case (NewReno's): a
      // case's cost per packet above it is its controller's (BBR: every
      // ACK heard, delivery-rate records, pacing timers).
      {"100 flows, 10 Mb/s, drop-tail, CUBIC", Dumbbell(10, 100, 40, 440, 100 * scale, "droptail", "cubic")},
      {"100 flows, 10 Mb/s, drop-tail, BBR", Dumbbell(10, 100, 40, 440, 100 * scale, "droptail", "bbr")},
      // CAKE beside PIE, FQ-CoDel and COBALT above (last, so the cases
      // before it keep their numbers): its hash, DRR++ and COBALT per queue.
      {"100 flows, 10 Mb/s, CAKE", Dumbbell(10, 100, 40, 440, 100 * scale, "cake")},
  };
}

int ListBenchmarks(bool quick) {
  std::printf("[");
  bool first = true;
  for (const BenchCase& c : Cases(quick)) {
    std::string one_line;
    for (char ch : c.scenario) one_line += (ch == '\n' ? ' ' : ch);
    std::printf("%s{\"name\":\"%s\",\"scenario\":%s}", first ? "" : ",", c.name, one_line.c_str());
    first = false;
  }
  std::printf("]\n");
  return 0;
}

int BenchmarkCount() { return static_cast<int>(Cases(false).size()); }

int RunBenchmarks(bool quick, int repeat, int only) {
  const std::vector<BenchCase> cases = Cases(quick);
  for (size_t k = 0; k < cases.size(); ++k) {
    if (only >= 0 && k != static_cast<size_t>(only)) continue;
    const BenchCase& c = cases[k];
    auto scenario = ParseScenario(c.scenario);
    if (!scenario.ok()) {
      std::fprintf(stderr, "bench: %s\n", scenario.error().c_str());
      return 1;
    }
    std::vector<double> walls;
    double packets = 0, events = 0, simulated = 0;
    for (int r = 0; r < repeat; ++r) {
      const auto start = std::chrono::steady_clock::now();
      auto sim = Simulation::Create(scenario.value(), 0);
      if (!sim.ok()) {
        std::fprintf(stderr, "bench: %s\n", sim.error().c_str());
        return 1;
      }
      Simulation& s = *sim.value();
      while (!s.done()) {
        if (Status st = s.AdvanceTo(s.now() + Time::Seconds(0.1)); !st.ok()) {
          std::fprintf(stderr, "bench: %s\n", st.error.c_str());
          return 1;
        }
        s.metrics().ClearBatch();  // as the worker does: memory stays flat
      }
      walls.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      packets = static_cast<double>(s.bottleneck().disc().counters().departures);
      events = static_cast<double>(s.loop().events_processed());
      simulated = s.now().seconds();
    }
    std::string in_order;
    for (double w : walls) {
      if (!in_order.empty()) in_order += ',';
      in_order += FormatWall(w);
    }
    std::sort(walls.begin(), walls.end());
    const double wall = walls[walls.size() / 2];
    std::printf(
        "{\"case\":\"%s\",\"simulated_s\":%g,\"runs\":%d,\"wall_s\":%.4f,\"fastest_wall_s\":%.4f,"
        "\"packets\":%.0f,\"events\":%.0f,\"packets_per_s\":%.0f,\"events_per_s\":%.0f,\"events_per_packet\":%.2f,"
        "\"speed_vs_real_time\":%.2f,\"peak_rss_kib\":%ld,\"walls_s\":[%s]}\n",
        c.name, simulated, repeat, wall, walls.front(), packets, events, packets / wall, events / wall,
        events / packets, simulated / wall, PeakRssKiB(), in_order.c_str());
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace aqmlab
