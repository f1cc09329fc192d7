// Two native builds against each other, as whole processes: `aqmlab run` of
// each case with this build and with another (`node scripts/bench.mjs --vs
// <other aqmlab>`), the two alternating in one run so that the machine's
// drift falls on both alike. Each case first runs once untimed with each
// binary; then `--pairs` pairs (default 7), the order inside a pair
// alternating (this build first, then the other first). Wall time is the
// process's from spawn to exit (the timer's own start included, alike for
// both); CPU time is the process's own. Prints per case and build the median wall and CPU time,
// the bottleneck's packets per wall second (the summary's departures over
// the median wall time), the speed against real time, the median over the
// pairs of (other / this) wall and CPU time, whether the two builds printed the same
// summary, and the load average before and after.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The whole-process cases: the reference dumbbells with the page's finest
// sampling on the 100-flow case (what `aqmlab run` of a researcher's file
// costs, start-up and the summary included).
function cases(quick) {
  const dumbbell = (mbps, flows, seconds, sampleMs) => ({
    duration_s: seconds,
    warmup_s: 0,
    sample_interval_ms: sampleMs,
    bottleneck: { capacity_mbps: mbps, buffer_pkts: 200, packet_bytes: 500 },
    groups: [{ count: flows, rtt_ms: { min: 40, max: 440 } }],
    sides: [{ aqm: 'red' }],
  });
  return [
    { name: '100 flows, 10 Mb/s, RED, 1 ms sampling', scenario: dumbbell(10, 100, quick ? 5 : 100, 1) },
    { name: '10000 flows, 10 Gb/s, RED', scenario: dumbbell(10000, quick ? 1000 : 10000, quick ? 0.2 : 5, 10) },
  ];
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

// CPU time of a child: `perf stat`'s task-clock (to the microsecond, a
// software counter that works without hardware counters), else
// /usr/bin/time's user + system (to the hundredth of a second).
const perf = spawnSync('perf', ['stat', '-x,', '-e', 'task-clock', 'true'], { encoding: 'utf8' }).status === 0;

// One run: wall and CPU seconds, and the summary printed.
function runOnce(binary, file, dir) {
  const timeFile = path.join(dir, 'time.txt');
  const timer = perf
    ? ['perf', ['stat', '-x,', '-e', 'task-clock', '-o', timeFile, '--']]
    : ['/usr/bin/time', ['-f', '%U %S', '-o', timeFile]];
  const start = process.hrtime.bigint();
  const run = spawnSync(timer[0], [...timer[1], binary, 'run', file, '--quiet'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.error) throw new Error(`bench --vs: ${run.error.message} (needs perf or /usr/bin/time)`);
  if (run.status !== 0) throw new Error(`bench --vs: ${binary} run ${file} failed: ${run.stderr.slice(-400)}`);
  const timed = readFileSync(timeFile, 'utf8').trim().split('\n').pop();
  const cpu = perf ? Number(timed.split(',')[0]) / 1000 : timed.split(' ').map(Number).reduce((a, b) => a + b);
  return { wall, cpu, out: run.stdout };
}

export function benchVs({ cli, other, quick, pairs }) {
  execFileSync(other, ['--help'], { stdio: 'ignore' });  // fails early on a wrong path
  const dir = mkdtempSync(path.join(tmpdir(), 'aqmlab-bench-vs-'));
  const builds = [{ label: 'this', binary: cli }, { label: 'other', binary: other }];
  const rows = [];
  let same = true;
  const loadBefore = loadavg();
  for (const c of cases(quick)) {
    const file = path.join(dir, `${rows.length}.json`);
    writeFileSync(file, JSON.stringify(c.scenario));
    for (const b of builds) runOnce(b.binary, file, dir);
    const runs = { this: [], other: [] };
    for (let i = 0; i < pairs; i++) {
      const order = i % 2 === 0 ? builds : [...builds].reverse();
      for (const b of order) runs[b.label].push(runOnce(b.binary, file, dir));
    }
    const outputsAgree = runs.this[0].out === runs.other[0].out;
    same = same && outputsAgree;
    const departures = JSON.parse(runs.this[0].out).sides[0].departures;
    const ratio = median(runs.this.map((r, i) => runs.other[i].wall / r.wall));
    const cpuRatio = median(runs.this.map((r, i) => runs.other[i].cpu / r.cpu));
    for (const b of builds) {
      const wall = median(runs[b.label].map((r) => r.wall));
      rows.push({
        case: c.name,
        build: b.label,
        pairs,
        median_wall_s: +wall.toFixed(4),
        median_cpu_s: +median(runs[b.label].map((r) => r.cpu)).toFixed(4),
        packets_per_wall_s: Math.round(departures / wall),
        packets_per_cpu_s: Math.round(departures / median(runs[b.label].map((r) => r.cpu))),
        vs_real_time: +(c.scenario.duration_s / wall).toFixed(2),
        other_over_this_wall: b.label === 'this' ? +ratio.toFixed(3) : '',
        other_over_this_cpu: b.label === 'this' ? +cpuRatio.toFixed(3) : '',
        same_summary: outputsAgree,
      });
    }
  }
  console.log(`this:  ${cli}\nother: ${other}`);
  console.table(rows);
  console.log(`load average before ${loadBefore}, after ${loadavg()}`);
  return same;
}
