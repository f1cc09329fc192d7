// The speed benchmark: the reference scenarios natively (aqmlab bench) and
// the very same scenarios in WebAssembly under Node, with the wasm/native
// ratio. `node scripts/bench.mjs --quick` is the CI smoke run.
import { execFileSync } from 'node:child_process';
import { loadCore, root } from './load-core-node.mjs';

const quick = process.argv.includes('--quick');
const cli = `${root}build/native/core-cpp/aqmlab`;
const flags = quick ? ['--quick'] : [];
const native = execFileSync(cli, ['bench', ...flags], { encoding: 'utf8' })
  .trim().split('\n').map((line) => JSON.parse(line));
const cases = JSON.parse(execFileSync(cli, ['bench', '--list', ...flags], { encoding: 'utf8' }));

const core = await loadCore();
const rows = [];
cases.forEach(({ name, scenario }, i) => {
  const start = performance.now();
  const sim = new core.Simulation(JSON.stringify(scenario), 0);
  if (sim.error()) throw new Error(`${name}: ${sim.error()}`);
  while (!sim.done()) {
    sim.advance(sim.now() + 0.1);
    sim.clearBatch();
  }
  const wall = (performance.now() - start) / 1000;
  const summary = JSON.parse(sim.summary());
  sim.delete();
  const packets = summary.departures + 0;  // measured after warm-up 0: all of them
  const n = native[i];
  rows.push({
    case: name,
    simulated_s: n.simulated_s,
    native_wall_s: n.wall_s,
    native_packets_per_s: n.packets_per_s,
    native_events_per_s: n.events_per_s,
    native_peak_rss_mib: +(n.peak_rss_kib / 1024).toFixed(1),
    wasm_wall_s: +wall.toFixed(4),
    wasm_packets_per_s: Math.round(packets / wall),
    wasm_heap_mib: +(core.HEAP8.length / 1048576).toFixed(1),
    wasm_over_native: +(wall / n.wall_s).toFixed(2),
    same_packets: packets === n.packets,
  });
});
console.table(rows);
if (rows.some((r) => !r.same_packets)) {
  console.error('bench: native and wasm disagree on the number of packets');
  process.exit(1);
}
