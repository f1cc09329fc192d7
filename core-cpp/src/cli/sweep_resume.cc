#include "cli/sweep_resume.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/input_file.h"
#include "cli/result_files.h"

namespace aqmlab {

std::optional<SweepPlan> ReadSweepFile(std::string_view cmd, const std::string& path) {
  std::string text;
  if (std::string why = ReadInputFile(path, "sweep file", text); !why.empty()) {
    std::cerr << "aqmlab " << cmd << ": " << why << "\n";
    return std::nullopt;
  }
  Result<SweepPlan> parsed = ParseSweep(text);
  if (!parsed.ok()) {
    std::cerr << ProblemReport(cmd, path, parsed.error());
    return std::nullopt;
  }
  return std::move(parsed.value());
}

Status PrepareResume(const std::string& path, const SweepPlan& plan, std::set<int64_t>& done) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return Status::Ok();  // nothing written yet
  ResultFiles files;
  Status st = files.Read({path}, [&plan](const ResultLine& l) { return CheckAgainstPlan(l, plan); });
  if (!st.ok()) return st;
  bool dropped_any = !files.dropped().empty();
  for (const std::string& d : files.dropped()) std::cerr << "aqmlab sweep: dropped " << d << "\n";
  const size_t lines_read = files.lines().size();
  // Two different lines for one run and side are refused, as merge does.
  if (Status sorted = files.Sort(); !sorted.ok()) return sorted;
  dropped_any = dropped_any || files.lines().size() != lines_read;
  const auto side_count = static_cast<int64_t>(plan.side_names.size());
  const std::vector<LineRef>& refs = files.lines();
  for (size_t i = 0; i < refs.size();) {
    size_t j = i;
    while (j < refs.size() && refs[j].run == refs[i].run) ++j;
    if (static_cast<int64_t>(j - i) >= side_count) {
      done.insert(refs[i].run);
    } else {
      dropped_any = true;
      std::cerr << "aqmlab sweep: " << path << ": run " << refs[i].run << " has " << (j - i) << " of " << side_count
                << " sides; it runs again\n";
    }
    i = j;
  }
  if (!dropped_any) return Status::Ok();
  // The complete runs' lines, in the file's order, rewritten beside the
  // original and renamed over it, so a crash here leaves one whole file or
  // the other.
  std::vector<LineRef> kept;
  for (const LineRef& r : refs) {
    if (done.count(r.run)) kept.push_back(r);
  }
  std::sort(kept.begin(), kept.end(), [](const LineRef& a, const LineRef& b) { return a.number < b.number; });
  const std::string temp = path + ".resume-tmp";
  std::ofstream out(temp, std::ios::binary | std::ios::trunc);
  for (const LineRef& r : kept) {
    Result<std::string> text = files.Text(r);
    if (!text.ok()) return {text.error()};
    out << text.value() << "\n";
  }
  out.close();
  if (!out) return {"cannot write " + temp};
  std::filesystem::rename(temp, path, ec);
  if (ec) return {"cannot replace " + path + ": " + ec.message()};
  return Status::Ok();
}

std::string CheckAgainstPlan(const ResultLine& line, const SweepPlan& plan) {
  if (line.run >= plan.run_count) {
    return "run " + std::to_string(line.run) + " is beyond this sweep's " + std::to_string(plan.run_count) + " runs";
  }
  if (line.json["point"] != plan.PointJson(plan.PointOf(line.run)) ||
      line.json["seed"].get<uint64_t>() != plan.SeedOf(line.run)) {
    return "run " + std::to_string(line.run) + " has point " + line.json["point"].dump() + ", seed " +
           line.json["seed"].dump() + ", but this sweep's run " + std::to_string(line.run) + " has " +
           plan.PointJson(plan.PointOf(line.run)).dump() + ", seed " + std::to_string(plan.SeedOf(line.run)) +
           " (the file is from another sweep)";
  }
  return "";
}

std::vector<int64_t> IncompleteRuns(const std::vector<LineRef>& lines, const SweepPlan& plan) {
  std::vector<int64_t> missing;
  size_t i = 0;
  for (int64_t run = 0; run < plan.run_count; ++run) {
    size_t sides = 0;
    for (; i < lines.size() && lines[i].run == run; ++i) ++sides;
    if (sides < plan.side_names.size()) missing.push_back(run);
  }
  return missing;
}

}  // namespace aqmlab
