import { describe, expect, it } from 'vitest';
import { readPlan, readPlanBrief, readReport, readRunLines } from '../../web/src/experiment/sweep-core';
import { createSweepHandler, planText, sweepFunctionsOf, type DescribingCore } from '../../web/src/experiment/sweep-handler';
import type { FromSweepWorker } from '../../web/src/experiment/sweep-protocol';

const plan = {
  ok: true,
  count: 2,
  axes: [{ path: 'groups[0].count', values: [10, 20] }],
  sides: ['RED', 'PI'],
  metrics: ['mean_queue_pkts'],
  runs: [
    { index: 0, point: { 'groups[0].count': 10 }, seed: 1 },
    { index: 1, point: { 'groups[0].count': 20 }, seed: 1 },
  ],
};

describe("the core's sweep answers", () => {
  it('read a plan', () => {
    const read = readPlan(JSON.stringify(plan));
    expect(read).toEqual({ ok: true, value: { count: 2, axes: plan.axes, sides: plan.sides, metrics: plan.metrics, seedCount: 1, runs: plan.runs } });
  });

  it('read a brief plan: the worker drops the runs and counts the seeds', () => {
    const full = { ...plan, seeds: [1, 2], runs: [...plan.runs, { index: 2, point: { 'groups[0].count': 10 }, seed: 2 }], count: 3 };
    const brief = planText(JSON.stringify(full), true);
    expect(JSON.parse(brief)).not.toHaveProperty('runs');
    expect(readPlanBrief(brief)).toEqual({ ok: true, value: { count: 3, axes: plan.axes, sides: plan.sides, metrics: plan.metrics, seedCount: 2 } });
    expect(planText('{"ok":false,"error":"seeds: x"}', true)).toBe('{"ok":false,"error":"seeds: x"}');
    expect(planText('{"ok":true}', false)).toBe('{"ok":true}');
  });

  it("pass the core's refusal through, naming its field", () => {
    expect(readPlan('{"ok":false,"error":"axes[0].path: names no field (groups[9].count)"}')).toEqual({ ok: false, error: 'axes[0].path: names no field (groups[9].count)' });
  });

  it('refuse an answer that does not hold together', () => {
    expect(readPlan(JSON.stringify({ ...plan, count: 3 }))).toEqual({ ok: false, error: 'sweepPlan: 2 runs listed for a count of 3' });
    expect(readPlan(JSON.stringify({ ...plan, runs: [{ index: 0, point: { a: 'x' }, seed: 1 }] })).ok).toBe(false);
    expect(readPlan('not json').ok).toBe(false);
  });

  it("read a run's lines, ending them with a line break", () => {
    expect(readRunLines('{"ok":true,"lines":"{\\"side\\":\\"RED\\"}"}')).toEqual({ ok: true, value: '{"side":"RED"}\n' });
    expect(readRunLines('{"ok":true,"lines":""}').ok).toBe(false);
  });

  it('read a report, a missing value as null', () => {
    const text = JSON.stringify({
      ok: true,
      rows: [{ point: { n: 10 }, side: 'RED', runs: 3, failed: 0, metrics: { q: { n: 3, mean: 5, sd: 1, ci_low: 2.5, ci_high: 7.5 }, r: { n: 0, mean: null, sd: null, ci_low: null, ci_high: null } } }],
    });
    expect(readReport(text)).toEqual({
      ok: true,
      value: [{ point: { n: 10 }, side: 'RED', runs: 3, failed: 0, metrics: { q: { n: 3, mean: 5, sd: 1, ciLow: 2.5, ciHigh: 7.5 }, r: { n: 0, mean: null, sd: null, ciLow: null, ciHigh: null } } }],
    });
    // The counts censored marks are drawn from: a report without them is refused, not read as zero.
    const without = JSON.stringify({ ok: true, rows: [{ point: { n: 10 }, side: 'RED', metrics: {} }] });
    expect(readReport(without)).toEqual({ ok: false, error: 'sweepReport: a row without its runs and failed counts' });
  });
});

describe('a sweep worker', () => {
  const describing: DescribingCore = { describeAqms: () => '[]', defaultScenario: () => '{"seed":1}' };

  it('says which sweep functions a core lacks', () => {
    expect(sweepFunctionsOf(describing)).toBe('this build of the core has no sweepPlan, sweepRunLines, sweepReport (wasm/API.md\'s sweep functions)');
  });

  it('answers each request once, with the core text or an error, loading the core once', async () => {
    let loads = 0;
    const posted: FromSweepWorker[] = [];
    const core = { ...describing, sweepPlan: () => '{"ok":true}', sweepRunLines: (_: string, i: number) => `{"ok":true,"lines":"run ${i}"}`, sweepReport: () => { throw new Error('boom'); } };
    const handle = createSweepHandler(async () => (loads++, core), (m) => posted.push(m));
    await handle({ type: 'sweep/describe', id: 1 });
    await handle({ type: 'sweep/run', id: 2, sweep: '{}', index: 4 });
    await handle({ type: 'sweep/report', id: 3, jsonl: '' });
    expect(loads).toBe(1);
    expect(posted).toEqual([
      { type: 'sweep/reply', id: 1, text: '{"aqms":[],"scenario":{"seed":1},"missing":null}' },
      { type: 'sweep/reply', id: 2, text: '{"ok":true,"lines":"run 4"}' },
      { type: 'sweep/error', id: 3, message: 'the sweep worker failed: boom' },
    ]);
  });

  it('answers a run with an error on a core without the sweep functions', async () => {
    const posted: FromSweepWorker[] = [];
    await createSweepHandler(async () => describing, (m) => posted.push(m))({ type: 'sweep/plan', id: 9, sweep: '{}', brief: false });
    expect(posted[0]).toMatchObject({ type: 'sweep/error', id: 9 });
  });
});
