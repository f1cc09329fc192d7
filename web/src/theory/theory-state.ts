import { SeriesStore } from '../charts/series-store';
import { messageOf } from '../lib/errors';
import { isRecord, parseJson } from '../lib/json';
import { TheoryClient } from './theory-client';
import { boundsRequest } from './bounds-request';
import { scenarioAt } from './scenario-now';
import type { Analysis, Read, ResponseBounds, SenderResponse } from './theory-json';
import type { SenderResponseRequest, Timed } from './theory-client';

// The page's theory: for every side, the core's analyses of the scenario as it
// runs (its live changes included), recomputed in the theory worker whenever
// the lab reports a change. Two views want two things: the overlay wants the
// fluid trajectory over the whole timeline, the panel wants the stability,
// equilibrium and queue model of the scenario as it stands at the time shown
// (scenario-now.ts); when no event has acted yet they are one analysis. Only
// the latest scenario matters: while one analysis runs, further changes fold
// into one more, started when it ends, so a dragged slider never queues up
// work. Nothing is computed while no view wants it.

/** What the theory needs of the lab (lab/lab.ts's Lab has it). */
export interface TheorySource {
  /** The scenario with every live change so far as events (rejects before the first run). */
  exportScenario(): Promise<string>;
  /** Called after any change of the lab: a run started, a live change accepted. */
  subscribe(listener: () => void): () => void;
  /** The simulated time every side has reached (the time the page shows). */
  shownTime(): number;
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
  /** The scenario the panel's results are for (as it stands at the time shown), or null before the first. */
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

/** How often a watched lab is checked for scenario events that have come due (no change is reported for those). */
const recheckMs = 1000;

export class TheoryState {
  private snapshot: TheorySnapshot = { sides: [], scenario: null, computing: false, overlay: false, bounds: null };
  private readonly listeners = new Set<() => void>();
  private panels = 0;
  private running = false;
  private again = false;
  private analysedKey = '';
  private stopWatching: (() => void) | null = null;

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
    this.followLab();
  }

  /** The theory panel opens: its results are kept up to date until the returned function is called. */
  watch = (): (() => void) => {
    this.panels++;
    this.followLab();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.panels--;
      this.followLab();
    };
  };

  /** A sender's response function from the core (the panel asks for each group as its figures change). */
  senderResponse(request: SenderResponseRequest): Promise<Timed<SenderResponse>> {
    return this.client.senderResponse(request);
  }

  dispose(): void {
    this.stopWatching?.();
    this.stopWatching = null;
    this.panels = 0;
    this.client.dispose();
    this.listeners.clear();
  }

  /** Analyses the lab's scenario if it (or what is shown) changed; later calls while one runs fold into one more. */
  async refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        const wantFluid = this.snapshot.overlay;
        const wantNow = this.panels > 0;
        if (!wantFluid && !wantNow) break;
        let full: string;
        try {
          full = await this.source.exportScenario();
        } catch {
          break; // no run yet: the lab calls again once one starts
        }
        const now = scenarioAt(full, this.source.shownTime());
        const key = `${wantFluid ? full : ''}\n${wantNow ? now : ''}`;
        if (key === this.analysedKey) continue;
        this.update({ computing: true });
        const sides = await Promise.all(Array.from({ length: sideCount(full) }, (_, i) => this.analyseSide(full, wantFluid, wantNow ? now : null, i)));
        const mapping = wantNow ? (sides.find((s) => s.analysis?.mapping)?.analysis?.mapping ?? null) : null;
        const bounds = mapping ? await this.client.responseBounds(boundsRequest(now, mapping)) : null;
        this.analysedKey = key;
        this.update({ sides, scenario: wantNow ? now : full, computing: false, bounds });
      } while (this.again);
    } finally {
      this.running = false;
      if (this.snapshot.computing) this.update({ computing: false });
    }
  }

  /** The panel's analysis of the scenario now, and the overlay's fluid trajectory over the whole timeline. */
  private async analyseSide(full: string, wantFluid: boolean, now: string | null, side: number): Promise<SideTheory> {
    const ask = (scenario: string): Promise<Timed<Analysis>> =>
      this.client.analyze(scenario, side).catch((e: unknown) => ({ ok: false as const, error: messageOf(e) }));
    const shown = now === null ? null : await ask(now);
    const timeline = !wantFluid ? null : now === full ? shown : await ask(full);
    const main = shown ?? timeline;
    if (!main) return { analysis: null, error: null, ms: null, fluid: null };
    const fluidError = timeline && !timeline.ok ? timeline.error : null;
    return {
      analysis: main.ok ? main.value : null,
      error: main.ok ? fluidError : main.error,
      ms: (shown?.ms ?? 0) + (timeline && timeline !== shown ? (timeline.ms ?? 0) : 0),
      fluid: timeline?.ok ? fluidStore(timeline.value) : null,
    };
  }

  /** Listens to the lab (and checks it every second) while a view wants theory; stops when none does. */
  private followLab(): void {
    const wanted = this.snapshot.overlay || this.panels > 0;
    if (wanted && !this.stopWatching) {
      const off = this.source.subscribe(() => void this.refresh());
      const timer = setInterval(() => void this.refresh(), recheckMs);
      this.stopWatching = () => {
        off();
        clearInterval(timer);
      };
    } else if (!wanted && this.stopWatching) {
      this.stopWatching();
      this.stopWatching = null;
    }
    if (wanted) void this.refresh();
  }

  private update(change: Partial<TheorySnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
