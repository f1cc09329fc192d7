import { RepaintScheduler } from '../charts/repaint-scheduler';
import type { Speed, TimelineEvent } from '../protocol/protocol';
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
    for (const side of this.sides) side.start(this.speed, true);
  }

  play(): void {
    for (const side of this.sides) side.play();
  }

  pause(): void {
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
    this.applyWhere(() => true, { kind: 'set_flows', group: 0, count });
  }

  /** Sent only to sides whose discipline has the parameter, as the core does for scenario events. */
  setParam(name: string, value: number): void {
    this.applyWhere((s) => s.status.info !== null && name in s.status.info.params, { kind: 'set_param', name, value });
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

  private applyWhere(accepts: (side: SideSession) => boolean, event: TimelineEvent): void {
    for (const side of this.sides) if (accepts(side)) side.apply(event);
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
