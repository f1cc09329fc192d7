// The one place that creates a sweep worker, so the pool can be tested with
// stand-in ports. Vite recognises this exact `new Worker(new URL(...))` form.
import { portOf, type WorkerPort } from '../worker/spawn-worker';
import type { ToSweepWorker } from './sweep-protocol';
import { sweepWorkerName } from './sweep-test-crash';

export type SweepPort = WorkerPort<ToSweepWorker>;

/** `crashRun`: test-only, see sweep-test-crash.ts. */
export function spawnSweepWorker(crashRun: number | null = null): SweepPort {
  const worker = new Worker(new URL('./sweep.worker.ts', import.meta.url), { type: 'module', name: sweepWorkerName(crashRun) });
  return portOf<ToSweepWorker>(worker, 'the sweep worker failed to start (is the wasm module built?)');
}
