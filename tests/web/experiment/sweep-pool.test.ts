import { describe, expect, it } from 'vitest';
import { estimateLeftMs, poolSize, runPool, type PoolProgress } from '../../../web/src/experiment/sweep-pool';
import { FakeSweepWorkers, fakeRunAnswer } from '../support/fake-sweep-port';

const indices = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('the sweep pool', () => {
  it('runs every index once, never more at a time than it has workers', async () => {
    const workers = new FakeSweepWorkers((m) => (m.type === 'run' ? fakeRunAnswer(m.index) : 'hang'));
    const progress: PoolProgress[] = [];
    const result = await runPool({ spawn: workers.spawn, workers: 3, sweep: '{}', indices: indices(10), onProgress: (p) => progress.push(p) });
    expect(result.cancelled).toBe(false);
    expect(result.outcomes.map((o) => o.index).sort((a, b) => a - b)).toEqual(indices(10));
    expect(result.outcomes.every((o) => o.ok)).toBe(true);
    expect(workers.ports).toHaveLength(3);
    expect(workers.maxInFlight).toBe(3);
    expect(workers.ports.every((p) => p.terminated)).toBe(true);
    const first = progress[0];
    const last = progress[progress.length - 1];
    expect(first).toMatchObject({ total: 10, done: 0, failed: 0, etaMs: null, workers: 3 });
    expect(last).toMatchObject({ total: 10, done: 10, failed: 0, etaMs: 0 });
  });

  it('keeps the runs lines as the core gave them, each ending with a line break', async () => {
    const workers = new FakeSweepWorkers((m) => (m.type === 'run' ? fakeRunAnswer(m.index, ['x']) : 'hang'));
    const { outcomes } = await runPool({ spawn: workers.spawn, workers: 1, sweep: '{}', indices: [4] });
    expect(outcomes).toEqual([{ index: 4, ok: true, lines: '{"index":4,"side":"x","summary":{"mean_queue_pkts":4}}\n' }]);
  });

  it('spawns no more workers than runs, and at least one', () => {
    expect(poolSize(8, 3)).toBe(3);
    expect(poolSize(2, 90)).toBe(2);
    expect(poolSize(0, 5)).toBe(1);
  });

  it('fails only the run of a worker that died, names why, and goes on with a fresh worker', async () => {
    const workers = new FakeSweepWorkers((m) => {
      if (m.type !== 'run') return 'hang';
      return m.index === 2 ? { crash: 'RuntimeError: unreachable' } : fakeRunAnswer(m.index);
    });
    const { outcomes } = await runPool({ spawn: workers.spawn, workers: 2, sweep: '{}', indices: indices(6) });
    const failed = outcomes.filter((o) => !o.ok);
    expect(failed).toEqual([{ index: 2, ok: false, error: 'the worker running it stopped: RuntimeError: unreachable' }]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    expect(workers.ports).toHaveLength(3); // the two lanes' workers and one replacement
  });

  it('fails a run the core refuses with the core message, keeping its worker', async () => {
    const workers = new FakeSweepWorkers((m) => {
      if (m.type !== 'run') return 'hang';
      if (m.index === 1) return { text: '{"ok":false,"error":"axes[0].values[1]: must be in [1, 10000], got 0"}' };
      return fakeRunAnswer(m.index);
    });
    const { outcomes } = await runPool({ spawn: workers.spawn, workers: 1, sweep: '{}', indices: indices(3) });
    expect(outcomes.find((o) => o.index === 1)).toEqual({ index: 1, ok: false, error: 'axes[0].values[1]: must be in [1, 10000], got 0' });
    expect(workers.ports).toHaveLength(1);
  });

  it('cancels by terminating every worker, and reports what finished', async () => {
    const controller = new AbortController();
    const workers = new FakeSweepWorkers((m) => (m.type === 'run' && m.index === 0 ? fakeRunAnswer(0) : 'hang'));
    const result = await runPool({
      spawn: workers.spawn,
      workers: 2,
      sweep: '{}',
      indices: indices(5),
      onRun: () => controller.abort(),
      signal: controller.signal,
    });
    expect(result.cancelled).toBe(true);
    expect(result.outcomes.map((o) => o.index)).toEqual([0]);
    expect(workers.ports.every((p) => p.terminated)).toBe(true);
  });

  it('estimates the time left from the pace so far', () => {
    expect(estimateLeftMs(1000, 0, 10)).toBeNull();
    expect(estimateLeftMs(3000, 3, 10)).toBe(7000);
    expect(estimateLeftMs(5000, 10, 10)).toBe(0);
  });
});
