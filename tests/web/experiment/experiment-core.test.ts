import { describe, expect, it } from 'vitest';
import { emptyAxis, sweepDocument, type ExperimentState } from '../../../web/src/experiment/experiment-state';
import { joinedLines } from '../../../web/src/experiment/experiment-run';
import { runScenario } from '../../../web/src/experiment/run-scenario';
import { readPlan, readReport, readRunLines } from '../../../web/src/experiment/sweep-core';
import { sweepFunctionsOf } from '../../../web/src/experiment/sweep-api';
import { nodeCore, nodeCoreBuilt, runSide } from '../support/node-core';

// The page's side of the sweep against the real core (the Node build): the
// sweep file the form writes is one the core plans; its answers read; a run's
// scenario as the page builds it to open in the live lab gives that run's own
// series hash on every side; the report has a row per point x side over every seed.

const core = nodeCoreBuilt ? await nodeCore() : null;

const base = JSON.parse(core?.defaultScenario() ?? '{}') as Record<string, unknown>;
const state: ExperimentState = {
  base: { ...base, duration_s: 15 },
  baseLabel: 'Current lab',
  axes: [
    { ...emptyAxis('groups[0].count'), mode: 'values', values: '10, 30' },
    { ...emptyAxis('sides[1].params.max_p'), mode: 'values', values: '0.2' },
  ],
  zip: false,
  seeds: 2,
  extra: {},
  plot: { metric: '', x: '', y: '' },
};

describe.skipIf(core === null)("the page's sweeps on the real core", () => {
  const found = core ? sweepFunctionsOf(core) : 'no Node core';
  const sweep = {
    sweepPlan: (j: string) => (typeof found === 'string' ? JSON.stringify({ ok: false, error: found }) : found.sweepPlan(j)),
    sweepRunLines: (j: string, i: number) => (typeof found === 'string' ? JSON.stringify({ ok: false, error: found }) : found.sweepRunLines(j, i)),
    sweepReport: (t: string) => (typeof found === 'string' ? JSON.stringify({ ok: false, error: found }) : found.sweepReport(t)),
  };
  const doc = sweepDocument(state);
  if (!doc.ok) throw new Error(doc.error);
  const json = JSON.stringify(doc.value);

  it('plans the sweep file the form writes, runs it and reports a row per point x side over every seed', () => {
    const plan = readPlan(sweep.sweepPlan(json));
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.value.count).toBe(4);
    expect(plan.value.axes.map((a) => a.values)).toEqual([[10, 30], [0.2]]);
    expect(new Set(plan.value.runs.map((r) => r.seed)).size).toBe(2);
    const lines = new Map<number, string>();
    for (const run of plan.value.runs) {
      const read = readRunLines(sweep.sweepRunLines(json, run.index));
      if (!read.ok) throw new Error(read.error);
      lines.set(run.index, read.value);
    }
    const report = readReport(sweep.sweepReport(joinedLines(lines)));
    if (!report.ok) throw new Error(report.error);
    expect(report.value).toHaveLength(2 * plan.value.sides.length);
    for (const row of report.value) expect(row.metrics.mean_queue_pkts?.n).toBe(2);
  }, 60_000);

  it("opens a run in the lab with that run's own numbers: the scenario the page builds gives its series hash", () => {
    const plan = readPlan(sweep.sweepPlan(json));
    if (!plan.ok || !core) throw new Error('no plan');
    const run = plan.value.runs[plan.value.runs.length - 1];
    if (!run) throw new Error('no run');
    const read = readRunLines(sweep.sweepRunLines(json, run.index));
    if (!read.ok) throw new Error(read.error);
    const scenario = runScenario(state.base, run.point, run.seed);
    if (typeof scenario === 'string') throw new Error(scenario);
    const lines = read.value.trim().split('\n').map((l) => JSON.parse(l) as { summary: { series_hash: string } });
    lines.forEach((line, side) => {
      expect(runSide(core, JSON.stringify(scenario), side).summary.series_hash, `side ${side}`).toBe(line.summary.series_hash);
    });
  }, 60_000);

  it('passes the core refusal of a path that names no field through, naming it', () => {
    const bad = sweepDocument({ ...state, axes: [{ ...emptyAxis('groups[7].count'), mode: 'values', values: '10' }] });
    if (!bad.ok) throw new Error(bad.error);
    const plan = readPlan(sweep.sweepPlan(JSON.stringify(bad.value)));
    expect(plan.ok).toBe(false);
    expect(plan.ok ? '' : plan.error).toContain('groups[7]');
  });
});
