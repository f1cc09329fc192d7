import { SeriesStore } from '../charts/series-store';
import { messageOf } from '../lib/errors';
import { isRecord, parseJson } from '../lib/json';
import { TheoryClient } from './theory-client';
import { boundsRequest } from './bounds-request';
import type { Analysis, Read, ResponseBounds } from './theory-json';

// The page's theory: for every side, the core's analysis of the scenario as it
// runs now (its live changes included), recomputed in the theory worker
// whenever the lab reports a change. Only the latest scenario matters: while
// one analysis runs, further changes fold into one more, started when it
// ends, so a dragged slider never queues up work. Nothing is computed while
// no view wants it (the overlay off and the theory panel closed).

/** What the theory needs of the lab (app/lab.ts's Lab has it). */
export interface TheorySource {
  /** The scenario with every live change so far as events (rejects before the first run). */
  exportScenario(): Promise<string>;
  /** Called after any change of the lab: a run started, a live change accepted. */
  subscribe(listener: () => void): () => void;
}

export interface SideTheory {
  analysis: Analysis | null;
  error: string | null;
  /** The core's time for this side's analysis, in milliseconds. */
  ms: number | null;
  /** The fluid model's trajectory as a series (columns t, queue_pkts, window_pkts, p) for the charts. */
  fluid: SeriesStore | null;
}

export interface TheorySnapshot {
  sides: readonly SideTheory[];
  /** The scenario the results are for (with live changes), or null before the first. */
  scenario: string | null;
  computing: boolean;
  overlay: boolean;
  /** The PI and REM response-time lower bounds for the mapped network, or null before the first. */
  bounds: Read<ResponseBounds> | null;
}

const fluidColumns = ['t', 'queue_pkts', 'window_pkts', 'p'];

/** The fluid trajectory as a store, so the charts draw it like any side's series; null without one. */
export function fluidStore(analysis: Analysis): SeriesStore | null {
  if (!analysis.fluid) return null;
  const { t, queuePkts, windowPkts, p } = analysis.fluid;
  const n = t.length;
  const store = new SeriesStore(fluidColumns, Math.max(1, n));
  const batch = new Float64Array(n * fluidColumns.length);
  [t, queuePkts, windowPkts, p].forEach((values, c) => batch.set(values, c * n));
  store.append(batch, n);
  return store;
}

/** How many sides a scenario has (0 when it is not readable). */
function sideCount(scenario: string): number {
  const value = parseJson(scenario);
  return isRecord(value) && Array.isArray(value.sides) ? value.sides.length : 0;
}

export class TheoryState {
  private snapshot: TheorySnapshot = { sides: [], scenario: null, computing: false, overlay: false, bounds: null };
  private readonly listeners = new Set<() => void>();
  private viewers = 0;
  private running = false;
  private again = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly source: TheorySource,
    private readonly client: TheoryClient = new TheoryClient(),
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): TheorySnapshot => this.snapshot;

  /** The fluid trajectory of a side while the overlay is on, else null. */
  overlayOf(side: number): SeriesStore | null {
    return this.snapshot.overlay ? (this.snapshot.sides[side]?.fluid ?? null) : null;
  }

  setOverlay(on: boolean): void {
    if (on === this.snapshot.overlay) return;
    this.update({ overlay: on });
    if (on) this.watch();
    else this.unwatch();
  }

  /** A view that shows theory (the panel) mounts: results are kept up to date until it unmounts. */
  watch = (): (() => void) => {
    this.viewers++;
    if (this.viewers === 1) {
      this.unsubscribe = this.source.subscribe(() => void this.refresh());
      void this.refresh();
    }
    let done = false;
    return () => {
      if (!done) this.unwatch();
      done = true;
    };
  };

  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.viewers = 0;
    this.client.dispose();
    this.listeners.clear();
  }

  /** Analyses the lab's current scenario if it changed; later calls while one runs fold into one more. */
  async refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        let scenario: string;
        try {
          scenario = await this.source.exportScenario();
        } catch {
          break; // no run yet: the lab calls again once one starts
        }
        if (scenario === this.snapshot.scenario || this.viewers === 0) continue;
        this.update({ computing: true });
        const sides = await Promise.all(
          Array.from({ length: sideCount(scenario) }, (_, i) =>
            this.client.analyze(scenario, i).then(
              (r): SideTheory =>
                r.ok
                  ? { analysis: r.value, error: null, ms: r.ms ?? null, fluid: fluidStore(r.value) }
                  : { analysis: null, error: r.error, ms: r.ms ?? null, fluid: null },
              (e: unknown): SideTheory => ({ analysis: null, error: messageOf(e), ms: null, fluid: null }),
            ),
          ),
        );
        const mapping = sides.find((s) => s.analysis?.mapping)?.analysis?.mapping ?? null;
        const bounds = mapping ? await this.client.responseBounds(boundsRequest(scenario, mapping)) : null;
        this.update({ sides, scenario, computing: false, bounds });
      } while (this.again && this.viewers > 0);
    } finally {
      this.running = false;
      if (this.snapshot.computing) this.update({ computing: false });
    }
  }

  private unwatch(): void {
    this.viewers = Math.max(0, this.viewers - 1);
    if (this.viewers > 0) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private update(change: Partial<TheorySnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
