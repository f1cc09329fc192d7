import { describe, expect, it } from 'vitest';
import { readPlan, readPlanBrief, readReport, readRunLines } from '../../../web/src/experiment/sweep-core';
import { planText, sweepFunctionsOf, SweepWorker, type DescribingCore } from '../../../web/src/experiment/sweep-api';

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

  it('answers each call with the core text, or rejects with why, loading the core once', async () => {
    let loads = 0;
    const core = { ...describing, sweepPlan: () => '{"ok":true}', sweepRunLines: (_: string, i: number) => `{"ok":true,"lines":"run ${i}"}`, sweepReport: () => { throw new Error('boom'); } };
    const worker = new SweepWorker(async () => (loads++, core));
    expect(await worker.describe()).toBe('{"aqms":[],"scenario":{"seed":1},"missing":null}');
    expect(await worker.run('{}', 4)).toBe('{"ok":true,"lines":"run 4"}');
    await expect(worker.report('')).rejects.toThrow('the sweep worker failed: boom');
    expect(loads).toBe(1);
  });

  it('refuses a run on a core without the sweep functions, naming them', async () => {
    await expect(new SweepWorker(async () => describing).plan('{}', false)).rejects.toThrow('this build of the core has no sweepPlan');
  });
});
