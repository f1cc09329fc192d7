// The one place that creates the real Worker, so the client can be tested with
// a stand-in port. Vite recognises this exact `new Worker(new URL(...))` form.

import type { ToWorker } from '../protocol/protocol';
import { workerName } from './test-crash';

export interface WorkerPort<Out = ToWorker> {
  post(message: Out): void;
  onMessage(listener: (data: unknown) => void): void;
  onError(listener: (message: string) => void): void;
  terminate(): void;
}

/** `crashAfterBatches`: test-only, see test-crash.ts. */
export function spawnSimWorker(crashAfterBatches: number | null = null): WorkerPort {
  const worker = new Worker(new URL('./sim.worker.ts', import.meta.url), {
    type: 'module',
    name: workerName(crashAfterBatches),
  });
  return portOf<ToWorker>(worker, 'the simulation worker failed to start (is the wasm module built?)');
}

/** A Worker as a port: messages out, data in, and every failure as one message. */
export function portOf<Out>(worker: Worker, startFailure: string): WorkerPort<Out> {
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.addEventListener('message', (event: MessageEvent) => listener(event.data)),
    onError: (listener) => {
      // A module worker that fails to load reports an ErrorEvent with an empty message.
      worker.addEventListener('error', (event: ErrorEvent) => {
        event.preventDefault();
        listener(event.message || startFailure);
      });
      worker.addEventListener('messageerror', () => listener('a worker message could not be decoded'));
    },
    terminate: () => worker.terminate(),
  };
}
