// The sweep benchmark: runs per second of `aqmlab sweep` on one
// core and on every core, and the scaling efficiency
//   (runs/s on n cores) / (n x runs/s on one core),
// where 90% or more is the aim. `--quick` is the CI smoke run (a small sweep;
// it prints figures and checks the two runs wrote the same results, it
// asserts no speed). `--jobs N` sets the "all cores" count (default: every
// core, os.availableParallelism()).
//
// The machine may be shared: the script prints the load average before and
// after, since other processes on the cores take from the parallel run
// first. Each mode runs `repeat` times, alternating, and the median counts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './load-core-node.mjs';

const quick = process.argv.includes('--quick');
const jobsAt = process.argv.indexOf('--jobs');
const cores = jobsAt > 0 ? Number(process.argv[jobsAt + 1]) : availableParallelism();
if (!Number.isInteger(cores) || cores < 1) throw new Error('--jobs: must be a whole number >= 1');
const repeat = quick ? 1 : 3;
const cli = `${root}build/native/core-cpp/aqmlab`;

// Runs of similar length (100 TCP flows through RED at 10 Mb/s, as in the
// speed goals), many more runs than cores so the pool's tail is short.
const runsWanted = quick ? 8 : 32;
const sweep = {
  base: {
    duration_s: quick ? 5 : 200,
    warmup_s: 1,
    bottleneck: { capacity_mbps: 10, buffer_pkts: 200, packet_bytes: 500 },
    groups: [{ count: 100, rtt_spread: 'random', start: 'random' }],
    sides: [{ aqm: 'red' }],
  },
  axes: [{ path: 'groups[0].count', values: [80, 100, 120, 140] }],
  seeds: runsWanted / 4,
  metrics: ['mean_queue_pkts', 'series_hash'],
};
const dir = mkdtempSync(join(tmpdir(), 'aqmlab-bench-sweep-'));
const file = join(dir, 'sweep.json');
writeFileSync(file, JSON.stringify(sweep));

// Wall seconds, and the CPU seconds (user + system) the sweep's threads
// used, from bash's `times` (its children's line). On a loaded machine the
// wall time shows the cores the pool got; the CPU time shows the work it
// did, so cpu(1 core) / cpu(all cores) is the share of the parallel run's
// work that was useful (1.0: threads cost nothing extra), whatever the load.
function timeSweep(jobs, out) {
  const start = performance.now();
  const times = execFileSync('bash', ['-c', '"$0" sweep "$1" --jobs "$2" --quiet --out "$3" && times',
    cli, file, String(jobs), out], { encoding: 'utf8' });
  const wall = (performance.now() - start) / 1000;
  const seconds = (t) => { const [, m, s] = /^(\d+)m([\d.]+)s$/.exec(t); return 60 * Number(m) + Number(s); };
  const [user, sys] = times.trim().split('\n')[1].split(/\s+/).map(seconds);
  return { wall, cpu: user + sys };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const loadBefore = loadavg()[0];
const one = [], all = [], cpuOne = [], cpuAll = [];
for (let r = 0; r < repeat; r++) {
  const a = timeSweep(1, join(dir, `one-${r}.jsonl`));
  const b = timeSweep(cores, join(dir, `all-${r}.jsonl`));
  one.push(a.wall);
  cpuOne.push(a.cpu);
  all.push(b.wall);
  cpuAll.push(b.cpu);
}
const loadAfter = loadavg()[0];

// The parallel run must have written the very same results.
const sorted = (name) => execFileSync(cli, ['merge', join(dir, name)], { encoding: 'utf8' });
if (sorted('one-0.jsonl') !== sorted('all-0.jsonl')) throw new Error('1 core and all cores wrote different results');
if (readFileSync(join(dir, 'one-0.jsonl'), 'utf8').trim().split('\n').length !== runsWanted) throw new Error('run count');

const rateOne = runsWanted / median(one);
const rateAll = runsWanted / median(all);
const efficiency = rateAll / (cores * rateOne);
const result = {
  runs: runsWanted,
  simulated_s_per_run: sweep.base.duration_s,
  cores,
  runs_per_s_1_core: Number(rateOne.toFixed(3)),
  runs_per_s_all_cores: Number(rateAll.toFixed(3)),
  speedup: Number((rateAll / rateOne).toFixed(3)),
  efficiency: Number(efficiency.toFixed(3)),
  cpu_s_1_core: Number(median(cpuOne).toFixed(3)),
  cpu_s_all_cores: Number(median(cpuAll).toFixed(3)),
  work_efficiency: Number((median(cpuOne) / median(cpuAll)).toFixed(3)),
  walls_1_core_s: one.map((w) => Number(w.toFixed(3))),
  walls_all_cores_s: all.map((w) => Number(w.toFixed(3))),
  load_average_before: Number(loadBefore.toFixed(2)),
  load_average_after: Number(loadAfter.toFixed(2)),
};
console.log(JSON.stringify(result));
console.log(
  `sweep of ${runsWanted} runs: ${rateOne.toFixed(2)} runs/s on 1 core, ${rateAll.toFixed(2)} on ${cores} ` +
    `(x${(rateAll / rateOne).toFixed(2)}, ${(100 * efficiency).toFixed(0)}% of linear; CPU time ` +
    `${median(cpuOne).toFixed(2)} s vs ${median(cpuAll).toFixed(2)} s, ` +
    `${(100 * median(cpuOne) / median(cpuAll)).toFixed(0)}% of the parallel work useful; ` +
    `load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after)`,
);
