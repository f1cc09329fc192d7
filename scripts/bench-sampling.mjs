// What sampling costs: `aqmlab run` of 100 long-lived flows over a 10 Mb/s
// RED bottleneck for 300 s (the reference benchmark's first case, longer),
// with a 1 ms and with a 10 ms sample interval. The machine is shared and
// drifts, so the two run in alternating pairs (after one untimed run of
// each); prints the median wall time of each and the median over the pairs
// of (1 ms / 10 ms - 1), the share sampling every 1 ms adds.
// `node scripts/bench-sampling.mjs [pairs] [aqmlab binary]`: the binary may
// be another build (e.g. one of main before a change), for a before/after.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pairs = Number(process.argv[2] ?? 9);
const cli = process.argv[3] ?? fileURLToPath(new URL('../build/native/core-cpp/aqmlab', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'aqmlab-sampling-'));

function scenario(ms) {
  const file = path.join(dir, `${ms}ms.json`);
  writeFileSync(file, JSON.stringify({
    duration_s: 300, warmup_s: 10, sample_interval_ms: ms,
    bottleneck: { capacity_mbps: 10, buffer_pkts: 200, packet_bytes: 500 },
    groups: [{ count: 100, rtt_ms: { min: 40, max: 440 } }],
    sides: [{ aqm: 'red' }],
  }));
  return file;
}
const files = { 1: scenario(1), 10: scenario(10) };

function wall(ms) {
  const start = process.hrtime.bigint();
  execFileSync(cli, ['run', files[ms]], { encoding: 'utf8' });
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

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
  case: '100 flows, 10 Mb/s, RED, 300 s, aqmlab run',
  pairs,
  median_wall_1ms_s: Number(median(fine).toFixed(4)),
  median_wall_10ms_s: Number(median(coarse).toFixed(4)),
  median_overhead_1ms_pct: Number((100 * median(overhead)).toFixed(1)),
}));
