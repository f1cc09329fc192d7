import { beforeEach, describe, expect, it } from 'vitest';
import { expose, releaseProxy, wrap, type Remote } from 'comlink';
import type { Batch, SideApi } from '../../../web/src/protocol/protocol';
import { SimHost } from '../../../web/src/worker/sim-host';
import { createFakeCore, fakeScenario, type FakeCore } from '../support/fake-core';
import { memoryChannel } from '../support/fake-worker-end';
import { hearing, ofType, type Heard } from '../support/heard-events';
import { ManualClock } from '../support/manual-clock';

// Several sides in one simulation worker, called through comlink as the page
// calls them: the host's runs share one driver, which advances them in
// rounds, so at every flush each side's batch ends at the same simulated
// time; a side whose core fails, or whose page end is released, leaves the
// others running.

/** A clock whose time also moves a little at every reading, as a busy worker's does: ticks end on their budget. */
class BusyClock extends ManualClock {
  private spent = 0;
  override now(): number {
    this.spent += 0.05;
    return super.now() + this.spent;
  }
}

/** The page's end of one side: its calls to the side's run, and what the run told it. */
class PageSide {
  private static keys = 0;
  readonly posted: Heard[] = [];
  readonly api: Remote<SideApi>;
  /** The side's name in the host's `together`. */
  readonly key = PageSide.keys++;

  constructor(host: SimHost) {
    const [page, hostEnd] = memoryChannel(true);
    const [pageEvents, hostEvents] = memoryChannel(true);
    expose(hearing(this.posted).events, pageEvents);
    host.attach(this.key, hostEnd, hostEvents);
    this.api = wrap<SideApi>(page);
  }

  batches(): Extract<Heard, { type: 'batch' }>[] {
    return ofType(this.posted, 'batch');
  }

  errors(): Extract<Heard, { type: 'error' }>[] {
    return ofType(this.posted, 'error');
  }
}

