import { RepaintScheduler } from '../charts/repaint-scheduler';
import type { SideSession } from './side-session';

// The page's paint loop: every chart registered here is drawn in one
// animation frame, over the one time window all charts share. Samples ask for
// a frame; nothing is drawn between frames.

export interface Drawable {
  draw(x0: number, x1: number): void;
}

export class PaintLoop {
  private readonly charts = new Set<Drawable>();
  private readonly scheduler = new RepaintScheduler(() => this.paint());

  constructor(
    /** The sides whose samples the charts show (read at every frame: the set changes with restarts). */
    private readonly sides: () => readonly SideSession[],
    /** Seconds of simulated time the charts show, ending at the newest sample. */
    private readonly windowS: number,
  ) {}

  add(chart: Drawable): () => void {
    this.charts.add(chart);
    this.scheduler.request();
    return () => this.charts.delete(chart);
  }

  request(): void {
    this.scheduler.request();
  }

  /** The shared time axis: the last windowS seconds up to the newest sample of any side. */
  timeWindow(): [number, number] {
    let end = 0;
    for (const side of this.sides()) {
      const t = side.store.last(side.store.columnIndex('t'));
      if (t > end) end = t;
    }
    const x1 = Math.max(end, this.windowS);
    return [x1 - this.windowS, x1];
  }

  dispose(): void {
    this.scheduler.cancel();
    this.charts.clear();
  }

  private paint(): void {
    const [x0, x1] = this.timeWindow();
    for (const chart of this.charts) chart.draw(x0, x1);
  }
}
