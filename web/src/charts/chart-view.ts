import { viewWindow, type TimeRange } from './layout';

// State every chart shares, outside React: the time range they show and the
// crosshair. The crosshair is kept as a fraction of the plot width, so it
// stays under the pointer while the window scrolls, and every chart (each
// with its own pixel width) puts it at the same simulated time.

export interface ViewListener {
  /** The crosshair moved: cheap, redraws only the overlay. */
  crosshairChanged(): void;
  /** The time range changed: the data needs a repaint. */
  rangeChanged(): void;
}

export class ChartView {
  private hoverFraction: number | null = null;
  private listeners = new Set<ViewListener>();

  constructor(private timeRange: TimeRange = 'recent') {}

  get range(): TimeRange {
    return this.timeRange;
  }

  setRange(range: TimeRange): void {
    if (range === this.timeRange) return;
    this.timeRange = range;
    for (const l of this.listeners) l.rangeChanged();
  }

  /** Where the crosshair is, as a fraction of the plot width, or null when hidden. */
  get hover(): number | null {
    return this.hoverFraction;
  }

  setHover(fraction: number | null): void {
    const f = fraction === null || !Number.isFinite(fraction) ? null : Math.min(1, Math.max(0, fraction));
    if (f === this.hoverFraction) return;
    this.hoverFraction = f;
    for (const l of this.listeners) l.crosshairChanged();
  }

  /** The window the charts show, from the page's sliding window [x0, x1]. */
  window(x0: number, x1: number): [number, number] {
    return viewWindow(this.timeRange, x0, x1);
  }

  subscribe(listener: ViewListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The simulated time under the crosshair in [x0, x1], or null when hidden. */
export function crosshairTime(view: ChartView, x0: number, x1: number): number | null {
  const f = view.hover;
  return f === null ? null : x0 + f * (x1 - x0);
}
