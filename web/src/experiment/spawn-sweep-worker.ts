// The one place that creates a sweep worker, so the pool can be tested with
// stand-in workers. Vite recognises this exact `new Worker(new URL(...))` form.
import { workerEnd, type WorkerEnd } from '../lib/worker-rpc';

export function spawnSweepWorker(): WorkerEnd {
  const worker = new Worker(new URL('./sweep.worker.ts', import.meta.url), { type: 'module', name: 'aqmlab-sweep' });
  return workerEnd(worker, 'the sweep worker failed to start (is the wasm module built?)');
}
