#include "cli/sweep_pool.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <thread>

#include "sweep/sweep_run.h"

namespace aqmlab {

int64_t RunSweepPool(const SweepPlan& plan, const std::vector<int64_t>& runs, int jobs, std::FILE* out,
                     SweepProgress& progress) {
  std::atomic<size_t> next{0};
  std::mutex write;
  int64_t failed = 0;
  // Each thread takes the next run as it frees up, so long and short runs
  // balance themselves; the order of lines in the file is the order runs
  // end in (report and merge sort by run).
  const int threads = static_cast<int>(std::min<size_t>(static_cast<size_t>(std::max(jobs, 1)), runs.size()));
  auto work = [&] {
    for (size_t k; (k = next.fetch_add(1)) < runs.size();) {
      int errors = 0;
      const std::string lines = RunSweepLines(plan, runs[k], &errors, threads);
      std::lock_guard<std::mutex> lock(write);
      std::fwrite(lines.data(), 1, lines.size(), out);
      std::fflush(out);
      failed += errors;
      progress.RunDone();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  return failed;
}

}  // namespace aqmlab
