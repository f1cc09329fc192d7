import { messageOf } from '../lib/errors';
import { WorkerRpc, WorkerStopped, type WorkerEnd } from '../lib/worker-rpc';
import { readRunLines } from './sweep-core';
import type { SweepApi } from './sweep-api';

// Runs a sweep's runs on a pool of workers, one run per worker at a time, the
// next index going to whichever worker is free. A worker that dies fails the
// run it held (with its message) and is replaced, so the rest goes on; a run
// the core refuses fails alone. Cancelling terminates every worker at once (a
// run in a worker cannot be interrupted otherwise).

export type RunOutcome = { index: number; ok: true; lines: string } | { index: number; ok: false; error: string };

export interface PoolProgress {
  total: number;
  done: number;
  failed: number;
  elapsedMs: number;
  /** Time left at the pace so far; null before the first run ends. */
  etaMs: number | null;
  workers: number;
}

export interface PoolOptions {
  spawn: () => WorkerEnd;
  workers: number;
  sweep: string;
  indices: readonly number[];
  onRun?: (outcome: RunOutcome) => void;
  onProgress?: (progress: PoolProgress) => void;
  signal?: AbortSignal;
  now?: () => number;
}

export interface PoolResult {
  outcomes: RunOutcome[];
  cancelled: boolean;
}

/** The pool's size: the workers asked for, at least one, at most one per run. */
export function poolSize(asked: number, runs: number): number {
  return Math.max(1, Math.min(Math.floor(asked), runs));
}

/** Time left from the pace so far: elapsed per finished run times the runs left. */
export function estimateLeftMs(elapsedMs: number, finished: number, total: number): number | null {
  return finished === 0 ? null : (elapsedMs / finished) * (total - finished);
}

export async function runPool(options: PoolOptions): Promise<PoolResult> {
  const { spawn, sweep, indices, signal } = options;
  const now = options.now ?? (() => performance.now());
  const started = now();
  const size = poolSize(options.workers, indices.length);
  const outcomes: RunOutcome[] = [];
  const clients = new Set<WorkerRpc<SweepApi>>();
  let next = 0;
  let failed = 0;
  let cancelled = signal?.aborted ?? false;

  const report = () => {
    const elapsedMs = now() - started;
    const finished = outcomes.length;
    options.onProgress?.({ total: indices.length, done: finished - failed, failed, elapsedMs, etaMs: estimateLeftMs(elapsedMs, finished, indices.length), workers: size });
  };
  const fresh = () => {
    const client = new WorkerRpc<SweepApi>(spawn());
    clients.add(client);
    return client;
  };
  const finish = (outcome: RunOutcome) => {
    outcomes.push(outcome);
    if (!outcome.ok) failed++;
    options.onRun?.(outcome);
    report();
  };
  const onAbort = () => {
    cancelled = true;
    for (const c of clients) c.terminate('cancelled');
  };
  signal?.addEventListener('abort', onAbort);

  const lane = async () => {
    let client = fresh();
    while (!cancelled && next < indices.length) {
      const index = indices[next++] ?? 0;
      if (client.stoppedBecause !== null) {
        clients.delete(client);
        client = fresh();
      }
      try {
        const read = readRunLines(await client.call((w) => w.run(sweep, index)));
        finish(read.ok ? { index, ok: true, lines: read.value } : { index, ok: false, error: read.error });
      } catch (e) {
        if (cancelled) return;
        const stopped = e instanceof WorkerStopped;
        finish({ index, ok: false, error: stopped ? `the worker running it stopped: ${messageOf(e)}` : messageOf(e) });
      }
    }
  };

  report();
  try {
    if (!cancelled) await Promise.all(Array.from({ length: size }, lane));
  } finally {
    signal?.removeEventListener('abort', onAbort);
    for (const c of clients) c.terminate('the sweep ended');
  }
  return { outcomes, cancelled };
}
