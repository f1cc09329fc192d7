import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Lab, defaultLabOptions } from '../../web/src/app/lab';
import { SharedClock, fastestSharedLeadS, maxSliceS, sharedLeadS } from '../../web/src/worker/shared-clock';
import { defaultPacing } from '../../web/src/worker/sim-runner';
import { createFakeCore } from './fake-core';
import { ManualClock } from './manual-clock';
import { RunnerPort } from './runner-port';

// Lockstep through shared memory (worker/shared-clock.ts): the clock itself,
// then a Lab whose sides share one, on real runners over the fake core (all
// on this thread, so the runners never sleep: waitMs 0).

describe('SharedClock', () => {
  it('gives the time every side taking part has reached and the latest, a side that left not counted', () => {
    const clock = SharedClock.create(3);
    expect(clock.frontier()).toBe(0);
    clock.publish(0, 1.25);
    clock.publish(1, 0.5);
    clock.publish(2, 0.75);
    expect([clock.frontier(), clock.latest()]).toEqual([0.5, 1.25]);
    clock.leave(1);
    expect(clock.frontier()).toBe(0.75);
    clock.leave(0);
    clock.leave(2);
    expect([clock.frontier(), clock.latest()]).toEqual([Infinity, 0]);
  });

  it('is shared: a second view on the same buffer (a worker) reads and writes the same times and stop word', () => {
    const page = SharedClock.create(2);
    const worker = new SharedClock(page.buffer);
    worker.publish(1, 3.01);
    page.publish(0, 3.02);
    expect([page.frontier(), worker.latest()]).toEqual([3.01, 3.02]);
    expect(worker.stop()).toBeNull();
    page.freeze();
    expect(worker.stop()).toBe('frozen');
    page.stopAt(3.07);
    expect(worker.stop()).toBe(3.07);
    page.resume();
    expect(worker.stop()).toBeNull();
  });

  it('counts every move, so a side about to sleep never misses one', () => {
    const clock = SharedClock.create(2);
    const seen = clock.progress();
    clock.publish(0, 0.01);
    expect(clock.progress()).not.toBe(seen);
    const started = performance.now();
    clock.waitForProgress(seen, 2000); // the count already moved: no sleep
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a buffer that is no clock', () => {
    expect(() => new SharedClock(new SharedArrayBuffer(12))).toThrow('shared clock: 12 bytes is no clock');
  });

  it('leads by at least one sample interval, 50 ms of wall time at a set speed, the fixed lead at max', () => {
    expect(sharedLeadS(1, 10)).toBe(0.05);
    expect(sharedLeadS(10, 10)).toBe(0.5);
    expect(sharedLeadS(100, 10)).toBe(fastestSharedLeadS);
    expect(sharedLeadS('max', 10)).toBe(fastestSharedLeadS);
    expect(sharedLeadS(1, 100)).toBe(0.1);
  });
});

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('Lab with a shared clock', () => {
  let clock: ManualClock;
  let ports: RunnerPort[];
  let lab: Lab;

  /** The clock the sides share, as the first side's worker got it. */
  function shared(): SharedClock {
    const message = [...(ports[0]?.sent ?? [])].reverse().find((m) => m.type === 'run/clock');
    if (message?.type !== 'run/clock' || !message.buffer) throw new Error('no shared clock sent');
    return new SharedClock(message.buffer);
  }

  /** Moves the manual clock; returns the widest spread of the sides' shared times at any publish. */
  async function drive(done: () => boolean, rounds = 200): Promise<number> {
    const publish = SharedClock.prototype.publish;
    let widest = 0;
    const spy = vi.spyOn(SharedClock.prototype, 'publish').mockImplementation(function (this: SharedClock, slot, t) {
      publish.call(this, slot, t);
      widest = Math.max(widest, this.latest() - this.frontier());
    });
    for (let i = 0; i < rounds && !done(); i++) {
      clock.advance(10);
      await settle();
    }
    spy.mockRestore();
    return widest;
  }

  beforeEach(async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const core = createFakeCore();
    clock = new ManualClock();
    ports = [];
    const pacing = { ...defaultPacing, waitMs: 0 };
    lab = new Lab(
      () => {
        const port = new RunnerPort(core, clock, pacing);
        ports.push(port);
        return port;
      },
      { ...defaultLabOptions, sharedClock: true },
    );
    lab.start();
    await settle();
  });

  afterEach(() => {
    lab.dispose();
    vi.unstubAllGlobals();
  });

  it('gives every side the clock and sends no limits; at max no side gets more than one lead past the slowest', async () => {
    lab.setSpeed('max');
    expect(ports.every((p) => p.sent.some((m) => m.type === 'run/clock' && m.buffer instanceof SharedArrayBuffer))).toBe(true);
    const widest = await drive(() => lab.sides.every((s) => s.now >= 1.5));
    expect(lab.sides.every((s) => s.now >= 1.5)).toBe(true);
    expect(widest).toBeGreaterThan(0);
    expect(widest).toBeLessThanOrEqual(fastestSharedLeadS + 1e-9);
    expect(ports.some((p) => p.sent.some((m) => m.type === 'run/limit'))).toBe(false);
  });

  it('holds the other side within the lead of one that stands still', async () => {
    await drive(() => lab.sides.every((s) => s.now > 0.05));
    lab.sides[1]?.pause();
    await drive(() => lab.sides[1]?.status.playing === false);
    const still = lab.sides[1]?.now ?? 0;
    await drive(() => false, 100);
    const other = lab.sides[0]?.now ?? 0;
    expect(other).toBeGreaterThan(still);
    expect(other).toBeLessThanOrEqual(still + sharedLeadS(10, 10) + 1e-9);
    expect(lab.shownTime()).toBe(still);
  });

  it('pauses every side at one sample time just past the latest, with one message each, and clears the stop', async () => {
    await drive(() => lab.sides.every((s) => s.now > 0.4));
    const sentBefore = ports.map((p) => p.sent.length);
    let stopped = false;
    void lab.pause().then(() => (stopped = true));
    await settle(); // frozen, the stop set, the messages sent; no tick has run since
    const latest = shared().latest();
    const stop = shared().stop();
    await drive(() => stopped);
    expect(lab.sides.map((s) => s.now)).toEqual([stop, stop]);
    const times = lab.sides.map((s) => s.now);
    expect(new Set(times).size).toBe(1);
    const at = times[0] ?? 0;
    expect(at).toBeGreaterThanOrEqual(latest);
    expect(at).toBeLessThanOrEqual(latest + maxSliceS + 0.01 + 1e-9);
    expect(Math.round(at * 100) / 100).toBe(at);
    const sent = ports.map((p, i) => p.sent.slice(sentBefore[i]).map((m) => m.type));
    expect(sent.map((types) => types.filter((t) => t === 'run/until' || t === 'run/hold'))).toEqual([['run/until'], ['run/until']]);
    expect(shared().stop()).toBeNull();
    expect(lab.shownTime()).toBe(at);
  });

  it('applies a change while playing with one message per side, at one sample time just past the latest, then runs on', async () => {
    await drive(() => lab.sides.every((s) => s.now > 0.4));
    const sentBefore = ports.map((p) => p.sent.length);
    let applied = false;
    void lab.setFlows(80).then(() => (applied = true));
    await settle(); // frozen, the stop set, the messages sent
    const latest = shared().latest();
    await drive(() => applied);
    const sent = ports.map((p, i) => p.sent.slice(sentBefore[i]).map((m) => m.type));
    expect(sent.map((types) => types.filter((t) => t === 'sim/apply' || t === 'run/hold' || t === 'run/release'))).toEqual([
      ['sim/apply'],
      ['sim/apply'],
    ]);
    lab.endGesture();
    const [change] = lab.changes();
    const at = change?.t ?? -1;
    expect(at).toBeGreaterThanOrEqual(latest);
    expect(at).toBeLessThanOrEqual(latest + maxSliceS + 0.01 + 1e-9);
    expect(Math.round(at * 100) / 100).toBe(at);
    expect(shared().stop()).toBeNull();
    await drive(() => lab.sides.every((s) => s.now > at + 0.2)); // and the sides run on
    expect(lab.sides.every((s) => s.status.applied === 1)).toBe(true);
  });

  it('applies a change while paused where the sides stand, holding them as before', async () => {
    await drive(() => lab.sides.every((s) => s.now > 0.2));
    let paused = false;
    void lab.pause().then(() => (paused = true));
    await drive(() => paused);
    const stood = lab.sides[0]?.now ?? -1;
    let applied = false;
    void lab.setFlows(70).then(() => (applied = true));
    await drive(() => applied);
    lab.endGesture();
    expect(lab.changes()[0]?.t).toBe(stood);
    expect(lab.sides.map((s) => s.now)).toEqual([stood, stood]);
  });

  it('starts a lab-wide run playing at once (the clock holds a side that is ready first), and paused when the lab is paused', async () => {
    const starts = () => ports.map((p) => p.lastStart().play);
    expect(starts()).toEqual([true, true]);
    expect(ports.some((p) => p.sent.some((m) => m.type === 'run/play'))).toBe(false);
    let paused = false;
    void lab.pause().then(() => (paused = true));
    await drive(() => paused);
    lab.reset();
    await drive(() => lab.sides.every((s) => !s.status.restarting && s.status.run === 2));
    expect(starts()).toEqual([false, false]);
    expect(lab.sides.every((s) => !s.status.playing)).toBe(true);
  });

  it('lets the other side on when one fails: its slot no longer holds it', async () => {
    await drive(() => lab.sides.every((s) => s.now > 0.05));
    ports[1]?.crash('gone');
    expect(lab.sides[1]?.status.failed).toBe(true);
    lab.setSpeed('max');
    await drive(() => (lab.sides[0]?.now ?? 0) >= 1.5);
    expect(lab.sides[0]?.now).toBeGreaterThanOrEqual(1.5);
  });
});
