// A test-only way to crash a pool worker, for the end-to-end test of a failed
// run: the page's URL `?crashSweepRun=K` makes any sweep worker asked for run
// K throw an uncaught error instead of running it, as a bug in the core would.
// The flag travels in the worker's name, the one thing a worker can read
// before its first message.

const prefix = 'aqmlab-sweep';
const crashKey = 'crash-run=';

export function sweepWorkerName(crashRun: number | null): string {
  return crashRun === null ? prefix : `${prefix};${crashKey}${crashRun}`;
}

export function crashRunFromName(name: string): number | null {
  const at = name.indexOf(crashKey);
  if (at < 0) return null;
  const n = Number(name.slice(at + crashKey.length));
  return Number.isInteger(n) && n >= 0 ? n : null;
}

export function crashRunFromUrl(search: string): number | null {
  const value = new URLSearchParams(search).get('crashSweepRun');
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 ? n : null;
}
