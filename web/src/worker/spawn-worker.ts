// The one place that creates the real simulation Workers, so the client can be
// tested with a stand-in port. Vite recognises this exact `new Worker(new URL(...))` form.

import type { ToWorker } from '../protocol/protocol';
import type { ToHost } from './sim-host';

export interface WorkerPort<Out = ToWorker> {
  post(message: Out): void;
  onMessage(listener: (data: unknown) => void): void;
  onError(listener: (message: string) => void): void;
  terminate(): void;
}

/** What the pool needs of a simulation worker (a real Worker, or a test's stand-in). */
export interface HostWorker {
  post(message: ToHost, transfer: Transferable[]): void;
  /** Every failure of the worker itself (it did not start, it crashed), as one message. */
  onError(listener: (message: string) => void): void;
  terminate(): void;
}

/** A side's two channel ends: the page's, and the one sent to the host. */
export interface Channel {
  page: MessagePort;
  host: MessagePort;
}

const startFailure = 'the simulation worker failed to start (is the wasm module built?)';

export function spawnHostWorker(): HostWorker {
  const worker = new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'aqmlab-sim' });
  const port = portOf<ToHost>(worker, startFailure);
  return { post: (message, transfer) => worker.postMessage(message, transfer), onError: port.onError, terminate: port.terminate };
}

/** Simulation workers for the sides: one per core but one (at least one), so the page keeps a core. */
export function defaultHostCount(): number {
  const cores = typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency || 2;
  return Math.max(1, cores - 1);
}

interface Host {
  worker: HostWorker;
  channels: Map<number, (message: string) => void>; // channel -> its side's error listener
  dead: string | null;
}

/**
 * The sides' simulation workers. Each side gets a channel (a
 * MessageChannel) into one of at most `maxHosts` workers, the one with the
 * fewest sides, so the sides share the machine's cores instead of contending
 * for them: on a 2-core laptop every side runs in one worker, in rounds that
 * keep them at one simulated time (worker/sim-driver.ts). A side's port looks
 * like a worker of its own: terminating it ends only its run, and a worker
 * that dies fails every side it held (each can then be restarted elsewhere).
 */
export class SimHostPool {
  private readonly hosts: Host[] = [];
  private nextChannel = 0;

  constructor(
    private readonly maxHosts: number = defaultHostCount(),
    private readonly spawnHost: () => HostWorker = spawnHostWorker,
    private readonly makeChannel: () => Channel = () => {
      const c = new MessageChannel();
      return { page: c.port1, host: c.port2 };
    },
  ) {}

  /** A new side's port; `crashAfterBatches`: test-only (test-crash.ts). */
  spawn(crashAfterBatches: number | null = null): WorkerPort {
    const host = this.pick();
    const channel = this.nextChannel++;
    const { page, host: hostEnd } = this.makeChannel();
    host.worker.post({ type: 'host/attach', channel, port: hostEnd, crashAfterBatches }, [hostEnd]);
    let errorListener: (message: string) => void = () => {};
    host.channels.set(channel, (message) => errorListener(message));
    return {
      post: (message) => page.postMessage(message),
      onMessage: (listener) => {
        page.onmessage = (event: MessageEvent) => listener(event.data);
        page.onmessageerror = () => errorListener('a worker message could not be decoded');
      },
      onError: (listener) => {
        errorListener = listener;
        if (host.dead !== null) queueMicrotask(() => listener(host.dead ?? startFailure));
      },
      terminate: () => {
        if (!host.channels.delete(channel)) return;
        page.close();
        if (host.dead === null) host.worker.post({ type: 'host/detach', channel }, []);
      },
    };
  }

  /** How many workers run now, and how many sides each holds (for tests and benchmarks). */
  sides(): number[] {
    return this.hosts.filter((h) => h.dead === null).map((h) => h.channels.size);
  }

  dispose(): void {
    for (const host of this.hosts) host.worker.terminate();
    this.hosts.length = 0;
  }

  /** The live worker with the fewest sides; a new one while there are fewer than maxHosts and each has a side. */
  private pick(): Host {
    const live = this.hosts.filter((h) => h.dead === null);
    const least = live.reduce<Host | null>((best, h) => (best && best.channels.size <= h.channels.size ? best : h), null);
    if (least && (least.channels.size === 0 || live.length >= this.maxHosts)) return least;
    const host: Host = { worker: this.spawnHost(), channels: new Map(), dead: null };
    host.worker.onError((message) => {
      if (host.dead !== null) return;
      host.dead = message;
      host.worker.terminate();
      for (const fail of host.channels.values()) fail(message);
    });
    this.hosts.push(host);
    return host;
  }
}

/** A Worker as a port: messages out, data in, and every failure as one message (the sweep pool's workers). */
export function portOf<Out>(worker: Worker, failure: string): WorkerPort<Out> {
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.addEventListener('message', (event: MessageEvent) => listener(event.data)),
    onError: (listener) => {
      // A module worker that fails to load reports an ErrorEvent with an empty message.
      worker.addEventListener('error', (event: ErrorEvent) => {
        event.preventDefault();
        listener(event.message || failure);
      });
      worker.addEventListener('messageerror', () => listener('a worker message could not be decoded'));
    },
    terminate: () => worker.terminate(),
  };
}
