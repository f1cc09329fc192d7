// aqmlab: the command line of the simulator.
//   aqmlab run <scenario.json> [--csv out.csv] [--quiet]
//                                                run every side, print a JSON summary
//   aqmlab aqms                                  the registered disciplines as JSON
//   aqmlab default-scenario                      the default scenario as JSON
//   aqmlab bench [--quick] [--list] [--repeat N] [--case K]
//                                                time the reference scenarios (or case K only)
//   aqmlab analyze <model.json> | --scenario <s.json> [--side K] [--csv]
//                                                the analysis models (analyze --help)
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "cli/analyze_command.h"
#include "cli/bench.h"
#include "cli/input_file.h"
#include "cli/progress.h"
#include "cli/series_csv.h"
#include "metrics/summary_json.h"
#include "scenario/catalog.h"
#include "scenario/json_text.h"
#include "scenario/scenario.h"
#include "scenario/simulation.h"

namespace {

int Usage() {
  std::cerr << "usage: aqmlab run <scenario.json> [--csv out.csv] [--quiet]\n"
               "       aqmlab aqms\n"
               "       aqmlab default-scenario\n"
               "       aqmlab bench [--quick] [--list] [--repeat N] [--case K]\n"
               "       aqmlab analyze <model.json> | --scenario <s.json> [--side K] [--csv]\n";
  return 2;
}

int Run(int argc, char** argv) {
  if (argc < 3) return Usage();
  std::string csv_path;
  bool quiet = false;
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--csv" && i + 1 < argc) {
      csv_path = argv[++i];
    } else if (arg == "--quiet") {
      quiet = true;
    } else {
      std::cerr << "aqmlab run: unknown option " << aqmlab::Quoted(arg) << "\n";
      return Usage();
    }
  }
  std::string text;
  if (std::string why = aqmlab::ReadInputFile(argv[2], text); !why.empty()) {
    std::cerr << "aqmlab run: " << why << "\n";
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
  std::unique_ptr<aqmlab::SeriesCsv> csv;
  if (!csv_path.empty()) {
    csv = std::make_unique<aqmlab::SeriesCsv>(csv_path, sc, sims);
    if (!csv->ok()) {
      std::cerr << "aqmlab run: cannot write " << csv_path << "\n";
      return 1;
    }
  }
  // The sides run together, a second of simulated time at a time, so the
  // CSV is written (and the samples dropped) as the run goes: memory stays
  // flat however long the run.
  aqmlab::Progress progress(sc.duration_s * static_cast<double>(sims.size()), !quiet && isatty(STDERR_FILENO));
  const aqmlab::Time slice = aqmlab::Time::Seconds(1);
  for (bool done = false; !done;) {
    done = true;
    double simulated = 0;
    for (size_t s = 0; s < sims.size(); ++s) {
      if (!sims[s]->done()) {
        if (aqmlab::Status st = sims[s]->AdvanceTo(sims[s]->now() + slice); !st.ok()) {
          progress.Finish();
          std::cerr << "aqmlab run: " << argv[2] << ": side " << s << " (" << aqmlab::Printable(sc.sides[s].name)
                    << "): " << st.error << "\n";
          return 1;
        }
      }
      done = done && sims[s]->done();
      simulated += sims[s]->now().seconds();
    }
    if (csv) {
      csv->Flush(sims);
    } else {
      for (auto& sim : sims) sim->metrics().ClearBatch();
    }
    progress.Update(simulated);
  }
  progress.Finish();
  std::cout << "{\"seed\":" << sc.seed << ",\"duration_s\":" << sc.duration_s << ",\"sides\":[";
  for (size_t s = 0; s < sims.size(); ++s) {
    std::cout << (s ? "," : "")
              << aqmlab::SummaryToJson(sims[s]->summary(), sc.sides[s].name, sc.sides[s].aqm);
  }
  std::cout << "]}\n";
  if (csv && !csv->Close()) {
    std::cerr << "aqmlab run: cannot write " << csv_path << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return Usage();
  const std::string cmd = argv[1];
  if (cmd == "run") {
    // Running out of memory is an ordinary error, not an abort: the run
    // holds a bounded number of packets, but the machine may have less.
    try {
      return Run(argc, argv);
    } catch (const std::bad_alloc&) {
      std::cerr << "aqmlab run: " << argv[2] << ": out of memory (the run needs more than this machine gives it)\n";
      return 1;
    }
  }
  if (cmd == "analyze") return aqmlab::AnalyzeCommand(argc - 1, argv + 1);
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
