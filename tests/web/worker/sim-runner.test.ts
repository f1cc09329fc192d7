import { beforeEach, describe, expect, it } from 'vitest';
import { SimRunner, defaultPacing } from '../../../web/src/worker/sim-runner';
import { SimDriver } from '../../../web/src/worker/sim-driver';
import { createFakeCore, type FakeCore } from '../support/fake-core';
import { hearing, ofType, type Heard } from '../support/heard-events';
import { ManualClock } from '../support/manual-clock';

describe('SimRunner', () => {
  let core: FakeCore;
  let clock: ManualClock;
  let posted: Heard[];
  let loads: number;
  let runner: SimRunner;
  let driver: SimDriver;

  beforeEach(() => {
    core = createFakeCore();
    clock = new ManualClock();
    posted = [];
    loads = 0;
    driver = new SimDriver(clock, defaultPacing); // at the driver's default speed, 10x
    runner = new SimRunner(
      {
        loadModule: async () => {
          loads++;
          return core;
        },
        events: hearing(posted).events,
        clock,
      },
      defaultPacing,
      driver,
    );
  });

  it('starts the default scenario, announces columns once and side info from the core', async () => {
    await runner.start(1, null, false);
    const [ready] = ofType(posted, 'ready');
    expect(ready?.columns).toEqual(['t', 'queue_pkts', 'delay_ms', 'aqm.avg', 'aqm.pa']);
    // Defaults from the table, buffer-relative ones resolved against the scenario's 40 packets.
    expect(ready?.info).toEqual({
      side: 1,
      sideName: 'RED',
      aqm: 'red',
      flows: 50,
      params: { wq: 0.002, min_th: 10, max_th: 30, max_p: 0.1, gentle: 1 },
    });
    expect(ready?.aqms?.map((a) => a.name)).toEqual(['droptail', 'red', 'gizmo']);
    expect(ofType(posted, 'state').at(-1)).toMatchObject({ playing: false, done: false });
  });

  it("sends the catalogue in the channel's first ready only; later runs say null (the page keeps it)", async () => {
    await runner.start(1, null, false);
    await runner.reset();
    await runner.start(0, null, false);
    const ready = ofType(posted, 'ready');
    expect(ready.map((m) => m.aqms?.length ?? null)).toEqual([3, null, null]);
    expect(ready.map((m) => m.info.aqm)).toEqual(['red', 'red', 'droptail']);
  });

  it('paces simulated time at the chosen speed and posts numbered, transferable batches', async () => {
    await runner.start(0, null, true);
    clock.advance(0); // first tick: no real time has passed yet
    clock.advance(100); // ~100 ms real at 10x: ~1 s simulated
    const batches = ofType(posted, 'batch');
    expect(batches.map((b) => b.seq)).toEqual(batches.map((_, i) => i));
    const simulated = batches.at(-1)?.now ?? 0;
    expect(simulated).toBeGreaterThan(0.8);
    expect(simulated).toBeLessThanOrEqual(1.01);
    for (const message of batches) expect(message.data.length).toBe(message.length * 3);
    const total = batches.reduce((n, b) => n + b.length, 0);
    expect(total).toBe(Math.round(simulated * 100));
  });

  it('runs as fast as possible to the end, then reports done', async () => {
    driver.setSpeed('max');
    await runner.start(0, null, true);
    clock.advance(1);
    expect(ofType(posted, 'state').at(-1)).toEqual({ type: 'state', playing: false, done: true, now: 2 });
    expect(ofType(posted, 'batch').reduce((n, b) => n + b.length, 0)).toBe(200);
    expect(clock.pending).toBe(0);
  });

  it('pauses at the first sample time at or after its time, then stops advancing', async () => {
    await runner.start(0, null, true);
    clock.advance(50);
    const at = core.created[0]?.now() ?? 0;
    await runner.pause();
    clock.advance(0);
    const stoppedAt = core.created[0]?.now() ?? 0;
    expect(stoppedAt).toBeGreaterThanOrEqual(at);
    expect(stoppedAt).toBeLessThan(at + 0.01);
    expect(Math.round(stoppedAt * 100) / 100).toBe(stoppedAt); // a sample time (10 ms)
    const count = ofType(posted, 'batch').length;
    clock.advance(1000);
    expect(ofType(posted, 'batch')).toHaveLength(count);
    expect(ofType(posted, 'state').at(-1)?.playing).toBe(false);
  });

  it('applies live events at the current simulated time', async () => {
    await runner.start(0, null, true);
    clock.advance(0);
    clock.advance(50);
    const at = core.created[0]?.now() ?? -1;
    expect(await runner.apply({ kind: 'set_flows', group: 0, count: 200 }, null)).toEqual({ atS: at, event: { kind: 'set_flows', group: 0, count: 200 } });
    clock.advance(50);
    const latest = ofType(posted, 'batch').at(-1);
    const queueColumn = 1; // column-major: the queue run starts after `length` times
    expect(latest?.data[queueColumn * (latest?.length ?? 0)]).toBe(200);
  });

  it('rejects a refused event with the core message, and keeps running', async () => {
    await runner.start(0, null, true);
    await expect(runner.apply({ kind: 'set_param', name: 'max_p', value: 0.5 }, null)).rejects.toThrow('name: no such parameter');
    expect(ofType(posted, 'error')).toEqual([]); // the caller shows it where it belongs
    const before = ofType(posted, 'batch').length;
    clock.advance(100);
    expect(ofType(posted, 'batch').length).toBeGreaterThan(before);
  });

  it('reports a bad scenario as a fatal error instead of throwing', async () => {
    await runner.start(0, '{not json', true);
    expect(ofType(posted, 'error')).toEqual([{ type: 'error', message: 'scenario: not JSON', fatal: true }]);
    await runner.start(5, null, true);
    expect(ofType(posted, 'error').at(-1)).toMatchObject({ message: 'sides: out of range', fatal: true });
    expect(core.created.every((s) => s.deleted)).toBe(true);
    const errors = ofType(posted, 'error').length;
    await expect(runner.apply({ kind: 'set_flows', group: 0, count: 2 }, null)).rejects.toThrow('no run to apply the event to');
    expect(ofType(posted, 'error')).toHaveLength(errors);
  });

  it('refuses to start on a discipline table it cannot read, naming the entry', async () => {
    const garbled = { ...core, describeAqms: () => JSON.stringify([{ name: 'odd', params: 3 }]) };
    const strict = new SimRunner({
      loadModule: async () => garbled,
      events: hearing(posted).events,
      clock,
    });
    await strict.start(1, null, true);
    expect(ofType(posted, 'ready')).toEqual([]);
    expect(ofType(posted, 'error')).toEqual([
      { type: 'error', message: 'describeAqms[0] (odd): not a discipline description the page can read', fatal: true },
    ]);
    expect(core.created.every((s) => s.deleted)).toBe(true);
  });

  it('ends the run on a failed advance (the packet limit, memory) with the core\'s message, as a fatal error', async () => {
    await runner.start(0, null, true);
    const sim = core.created[0];
    if (!sim) throw new Error('no simulation');
    sim.failAtS = 0.5;
    clock.advance(0);
    clock.advance(100);
    expect(ofType(posted, 'error')).toEqual([
      { type: 'error', message: 'the run holds more than 4000000 packets at t = 0.5 s, the most a run may hold', fatal: true },
    ]);
    expect(sim.deleted).toBe(true);
    posted.length = 0;
    clock.advance(1000);
    expect(ofType(posted, 'batch')).toEqual([]);
    // The failed core's instance may be in any state: the next run gets a fresh one.
    await runner.start(0, null, false);
    expect(loads).toBe(2);
    expect(ofType(posted, 'ready')).toHaveLength(1);
  });

  it('reports a module that fails to load, and tries again on the next start', async () => {
    let attempts = 0;
    const failing = new SimRunner({
      loadModule: async () => {
        attempts++;
        if (attempts === 1) throw new Error('wasm fetch failed');
        return core;
      },
      events: hearing(posted).events,
      clock,
    });
    await failing.start(0, null, false);
    expect(ofType(posted, 'error')).toEqual([{ type: 'error', message: 'wasm fetch failed', fatal: true }]);
    await failing.start(0, null, false);
    expect(ofType(posted, 'ready')).toHaveLength(1);
  });

  it('resets to a fresh run: old simulation freed, sequence restarted, module loaded once', async () => {
    await runner.start(0, null, true);
    clock.advance(0);
    clock.advance(100);
    await runner.apply({ kind: 'set_flows', group: 0, count: 9 }, null);
    await runner.reset();
    expect(core.created[0]?.deleted).toBe(true);
    expect(ofType(posted, 'ready')).toHaveLength(2);
    posted.length = 0;
    clock.advance(100);
    expect(ofType(posted, 'batch')[0]?.seq).toBe(0);
    expect(loads).toBe(1);
  });

  it('answers the core summary read into typed figures, and refuses with no run', async () => {
    await expect(runner.summary()).rejects.toThrow('no run to summarise');
    expect(ofType(posted, 'error')).toEqual([]);
    await runner.start(0, null, true);
    clock.advance(0);
    for (let i = 0; i < 10; i++) clock.advance(100); // ~1 s simulated, past the fake's 0.5 s warm-up
    const result = await runner.summary();
    expect(result.measuredS).toBeGreaterThan(0.3);
    expect(result).toMatchObject({ meanQueuePkts: 12.5, p95DelayMs: 8, utilisation: 0.97, responseTimeS: null });
  });

  it('runs as fast as possible to a time, pauses exactly there, and steps one sample interval', async () => {
    driver.setSpeed(1);
    await runner.start(0, null, false);
    await runner.runUntil(1.23);
    expect(ofType(posted, 'state').at(-1)).toMatchObject({ playing: true });
    clock.advance(1); // one tick: at 1x paced play would have moved 1 ms
    expect(ofType(posted, 'state').at(-1)).toEqual({ type: 'state', playing: false, done: false, now: 1.23 });
    expect(ofType(posted, 'batch').at(-1)?.now).toBe(1.23);
    await runner.step();
    clock.advance(1);
    expect(ofType(posted, 'state').at(-1)).toMatchObject({ playing: false, now: 1.24 });
    expect(ofType(posted, 'batch').reduce((n, b) => n + b.length, 0)).toBe(124);
    clock.advance(1000);
    expect(core.created[0]?.now()).toBe(1.24); // stays paused
  });

  it('a time already reached pauses at once; the run end caps the target', async () => {
    await runner.start(0, null, false);
    await runner.runUntil(50);
    clock.advance(1);
    expect(ofType(posted, 'state').at(-1)).toEqual({ type: 'state', playing: false, done: true, now: 2 });
    await runner.runUntil(1);
    expect(ofType(posted, 'state').at(-1)).toMatchObject({ playing: false, now: 2 });
  });

  it('applies at a later time after running up to it, and refuses a time it is past', async () => {
    await runner.start(0, null, true);
    clock.advance(0);
    clock.advance(30);
    const now = core.created[0]?.now() ?? 1;
    expect(now).toBeLessThan(0.77);
    expect(await runner.apply({ kind: 'set_flows', group: 0, count: 9 }, 0.77)).toEqual({ atS: 0.77, event: { kind: 'set_flows', group: 0, count: 9 } });
    expect(core.created[0]?.now()).toBe(0.77);
    await expect(runner.apply({ kind: 'set_flows', group: 0, count: 9 }, 0.5)).rejects.toThrow('the run is at 0.77 s, past 0.5 s');
    clock.advance(100);
    expect(core.created[0]?.now()).toBeGreaterThan(0.77); // and plays on
  });

  it('checks a scenario without touching the run, completing what the page edits from the defaults', async () => {
    await runner.start(0, null, false);
    const good = await runner.check('{"duration_s": 1}');
    const bad = await runner.check('{nope');
    expect(good.error).toBeNull();
    expect(JSON.parse(good.scenario)).toEqual({ ...JSON.parse(core.defaultScenario()), duration_s: 1 });
    expect(bad).toEqual({ error: 'scenario: not JSON', scenario: '{nope' });
    expect(core.created).toHaveLength(1);
  });
});