/** Promise callbacks and comlink's answers run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

const sixSidesFor = (durationS: number) => {
  const s = JSON.parse(fakeScenario) as { sides: unknown[]; duration_s: number };
  s.sides = Array.from({ length: 6 }, (_, i) => ({ name: `S${i}`, aqm: i % 2 ? 'red' : 'droptail', params: {} }));
  s.duration_s = durationS;
  return JSON.stringify(s);
};
const sixSides = sixSidesFor(2);

describe('SimHost', () => {
  let clock: ManualClock;
  let cores: FakeCore[];
  let host: SimHost;
  let ends: PageSide[];
  let catalogueReads: number;
  let defaultReads: number;

  async function startSides(speed: number | 'max', scenario = sixSides, play = true): Promise<void> {
    host.setSpeed(speed);
    ends = Array.from({ length: 6 }, () => new PageSide(host));
    await Promise.all(ends.map((end, i) => end.api.start(i, scenario, play))); // each run loads its own core, then opens
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
      for (const end of ends) end.api[releaseProxy]();
      await settle();
      cores = [];
    }
  });

  it('sides that hear play between two ticks meet at one time at the next tick', async () => {
    // Each side hears play on its own channel, so the driver may tick between
    // two of the messages and the sides start apart. The pace is counted from
    // the slowest side and never falls short of the fastest, so they meet
    // again at the next tick (with each side's pace its own, the side that
    // heard first stayed ahead for the rest of the run).
    await startSides(10, sixSidesFor(3600), false);
    for (const end of ends) {
      await end.api.play();
      await settle();
      clock.advance(32);
    }
    const times = () => ends.map((e) => e.batches().at(-1)?.now ?? 0);
    const spread = () => Math.max(...times()) - Math.min(...times());
    for (let tick = 0; tick < 20; tick++) {
      clock.advance(32);
      expect(spread(), `tick ${tick}: ${times().join(', ')}`).toBe(0);
    }
  });

  it('one speed for every side: a change moves them all at the new pace, together', async () => {
    await startSides(10, sixSidesFor(3600));
    clock.advance(64);
    host.setSpeed(20);
    clock.advance(32);
    const before = ends[0]?.batches().at(-1)?.now ?? 0;
    for (let tick = 0; tick < 20; tick++) {
      clock.advance(50);
      const times = ends.map((e) => e.batches().at(-1)?.now ?? 0);
      expect(new Set(times).size, `tick ${tick}: ${times.join(', ')}`).toBe(1);
    }
    const moved = (ends[0]?.batches().at(-1)?.now ?? 0) - before;
    // 1 s of wall time at 20x (the busy clock's readings add a little wall
    // time; the fake core stops at its 10 ms samples, so each tick's pace,
    // counted from where the cores stand, loses a little).
    expect(moved).toBeGreaterThan(18);
    expect(moved).toBeLessThan(21);
  });

  it('a change made together reaches every side at the latest time among them, even with the sides apart', async () => {
    await startSides(10, sixSidesFor(3600));
    clock.advance(64);
    await ends[0]?.api.pause(); // side 0 stands still while the others run on
    clock.advance(160);
    const times = cores.map((c) => c.created[0]?.now() ?? 0);
    const latest = Math.max(...times);
    expect(Math.min(...times)).toBeLessThan(latest);
    const answer = await host.together(
      ends.map((e) => e.key),
      { kind: 'apply', event: { kind: 'set_flows', group: 0, count: 80 } },
    );
    expect(answer.error).toBeNull();
    expect(answer.applied).toEqual(ends.map(() => ({ ok: true, recorded: { atS: latest, event: { kind: 'set_flows', group: 0, count: 80 } } })));
    expect(cores.map((c) => c.created[0]?.now())).toEqual(ends.map(() => latest));
  });

  it('steps every side to the sample after the latest of them, and runs them to a time unless one is past it', async () => {
    await startSides(10, sixSidesFor(3600));
    clock.advance(64);
    await ends[0]?.api.pause();
    clock.advance(160);
    const latest = Math.max(...cores.map((c) => c.created[0]?.now() ?? 0));
    const keys = ends.map((e) => e.key);
    expect(await host.together(keys, { kind: 'step' })).toEqual({ error: null, applied: [] });
    clock.advance(1000);
    const stepped = Math.round((latest + 0.01) * 100) / 100;
    expect(ends.map((e) => ofType(e.posted, 'state').at(-1))).toEqual(ends.map(() => ({ type: 'state', playing: false, done: false, now: stepped })));
    expect(await host.together(keys, { kind: 'until', untilS: 0.1 })).toEqual({
      error: `run to: the run is already at ${stepped.toFixed(2)} s, past 0.1 s (reset first)`,
      applied: [],
    });
    expect(await host.together(keys, { kind: 'until', untilS: 2.5 })).toEqual({ error: null, applied: [] });
    clock.advance(1000);
    expect(ends.map((e) => ofType(e.posted, 'state').at(-1)?.now)).toEqual(ends.map(() => 2.5));
    // A side the worker no longer has answers for itself.
    const gone = await host.together([...keys, 999], { kind: 'apply', event: { kind: 'set_flows', group: 0, count: 5 } });
    expect(gone.applied.at(-1)).toEqual({ ok: false, error: 'the side is gone' });
  });

  it('gives each side its own core, reading the catalogue of disciplines and the default scenario once per worker', async () => {
    await startSides(10);
    expect(new Set(cores).size).toBe(6);
    expect(catalogueReads).toBe(1);
    expect(defaultReads).toBe(1);
    const ready = ends.map((e) => ofType(e.posted, 'ready')[0]);
    expect(ready.every((m) => m?.aqms?.length === 3)).toBe(true);
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
      expect(ends[i]?.posted.at(-1)).toEqual({ type: 'state', playing: false, done: true, now: 2 });
    }
  });

  it('a side released stops and frees its core; the others keep running', async () => {
    await startSides(10);
    clock.advance(160);
    ends[1]?.api[releaseProxy]();
    await settle();
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
    await Promise.all(ends.map((end) => end.api.runUntil(1.5)));
    clock.advance(1000);
    const states = ends.map((e) => ofType(e.posted, 'state').at(-1));
    expect(states.every((s) => s !== undefined && !s.playing && s.now === 1.5)).toBe(true);
  });

  it('transfers each batch to the page (its buffer leaves the worker) over real message ports', async () => {
    const side = new MessageChannel();
    const heard = new MessageChannel();
    const transferred: ArrayBuffer[] = [];
    const port = heard.port2;
    const eventsEnd = {
      postMessage: (message: unknown, transfer: Transferable[] = []) => {
        port.postMessage(message, transfer);
        for (const t of transfer) if (t instanceof ArrayBuffer) transferred.push(t);
      },
      addEventListener: port.addEventListener.bind(port),
      removeEventListener: port.removeEventListener.bind(port),
      start: () => port.start(),
      close: () => port.close(),
    };
    const batches: Batch[] = [];
    expose({ ...hearing().events, batch: (b: Batch) => void batches.push(b) }, heard.port1);
    host.attach(0, side.port2, eventsEnd);
    const api = wrap<SideApi>(side.port1);
    host.setSpeed('max');
    await api.start(0, null, true);
    clock.advance(16);
    await api.pause();
    for (let i = 0; i < 50 && batches.length === 0; i++) await settle();
    expect(batches.length).toBeGreaterThan(0);
    expect(transferred.length).toBeGreaterThanOrEqual(batches.length);
    expect(transferred.every((buffer) => buffer.byteLength === 0)).toBe(true); // detached: moved, not copied
    expect(batches[0]?.data.length).toBe((batches[0]?.length ?? 0) * 3);
    api[releaseProxy]();
    side.port1.close();
    heard.port1.close();
  });
});
