import { wrap, type Endpoint, type Remote } from 'comlink';

// Every worker of the page is called the same way: its API is one TypeScript
// interface, the worker exposes an object implementing it (comlink's
// `expose`) and the page calls it through comlink's typed proxy. What comlink
// leaves out is a worker that dies: a call in flight when the worker fails to
// load or throws an uncaught error would wait for ever. `WorkerRpc` adds that:
// every call races the worker's failure, and after it every call fails at once
// with the worker's message.

/** A call failed because the worker stopped (it died or was terminated), not because the worker refused it. */
export class WorkerStopped extends Error {}

/** What the RPC needs of a worker: an endpoint to talk on, its failures, and how to end it. */
export interface WorkerEnd {
  endpoint: Endpoint;
  /** Every failure of the worker itself (it did not start, it crashed), as one message. */
  onError(listener: (message: string) => void): void;
  terminate(): void;
}

/** A real Worker as a WorkerEnd; `failure` names a load that failed without a message. */
export function workerEnd(worker: Worker, failure: string): WorkerEnd {
  return {
    endpoint: worker,
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

export class WorkerRpc<T> {
  private readonly api: Remote<T>;
  private stopped: string | null = null;
  private readonly waiting = new Set<(message: string) => void>();

  constructor(
    private readonly end: WorkerEnd,
    api: Remote<T> = wrap<T>(end.endpoint),
  ) {
    this.api = api;
    end.onError((message) => this.fail(message));
  }

  /** Why the worker stopped, or null while it lives. */
  get stoppedBecause(): string | null {
    return this.stopped;
  }

  /**
   * Calls the worker: `use` picks the method (`(w) => w.analyze(s, 0)`).
   * Rejects with the worker's error when it refuses, or with a WorkerStopped
   * once the worker died or was terminated.
   */
  call<R>(use: (api: Remote<T>) => Promise<R>): Promise<R> {
    if (this.stopped !== null) return Promise.reject(new WorkerStopped(this.stopped));
    return new Promise<R>((resolve, reject) => {
      const stop = (message: string) => reject(new WorkerStopped(message));
      this.waiting.add(stop);
      const settle = () => this.waiting.delete(stop);
      try {
        use(this.api).then(resolve, reject).finally(settle);
      } catch (e) {
        settle();
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  }

  /** A call nobody waits on (a control): the worker tells its failures some other way. */
  send(use: (api: Remote<T>) => Promise<unknown>): void {
    this.call(use).catch(() => undefined);
  }

  /** The worker failed (or, for a side's channel, the worker holding it did): every call in flight and later fails. */
  fail(message: string): void {
    if (this.stopped !== null) return;
    this.stopped = message;
    for (const stop of [...this.waiting]) stop(message);
    this.waiting.clear();
  }

  /** Abort: the worker stops at once, whatever it was doing. */
  terminate(reason = 'the worker was stopped'): void {
    this.end.terminate(); // even after a failure: what the end holds (ports, a dead worker) goes
    this.fail(reason);
  }
}
