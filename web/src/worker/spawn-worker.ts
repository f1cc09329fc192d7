// The one place that creates the real simulation Worker, so the pool can be
// tested with a stand-in. Vite recognises this exact `new Worker(new URL(...))` form.
import { expose, releaseProxy, transfer, wrap } from 'comlink';
import type { SideApi, SideEvents, SimHostApi, Speed, Together, TogetherAnswer } from '../protocol/protocol';
import { WorkerRpc, workerEnd, type WorkerEnd } from '../lib/worker-rpc';

/** A new side's run in the simulation worker; `events` hears it. */
export type SpawnSide = (events: SideEvents) => WorkerRpc<SideApi>;

/**
 * Where the sides run: a new side, what several sides do at one simulated
 * time (asked of the worker that holds them in one call), and the one speed
 * they all play at.
 */
export interface SideHost {
  spawn: SpawnSide;
  together(sides: readonly WorkerRpc<SideApi>[], act: Together): Promise<TogetherAnswer>;
  setSpeed(speed: Speed): void;
}

/** Two ends of a channel: the page keeps one, the worker gets the other. */
export interface Channel {
  page: MessagePort;
  host: MessagePort;
}

const startFailure = 'the simulation worker failed to start (is the wasm module built?)';

export function spawnHostWorker(): WorkerEnd {
  return workerEnd(new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'aqmlab-sim' }), startFailure);
}

function messageChannel(): Channel {
  const c = new MessageChannel();
  return { page: c.port1, host: c.port2 };
}

interface Host {
  rpc: WorkerRpc<SimHostApi>;
  sides: Set<(message: string) => void>; // each side's failure
  dead: string | null;
}

/**
 * The sides' simulation worker. Every side gets two channels into the one
 * worker (its SideApi, its events), which advances them together in rounds
 * (worker/sim-driver.ts): one lockstep, with no message between the sides
 * (docs/live-page.md has the measurements behind one worker). Terminating a
 * side's RPC releases its channel, which ends only its run. A worker that
 * dies fails every side it held, and the next side spawned (a restart) gets a
 * fresh worker.
 */
export class SimHostPool implements SideHost {
  private host: Host | null = null;
  private nextKey = 0;
  /** Kept for a fresh worker, which starts at the speed the page last chose. */
  private speed: Speed = 10;
  /** Each side's name in the worker's `together`. */
  private readonly keys = new WeakMap<WorkerRpc<SideApi>, number>();

  constructor(
    private readonly spawnHost: () => WorkerEnd = spawnHostWorker,
    private readonly makeChannel: () => Channel = messageChannel,
  ) {}

  /** A new side's run; its failures (a dead worker) reach `events.error` as fatal. */
  spawn: SpawnSide = (events) => {
    const host = this.live();
    const side = this.makeChannel();
    const heard = this.makeChannel();
    const key = this.nextKey++;
    expose(events, heard.page);
    void host.rpc
      .call((w) => w.attach(key, transfer(side.host, [side.host]), transfer(heard.host, [heard.host])))
      .catch(() => undefined); // a dead worker fails the side below
    const api = wrap<SideApi>(side.page);
    let failed: (message: string) => void = () => undefined;
    const fail = (message: string) => {
      failed(message);
      events.error({ message, fatal: true });
    };
    const rpc = new WorkerRpc<SideApi>(
      {
        endpoint: side.page,
        onError: (listener) => {
          failed = listener;
          host.sides.add(fail);
        },
        terminate: () => {
          if (!host.sides.delete(fail)) return;
          heard.page.close();
          if (host.dead === null) api[releaseProxy]();
          else side.page.close();
        },
      },
      api,
    );
    this.keys.set(rpc, key);
    return rpc;
  };

  /** Rejects when the worker is dead (its sides have failed) or none of `sides` is its. */
  together = (sides: readonly WorkerRpc<SideApi>[], act: Together): Promise<TogetherAnswer> => {
    const host = this.host;
    if (!host || host.dead !== null) return Promise.reject(new Error(host?.dead ?? 'no simulation worker'));
    const keys = sides.map((s) => this.keys.get(s) ?? -1);
    return host.rpc.call((w) => w.together(keys, act));
  };

  setSpeed = (speed: Speed): void => {
    this.speed = speed;
    const host = this.host;
    if (host && host.dead === null) void host.rpc.call((w) => w.setSpeed(speed)).catch(() => undefined);
  };

  /** How many sides the worker holds now (0 without a live worker; for tests). */
  sides(): number {
    return this.host && this.host.dead === null ? this.host.sides.size : 0;
  }

  dispose(): void {
    this.host?.rpc.terminate('the simulation worker was stopped');
    this.host = null;
  }

  /** The worker, or a fresh one when there is none or it died. */
  private live(): Host {
    if (this.host && this.host.dead === null) return this.host;
    const end = this.spawnHost();
    const host: Host = { rpc: new WorkerRpc<SimHostApi>(end), sides: new Set(), dead: null };
    void host.rpc.call((w) => w.setSpeed(this.speed)).catch(() => undefined); // before any side it holds
    end.onError((message) => {
      if (host.dead !== null) return;
      host.dead = message;
      end.terminate();
      for (const fail of [...host.sides]) fail(message);
    });
    this.host = host;
    return host;
  }
}
