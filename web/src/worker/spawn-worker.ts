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

interface Host {
  worker: HostWorker;
  channels: Map<number, (message: string) => void>; // channel -> its side's error listener
  dead: string | null;
}

/**
 * The sides' simulation worker. Every side gets a channel (a MessageChannel)
 * into the one worker, which advances them together in rounds
 * (worker/sim-driver.ts): one lockstep, with no message between the sides
 * (docs/live-page.md has the measurements behind one worker). A side's port
 * looks like a worker of its own: terminating it ends only its run. A worker
 * that dies fails every side it held, and the next side spawned (a restart)
 * gets a fresh worker.
 */
export class SimHostPool {
  private host: Host | null = null;
  private nextChannel = 0;

  constructor(
    private readonly spawnHost: () => HostWorker = spawnHostWorker,
    private readonly makeChannel: () => Channel = () => {
      const c = new MessageChannel();
      return { page: c.port1, host: c.port2 };
    },
  ) {}

  /** A new side's port; `crashAfterBatches`: test-only (test-crash.ts). */
  spawn(crashAfterBatches: number | null = null): WorkerPort {
    const host = this.live();
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

  /** How many sides the worker holds now (0 without a live worker; for tests). */
  sides(): number {
    return this.host && this.host.dead === null ? this.host.channels.size : 0;
  }

  dispose(): void {
    this.host?.worker.terminate();
    this.host = null;
  }

  /** The worker, or a fresh one when there is none or it died. */
  private live(): Host {
    if (this.host && this.host.dead === null) return this.host;
    const host: Host = { worker: this.spawnHost(), channels: new Map(), dead: null };
    host.worker.onError((message) => {
      if (host.dead !== null) return;
      host.dead = message;
      host.worker.terminate();
      for (const fail of host.channels.values()) fail(message);
    });
    this.host = host;
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
