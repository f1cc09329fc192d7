// What sampling costs: `aqmlab run` of 100 long-lived flows over a 10 Mb/s
// RED bottleneck (the reference benchmark's first case), with a 1 ms and
// with a 10 ms sample interval; the share the 1 ms run adds, 1 ms / 10 ms - 1.
//
//   node scripts/bench-sampling.mjs [--instructions] [--seconds S] [--pairs N] [--binary PATH]
//
// --instructions: counts the instructions each run executes under valgrind's
//   callgrind (one run each; the count does not depend on the machine's load,
//   so it is the figure to compare builds by). Also prints the instructions
//   per extra sample. Default duration 100 s (callgrind runs about 50 times
//   slower than the program).
// Otherwise: wall time. The machine is shared and drifts, so the two run in
//   alternating pairs (after one untimed run of each); prints the median wall
//   time of each and the median over the pairs of (1 ms / 10 ms - 1).
//   Default duration 300 s, 9 pairs.
// --binary: another build (e.g. one of main before a change), for a before/after.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    instructions: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    pairs: { type: 'string', default: '9' },
    binary: { type: 'string' },
  },
});
const cli = opts.binary ?? fileURLToPath(new URL('../build/native/core-cpp/aqmlab', import.meta.url));
const seconds = Number(opts.seconds ?? (opts.instructions ? 100 : 300));
const pairs = Number(opts.pairs);
if (!(seconds >= 11 && seconds <= 86400)) throw new Error(`--seconds: must be in [11, 86400], got ${opts.seconds}`);
if (!(Number.isInteger(pairs) && pairs >= 1)) throw new Error(`--pairs: must be a whole number >= 1, got ${opts.pairs}`);
const dir = mkdtempSync(path.join(tmpdir(), 'aqmlab-sampling-'));
const caseName = `100 flows, 10 Mb/s, RED, ${seconds} s, aqmlab run`;

function scenario(ms) {
  const file = path.join(dir, `${ms}ms.json`);
  writeFileSync(file, JSON.stringify({
    duration_s: seconds, warmup_s: 10, sample_interval_ms: ms,
    bottleneck: { capacity_mbps: 10, buffer_pkts: 200, packet_bytes: 500 },
    groups: [{ count: 100, rtt_ms: { min: 40, max: 440 } }],
    sides: [{ aqm: 'red' }],
  }));
  return file;
}
const files = { 1: scenario(1), 10: scenario(10) };
const pct = (x) => Number((100 * x).toFixed(2));

// Instructions executed by one run under callgrind (its "Collected" total).
function instructions(ms) {
  const run = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${path.join(dir, `${ms}.cg`)}`,
    cli, 'run', files[ms], '--quiet'], { encoding: 'utf8' });
  if (run.error) throw new Error(`valgrind: ${run.error.message} (is valgrind installed?)`);
  const m = /Collected : (\d+)/.exec(run.stderr);
  if (run.status !== 0 || !m) throw new Error(`valgrind run failed (${run.status}): ${run.stderr.slice(-400)}`);
  return Number(m[1]);
}

function wall(ms) {
  const start = process.hrtime.bigint();
  execFileSync(cli, ['run', files[ms], '--quiet'], { encoding: 'utf8' });
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

if (opts.instructions) {
  const fine = instructions(1);
  const coarse = instructions(10);
  // The 1 ms run takes (seconds / 1 ms) - (seconds / 10 ms) more samples.
  const extraSamples = seconds * 1000 - seconds * 100;
  console.log(JSON.stringify({
    binary: cli,
    case: caseName,
    instructions_1ms: fine,
    instructions_10ms: coarse,
    instructions_per_extra_sample: Math.round((fine - coarse) / extraSamples),
    overhead_1ms_pct: pct(fine / coarse - 1),
  }));
} else {
  wall(1);
  wall(10);
  const fine = [];
  const coarse = [];
  const overhead = [];
  for (let i = 0; i < pairs; i++) {
    const a = wall(1);
    const b = wall(10);
    fine.push(a);
    coarse.push(b);
    overhead.push(a / b - 1);
  }
  console.log(JSON.stringify({
    binary: cli,
    case: caseName,
    pairs,
    median_wall_1ms_s: Number(median(fine).toFixed(4)),
    median_wall_10ms_s: Number(median(coarse).toFixed(4)),
    median_overhead_1ms_pct: pct(median(overhead)),
  }));
}
