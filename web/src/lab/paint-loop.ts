import { RepaintScheduler } from '../charts/repaint-scheduler';

// The page's paint loop: every chart registered here is drawn in one
// animation frame, over the one time window all charts share, ending at the
// time every side has reached (side-sync.ts). Drawing follows the screen, not
// the sample rate: a frame is drawn only when that time moved or something
// else (a resize, the theme, the range, a new run) asked for it, at most once
// per frame, and each chart skips itself while it is scrolled out of view.

export interface Drawable {
  /** Draws the window [x0, x1] with samples up to `until`. */
  draw(x0: number, x1: number, until: number): void;
}

export class PaintLoop {
  private readonly charts = new Set<Drawable>();
  private readonly scheduler = new RepaintScheduler(() => this.paint());
  private forced = true;
  private painted = Number.NaN; // the shown time of the last frame drawn

  constructor(
    /** The time every side has reached (read at every frame). */
    private readonly shownTime: () => number,
    /** Seconds of simulated time the charts show, ending at the shown time. */
    private readonly windowS: number,
  ) {}

  add(chart: Drawable): () => void {
    this.charts.add(chart);
    this.request();
    return () => this.charts.delete(chart);
  }

  /** Something besides new samples changed: the next frame redraws every chart on screen. */
  request(): void {
    this.forced = true;
    this.scheduler.request();
  }

  /** New samples arrived: the next frame redraws only if the shown time moved. */
  samplesArrived(): void {
    if (this.shownTime() !== this.painted) this.scheduler.request();
  }

  /** The shared time axis: the last windowS seconds up to the shown time. */
  timeWindow(): [number, number] {
    const x1 = Math.max(this.shownTime(), this.windowS);
    return [x1 - this.windowS, x1];
  }

  dispose(): void {
    this.scheduler.cancel();
    this.charts.clear();
  }

  private paint(): void {
    const until = this.shownTime();
    if (!this.forced && until === this.painted) return;
    this.forced = false;
    this.painted = until;
    const [x0, x1] = this.timeWindow();
    for (const chart of this.charts) chart.draw(x0, x1, until);
  }
}
