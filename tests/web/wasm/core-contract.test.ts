import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent, TimelineEvent } from '../../../web/src/protocol/protocol';
import type { Heard } from '../support/heard-events';
import { withLiveEvents } from '../../../web/src/scenario/timeline';
import { loadCore, realCoreBuilt, runnerOn } from '../support/real-core';

// The page's hand-written types for the core (aqmlab-module.d.ts) checked
// against the real thing: the worker's runner drives the Node build of the core.
// Skipped until `bash scripts/build-wasm.sh` has produced that build.

describe.skipIf(!realCoreBuilt)('the real core behind the worker API', () => {
  it('streams column-major batches with every column the page draws', async () => {
    const core = await loadCore();
    for (const side of [0, 1]) {
      const { clock, posted, runner } = runnerOn(core);
      await runner.start(side, null, true);
      clock.advance(0);
      for (let i = 0; i < 10; i++) clock.advance(100); // ~10 s simulated
      const ready = posted.find((m) => m.type === 'ready');
      if (ready?.type !== 'ready') throw new Error(`side ${side} never became ready: ${JSON.stringify(posted)}`);
      const needed = ['t', 'queue_pkts', 'delay_ms', 'utilisation', ...(side === 1 ? ['aqm.avg'] : [])];
      expect(ready.columns).toEqual(expect.arrayContaining(needed));
      expect(ready.info.flows).toBeGreaterThan(0);
      if (side === 1) expect(typeof ready.info.params.max_p).toBe('number');

      const batches = posted.flatMap((m) => (m.type === 'batch' ? [m] : []));
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
      expect(posted.filter((m) => m.type === 'error')).toEqual([]);
      await runner.pause();
    }
  });

  it('applies live events and refuses bad ones with the field named', async () => {
    const core = await loadCore();
    const { clock, posted, runner } = runnerOn(core);
    await runner.start(1, null, true);
    clock.advance(0);
    clock.advance(100);
    await runner.apply({ kind: 'set_flows', group: 0, count: 200 }, null);
    await runner.apply({ kind: 'set_param', name: 'max_p', value: 0.3 }, null);
    await expect(runner.apply({ kind: 'set_flows', group: 7, count: 1 }, null)).rejects.toThrow(/group/);
    expect(posted.filter((m) => m.type === 'error')).toEqual([]); // a refusal is the caller's to show
    await runner.pause();
  });

  it('reports an invalid scenario as a fatal error naming the field', async () => {
    const core = await loadCore();
    const { posted, runner } = runnerOn(core);
    const scenario = JSON.stringify({ bottleneck: { capacity_mbps: -1 } });
    await runner.start(0, scenario, true);
    const [error] = posted;
    expect(error?.type).toBe('error');
    if (error?.type === 'error') {
      expect(error.fatal).toBe(true);
      expect(error.message).toMatch(/^bottleneck\.capacity_mbps/);
    }
  });

  it('takes every timeline event kind the page can send, live and replayed from an export, identically', async () => {
    // The compiler makes this table name every kind of the page's TimelineEvent;
    // the check below makes the page's kinds those SCENARIO.md documents.
    const sent: { [K in TimelineEvent['kind']]: Extract<TimelineEvent, { kind: K }>[] } = {
      set_flows: [{ kind: 'set_flows', group: 0, count: 9 }],
      set_param: [
        { kind: 'set_param', name: 'max_p', value: 0.2 },
        { kind: 'set_param', side: 0, name: 'max_p', value: 0.3 },
      ],
      set_capacity: [
        { kind: 'set_capacity', mbps: 8 },
        { kind: 'set_capacity', mbps: 6, hop: 2 },
      ],
      set_rate: [{ kind: 'set_rate', group: 1, rate: 0.5 }],
      set_delay: [
        { kind: 'set_delay', delay_ms: 5 },
        { kind: 'set_delay', delay_ms: 7, hop: 2 },
      ],
      group_off: [{ kind: 'group_off', group: 1 }],
      group_on: [{ kind: 'group_on', group: 1 }],
    };
    const spec = readFileSync(fileURLToPath(new URL('../../../core-cpp/SCENARIO.md', import.meta.url)), 'utf8');
    const section = spec.slice(spec.indexOf('## Timeline events'), spec.indexOf('## Metrics'));
    const documented = [...section.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(sent).sort());

    const scenario = JSON.stringify({
      duration_s: 12,
      topology: { kind: 'parking_lot' },
      groups: [{ kind: 'tcp', count: 5 }, { kind: 'udp_cbr', count: 2 }],
      sides: [{ aqm: 'red' }],
    });
    const events = Object.values(sent).flat();
    const core = await loadCore();

    // Live: each change at its own time, as the page's sliders send them.
    const live = runnerOn(core);
    await live.runner.start(0, scenario, false);
    const log: RecordedEvent[] = [];
    for (const [i, event] of events.entries()) log.push(await live.runner.apply(event, i + 1));
    await live.runner.runUntil(12);
    live.clock.advance(0);
    expect(live.posted.filter((m) => m.type === 'error')).toEqual([]);
    expect(log).toEqual(events.map((event, i) => ({ atS: i + 1, event })));

    // Replayed: the same changes as the scenario's own events (what an export carries).
    const exported = withLiveEvents(scenario, log);
    if (exported === null) throw new Error('no export');
    expect(JSON.parse(exported).events).toHaveLength(events.length);
    const replay = runnerOn(core);
    await replay.runner.start(0, exported, false);
    await replay.runner.runUntil(12);
    replay.clock.advance(0);
    expect(replay.posted.filter((m) => m.type === 'error')).toEqual([]);
    const liveRows = rows(live.posted);
    expect(liveRows.length).toBeGreaterThan(1000);
    expect(rows(replay.posted)).toEqual(liveRows);
  });
});

/** Every sample a runner posted, one row per sample time (batches are column-major). */
function rows(posted: readonly Heard[]): number[][] {
  const ready = posted.find((m) => m.type === 'ready');
  const width = ready?.type === 'ready' ? ready.columns.length : 0;
  const out: number[][] = [];
  for (const m of posted) {
    if (m.type !== 'batch') continue;
    for (let i = 0; i < m.length; i++) out.push(Array.from({ length: width }, (_, c) => m.data[c * m.length + i] ?? NaN));
  }
  return out;
}
