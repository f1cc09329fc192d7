import { beforeEach, describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from '../../web/src/protocol/protocol';
import { SimHost, isToHost, type ChannelEnd } from '../../web/src/worker/sim-host';
import { createFakeCore, fakeScenario, type FakeCore } from './fake-core';
import { ManualClock } from './manual-clock';

// Several sides in one simulation worker: the host's runs share one
// driver, which advances them in rounds, so at every flush each side's batch
// ends at the same simulated time; a side whose core fails, or whose page end
// closes, leaves the others running.

/** A clock whose time also moves a little at every reading, as a busy worker's does: ticks end on their budget. */
class BusyClock extends ManualClock {
  private spent = 0;
  override now(): number {
    this.spent += 0.05;
    return super.now() + this.spent;
  }
}

class FakeEnd implements ChannelEnd {
  readonly posted: FromWorker[] = [];
  closed = false;
  private listener: ((data: unknown) => void) | null = null;
  post(message: FromWorker): void {
    this.posted.push(message);
  }
  onMessage(listener: (data: unknown) => void): void {
    this.listener = listener;
  }
  close(): void {
    this.closed = true;
  }
  send(message: ToWorker): void {
    this.listener?.(message);
  }
  batches(): Extract<FromWorker, { type: 'sim/batch' }>[] {
    return this.posted.flatMap((m) => (m.type === 'sim/batch' ? [m] : []));
  }
  errors(): Extract<FromWorker, { type: 'run/error' }>[] {
    return this.posted.flatMap((m) => (m.type === 'run/error' ? [m] : []));
  }
}

const sixSides = (() => {
  const s = JSON.parse(fakeScenario) as { sides: unknown[] };
  s.sides = Array.from({ length: 6 }, (_, i) => ({ name: `S${i}`, aqm: i % 2 ? 'red' : 'droptail', params: {} }));
  return JSON.stringify(s);
})();

describe('SimHost', () => {
  let clock: ManualClock;
  let cores: FakeCore[];
  let host: SimHost;
  let ends: FakeEnd[];
  let catalogueReads: number;
  let defaultReads: number;

  async function startSides(speed: number | 'max', crashSide: number | null = null): Promise<void> {
    ends = Array.from({ length: 6 }, () => new FakeEnd());
    ends.forEach((end, i) => host.attach(i, end, i === crashSide ? 3 : null));
    ends.forEach((end, i) => end.send({ type: 'run/start', side: i, scenario: sixSides, speed, play: true }));
    await new Promise((r) => setTimeout(r, 0)); // each run loads its own core (a promise), then opens
    expect(cores).toHaveLength(6);
  }

  beforeEach(() => {
    clock = new BusyClock();
    cores = [];
    catalogueReads = 0;
    defaultReads = 0;
    host = new SimHost({
      instantiate: async () => {
        const core = createFakeCore();
        const describe = core.describeAqms;
        core.describeAqms = () => {
          catalogueReads++;
          return describe();
        };
        const defaults = core.defaultScenario;
        core.defaultScenario = () => {
          defaultReads++;
          return defaults();
        };
        cores.push(core);
        return core;
      },
      clock,
    });
  });

  it('runs six sides in rounds: every flush finds them at one simulated time, at any speed', async () => {
    for (const speed of [10, 'max'] as const) {
      await startSides(speed);
      for (let tick = 0; tick < 40; tick++) {
        clock.advance(16);
        const latest = ends.map((e) => e.batches().at(-1)?.now ?? 0);
        expect(new Set(latest).size).toBe(1); // one time for all
        const counts = ends.map((e) => e.batches().length);
        expect(new Set(counts).size).toBe(1); // flushed together
      }
      const now = ends[0]?.batches().at(-1)?.now ?? 0;
      expect(now).toBeGreaterThan(speed === 'max' ? 1 : 0.5);
      for (let i = 0; i < 6; i++) host.detach(i);
      cores = [];
    }
  });

  it('gives each side its own core, reading the catalogue of disciplines and the default scenario once per worker', async () => {
    await startSides(10);
    expect(new Set(cores).size).toBe(6);
    expect(catalogueReads).toBe(1);
    expect(defaultReads).toBe(1);
    const ready = ends.map((e) => e.posted.find((m) => m.type === 'run/ready'));
    expect(ready.every((m) => m?.type === 'run/ready' && m.aqms?.length === 3)).toBe(true);
  });

  it('one core failing stops its side alone; the others go on to the end', async () => {
    await startSides('max');
    const failing = cores[2]?.created[0];
    if (!failing) throw new Error('no simulation for side 2');
    failing.failAtS = 0.5;
    clock.advance(1000);
    expect(ends[2]?.errors()).toEqual([expect.objectContaining({ fatal: true, message: expect.stringContaining('4000000 packets') })]);
    for (const i of [0, 1, 3, 4, 5]) {
      expect(ends[i]?.errors()).toEqual([]);
      expect(ends[i]?.posted.at(-1)).toEqual({ type: 'run/state', playing: false, done: true, now: 2 });
    }
  });

  it("the test crash flag fails that side's core from its advance, as a trap would", async () => {
    await startSides(10, 4);
    for (let tick = 0; tick < 40; tick++) clock.advance(16);
    expect(ends[4]?.errors()).toEqual([expect.objectContaining({ fatal: true, message: 'test crash after 3 batches' })]);
    expect(ends[4]?.batches()).toHaveLength(3);
    expect(ends[0]?.posted.at(-1)).toEqual({ type: 'run/state', playing: false, done: true, now: 2 });
  });

  it('a side detached stops and frees its core; the others keep running', async () => {
    await startSides(10);
    clock.advance(160);
    host.detach(1);
    expect(ends[1]?.closed).toBe(true);
    expect(cores[1]?.created[0]?.deleted).toBe(true);
    const before = ends.map((e) => e.batches().length);
    clock.advance(320);
    expect(ends[1]?.batches()).toHaveLength(before[1] ?? -1);
    expect(ends[0]?.batches().length).toBeGreaterThan(before[0] ?? 0);
  });

  it('pause and run-to reach every side between ticks; they stop at one time', async () => {
    await startSides(10);
    clock.advance(32);
    expect(ends[0]?.batches().at(-1)?.now).toBeLessThan(1);
    for (const end of ends) end.send({ type: 'run/until', untilS: 1.5 });
    await new Promise((r) => setTimeout(r, 0)); // a run reads its messages in order, one promise after another
    clock.advance(1000);
    const states = ends.map((e) => e.posted.filter((m) => m.type === 'run/state').at(-1));
    expect(states.every((s) => s?.type === 'run/state' && !s.playing && s.now === 1.5)).toBe(true);
  });

  it('reads only well-formed host messages', () => {
    expect(isToHost({ type: 'host/detach', channel: 3 })).toBe(true);
    expect(isToHost({ type: 'host/attach', channel: 1, port: {}, crashAfterBatches: null })).toBe(true);
    expect(isToHost({ type: 'host/attach', channel: 1.5, port: {}, crashAfterBatches: null })).toBe(false);
    expect(isToHost({ type: 'host/attach', channel: 1, crashAfterBatches: null })).toBe(false);
    expect(isToHost({ type: 'run/start' })).toBe(false);
  });
});
