import { afterEach, describe, expect, it } from 'vitest';
import type { ToHost } from '../../web/src/worker/sim-host';
import { SimHostPool, type HostWorker } from '../../web/src/worker/spawn-worker';

// The sides' simulation worker: every side in one worker; a side's port ends
// only its own run, and a worker that dies fails the sides it held, the next
// side spawned getting a fresh worker.

class FakeHost implements HostWorker {
  readonly posted: ToHost[] = [];
  terminated = false;
  private listener: ((message: string) => void) | null = null;
  post(message: ToHost): void {
    this.posted.push(message);
  }
  onError(listener: (message: string) => void): void {
    this.listener = listener;
  }
  terminate(): void {
    this.terminated = true;
  }
  crash(message: string): void {
    this.listener?.(message);
  }
  attached(): number[] {
    const detached = new Set(this.posted.flatMap((m) => (m.type === 'host/detach' ? [m.channel] : [])));
    return this.posted.flatMap((m) => (m.type === 'host/attach' && !detached.has(m.channel) ? [m.channel] : []));
  }
}

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

  it('puts every side in one worker', () => {
    const hosts: FakeHost[] = [];
    const p = pool(hosts);
    for (let i = 0; i < 6; i++) p.spawn();
    expect(hosts).toHaveLength(1);
    expect(p.sides()).toBe(6);
    expect(hosts[0]?.attached()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("a side's port hands its channel to the worker with the crash flag, and terminating it detaches only that side", () => {
    const hosts: FakeHost[] = [];
    const p = pool(hosts);
    const a = p.spawn();
    p.spawn(7);
    const attach = hosts[0]?.posted[1];
    expect(attach).toMatchObject({ type: 'host/attach', channel: 1, crashAfterBatches: 7 });
    a.terminate();
    a.terminate(); // once only
    expect(hosts[0]?.posted.filter((m) => m.type === 'host/detach')).toEqual([{ type: 'host/detach', channel: 0 }]);
    expect(p.sides()).toBe(1);
    p.spawn();
    expect(hosts).toHaveLength(1);
  });

  it('a worker that dies fails every side it held, and the next side gets a fresh worker', async () => {
    const hosts: FakeHost[] = [];
    const p = pool(hosts);
    const errors: string[][] = [[], []];
    const ports = [p.spawn(), p.spawn()];
    ports.forEach((port, i) => port.onError((m) => errors[i]?.push(m)));
    hosts[0]?.crash('out of memory');
    expect(errors).toEqual([['out of memory'], ['out of memory']]);
    expect(hosts[0]?.terminated).toBe(true);
    expect(p.sides()).toBe(0);
    p.spawn();
    expect(hosts).toHaveLength(2); // a fresh worker in the dead one's place
    expect(p.sides()).toBe(1);
    p.spawn();
    expect(hosts).toHaveLength(2);
    expect(p.sides()).toBe(2);
    // A port listening after its worker died still hears why.
    const late: string[] = [];
    ports[0]?.onError((m) => late.push(m));
    await Promise.resolve();
    expect(late).toEqual(['out of memory']);
    p.dispose();
    expect(hosts.every((h) => h.terminated)).toBe(true);
  });
});
