import { describe, expect, it } from 'vitest';
import { loadCore, realCoreBuilt, runnerOn } from '../support/real-core';

// The summary table against the real core: its summary crosses the worker
// boundary with every figure the table shows (the chart levels are checked
// in aqm-registration.test.ts).

describe.skipIf(!realCoreBuilt)('the real core behind the summary table and the levels', () => {
  it('answers the summary of the run after the warm-up', async () => {
    const core = await loadCore();
    const { clock, posted, runner } = runnerOn(core, 30);
    await runner.start(1, null, true);
    clock.advance(0);
    const warmUp = await runner.summary(); // still in the 10 s warm-up
    for (let i = 0; i < 10; i++) clock.advance(100); // ~30 s simulated
    const s = await runner.summary();
    await runner.pause();
    expect(posted.filter((m) => m.type === 'error')).toEqual([]);
    expect(warmUp.measuredS).toBe(0);
    expect(s.measuredS).toBeGreaterThan(15);
    expect(s.meanQueuePkts).toBeGreaterThan(0);
    expect(s.p95QueuePkts ?? 0).toBeGreaterThanOrEqual(s.meanQueuePkts ?? Infinity);
    expect(s.p95DelayMs ?? 0).toBeGreaterThanOrEqual(s.meanDelayMs ?? Infinity);
    expect(s.utilisation).toBeGreaterThan(0.5);
    expect(s.utilisation).toBeLessThanOrEqual(1);
    expect(s.fairness).toBeGreaterThan(0);
    expect(s.fairness).toBeLessThanOrEqual(1);
    expect(s.responseTimeS).toBeNull(); // the default scenario asks for none
  });

  it('carries the windows, the transients and the per-class delays across the worker boundary', async () => {
    const core = await loadCore();
    const { clock, posted, runner } = runnerOn(core, 30);
    const scenario = {
      duration_s: 30,
      groups: [
        { kind: 'tcp', class: 'bulk', count: 20 },
        { kind: 'udp_cbr', class: 'voice', count: 2 },
      ],
      sides: [{ aqm: 'red' }],
      windows: [
        { name: 'early', from_s: 0, to_s: 5 },
        { name: 'late', from_s: 25, to_s: 30 },
      ],
    };
    await runner.start(0, JSON.stringify(scenario), true);
    clock.advance(0);
    for (let i = 0; i < 10; i++) clock.advance(100); // ~30 s simulated, capped at 30
    const reply = await runner.summary();
    expect(posted.filter((m) => m.type === 'error')).toEqual([]);
    expect(reply.windows.map((w) => w.name)).toEqual(['early', 'late']);
    const early = reply.windows[0]?.summary;
    expect(early?.measuredS).toBe(5);
    expect(early?.maxQueuePkts ?? 0).toBeGreaterThan(0);
    expect(reply.maxQueuePkts ?? 0).toBeGreaterThanOrEqual(reply.max1sMeanQueuePkts ?? Infinity);
    expect(reply.fullFraction).not.toBeNull();
    expect(reply.classes.map((c) => c.name)).toEqual(['bulk', 'voice']);
    for (const c of reply.classes) expect(c.meanDelayMs ?? -1).toBeGreaterThanOrEqual(0);
  });
});
