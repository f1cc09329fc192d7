import { beforeEach, describe, expect, it } from 'vitest';
import type { CallType, FromWorker, ReplyMessage } from '../../web/src/protocol/protocol';
import { SimRunner } from '../../web/src/worker/sim-runner';
import { createFakeCore, type FakeCore } from './fake-core';
import { ManualClock } from './manual-clock';

type Posted = { message: FromWorker; transfer: Transferable[] };

function ofType<T extends FromWorker['type']>(posted: Posted[], type: T): Extract<FromWorker, { type: T }>[] {
  const matches = (m: FromWorker): m is Extract<FromWorker, { type: T }> => m.type === type;
  return posted.map((p) => p.message).filter(matches);
}

function repliesTo<K extends CallType>(posted: Posted[], call: K): ReplyMessage<K>[] {
  const matches = (m: FromWorker): m is ReplyMessage<K> => m.type === 'call/reply' && m.call === call;
  return posted.map((p) => p.message).filter(matches);
}

describe('SimRunner', () => {
  let core: FakeCore;
  let clock: ManualClock;
  let posted: Posted[];
  let loads: number;
  let runner: SimRunner;

  beforeEach(() => {
    core = createFakeCore();
    clock = new ManualClock();
    posted = [];
    loads = 0;
    runner = new SimRunner({
      loadModule: async () => {
        loads++;
        return core;
      },
      post: (message, transfer) => posted.push({ message, transfer }),
      clock,
    });
  });

  it('starts the default scenario, announces columns once and side info from the core', async () => {
    await runner.receive({ type: 'run/start', side: 1, scenario: null, speed: 10, play: false });
    const [ready] = ofType(posted, 'run/ready');
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
    expect(ofType(posted, 'run/state').at(-1)).toMatchObject({ playing: false, done: false });
  });

  it("sends the catalogue in the channel's first ready only; later runs say null (the page keeps it)", async () => {
    await runner.receive({ type: 'run/start', side: 1, scenario: null, speed: 10, play: false });
    await runner.receive({ type: 'run/reset' });
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: false });
    const ready = ofType(posted, 'run/ready');
    expect(ready.map((m) => m.aqms?.length ?? null)).toEqual([3, null, null]);
    expect(ready.map((m) => m.info.aqm)).toEqual(['red', 'red', 'droptail']);
  });

  it('paces simulated time at the chosen speed and posts numbered, transferable batches', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: true });
    clock.advance(0); // first tick: no real time has passed yet
    clock.advance(100); // ~100 ms real at 10x: ~1 s simulated
    const batches = ofType(posted, 'sim/batch');
    expect(batches.map((b) => b.seq)).toEqual(batches.map((_, i) => i));
    const simulated = batches.at(-1)?.now ?? 0;
    expect(simulated).toBeGreaterThan(0.8);
    expect(simulated).toBeLessThanOrEqual(1.01);
    for (const { message, transfer } of posted) {
      if (message.type !== 'sim/batch') continue;
      expect(message.data.length).toBe(message.length * 3);
      expect(transfer).toEqual([message.data.buffer]);
    }
    const total = batches.reduce((n, b) => n + b.length, 0);
    expect(total).toBe(Math.round(simulated * 100));
  });

  it('runs as fast as possible to the end, then reports done', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 'max', play: true });
    clock.advance(1);
    expect(ofType(posted, 'run/state').at(-1)).toEqual({ type: 'run/state', playing: false, done: true, now: 2 });
    expect(ofType(posted, 'sim/batch').reduce((n, b) => n + b.length, 0)).toBe(200);
    expect(clock.pending).toBe(0);
  });

  it('pauses at the first sample time at or after its time, then stops advancing', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: true });
    clock.advance(50);
    const at = core.created[0]?.now() ?? 0;
    await runner.receive({ type: 'run/pause' });
    clock.advance(0);
    const stoppedAt = core.created[0]?.now() ?? 0;
    expect(stoppedAt).toBeGreaterThanOrEqual(at);
    expect(stoppedAt).toBeLessThan(at + 0.01);
    expect(Math.round(stoppedAt * 100) / 100).toBe(stoppedAt); // a sample time (10 ms)
    const count = ofType(posted, 'sim/batch').length;
    clock.advance(1000);
    expect(ofType(posted, 'sim/batch')).toHaveLength(count);
    expect(ofType(posted, 'run/state').at(-1)?.playing).toBe(false);
  });

  it('applies live events at the current simulated time and records them', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: true });
    clock.advance(0);
    clock.advance(50);
    const at = core.created[0]?.now() ?? -1;
    await runner.receive({ type: 'sim/apply', id: 7, event: { kind: 'set_flows', group: 0, count: 200 }, atS: null });
    expect(repliesTo(posted, 'sim/apply')).toEqual([
      { type: 'call/reply', id: 7, call: 'sim/apply', reply: { atS: at, event: { kind: 'set_flows', group: 0, count: 200 } } },
    ]);
    clock.advance(50);
    const latest = ofType(posted, 'sim/batch').at(-1);
    const queueColumn = 1; // column-major: the queue run starts after `length` times
    expect(latest?.data[queueColumn * (latest?.length ?? 0)]).toBe(200);
    await runner.receive({ type: 'log/get', id: 8 });
    expect(repliesTo(posted, 'log/get')[0]?.reply).toEqual([{ atS: at, event: { kind: 'set_flows', group: 0, count: 200 } }]);
  });

  it('answers a refused event with an error naming the request, and keeps running', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: true });
    await runner.receive({ type: 'sim/apply', id: 3, event: { kind: 'set_param', name: 'max_p', value: 0.5 }, atS: null });
    expect(ofType(posted, 'run/error')).toEqual([
      { type: 'run/error', id: 3, message: 'name: no such parameter', fatal: false },
    ]);
    const before = ofType(posted, 'sim/batch').length;
    clock.advance(100);
    expect(ofType(posted, 'sim/batch').length).toBeGreaterThan(before);
  });

  it('reports a bad scenario as a fatal error instead of throwing', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: '{not json', speed: 10, play: true });
    expect(ofType(posted, 'run/error')).toEqual([{ type: 'run/error', id: null, message: 'scenario: not JSON', fatal: true }]);
    await runner.receive({ type: 'run/start', side: 5, scenario: null, speed: 10, play: true });
    expect(ofType(posted, 'run/error').at(-1)).toMatchObject({ message: 'sides: out of range', fatal: true });
    expect(core.created.every((s) => s.deleted)).toBe(true);
    await runner.receive({ type: 'sim/apply', id: 1, event: { kind: 'set_flows', group: 0, count: 2 }, atS: null });
    expect(ofType(posted, 'run/error').at(-1)).toMatchObject({ id: 1, fatal: false });
  });

  it('refuses to start on a discipline table it cannot read, naming the entry', async () => {
    const garbled = { ...core, describeAqms: () => JSON.stringify([{ name: 'odd', params: 3 }]) };
    const strict = new SimRunner({
      loadModule: async () => garbled,
      post: (message, transfer) => posted.push({ message, transfer }),
      clock,
    });
    await strict.receive({ type: 'run/start', side: 1, scenario: null, speed: 10, play: true });
    expect(ofType(posted, 'run/ready')).toEqual([]);
    expect(ofType(posted, 'run/error')).toEqual([
      { type: 'run/error', id: null, message: 'describeAqms[0] (odd): not a discipline description the page can read', fatal: true },
    ]);
    expect(core.created.every((s) => s.deleted)).toBe(true);
  });

  it('ends the run on a failed advance (the packet limit, memory) with the core\'s message, as a fatal error', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: true });
    const sim = core.created[0];
    if (!sim) throw new Error('no simulation');
    sim.failAtS = 0.5;
    clock.advance(0);
    clock.advance(100);
    expect(ofType(posted, 'run/error')).toEqual([
      { type: 'run/error', id: null, message: 'the run holds more than 4000000 packets at t = 0.5 s, the most a run may hold', fatal: true },
    ]);
    expect(sim.deleted).toBe(true);
    posted.length = 0;
    clock.advance(1000);
    expect(ofType(posted, 'sim/batch')).toEqual([]);
    // The failed core's instance may be in any state: the next run gets a fresh one.
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: false });
    expect(loads).toBe(2);
    expect(ofType(posted, 'run/ready')).toHaveLength(1);
  });

  it('reports a module that fails to load, and tries again on the next start', async () => {
    let attempts = 0;
    const failing = new SimRunner({
      loadModule: async () => {
        attempts++;
        if (attempts === 1) throw new Error('wasm fetch failed');
        return core;
      },
      post: (message, transfer) => posted.push({ message, transfer }),
      clock,
    });
    await failing.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: false });
    expect(ofType(posted, 'run/error')).toEqual([{ type: 'run/error', id: null, message: 'wasm fetch failed', fatal: true }]);
    await failing.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: false });
    expect(ofType(posted, 'run/ready')).toHaveLength(1);
  });

  it('resets to a fresh run: old simulation freed, sequence and log restarted, module loaded once', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: true });
    clock.advance(0);
    clock.advance(100);
    await runner.receive({ type: 'sim/apply', id: 1, event: { kind: 'set_flows', group: 0, count: 9 }, atS: null });
    await runner.receive({ type: 'run/reset' });
    expect(core.created[0]?.deleted).toBe(true);
    expect(ofType(posted, 'run/ready')).toHaveLength(2);
    posted.length = 0;
    clock.advance(100);
    expect(ofType(posted, 'sim/batch')[0]?.seq).toBe(0);
    await runner.receive({ type: 'log/get', id: 2 });
    expect(repliesTo(posted, 'log/get')[0]?.reply).toEqual([]);
    expect(loads).toBe(1);
  });

  it('answers summary/get with the core summary read into typed figures, and names a request with no run', async () => {
    await runner.receive({ type: 'summary/get', id: 4 });
    expect(ofType(posted, 'run/error')).toEqual([{ type: 'run/error', id: 4, message: 'no run to summarise', fatal: false }]);
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: true });
    clock.advance(0);
    for (let i = 0; i < 10; i++) clock.advance(100); // ~1 s simulated, past the fake's 0.5 s warm-up
    await runner.receive({ type: 'summary/get', id: 5 });
    const [result] = repliesTo(posted, 'summary/get');
    expect(result?.id).toBe(5);
    expect(result?.reply.measuredS).toBeGreaterThan(0.3);
    expect(result?.reply).toMatchObject({ meanQueuePkts: 12.5, p95DelayMs: 8, utilisation: 0.97, responseTimeS: null });
  });

  it('runs as fast as possible to a time, pauses exactly there, and steps one sample interval', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 1, play: false });
    await runner.receive({ type: 'run/until', untilS: 1.23 });
    expect(ofType(posted, 'run/state').at(-1)).toMatchObject({ playing: true });
    clock.advance(1); // one tick: at 1x paced play would have moved 1 ms
    expect(ofType(posted, 'run/state').at(-1)).toEqual({ type: 'run/state', playing: false, done: false, now: 1.23 });
    expect(ofType(posted, 'sim/batch').at(-1)?.now).toBe(1.23);
    await runner.receive({ type: 'run/step' });
    clock.advance(1);
    expect(ofType(posted, 'run/state').at(-1)).toMatchObject({ playing: false, now: 1.24 });
    expect(ofType(posted, 'sim/batch').reduce((n, b) => n + b.length, 0)).toBe(124);
    clock.advance(1000);
    expect(core.created[0]?.now()).toBe(1.24); // stays paused
  });

  it('a time already reached pauses at once; the run end caps the target', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: false });
    await runner.receive({ type: 'run/until', untilS: 50 });
    clock.advance(1);
    expect(ofType(posted, 'run/state').at(-1)).toEqual({ type: 'run/state', playing: false, done: true, now: 2 });
    await runner.receive({ type: 'run/until', untilS: 1 });
    expect(ofType(posted, 'run/state').at(-1)).toMatchObject({ playing: false, now: 2 });
  });

  it('holds without reporting a pause, applies at a later time after running up to it, then resumes on release', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: true });
    clock.advance(0);
    clock.advance(30);
    const states = ofType(posted, 'run/state').length;
    await runner.receive({ type: 'run/hold', id: 4 });
    const [held] = repliesTo(posted, 'run/hold');
    expect(held?.id).toBe(4);
    expect(held?.reply).toBe(core.created[0]?.now());
    clock.advance(500);
    expect(core.created[0]?.now()).toBe(held?.reply); // held: no progress
    expect(ofType(posted, 'run/state')).toHaveLength(states); // and no pause shown
    await runner.receive({ type: 'sim/apply', id: 5, event: { kind: 'set_flows', group: 0, count: 9 }, atS: 0.77 });
    expect(repliesTo(posted, 'sim/apply')[0]?.reply).toEqual({ atS: 0.77, event: { kind: 'set_flows', group: 0, count: 9 } });
    await runner.receive({ type: 'sim/apply', id: 6, event: { kind: 'set_flows', group: 0, count: 9 }, atS: 0.5 });
    expect(ofType(posted, 'run/error').at(-1)).toEqual({ type: 'run/error', id: 6, message: 'the run is at 0.77 s, past 0.5 s', fatal: false });
    await runner.receive({ type: 'run/release' });
    clock.advance(100);
    expect(core.created[0]?.now()).toBeGreaterThan(0.77);
  });

  it('checks a scenario without touching the run, completing what the page edits from the defaults', async () => {
    await runner.receive({ type: 'run/start', side: 0, scenario: null, speed: 10, play: false });
    await runner.receive({ type: 'scenario/check', id: 9, scenario: '{"duration_s": 1}' });
    await runner.receive({ type: 'scenario/check', id: 10, scenario: '{nope' });
    const [good, bad] = repliesTo(posted, 'scenario/check');
    expect(good?.reply.error).toBeNull();
    expect(JSON.parse(good?.reply.scenario ?? '')).toEqual({ ...JSON.parse(core.defaultScenario()), duration_s: 1 });
    expect(bad).toEqual({
      type: 'call/reply',
      id: 10,
      call: 'scenario/check',
      reply: { error: 'scenario: not JSON', scenario: '{nope' },
    });
    expect(core.created).toHaveLength(1);
  });
});
