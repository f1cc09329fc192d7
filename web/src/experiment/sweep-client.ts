import { isFromSweepWorker, type SweepRequest } from './sweep-protocol';
import type { SweepPort } from './spawn-sweep-worker';

// The page's handle on one sweep worker: pairs each request with its answer.
// A worker that dies (an uncaught error, a failed load) rejects everything it
// was asked with a WorkerStopped, so the pool can tell a dead worker (replace
// it) from the core refusing a request (the worker is fine).

export class WorkerStopped extends Error {}

interface Pending {
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

export class SweepClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private stopped: string | null = null;

  constructor(private readonly port: SweepPort) {
    port.onMessage((data) => this.receive(data));
    port.onError((message) => this.stop(message));
  }

  /** Why the worker stopped, or null while it lives. */
  get stoppedBecause(): string | null {
    return this.stopped;
  }

  /** The core's answer text; rejects with the worker's message, or a WorkerStopped. */
  call(request: SweepRequest): Promise<string> {
    if (this.stopped !== null) return Promise.reject(new WorkerStopped(this.stopped));
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.port.post({ ...request, id });
    });
  }

  terminate(reason = 'cancelled'): void {
    this.port.terminate();
    this.stop(reason);
  }

  private receive(data: unknown): void {
    if (!isFromSweepWorker(data)) {
      this.stop('the sweep worker sent a malformed message');
      return;
    }
    const waiting = this.pending.get(data.id);
    if (!waiting) return;
    this.pending.delete(data.id);
    if (data.type === 'sweep/reply') waiting.resolve(data.text);
    else waiting.reject(new Error(data.message));
  }

  private stop(message: string): void {
    if (this.stopped !== null) return;
    this.stopped = message;
    for (const waiting of this.pending.values()) waiting.reject(new WorkerStopped(message));
    this.pending.clear();
  }
}
