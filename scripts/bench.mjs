// The speed benchmark: the reference scenarios natively (aqmlab bench) and
// the very same scenarios in WebAssembly under Node, with the wasm/native
// ratio. `node scripts/bench.mjs --quick` is the CI smoke run.
//
// `node scripts/bench.mjs --vs <other aqmlab> [--pairs N]` instead times this
// build's `aqmlab run` against another build's (e.g. main's before a change),
// whole processes, the two alternating in one run (scripts/bench-vs.mjs).
//
// This is a shared machine whose speed drifts by tens of percent within
// minutes, so native and wasm are not timed in two separate blocks: each
// wasm run is paired with a native run of the same case made just before it
// (`aqmlab bench --case K`), and the ratio is the median of the pairs'.
// Every timed run, native or wasm, follows an untimed run of the same case
// in the same process: both then start with the case's lines in the caches
// and its memory already taken from the system (and V8 with optimised
// code). Without that, the wasm run right after a native one started cold
// and took about 10% longer on the 100-flow cases.
import { execFileSync } from 'node:child_process';
import { loadCore, root } from './load-core-node.mjs';

if (process.argv.includes('--help')) {
  console.log(`usage: node scripts/bench.mjs [--quick] [--cases K,L,...]
       node scripts/bench.mjs --vs <other aqmlab> [--quick] [--pairs N]
Times the reference scenarios (aqmlab bench --list, numbered from 0) natively
and in WebAssembly, paired run by run, and prints a table with the wasm/native
ratio; --cases keeps only the cases named by number. --quick: short runs, once.
--vs: this build's aqmlab run against another build's, alternating.`);
  process.exit(0);
}
const quick = process.argv.includes('--quick');
const argAfter = (flag) => {
  const at = process.argv.indexOf(flag);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const other = argAfter('--vs');
const repeat = quick ? 1 : 5;
const cli = `${root}build/native/core-cpp/aqmlab`;
const flags = quick ? ['--quick'] : [];
if (other) {
  const { benchVs } = await import('./bench-vs.mjs');
  const pairs = Number(argAfter('--pairs') ?? (quick ? 1 : 7));
  if (!(Number.isInteger(pairs) && pairs >= 1)) throw new Error(`--pairs: must be a whole number >= 1, got ${argAfter('--pairs')}`);
  process.exit(benchVs({ cli, other, quick, pairs }) ? 0 : 1);
}
const cases = JSON.parse(execFileSync(cli, ['bench', '--list', ...flags], { encoding: 'utf8' }));
const only = argAfter('--cases')?.split(',').map(Number);
if (only && !only.every((k) => Number.isInteger(k) && k >= 0 && k < cases.length)) {
  throw new Error(`--cases: must be case numbers in [0, ${cases.length - 1}] separated by commas, got ${argAfter('--cases')}`);
}

const core = await loadCore();

// One native run of case k, after its untimed run.
function nativeOnce(k) {
  const out = execFileSync(cli, ['bench', ...flags, '--case', String(k), '--repeat', '2'],
    { encoding: 'utf8' });
  const line = JSON.parse(out);
  return { ...line, wall: line.walls_s[1] };
}

// One run of a scenario in wasm: wall seconds and the summary.
function wasmOnce(scenario) {
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

// One wasm run of a scenario, after its untimed run. (V8 runs new wasm code
// in its baseline compiler first and swaps in optimised code while it runs;
// a page that runs for minutes only sees the latter.)
function wasmTimed(scenario) {
  if (!quick) wasmOnce(scenario);
  return wasmOnce(scenario);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rows = [];
cases.forEach(({ name, scenario }, k) => {
  if (only && !only.includes(k)) return;
  const pairs = Array.from({ length: repeat }, () => {
    const native = nativeOnce(k);
    return { native, wasm: wasmTimed(scenario) };
  });
  const nativeWall = median(pairs.map((p) => p.native.wall));
  const wasmWall = median(pairs.map((p) => p.wasm.wall));
  const n = pairs[0].native;
  rows.push({
    case: name,
    simulated_s: n.simulated_s,
    runs: repeat,
    native_wall_s: +nativeWall.toFixed(4),
    native_packets_per_s: Math.round(n.packets / nativeWall),
    native_events_per_s: Math.round(n.events / nativeWall),
    native_peak_rss_mib: +(median(pairs.map((p) => p.native.peak_rss_kib)) / 1024).toFixed(1),
    native_vs_real_time: +(n.simulated_s / nativeWall).toFixed(2),
    wasm_wall_s: +wasmWall.toFixed(4),
    wasm_packets_per_s: Math.round(n.packets / wasmWall),
    wasm_heap_mib: +(core.HEAP8.length / 1048576).toFixed(1),
    wasm_over_native: +median(pairs.map((p) => p.wasm.wall / p.native.wall)).toFixed(2),
    same_packets: pairs.every((p) => p.wasm.summary.departures === p.native.packets),
  });
});
console.table(rows);
if (rows.some((r) => !r.same_packets)) {
  console.error('bench: native and wasm disagree on the number of packets');
  process.exit(1);
}
