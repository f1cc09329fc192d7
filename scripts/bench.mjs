// The speed benchmark: the reference scenarios natively (aqmlab bench) and
// the very same scenarios in WebAssembly under Node, with the wasm/native
// ratio. `node scripts/bench.mjs --quick` is the CI smoke run.
import { execFileSync } from 'node:child_process';
import { loadCore, root } from './load-core-node.mjs';

const quick = process.argv.includes('--quick');
const repeat = quick ? 1 : 5;
const cli = `${root}build/native/core-cpp/aqmlab`;
const flags = quick ? ['--quick'] : [];
const native = execFileSync(cli, ['bench', ...flags, '--repeat', String(repeat)], { encoding: 'utf8' })
  .trim().split('\n').map((line) => JSON.parse(line));
const cases = JSON.parse(execFileSync(cli, ['bench', '--list', ...flags], { encoding: 'utf8' }));
const smallCases = JSON.parse(execFileSync(cli, ['bench', '--list', '--quick'], { encoding: 'utf8' }));

const core = await loadCore();

// One run of a scenario in wasm: wall seconds and the summary.
function runOnce(scenario) {
  const start = performance.now();
  const sim = new core.Simulation(JSON.stringify(scenario), 0);
  if (sim.error()) throw new Error(sim.error());
  while (!sim.done()) {
    sim.advance(sim.now() + 0.1);
    sim.clearBatch();
  }
  const wall = (performance.now() - start) / 1000;
  const summary = JSON.parse(sim.summary());
  sim.delete();
  return { wall, summary };
}

// V8 runs new wasm code in its baseline compiler first and swaps in
// optimised code while it runs; a page that runs for minutes sees the
// optimised code. The small cases run once, untimed, to get there, then each
// case runs `repeat` times and the median counts, as natively.
if (!quick) smallCases.forEach(({ scenario }) => runOnce(scenario));

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rows = [];
cases.forEach(({ name, scenario }, i) => {
  const runs = Array.from({ length: repeat }, () => runOnce(scenario));
  const wall = median(runs.map((r) => r.wall));
  const packets = runs[0].summary.departures + 0;  // measured after warm-up 0: all of them
  const n = native[i];
  rows.push({
    case: name,
    simulated_s: n.simulated_s,
    runs: repeat,
    native_wall_s: n.wall_s,
    native_packets_per_s: n.packets_per_s,
    native_events_per_s: n.events_per_s,
    native_peak_rss_mib: +(n.peak_rss_kib / 1024).toFixed(1),
    native_vs_real_time: n.speed_vs_real_time,
    wasm_wall_s: +wall.toFixed(4),
    wasm_packets_per_s: Math.round(packets / wall),
    wasm_heap_mib: +(core.HEAP8.length / 1048576).toFixed(1),
    wasm_over_native: +(wall / n.wall_s).toFixed(2),
    same_packets: runs.every((r) => r.summary.departures === n.packets),
  });
});
console.table(rows);
if (rows.some((r) => !r.same_packets)) {
  console.error('bench: native and wasm disagree on the number of packets');
  process.exit(1);
}
