#include "cli/analyze_command.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>

#include "analysis/analysis_json.h"
#include "analysis/scenario_analysis.h"
#include "cli/command.h"
#include "cli/input_file.h"
#include "scenario/json_text.h"
#include "scenario/scenario.h"
#include "sim/problems.h"

namespace aqmlab {

namespace {

constexpr const char* kUsage =
    "usage: aqmlab analyze <model.json> [--csv]\n"
    "       aqmlab analyze --scenario <scenario.json> [--side K] [--csv]\n"
    "       aqmlab analyze --bench [--repeat N] <model.json>   time the file's \"chain\" solve\n"
    "\n"
    "Prints the analysis models' results as JSON (core-cpp/ANALYSIS.md):\n"
    "  a model file holds any of: \"chain\" (the MMPP/Erlang-m/1/L queue), \"network\" + \"aqm\"\n"
    "  + \"params\" with \"fluid\" (the fluid model's trajectory) and/or \"stability\" ({}: Bode\n"
    "  data, margins and the papers' rule), \"response_bounds\" (PI and REM lower bounds against N).\n"
    "  --scenario runs every model on each side of a scenario (or on side K only).\n"
    "  --csv prints the distributions, trajectories, Bode data and bound curves as CSV\n"
    "  sections, each headed by a line \"# <side>.<part>\".\n";

int Usage() {
  std::cerr << kUsage;
  return 2;
}

void Csv(const std::string& title, const Json& columns, std::initializer_list<const char*> names) {
  std::cout << "# " << title << "\n";
  std::string header;
  // Appended, not `"," + ...`: GCC 12 warns falsely (-Wrestrict) on that form.
  for (const char* n : names) {
    if (!header.empty()) header += ',';
    header += n;
  }
  std::cout << header << "\n";
  const size_t rows = columns[*names.begin()].size();
  for (size_t i = 0; i < rows; ++i) {
    std::string line;
    for (const char* n : names) {
      if (!line.empty()) line += ',';
      line += columns[n][i].dump();
    }
    std::cout << line << "\n";
  }
}

// The CSV sections of one result object (a model file's or a side's).
void PrintCsv(const Json& r, const std::string& prefix) {
  for (const char* key : {"chain", "queue_model"}) {
    if (r.contains(key) && r[key].is_object()) {
      Json cols{{"b", Json::array()}, {"probability", r[key]["distribution"]}};
      for (size_t b = 0; b < r[key]["distribution"].size(); ++b) cols["b"].push_back(b);
      Csv(prefix + key, cols, {"b", "probability"});
    }
  }
  if (r.contains("fluid") && r["fluid"].is_object()) {
    Csv(prefix + "fluid", r["fluid"], {"t", "queue_pkts", "window_pkts", "p"});
  }
  if (r.contains("stability") && r["stability"]["bode"].is_object()) {
    Csv(prefix + "bode", r["stability"]["bode"], {"w", "mag_db", "phase_deg"});
  }
  if (r.contains("response_bounds")) Csv(prefix + "response_bounds", r["response_bounds"], {"flows", "p0", "pi_s", "rem_s"});
}

// Solves the model's chain `repeat` times and prints the size and the times.
int Bench(const Json& model, int repeat, const std::string& path) {
  if (!model.is_object() || !model.contains("chain")) {
    std::cerr << "aqmlab analyze: --bench: the model file needs a \"chain\"\n";
    return 1;
  }
  auto m = analysis::ReadChainModel(model["chain"], "chain");
  if (!m.ok()) {
    // A lone problem reads as it always has (without the file's name).
    const bool several = ProblemLines(m.error()).size() > 1;
    std::cerr << (several ? ProblemReport("analyze", path, m.error()) : "aqmlab analyze: " + m.error() + "\n");
    return 1;
  }
  std::vector<double> ms;
  int64_t states = 0, phases = 0;
  for (int i = 0; i < repeat; ++i) {
    const auto start = std::chrono::steady_clock::now();
    auto r = analysis::SolveMmppChain(m.value());
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    if (!r.ok()) {
      std::cerr << "aqmlab analyze: chain." << r.error() << "\n";
      return 1;
    }
    states = r.value().states, phases = r.value().phases;
  }
  std::sort(ms.begin(), ms.end());
  std::cout << Json{{"states", states}, {"phases", phases}, {"erlang_stages", m.value().stages},
                    {"capacity_pkts", m.value().capacity}, {"repeat", repeat}, {"median_ms", ms[ms.size() / 2]},
                    {"min_ms", ms.front()}, {"max_ms", ms.back()}}
                   .dump()
            << "\n";
  return 0;
}

}  // namespace

int AnalyzeCommand(int argc, char** argv) {
  std::string path;
  bool scenario = false, csv = false, bench = false;
  std::optional<int> side;
  int repeat = 5;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--repeat" || arg == "--scenario" || arg == "--side") && i + 1 == argc) {
      std::cerr << "aqmlab analyze: " << arg << ": needs a value\n";  // as every command answers
      return 2;
    }
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (arg == "--csv") {
      csv = true;
    } else if (arg == "--bench") {
      bench = true;
    } else if (arg == "--repeat") {
      long n = 0;
      if (!ParsePlainInteger(argv[++i], n) || n < 1 || n > 1000) {
        std::cerr << "aqmlab analyze: --repeat: must be an integer in [1, 1000], got " << Quoted(argv[i]) << "\n";
        return 2;
      }
      repeat = static_cast<int>(n);
    } else if (arg == "--scenario") {
      scenario = true;
      path = argv[++i];
    } else if (arg == "--side") {
      long k = 0;
      if (!ParsePlainInteger(argv[++i], k) || k < 0 || k > 5) {
        std::cerr << "aqmlab analyze: --side: must be an integer in [0, 5], got " << Quoted(argv[i]) << "\n";
        return 2;
      }
      side = static_cast<int>(k);
    } else if (path.empty() && arg.rfind("--", 0) != 0) {
      path = arg;
    } else {
      // One line naming the flag, as every command answers (cli/command_table.cc).
      std::cerr << "aqmlab analyze: unknown option " << Quoted(arg)
                << " (allowed: --scenario, --side, --csv, --bench, --repeat; aqmlab analyze --help)\n";
      return 2;
    }
  }
  if (path.empty() || (side && !scenario) || (bench && (scenario || csv))) return Usage();
  std::string text;
  if (std::string why = ReadInputFile(path, scenario ? "scenario file" : "model file", text); !why.empty()) {
    std::cerr << "aqmlab analyze: " << why << "\n";
    return 1;
  }
  if (bench) {
    auto parsed = ParseJsonText(text, "model", "");
    if (!parsed.ok()) {
      std::cerr << "aqmlab analyze: " << path << ": " << parsed.error() << "\n";
      return 1;
    }
    return Bench(parsed.value(), repeat, path);
  }
  Json result;
  if (scenario) {
    auto sc = ParseScenario(text);
    if (!sc.ok()) {
      std::cerr << ProblemReport("analyze", path, sc.error());
      return 1;
    }
    if (side) {
      result = analysis::AnalyzeScenarioSide(sc.value(), *side);
    } else {
      result = Json{{"ok", true}, {"sides", Json::array()}};
      for (size_t k = 0; k < sc.value().sides.size(); ++k) {
        result["sides"].push_back(analysis::AnalyzeScenarioSide(sc.value(), static_cast<int>(k)));
      }
    }
  } else {
    auto parsed = ParseJsonText(text, "model", "");
    result = parsed.ok() ? analysis::AnalyzeModel(parsed.value()) : analysis::ErrorResult(parsed.error());
  }
  if (!result["ok"].get<bool>()) {
    std::cerr << ProblemReport("analyze", path, result["error"].get<std::string>());
    return 1;
  }
  if (!csv) {
    std::cout << result.dump() << "\n";
  } else if (result.contains("sides")) {
    for (size_t k = 0; k < result["sides"].size(); ++k) PrintCsv(result["sides"][k], "side" + std::to_string(k) + ".");
  } else {
    PrintCsv(result, side ? "side" + std::to_string(*side) + "." : "");
  }
  return 0;
}

const Command kAnalyzeCommand{
    .name = "analyze",
    .synopsis = "<model.json> | --scenario <s.json> [--side K] [--csv] | --bench [--repeat N] <model.json>",
    .help = "",
    .flags = {},
    .run = nullptr,
    .run_argv = AnalyzeCommand,
};

}  // namespace aqmlab
