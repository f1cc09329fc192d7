// The page's sweep functions (wasm/sweep_bindings.cc, API.md "Sweeps") give
// exactly what the command line writes: the same plan, byte-identical
// result lines for every run (determinism native = wasm), and the same
// report rows.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs helper shared with the benchmark script
import { loadCore, root } from '../../../scripts/load-core-node.mjs';

interface SweepCore {
  sweepPlan(sweepJson: string): string;
  sweepRunLines(sweepJson: string, index: number): string;
  sweepReport(jsonlText: string): string;
}

const cli = join(root as string, 'build/native/core-cpp/aqmlab');

// Two disciplines, a 2 x 2 grid (one axis through every side's parameters)
// and two seeds: 8 runs, 16 lines.
const sweep = JSON.stringify({
  base: {
    duration_s: 8,
    warmup_s: 2,
    groups: [{ count: 6, rtt_spread: 'random', start: 'random' }],
    sides: [
      { name: 'RED', aqm: 'red' },
      { name: 'PIE', aqm: 'pie' },
    ],
  },
  axes: [
    { path: 'groups[0].count', values: [4, 12] },
    { path: 'bottleneck.buffer_pkts', range: { from: 40, to: 160, count: 2, scale: 'log' } },
  ],
  seeds: [3, 4],
  metrics: ['mean_queue_pkts', 'utilisation', 'series_hash', 'short_flows'],
});

function native(args: string[]): string {
  return execFileSync(cli, args, { encoding: 'utf8' });
}

describe('sweeps in wasm', () => {
  it('plans, runs and reports exactly as the command line does', async () => {
    const core = (await loadCore()) as SweepCore;
    const dir = mkdtempSync(join(tmpdir(), 'aqmlab-sweep-'));
    const file = join(dir, 'sweep.json');
    writeFileSync(file, sweep);

    const plan = JSON.parse(core.sweepPlan(sweep)) as {
      ok: boolean;
      count: number;
      axes: { path: string; values: unknown[] }[];
      sides: string[];
      metrics: string[];
      runs: { index: number; point: Record<string, unknown>; seed: number }[];
    };
    expect(plan.ok).toBe(true);
    expect(plan.count).toBe(8);
    expect(plan.axes).toEqual([
      { path: 'groups[0].count', values: [4, 12] },
      { path: 'bottleneck.buffer_pkts', values: [40, 160] },
    ]);
    expect(plan.sides).toEqual(['RED', 'PIE']);
    expect(plan.metrics).toEqual(['mean_queue_pkts', 'utilisation', 'series_hash', 'short_flows']);
    // The same runs, in the same order, as `aqmlab sweep --list`.
    const listed = native(['sweep', file, '--list']).trim().split('\n').map((l) => JSON.parse(l) as object);
    expect(plan.runs.map((r) => ({ run: r.index, point: r.point, seed: r.seed }))).toEqual(listed);

    // One thread writes the runs in index order: byte for byte the wasm lines.
    const cliLines = native(['sweep', file, '--jobs', '1', '--quiet']);
    let wasmLines = '';
    for (let k = 0; k < plan.count; k++) {
      const result = JSON.parse(core.sweepRunLines(sweep, k)) as { ok: boolean; lines: string };
      expect(result.ok).toBe(true);
      expect(result.lines.split('\n')).toHaveLength(3); // two sides, then the final newline
      wasmLines += result.lines;
    }
    expect(wasmLines).toBe(cliLines);
    // The seeds changed the runs (so the equality above is not of constants).
    const hashes = new Set(wasmLines.trim().split('\n').map((l) => (JSON.parse(l) as { summary: { series_hash: string } }).summary.series_hash));
    expect(hashes.size).toBe(16);

    // The report: the rows `aqmlab report` prints, one per line.
    const results = join(dir, 'results.jsonl');
    writeFileSync(results, cliLines);
    const report = JSON.parse(core.sweepReport(wasmLines)) as { ok: boolean; rows: object[] };
    expect(report.ok).toBe(true);
    expect(report.rows).toHaveLength(8); // 4 points x 2 sides
    expect(report.rows.map((r) => JSON.stringify(r)).join('\n') + '\n').toBe(native(['report', results]));
  });

  it('names bad input', async () => {
    const core = (await loadCore()) as SweepCore;
    expect(JSON.parse(core.sweepPlan('{"base": "lred-exp1", "axes": [{"path": "groups[9].count", "values": [1]}]}'))).toEqual({
      ok: false,
      error: 'axes (path "groups[9].count"): groups[9] names no entry (groups has 5)',
    });
    expect(JSON.parse(core.sweepRunLines(sweep, 8))).toEqual({ ok: false, error: 'index: must be a whole number in [0, 7], got 8' });
    expect(JSON.parse(core.sweepRunLines(sweep, 1.5))).toEqual({ ok: false, error: 'index: must be a whole number in [0, 7], got 1.5' });
    expect(JSON.parse(core.sweepReport('{"run":0}\n{}\n'))).toEqual({
      ok: false,
      error: 'results line 1: side_index: must be a whole number >= 0',
    });
  });
});
