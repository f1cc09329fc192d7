import { expose, type Endpoint } from 'comlink';
import type { WorkerEnd } from '../../../web/src/lib/worker-rpc';

// A worker for tests, on the test's thread: an object implementing a worker's
// API is exposed by comlink on one end of an in-memory channel and the page's
// RPC calls it on the other, exactly as it would a real worker. Messages are
// structured-cloned and delivered a microtask later, as a worker's arrive
// later (`synchronous`: at once, for tests that drive a clock by hand).

type Listener = (event: MessageEvent) => void;

export class MemoryEnd implements Endpoint {
  other: MemoryEnd | null = null;
  closed = false;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly synchronous: boolean) {}

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    const other = this.other;
    if (this.closed || !other) return;
    const data: unknown = structuredClone(message, { transfer });
    const deliver = () => {
      if (other.closed) return;
      for (const listener of [...other.listeners]) listener(new MessageEvent('message', { data }));
    };
    if (this.synchronous) deliver();
    else queueMicrotask(deliver);
  }

  addEventListener(_type: string, listener: EventListenerOrEventListenerObject): void {
    if (typeof listener === 'function') this.listeners.add(listener as Listener);
  }

  removeEventListener(_type: string, listener: EventListenerOrEventListenerObject): void {
    if (typeof listener === 'function') this.listeners.delete(listener as Listener);
  }

  close(): void {
    this.closed = true;
  }
}

/** Two ends of an in-memory channel, as a MessageChannel's ports. */
export function memoryChannel(synchronous = false): [MemoryEnd, MemoryEnd] {
  const a = new MemoryEnd(synchronous);
  const b = new MemoryEnd(synchronous);
  a.other = b;
  b.other = a;
  return [a, b];
}

/** A WorkerEnd whose worker runs `api` in this thread; `crash` fails it as a dying worker would. */
export class FakeWorkerEnd implements WorkerEnd {
  readonly endpoint: MemoryEnd;
  terminated = false;
  private readonly errorListeners: ((message: string) => void)[] = [];
  private readonly workerSide: MemoryEnd;

  constructor(api: object, synchronous = false) {
    [this.endpoint, this.workerSide] = memoryChannel(synchronous);
    expose(api, this.workerSide);
  }

  onError(listener: (message: string) => void): void {
    this.errorListeners.push(listener);
  }

  terminate(): void {
    this.terminated = true;
    this.workerSide.closed = true;
  }

  /** The worker dies with `message` (an uncaught error, a failed load). */
  crash(message: string): void {
    this.workerSide.closed = true;
    for (const listener of this.errorListeners) listener(message);
  }
}
