import { messageOf } from '../lib/errors';
import { SweepClient } from './sweep-client';
import { readPlan, readReport, type Read, type ReportRow, type SweepPlan } from './sweep-core';
import { runPool, type PoolProgress, type RunOutcome } from './sweep-pool';
import type { SweepPort } from './spawn-sweep-worker';

// One experiment's life, outside React: the core plans the sweep (and refuses
// a bad one, naming the field), the pool runs it, and the core reports on the
// runs that finished: while it runs (at most once a second, so the plot grows)
// and at the end. Plans and reports go to one long-lived worker of their own
// (the pool's workers live only while a sweep runs); the page's thread only
// posts messages and reads the answers.

export type ExperimentPhase =
  | { kind: 'idle' }
  | { kind: 'planning' }
  | { kind: 'refused'; error: string }
  | { kind: 'running'; plan: SweepPlan; progress: PoolProgress; rows: ReportRow[]; failed: FailedRun[] }
  | {
      kind: 'finished';
      plan: SweepPlan;
      progress: PoolProgress;
      rows: ReportRow[];
      failed: FailedRun[];
      cancelled: boolean;
      /** Every finished run's JSON Lines, in run order (what `aqmlab sweep --out` writes). */
      jsonl: string;
      /** The core could not report on the lines (null when it did). */
      reportError: string | null;
    };

export interface FailedRun {
  index: number;
  error: string;
}

export interface RunnerDeps {
  spawn: () => SweepPort;
  now?: () => number;
  /** Shortest time between two reports while a sweep runs. */
  reportEveryMs?: number;
}

/** Every finished run's lines, in run order: the same text whichever worker ended first. */
export function joinedLines(outcomes: ReadonlyMap<number, string>): string {
  return [...outcomes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, lines]) => lines)
    .join('');
}

export class ExperimentRunner {
  private phase: ExperimentPhase = { kind: 'idle' };
  private readonly listeners = new Set<() => void>();
  private core: SweepClient | null = null;
  private abort: AbortController | null = null;
  private generation = 0;

  constructor(private readonly deps: RunnerDeps) {}

  get current(): ExperimentPhase {
    return this.phase;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The core's own worker, for plans, reports and the catalogue; a fresh one if the last died. */
  coreClient(): SweepClient {
    if (this.core === null || this.core.stoppedBecause !== null) this.core = new SweepClient(this.deps.spawn());
    return this.core;
  }

  /** The sweep's plan, or the core's refusal (naming the field). */
  async plan(sweepJson: string): Promise<{ ok: true; value: SweepPlan } | { ok: false; error: string }> {
    try {
      return readPlan(await this.coreClient().call({ type: 'sweep/plan', sweep: sweepJson }));
    } catch (e) {
      return { ok: false, error: messageOf(e) };
    }
  }

  /** Plans and runs a sweep on `workers` workers; resolves when it has finished or was cancelled. */
  async run(sweepJson: string, workers: number): Promise<void> {
    this.cancel();
    const generation = ++this.generation;
    const live = () => generation === this.generation;
    this.set({ kind: 'planning' });
    const planned = await this.plan(sweepJson);
    if (!live()) return;
    if (!planned.ok) {
      this.set({ kind: 'refused', error: planned.error });
      return;
    }
    const plan = planned.value;
    const abort = new AbortController();
    this.abort = abort;
    const lines = new Map<number, string>();
    const failed: FailedRun[] = [];
    let rows: ReportRow[] = [];
    let progress: PoolProgress = { total: plan.count, done: 0, failed: 0, elapsedMs: 0, etaMs: null, workers: 0 };
    const show = () => live() && this.set({ kind: 'running', plan, progress, rows, failed: [...failed] });
    const reporter = this.reporter(
      () => joinedLines(lines),
      (r) => {
        if (!r.ok) return;
        rows = r.value;
        show();
      },
    );
    const result = await runPool({
      spawn: this.deps.spawn,
      workers,
      sweep: sweepJson,
      indices: plan.runs.map((r) => r.index),
      signal: abort.signal,
      now: this.deps.now,
      onRun: (outcome: RunOutcome) => {
        if (outcome.ok) lines.set(outcome.index, outcome.lines);
        else failed.push({ index: outcome.index, error: outcome.error });
        reporter.soon();
      },
      onProgress: (p) => {
        progress = p;
        show();
      },
    });
    if (!live()) return; // a newer run replaced this one
    const jsonl = joinedLines(lines);
    const final = await reporter.final();
    if (!live()) return;
    failed.sort((a, b) => a.index - b.index);
    this.set({
      kind: 'finished',
      plan,
      progress,
      rows: final.ok ? final.value : [],
      failed,
      cancelled: result.cancelled,
      jsonl,
      reportError: final.ok ? null : final.error,
    });
  }

  /** Stops the sweep: its workers are terminated; what finished is reported. */
  cancel(): void {
    this.abort?.abort();
    this.abort = null;
  }

  dispose(): void {
    this.cancel();
    this.generation++;
    this.core?.terminate('the experiment view closed');
    this.core = null;
    this.listeners.clear();
  }

  /** Reports while runs come in, at most one at a time and one per interval; `final` waits for the last. */
  private reporter(text: () => string, shown: (rows: Read<ReportRow[]>) => void) {
    const every = this.deps.reportEveryMs ?? 1000;
    const now = this.deps.now ?? (() => performance.now());
    let busy: Promise<Read<ReportRow[]>> | null = null;
    let last = -Infinity;
    const report = async (): Promise<Read<ReportRow[]>> => {
      const jsonl = text();
      if (jsonl === '') return { ok: true, value: [] };
      try {
        return readReport(await this.coreClient().call({ type: 'sweep/report', jsonl }));
      } catch (e) {
        return { ok: false, error: messageOf(e) };
      }
    };
    return {
      soon: () => {
        if (busy !== null || now() - last < every) return;
        last = now();
        busy = report().then((rows) => {
          busy = null;
          shown(rows);
          return rows;
        });
      },
      final: async () => {
        if (busy !== null) await busy;
        return report();
      },
    };
  }

  private set(phase: ExperimentPhase): void {
    this.phase = phase;
    for (const l of this.listeners) l();
  }
}
