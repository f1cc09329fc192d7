// aqmlab: the command line of the simulator.
//   aqmlab run <scenario.json> [--csv out.csv]   run every side, print a JSON summary
//   aqmlab aqms                                  the registered disciplines as JSON
//   aqmlab default-scenario                      the default scenario as JSON
//   aqmlab bench [--quick] [--list] [--repeat N] [--case K]
//                                                time the reference scenarios (or case K only)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/bench.h"
#include "metrics/summary_json.h"
#include "scenario/catalog.h"
#include "scenario/scenario.h"
#include "scenario/simulation.h"

namespace {

int Usage() {
  std::cerr << "usage: aqmlab run <scenario.json> [--csv out.csv]\n"
               "       aqmlab aqms\n"
               "       aqmlab default-scenario\n"
               "       aqmlab bench [--quick] [--list] [--repeat N] [--case K]\n";
  return 2;
}

bool ReadFile(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

std::string CsvNumber(double v) {
  if (std::isnan(v)) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::string CsvText(const std::string& s) {
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

bool WriteCsv(const std::string& path, const aqmlab::Scenario& scenario,
              const std::vector<std::unique_ptr<aqmlab::Simulation>>& sims) {
  std::ofstream out(path);
  if (!out) return false;
  out << "# AQM Lab metric series; seed " << scenario.seed << "\n";
  std::string compact = aqmlab::ScenarioToJson(scenario);
  std::string one_line;
  for (char c : compact) {
    if (c != '\n') one_line += c;
  }
  out << "# scenario: " << one_line << "\n";
  out << "t";
  for (size_t s = 0; s < sims.size(); ++s) {
    const auto& names = sims[s]->metrics().columns();
    for (size_t c = 1; c < names.size(); ++c) {
      out << "," << CsvText(scenario.sides[s].name + "." + names[c]);
    }
  }
  out << "\n";
  const int64_t rows = sims.front()->metrics().batch_length();
  for (int64_t r = 0; r < rows; ++r) {
    out << CsvNumber(sims.front()->metrics().batch()[0][r]);
    for (const auto& sim : sims) {
      const auto& cols = sim->metrics().batch();
      for (size_t c = 1; c < cols.size(); ++c) out << "," << CsvNumber(cols[c][r]);
    }
    out << "\n";
  }
  return static_cast<bool>(out);
}

int Run(int argc, char** argv) {
  if (argc < 3) return Usage();
  std::string csv_path;
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--csv" && i + 1 < argc) {
      csv_path = argv[++i];
    } else {
      std::cerr << "aqmlab run: unknown option " << arg << "\n";
      return Usage();
    }
  }
  std::string text;
  if (!ReadFile(argv[2], text)) {
    std::cerr << "aqmlab run: cannot read " << argv[2] << "\n";
    return 1;
  }
  auto scenario = aqmlab::ParseScenario(text);
  if (!scenario.ok()) {
    std::cerr << "aqmlab run: " << argv[2] << ": " << scenario.error() << "\n";
    return 1;
  }
  const aqmlab::Scenario& sc = scenario.value();
  std::vector<std::unique_ptr<aqmlab::Simulation>> sims;
  for (size_t s = 0; s < sc.sides.size(); ++s) {
    auto sim = aqmlab::Simulation::Create(sc, static_cast<int>(s));
    if (!sim.ok()) {
      std::cerr << "aqmlab run: " << sim.error() << "\n";
      return 1;
    }
    sims.push_back(std::move(sim.value()));
  }
  std::cout << "{\"seed\":" << sc.seed << ",\"duration_s\":" << sc.duration_s << ",\"sides\":[";
  for (size_t s = 0; s < sims.size(); ++s) {
    // Without a CSV, samples are dropped slice by slice so memory stays flat.
    const aqmlab::Time slice = aqmlab::Time::Seconds(1);
    while (!sims[s]->done()) {
      sims[s]->AdvanceTo(sims[s]->now() + slice);
      if (csv_path.empty()) sims[s]->metrics().ClearBatch();
    }
    std::cout << (s ? "," : "")
              << aqmlab::SummaryToJson(sims[s]->summary(), sc.sides[s].name, sc.sides[s].aqm);
  }
  std::cout << "]}\n";
  if (!csv_path.empty() && !WriteCsv(csv_path, sc, sims)) {
    std::cerr << "aqmlab run: cannot write " << csv_path << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return Usage();
  const std::string cmd = argv[1];
  if (cmd == "run") return Run(argc, argv);
  if (cmd == "aqms") {
    std::cout << aqmlab::AqmCatalogJson() << "\n";
    return 0;
  }
  if (cmd == "bench") {
    bool quick = false, list = false;
    int repeat = 0;  // 0: the default for the mode
    int only = -1;   // -1: every case
    for (int i = 2; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--quick") {
        quick = true;
      } else if (arg == "--list") {
        list = true;
      } else if (arg == "--repeat" && i + 1 < argc) {
        char* end = nullptr;
        const long n = std::strtol(argv[++i], &end, 10);
        if (*end != '\0' || n < 1 || n > 100) {
          std::cerr << "aqmlab bench: --repeat: must be an integer in [1, 100], got " << argv[i] << "\n";
          return 2;
        }
        repeat = static_cast<int>(n);
      } else if (arg == "--case" && i + 1 < argc) {
        const int cases = aqmlab::BenchmarkCount();
        char* end = nullptr;
        const long k = std::strtol(argv[++i], &end, 10);
        if (*end != '\0' || k < 0 || k >= cases) {
          std::cerr << "aqmlab bench: --case: must be an integer in [0, " << cases - 1 << "], got "
                    << argv[i] << "\n";
          return 2;
        }
        only = static_cast<int>(k);
      } else {
        return Usage();
      }
    }
    if (repeat == 0) repeat = quick ? 1 : 5;
    return list ? aqmlab::ListBenchmarks(quick) : aqmlab::RunBenchmarks(quick, repeat, only);
  }
  if (cmd == "default-scenario") {
    std::cout << aqmlab::ScenarioToJson(aqmlab::DefaultScenario()) << "\n";
    return 0;
  }
  return Usage();
}
