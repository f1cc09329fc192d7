// A test-only way to crash one side's worker, for the end-to-end test of a
// failed side: the page's URL `?crashWorker=K&crashAfterBatches=N` makes the
// K-th worker the page spawns (0-based; at load, worker K runs side K) throw an
// uncaught error once it has posted N batches. Workers spawned later (a
// restart, an added side) never crash, so a restarted side stays up.
// The flag travels in the worker's name, the one thing a worker can read
// before its first message.

const prefix = 'aqmlab-sim';
const crashKey = 'crash-after-batches=';

export function workerName(crashAfterBatches: number | null): string {
  return crashAfterBatches === null ? prefix : `${prefix};${crashKey}${crashAfterBatches}`;
}

/** The batch count after which this worker should crash, from its name. */
export function crashAfterFromName(name: string): number | null {
  const at = name.indexOf(crashKey);
  if (at < 0) return null;
  const n = Number(name.slice(at + crashKey.length));
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** Reads the page's crash flag: which spawned worker crashes, and after how many batches. */
export function crashPlanFromUrl(search: string): { worker: number; afterBatches: number } | null {
  const params = new URLSearchParams(search);
  const worker = Number(params.get('crashWorker'));
  const afterBatches = Number(params.get('crashAfterBatches'));
  if (!params.has('crashWorker') || !Number.isInteger(worker) || worker < 0) return null;
  return { worker, afterBatches: Number.isInteger(afterBatches) && afterBatches >= 0 ? afterBatches : 50 };
}
