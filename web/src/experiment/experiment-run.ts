import { messageOf } from '../lib/errors';
import { WorkerRpc, type WorkerEnd } from '../lib/worker-rpc';
import type { SweepApi } from './sweep-api';
import { readPlan, readPlanBrief, readReport, type PlanBrief, type Read, type ReportRow, type SweepPlan } from './sweep-core';
import { runPool, type PoolProgress, type RunOutcome } from './sweep-pool';

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
  spawn: () => WorkerEnd;
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

/**
 * The most runs the page takes on: a browser tab is the wrong place for more
 * (10,000 runs of a second each are three hours on two cores); `aqmlab sweep`
 * runs more, on every core or as shards of a job array.
 */
export const maxPageRuns = 10_000;

const tooMany = (count: number) =>
  `sweep: ${count} runs, more than the ${maxPageRuns} the page runs (fewer values or seeds; aqmlab sweep runs it on every core or as shards)`;

export class ExperimentRunner {
  private phase: ExperimentPhase = { kind: 'idle' };
  private readonly listeners = new Set<() => void>();
  private core: WorkerRpc<SweepApi> | null = null;
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
  coreClient(): WorkerRpc<SweepApi> {
    if (this.core === null || this.core.stoppedBecause !== null) this.core = new WorkerRpc<SweepApi>(this.deps.spawn());
    return this.core;
  }

  /** The sweep's plan without its runs (for a preview), or the core's refusal naming the field, or the page's limit. */
  async brief(sweepJson: string): Promise<Read<PlanBrief>> {
    try {
      const read = readPlanBrief(await this.coreClient().call((w) => w.plan(sweepJson, true)));
      if (read.ok && read.value.count > maxPageRuns) return { ok: false, error: tooMany(read.value.count) };
      return read;
    } catch (e) {
      return { ok: false, error: messageOf(e) };
    }
  }

  /** The sweep's plan with every run, once its brief plan is within the page's limit. */
  private async plan(sweepJson: string): Promise<Read<SweepPlan>> {
    const brief = await this.brief(sweepJson);
    if (!brief.ok) return brief;
    try {
      return readPlan(await this.coreClient().call((w) => w.plan(sweepJson, false)));
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
    let failed: FailedRun[] = []; // replaced, not changed, so a view can tell a new failure by identity
    let rows: ReportRow[] = [];
    let progress: PoolProgress = { total: plan.count, done: 0, failed: 0, elapsedMs: 0, etaMs: null, workers: 0 };
    const show = () => live() && this.set({ kind: 'running', plan, progress, rows, failed });
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
        else failed = [...failed, { index: outcome.index, error: outcome.error }];
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
    failed = [...failed].sort((a, b) => a.index - b.index);
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
        return readReport(await this.coreClient().call((w) => w.report(jsonl)));
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
