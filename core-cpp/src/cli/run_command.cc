#include "cli/run_command.h"

#include <unistd.h>

#include <iostream>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "cli/input_file.h"
#include "cli/progress.h"
#include "cli/series_csv.h"
#include "metrics/summary_json.h"
#include "scenario/json_text.h"
#include "run/packet_share.h"
#include "scenario/scenario.h"
#include "run/simulation.h"

namespace aqmlab {

namespace {

int Run(const std::string& path, const std::string& csv_path, bool quiet) {
  std::string text;
  if (std::string why = ReadInputFile(path, "scenario file", text); !why.empty()) {
    std::cerr << "aqmlab run: " << why << "\n";
    return 1;
  }
  auto scenario = ParseScenario(text);
  if (!scenario.ok()) {
    std::cerr << ProblemReport("run", path, scenario.error());
    return 1;
  }
  const Scenario& sc = scenario.value();
  std::vector<std::unique_ptr<Simulation>> sims;
  for (size_t s = 0; s < sc.sides.size(); ++s) {
    auto sim = Simulation::Create(sc, static_cast<int>(s));
    if (!sim.ok()) {
      std::cerr << "aqmlab run: " << sim.error() << "\n";
      return 1;
    }
    // The sides advance together, so their packets share one budget.
    SharePacketBudget(*sim.value(), static_cast<int>(sc.sides.size()));
    sims.push_back(std::move(sim.value()));
  }
  std::unique_ptr<SeriesCsv> csv;
  if (!csv_path.empty()) {
    csv = std::make_unique<SeriesCsv>(csv_path, sc, sims);
    if (!csv->ok()) {
      std::cerr << "aqmlab run: cannot write " << csv_path << "\n";
      return 1;
    }
  }
  // The sides run together, a second of simulated time at a time, so the
  // CSV is written (and the samples dropped) as the run goes: memory stays
  // flat however long the run.
  Progress progress(sc.duration_s * static_cast<double>(sims.size()), !quiet && isatty(STDERR_FILENO));
  const Time slice = Time::Seconds(1);
  for (bool done = false; !done;) {
    done = true;
    double simulated = 0;
    for (size_t s = 0; s < sims.size(); ++s) {
      if (!sims[s]->done()) {
        if (Status st = sims[s]->AdvanceTo(sims[s]->now() + slice); !st.ok()) {
          progress.Finish();
          std::cerr << "aqmlab run: " << path << ": side " << s << " (" << Printable(sc.sides[s].name) << "): "
                    << WithShareNote(st.error, "shared by " + std::to_string(sims.size()) +
                                                   " sides: fewer sides hold more each")
                    << "\n";
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
    std::cout << (s ? "," : "") << SummaryToJson(sims[s]->summary(), sc.sides[s].name, sc.sides[s].aqm);
  }
  std::cout << "]}\n";
  if (csv && !csv->Close()) {
    std::cerr << "aqmlab run: cannot write " << csv_path << "\n";
    return 1;
  }
  return 0;
}

int RunMain(const CommandArgs& args) {
  // Running out of memory is an ordinary error, not an abort: the run
  // holds a bounded number of packets, but the machine may have less.
  try {
    return Run(args.positional[0], args.Value("--csv"), args.Has("--quiet"));
  } catch (const std::bad_alloc&) {
    std::cerr << "aqmlab run: " << args.positional[0]
              << ": out of memory (the run needs more than this machine gives it)\n";
    return 1;
  }
}

}  // namespace

const Command kRunCommand{
    .name = "run",
    .synopsis = "<scenario.json> [--csv out.csv] [--quiet]",
    .help = "Runs every side of the scenario and prints a JSON summary on stdout.\n"
            "  --csv out.csv  also write every sampled series, streamed as the run goes\n"
            "  --quiet        no progress line on stderr (shown only when stderr is a terminal)",
    .flags = {{"--csv", true}, {"--quiet"}},
    .min_positional = 1,
    .max_positional = 1,
    .run = RunMain,
};

}  // namespace aqmlab
