import { describe, expect, it } from 'vitest';
import { loadCore, realCoreBuilt, runnerOn } from './real-core';

// The page's hand-written types for the core (aqmlab-module.d.ts) checked
// against the real thing: the worker's runner drives the Node build of the core.
// Skipped until `bash scripts/build-wasm.sh` has produced that build.

describe.skipIf(!realCoreBuilt)('the real core behind the worker protocol', () => {
  it('streams column-major batches with every column the page draws', async () => {
    const core = await loadCore();
    for (const side of [0, 1]) {
      const { clock, posted, runner } = runnerOn(core);
      await runner.receive({ type: 'run/start', side, scenario: null, speed: 10, play: true });
      clock.advance(0);
      for (let i = 0; i < 10; i++) clock.advance(100); // ~10 s simulated
      const ready = posted.find((m) => m.type === 'run/ready');
      if (ready?.type !== 'run/ready') throw new Error(`side ${side} never became ready: ${JSON.stringify(posted)}`);
      const needed = ['t', 'queue_pkts', 'delay_ms', 'utilisation', ...(side === 1 ? ['aqm.avg'] : [])];
      expect(ready.columns).toEqual(expect.arrayContaining(needed));
      expect(ready.info.flows).toBeGreaterThan(0);
      if (side === 1) expect(typeof ready.info.params.max_p).toBe('number');

      const batches = posted.flatMap((m) => (m.type === 'sim/batch' ? [m] : []));
      expect(batches.length).toBeGreaterThan(5);
      let lastT = -Infinity;
      for (const b of batches) {
        expect(b.data.length).toBe(b.length * ready.columns.length);
        const times = b.data.subarray(0, b.length); // column 0 is t
        for (const t of times) {
          expect(t).toBeGreaterThan(lastT);
          lastT = t;
        }
      }
      expect(lastT).toBeGreaterThan(8);
      expect(posted.filter((m) => m.type === 'run/error')).toEqual([]);
      await runner.receive({ type: 'run/pause' });
    }
  });

  it('applies live events and refuses bad ones with the field named', async () => {
    const core = await loadCore();
    const { clock, posted, runner } = runnerOn(core);
    await runner.receive({ type: 'run/start', side: 1, scenario: null, speed: 10, play: true });
    clock.advance(0);
    clock.advance(100);
    await runner.receive({ type: 'sim/apply', id: 1, event: { kind: 'set_flows', group: 0, count: 200 }, atS: null });
    await runner.receive({ type: 'sim/apply', id: 2, event: { kind: 'set_param', name: 'max_p', value: 0.3 }, atS: null });
    await runner.receive({ type: 'sim/apply', id: 3, event: { kind: 'set_flows', group: 7, count: 1 }, atS: null });
    const applied = posted.flatMap((m) => (m.type === 'sim/applied' ? [m.id] : []));
    const refused = posted.flatMap((m) => (m.type === 'run/error' ? [m] : []));
    expect(applied).toEqual([1, 2]);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ id: 3, fatal: false });
    expect(refused[0]?.message).toMatch(/group/);
    await runner.receive({ type: 'run/pause' });
  });

  it('reports an invalid scenario as a fatal error naming the field', async () => {
    const core = await loadCore();
    const { posted, runner } = runnerOn(core);
    const scenario = JSON.stringify({ bottleneck: { capacity_mbps: -1 } });
    await runner.receive({ type: 'run/start', side: 0, scenario, speed: 10, play: true });
    const [error] = posted;
    expect(error?.type).toBe('run/error');
    if (error?.type === 'run/error') {
      expect(error.fatal).toBe(true);
      expect(error.message).toMatch(/^bottleneck\.capacity_mbps/);
    }
  });
});
