// Sweeps at scale: peak memory of `aqmlab merge` and `aqmlab report` at
// 1,000 and 10,000 runs, which must stay flat in the number of runs (they
// stream: docs/sweeps-at-scale.md). The runs are real: a three-axis grid
// (capacity x buffer x flows) times seeds of a 100-flow dumbbell, kept short
// (`--duration` simulated seconds, 2 by default) so 10,000 of them fit on a
// shared machine; they go through shards (`--shards`, run `--parallel` at a
// time, one CPU each) and merge, as on a cluster. Peak resident memory and
// wall time of each step come from /usr/bin/time -v.
//
//   node scripts/bench-sweep-scale.mjs [--runs 1000,10000] [--duration 2] [--shards 8] [--parallel 2]
//        [--aqmlab <binary>] [--compare <another aqmlab>]   (--compare: also merge/report the same files with that binary)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './load-core-node.mjs';

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
}
const runCounts = option('--runs', '1000,10000').split(',').map(Number);
const duration = Number(option('--duration', '2'));
const shards = Number(option('--shards', '8'));
const parallel = Number(option('--parallel', '2'));
const compare = option('--compare', null);
const cli = option('--aqmlab', `${root}build/native/core-cpp/aqmlab`);

// 10 x 10 x 10 points; the seeds make up the runs.
function sweepFile(runs) {
  const points = 1000;
  if (runs % points !== 0) throw new Error(`--runs: multiples of ${points}`);
  return {
    base: {
      duration_s: duration, warmup_s: duration / 4,
      groups: [{ kind: 'tcp', count: 100, rtt_ms: { min: 40, max: 120 } }],
      sides: [{ name: 'RED', aqm: 'red' }, { name: 'PI', aqm: 'pi' }],
    },
    axes: [
      { path: 'bottleneck.capacity_mbps', range: { from: 5, to: 50, count: 10, scale: 'log' } },
      { path: 'bottleneck.buffer_pkts', range: { from: 50, to: 500, count: 10 } },
      { path: 'groups[0].count', range: { from: 10, to: 100, count: 10 } },
    ],
    seeds: runs / points,
    metrics: ['mean_queue_pkts', 'utilisation', 'loss_ratio', 'mean_delay_ms'],
  };
}

// Runs `cmd` under /usr/bin/time -v: wall seconds and peak resident MiB.
function timed(cmd, args, out) {
  const report = join(tmpdir(), `aqmlab-time-${process.pid}.txt`);
  execFileSync('/usr/bin/time', ['-v', '-o', report, cmd, ...args], { stdio: ['ignore', out ?? 'ignore', 'inherit'] });
  const text = readFileSync(report, 'utf8');
  rmSync(report);
  const kib = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(text)[1]);
  const [, h, m, s] = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(text);
  return { wall: Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s), mib: kib / 1024 };
}

async function runShards(sweep, dir) {
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < shards) {
      const i = next++;
      await new Promise((resolve, reject) => {
        const p = spawn(cli, ['sweep', sweep, '--shard', `${i}/${shards}`, '--jobs', '1', '--quiet',
          '--out', join(dir, `part-${i}.jsonl`)], { stdio: 'inherit' });
        p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`shard ${i}: exit ${code}`))));
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return (Date.now() - started) / 1000;
}

const fmt = (x, digits = 1) => x.toFixed(digits);
console.log(`bench-sweep-scale: ${new Date().toISOString()}, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`100-flow dumbbell, ${duration} s simulated a run, 2 sides; ${shards} shards, ${parallel} at a time`);
const rows = [];
for (const runs of runCounts) {
  const dir = mkdtempSync(join(tmpdir(), 'aqmlab-scale-'));
  const sweep = join(dir, 'sweep.json');
  writeFileSync(sweep, JSON.stringify(sweepFile(runs)));
  const shardSeconds = await runShards(sweep, dir);
  const parts = Array.from({ length: shards }, (_, i) => join(dir, `part-${i}.jsonl`));
  const merged = join(dir, 'results.jsonl');
  const merge = timed(cli, ['merge', ...parts, '--sweep', sweep, '--out', merged]);
  const report = timed(cli, ['report', merged, '--out', join(dir, 'report.jsonl')]);
  const csv = timed(cli, ['report', merged, '--csv', '--out', join(dir, 'report.csv')]);
  const lines = readFileSync(merged, 'utf8').split('\n').length - 1;
  if (lines !== 2 * runs) throw new Error(`${runs} runs: ${lines} merged lines, expected ${2 * runs}`);
  const row = { runs, lines, mb: statSync(merged).size / 1e6, shardSeconds, merge, report, csv };
  if (compare) {
    row.before = {
      merge: timed(compare, ['merge', ...parts, '--sweep', sweep, '--out', join(dir, 'before.jsonl')]),
      report: timed(compare, ['report', merged]),
    };
  }
  rows.push(row);
  console.log(`${runs} runs: ${lines} lines (${fmt(row.mb)} MB) in ${fmt(shardSeconds)} s of shards; ` +
    `merge ${fmt(merge.mib)} MiB peak, ${fmt(merge.wall, 2)} s; report ${fmt(report.mib)} MiB, ${fmt(report.wall, 2)} s; ` +
    `report --csv ${fmt(csv.mib)} MiB, ${fmt(csv.wall, 2)} s` +
    (row.before ? `; ${compare}: merge ${fmt(row.before.merge.mib)} MiB, report ${fmt(row.before.report.mib)} MiB` : ''));
  rmSync(dir, { recursive: true, force: true });
}
if (rows.length > 1) {
  const [a, b] = [rows[0], rows[rows.length - 1]];
  console.log(`peak memory from ${a.runs} to ${b.runs} runs: merge x${fmt(b.merge.mib / a.merge.mib, 2)}, ` +
    `report x${fmt(b.report.mib / a.report.mib, 2)} (the results file x${fmt(b.mb / a.mb, 1)})`);
}
