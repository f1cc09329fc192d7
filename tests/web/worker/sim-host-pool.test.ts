import { afterEach, describe, expect, it } from 'vitest';
import type { RunFailure, SideEvents, SimHostApi, Speed } from '../../../web/src/protocol/protocol';
import { SimHostPool } from '../../../web/src/worker/spawn-worker';
import { FakeWorkerEnd } from '../support/fake-worker-end';

// The sides' simulation worker: every side in one worker; terminating a side
// releases only its own run, and a worker that dies fails the sides it held,
// the next side spawned getting a fresh worker.

/** A simulation worker that records the sides attached to it (their ports) and can die. */
class FakeHost extends FakeWorkerEnd {
  readonly attached: MessagePort[] = [];
  readonly speeds: Speed[] = [];
  constructor() {
    const api: SimHostApi = {
      attach: (_key, sidePort) => void this.attached.push(sidePort),
      together: () => new Promise(() => undefined),
      setSpeed: (speed) => void this.speeds.push(speed),
    };
    super(api);
  }
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('SimHostPool', () => {
  const channels: MessageChannel[] = [];
  afterEach(() => {
    for (const c of channels.splice(0)) {
      c.port1.close();
      c.port2.close();
    }
  });

  function pool(hosts: FakeHost[]): SimHostPool {
    return new SimHostPool(
      () => {
        const h = new FakeHost();
        hosts.push(h);
        return h;
      },
      () => {
        const c = new MessageChannel();
        channels.push(c);
        return { page: c.port1, host: c.port2 };
      },
    );
  }

  function listening(failures: RunFailure[] = []): SideEvents {
    const ignore = () => undefined;
    return { ready: ignore, state: ignore, batch: ignore, error: (f) => void failures.push(f) };
  }

  it('puts every side in one worker, each on a channel of its own', async () => {
    const hosts: FakeHost[] = [];
    const p = pool(hosts);
    for (let i = 0; i < 6; i++) p.spawn(listening());
    await settle();
    expect(hosts).toHaveLength(1);
    expect(p.sides()).toBe(6);
    expect(new Set(hosts[0]?.attached).size).toBe(6);
  });

  it('terminating a side lets only that side go, once', () => {
    const hosts: FakeHost[] = [];
    const p = pool(hosts);
    const a = p.spawn(listening());
    p.spawn(listening());
    a.terminate();
    a.terminate();
    expect(p.sides()).toBe(1);
    p.spawn(listening());
    expect(hosts).toHaveLength(1);
    expect(p.sides()).toBe(2);
  });

  it('a worker that dies fails every side it held, and the next side gets a fresh worker', async () => {
    const hosts: FakeHost[] = [];
    const p = pool(hosts);
    const failures: RunFailure[][] = [[], []];
    const sides = [p.spawn(listening(failures[0])), p.spawn(listening(failures[1]))];
    const waiting = p.together(sides.flatMap((s) => (s ? [s] : [])), { kind: 'step' });
    hosts[0]?.crash('out of memory');
    expect(failures).toEqual([[{ message: 'out of memory', fatal: true }], [{ message: 'out of memory', fatal: true }]]);
    await expect(waiting).rejects.toThrow('out of memory');
    await expect(sides[1]?.call((w) => w.summary())).rejects.toThrow('out of memory');
    expect(hosts[0]?.terminated).toBe(true);
    expect(p.sides()).toBe(0);
    p.spawn(listening());
    expect(hosts).toHaveLength(2); // a fresh worker in the dead one's place
    expect(p.sides()).toBe(1);
    p.spawn(listening());
    expect(hosts).toHaveLength(2);
    expect(p.sides()).toBe(2);
    p.dispose();
    expect(hosts.every((h) => h.terminated)).toBe(true);
  });

  it('sets the one speed in the worker, and a fresh worker starts at the speed last chosen', async () => {
    const hosts: FakeHost[] = [];
    const p = pool(hosts);
    p.setSpeed('max'); // no worker yet: kept for the first
    p.spawn(listening());
    await settle();
    p.setSpeed(30);
    await settle();
    expect(hosts[0]?.speeds).toEqual(['max', 30]);
    hosts[0]?.crash('out of memory');
    p.spawn(listening());
    await settle();
    expect(hosts[1]?.speeds).toEqual([30]);
  });
});
