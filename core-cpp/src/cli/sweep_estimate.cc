#include "cli/sweep_estimate.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <vector>

#include "sweep/sweep_run.h"

namespace aqmlab {

namespace {

// The pilot: the first, middle and last run (a grid's extremes are often
// its cheapest and dearest points), fewer when the sweep is smaller.
std::vector<int64_t> PilotRuns(int64_t run_count) {
  std::vector<int64_t> runs = {0, run_count / 2, run_count - 1};
  runs.erase(std::unique(runs.begin(), runs.end()), runs.end());
  return runs;
}

int64_t PeakResidentKiB() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;  // KiB on Linux
}

// Slurm's --time format, rounded up to whole minutes: [D-]H:MM:00.
std::string SlurmTime(double seconds) {
  const auto minutes = static_cast<int64_t>(std::ceil(seconds / 60));
  char text[32];
  if (minutes >= 24 * 60) {
    std::snprintf(text, sizeof text, "%lld-%lld:%02lld:00", static_cast<long long>(minutes / 1440),
                  static_cast<long long>(minutes % 1440 / 60), static_cast<long long>(minutes % 60));
  } else {
    std::snprintf(text, sizeof text, "%lld:%02lld:00", static_cast<long long>(minutes / 60),
                  static_cast<long long>(minutes % 60));
  }
  return text;
}

}  // namespace

int EstimateSweep(const SweepPlan& plan, const EstimateRequest& request) {
  const int64_t tasks = request.tasks > 0 ? std::min(request.tasks, plan.run_count)
                                          : std::clamp<int64_t>(plan.run_count / 10, 1, 1000);
  const int64_t baseline_kib = PeakResidentKiB();
  double slowest_s = 0, total_s = 0;
  int errors = 0;
  const std::vector<int64_t> pilot = PilotRuns(plan.run_count);
  for (int64_t run : pilot) {
    const auto start = std::chrono::steady_clock::now();
    int run_errors = 0;
    RunSweepLines(plan, run, &run_errors, request.jobs);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    slowest_s = std::max(slowest_s, s);
    total_s += s;
    errors += run_errors;
  }
  const int64_t per_run_kib = std::max<int64_t>(PeakResidentKiB() - baseline_kib, 1024);
  // A task runs its block on `jobs` threads: about ceil(block / jobs) runs
  // one after another, each at most as slow as the slowest pilot run. Twice
  // that, plus a minute for start-up, covers a slower node.
  const int64_t block = (plan.run_count + tasks - 1) / tasks;
  const int64_t rounds = (block + request.jobs - 1) / request.jobs;
  const double task_s = 2 * static_cast<double>(rounds) * slowest_s + 60;
  // The process, plus `jobs` runs at once, with half again as margin; at
  // least 64 MiB (libraries, stacks and the sweep's plan).
  const int64_t mem_mib = std::max<int64_t>(
      64, static_cast<int64_t>(std::ceil(1.5 * static_cast<double>(baseline_kib + request.jobs * per_run_kib) / 1024)));
  std::fprintf(stderr,
               "aqmlab sweep: estimate: %lld runs (%lld points x %zu seeds, %zu sides each); pilot of %zu runs: "
               "%.3g s each on average, %.3g s the slowest, peak memory %lld MiB (%lld MiB a run)\n",
               static_cast<long long>(plan.run_count), static_cast<long long>(plan.point_count), plan.seeds.size(),
               plan.side_names.size(), pilot.size(), total_s / static_cast<double>(pilot.size()), slowest_s,
               static_cast<long long>(PeakResidentKiB() / 1024), static_cast<long long>(per_run_kib / 1024));
  std::fprintf(stderr,
               "aqmlab sweep: estimate: %lld tasks of at most %lld runs on %d CPUs each: about %.3g s a task; "
               "asking %s and %lld MiB a task (twice the time, 1.5 times the memory)\n",
               static_cast<long long>(tasks), static_cast<long long>(block), request.jobs,
               static_cast<double>(rounds) * slowest_s, SlurmTime(task_s).c_str(), static_cast<long long>(mem_mib));
  if (errors > 0) {
    std::fprintf(stderr, "aqmlab sweep: estimate: %d pilot result lines carry an error (aqmlab sweep --index K shows it)\n",
                 errors);
  }
  std::printf("--array=0-%lld --cpus-per-task=%d --time=%s --mem=%lldM\n", static_cast<long long>(tasks - 1),
              request.jobs, SlurmTime(task_s).c_str(), static_cast<long long>(mem_mib));
  return errors > 0 ? 1 : 0;
}

}  // namespace aqmlab
