#include "cli/sweep_resume.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/input_file.h"
#include "sweep/sweep_results.h"

namespace aqmlab {

std::optional<SweepPlan> ReadSweepFile(std::string_view cmd, const std::string& path) {
  std::string text;
  if (std::string why = ReadInputFile(path, text); !why.empty()) {
    std::cerr << "aqmlab " << cmd << ": " << why << "\n";
    return std::nullopt;
  }
  Result<SweepPlan> parsed = ParseSweep(text);
  if (!parsed.ok()) {
    std::cerr << "aqmlab " << cmd << ": " << path << ": " << parsed.error() << "\n";
    return std::nullopt;
  }
  return std::move(parsed.value());
}

Status PrepareResume(const std::string& path, const SweepPlan& plan, std::set<int64_t>& done) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Ok();  // nothing written yet
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  in.close();
  Result<ParsedResults> parsed = ParseResults(text, path);
  if (!parsed.ok()) return {parsed.error()};
  std::map<int64_t, std::set<int64_t>> sides;  // run -> side indices seen
  for (const ResultLine& l : parsed.value().lines) {
    if (std::string why = CheckAgainstPlan(l, plan); !why.empty()) return {l.where + ": " + why};
    sides[l.run].insert(l.side_index);
  }
  const auto side_count = static_cast<int64_t>(plan.side_names.size());
  std::string kept;
  bool dropped_any = !parsed.value().dropped.empty();
  if (dropped_any) std::cerr << "aqmlab sweep: dropped " << parsed.value().dropped << "\n";
  for (const auto& [run, seen] : sides) {
    if (static_cast<int64_t>(seen.size()) >= side_count) {
      done.insert(run);
    } else {
      dropped_any = true;
      std::cerr << "aqmlab sweep: " << path << ": run " << run << " has " << seen.size() << " of " << side_count
                << " sides; it runs again\n";
    }
  }
  if (!dropped_any) return Status::Ok();
  for (const ResultLine& l : parsed.value().lines) {
    if (done.count(l.run)) kept += l.text + "\n";
  }
  // Rewritten beside the original and renamed over it, so a crash here
  // leaves one whole file or the other.
  const std::string temp = path + ".resume-tmp";
  std::ofstream out(temp, std::ios::binary | std::ios::trunc);
  out << kept;
  out.close();
  if (!out) return {"cannot write " + temp};
  std::error_code ec;
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

std::vector<int64_t> IncompleteRuns(const std::vector<ResultLine>& lines, const SweepPlan& plan) {
  std::map<int64_t, std::set<int64_t>> sides;  // run -> side indices seen
  for (const ResultLine& l : lines) sides[l.run].insert(l.side_index);
  std::vector<int64_t> missing;
  for (int64_t run = 0; run < plan.run_count; ++run) {
    auto it = sides.find(run);
    if (it == sides.end() || it->second.size() < plan.side_names.size()) missing.push_back(run);
  }
  return missing;
}

}  // namespace aqmlab
