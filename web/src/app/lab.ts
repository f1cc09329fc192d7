import { findAqm, type AqmSpec } from '../aqm/aqm-table';
import { RepaintScheduler } from '../charts/repaint-scheduler';
import type { Speed, TimelineEvent } from '../protocol/protocol';
import { withDiscipline } from '../scenario/with-discipline';
import type { WorkerPort } from '../worker/spawn-worker';
import { SideSession, type SideStatus } from './side-session';

// The page's controller, outside React: owns the sides, fans controls out to
// their workers, and repaints every chart in one animation frame when samples arrive.

export interface Drawable {
  draw(x0: number, x1: number): void;
}

export interface LabOptions {
  sideCount: number;
  speed: Speed;
  /** Seconds of simulated time the charts show, ending at the newest sample. */
  windowS: number;
}

export const defaultLabOptions: LabOptions = { sideCount: 2, speed: 10, windowS: 60 };

export class Lab {
  readonly sides: SideSession[];
  private readonly charts = new Set<Drawable>();
  private readonly listeners = new Set<() => void>();
  private readonly scheduler = new RepaintScheduler(() => this.paint());
  private statuses: readonly SideStatus[];
  private speed: Speed;
  private wantPlay = true; // the user's play/pause choice, kept across restarts

  constructor(
    spawn: () => WorkerPort,
    private readonly options: LabOptions = defaultLabOptions,
  ) {
    this.speed = options.speed;
    const listener = {
      statusChanged: () => this.statusChanged(),
      samplesArrived: () => this.scheduler.request(),
    };
    this.sides = Array.from({ length: options.sideCount }, (_, i) => new SideSession(i, spawn(), listener));
    this.statuses = this.sides.map((s) => s.status);
  }

  start(): void {
    for (const side of this.sides) side.start(this.speed, this.wantPlay);
  }

  play(): void {
    this.wantPlay = true;
    for (const side of this.sides) side.play();
  }

  pause(): void {
    this.wantPlay = false;
    for (const side of this.sides) side.pause();
  }

  reset(): void {
    for (const side of this.sides) side.reset();
  }

  get currentSpeed(): Speed {
    return this.speed;
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
    for (const side of this.sides) side.setSpeed(speed);
  }

  /** Same traffic change on every side, so the comparison stays fair. */
  setFlows(count: number): void {
    this.applyAll({ kind: 'set_flows', group: 0, count });
  }

  /** The core's catalogue of disciplines, from whichever side has read it. */
  catalogue(): readonly AqmSpec[] {
    return this.sides.find((s) => s.status.aqms.length > 0)?.status.aqms ?? [];
  }

  /**
   * Puts discipline `aqm` on one side. Every side restarts from time zero on
   * the same scenario and seed, only that side's entry changed: the traffic
   * stays identical and the charts stay aligned in time, which restarting one
   * side alone (at zero while the other is minutes in) would break.
   * Returns an error message, or null once the restart is under way.
   */
  switchDiscipline(sideIndex: number, aqm: string): string | null {
    const spec = findAqm(this.catalogue(), aqm);
    if (!spec) return `${aqm}: not a discipline the core knows`;
    const base = this.sides[sideIndex]?.status.scenario ?? this.sides.find((s) => s.status.scenario)?.status.scenario;
    if (!base) return 'no scenario has run yet';
    const scenario = withDiscipline(base, sideIndex, spec);
    if (typeof scenario !== 'string') return scenario.error;
    for (const side of this.sides) side.start(this.speed, this.wantPlay, scenario);
    return null;
  }

  /** Sets a parameter of one side's discipline; resolves when its core accepted it, rejects with its message. */
  setParam(sideIndex: number, aqm: string, name: string, value: number): Promise<void> {
    const side = this.sides[sideIndex];
    if (!side) return Promise.reject(new Error(`side ${sideIndex}: no such side`));
    return side.setParam(aqm, name, value);
  }

  addChart(chart: Drawable): () => void {
    this.charts.add(chart);
    this.scheduler.request();
    return () => this.charts.delete(chart);
  }

  requestPaint(): void {
    this.scheduler.request();
  }

  /** The shared time axis: the last windowS seconds up to the newest sample of any side. */
  timeWindow(): [number, number] {
    let end = 0;
    for (const side of this.sides) {
      const t = side.store.last(side.store.columnIndex('t'));
      if (t > end) end = t;
    }
    const x1 = Math.max(end, this.options.windowS);
    return [x1 - this.options.windowS, x1];
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatuses = (): readonly SideStatus[] => this.statuses;

  dispose(): void {
    this.scheduler.cancel();
    for (const side of this.sides) side.terminate();
    this.charts.clear();
    this.listeners.clear();
  }

  private applyAll(event: TimelineEvent): void {
    for (const side of this.sides) side.apply(event);
  }

  private statusChanged(): void {
    this.statuses = this.sides.map((s) => s.status);
    for (const listener of this.listeners) listener();
  }

  private paint(): void {
    const [x0, x1] = this.timeWindow();
    for (const chart of this.charts) chart.draw(x0, x1);
  }
}
