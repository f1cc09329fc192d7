import type { SeriesStore } from './series-store';

// Min/max decimation to the pixel: each pixel column keeps the first, last,
// lowest and highest value of the samples that fall in it, so a line drawn
// through them looks like the full series while drawing costs one step per pixel.

export interface PixelColumns {
  readonly width: number;
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly first: Float64Array;
  readonly last: Float64Array;
  /** Samples in each pixel column; 0 means the column is empty. */
  readonly count: Uint32Array;
}

export function createPixelColumns(width: number): PixelColumns {
  const w = Math.max(1, Math.floor(width));
  return {
    width: w,
    min: new Float64Array(w),
    max: new Float64Array(w),
    first: new Float64Array(w),
    last: new Float64Array(w),
    count: new Uint32Array(w),
  };
}

/** The pixel column of x in [x0, x1]; x1 itself belongs to the last column. */
export function pixelOf(x: number, x0: number, x1: number, width: number): number {
  const p = Math.floor(((x - x0) / (x1 - x0)) * width);
  return p >= width ? width - 1 : p;
}

/**
 * Fills `out` from the samples of `store` whose x (a non-decreasing column)
 * lies in [x0, x1]; NaN and infinite values are skipped. Returns the samples used.
 */
export function decimate(
  store: SeriesStore,
  xColumn: number,
  yColumn: number,
  x0: number,
  x1: number,
  out: PixelColumns,
): number {
  out.count.fill(0);
  if (!(x1 > x0) || xColumn < 0 || yColumn < 0) return 0;
  return accumulate(store, xColumn, yColumn, store.lowerBound(xColumn, x0), x0, x1, out).used;
}

/** Adds samples from logical index `from` until x passes x1; returns where it stopped. */
function accumulate(
  store: SeriesStore,
  xColumn: number,
  yColumn: number,
  from: number,
  x0: number,
  x1: number,
  out: PixelColumns,
): { used: number; next: number } {
  const { width, min, max, first, last, count } = out;
  let used = 0;
  let i = from;
  for (; i < store.length; i++) {
    const x = store.at(xColumn, i);
    if (x > x1) break;
    const y = store.at(yColumn, i);
    if (!Number.isFinite(y)) continue;
    const p = pixelOf(x, x0, x1, width);
    if (count[p] === 0) {
      min[p] = y;
      max[p] = y;
      first[p] = y;
    } else {
      if (y < (min[p] ?? y)) min[p] = y;
      if (y > (max[p] ?? y)) max[p] = y;
    }
    last[p] = y;
    count[p] = (count[p] ?? 0) + 1;
    used++;
  }
  return { used, next: i };
}

/**
 * Decimation that remembers where it stopped. While the window, the width
 * and the run stay the same (the "whole run" view between two steps of its
 * axis), each frame only folds in the samples that arrived since the last,
 * so a ten-minute run costs no more per frame than a ten-second one.
 */
export class IncrementalDecimator {
  private out: PixelColumns = createPixelColumns(1);
  private key = '';
  private store: SeriesStore | null = null;
  private nextAbsolute = 0; // store.totalReceived-based index of the first sample not yet folded in
  private used = 0;

  get columns(): PixelColumns {
    return this.out;
  }

  /** Brings the columns up to date for [x0, x1] at `width` pixels; returns the samples they hold. */
  update(store: SeriesStore, xColumn: number, yColumn: number, x0: number, x1: number, width: number): number {
    const w = Math.max(1, Math.floor(width));
    if (this.out.width !== w) this.out = createPixelColumns(w);
    const key = `${store.generation}:${xColumn}:${yColumn}:${x0}:${x1}:${w}`;
    const dropped = store.totalReceived - store.length; // samples overwritten by the ring
    const resume = this.nextAbsolute - dropped;
    // A restarted side brings a new store whose generation may equal the old one's.
    if (key !== this.key || store !== this.store || resume < 0 || !(x1 > x0) || xColumn < 0 || yColumn < 0) {
      this.key = key;
      this.store = store;
      this.used = decimate(store, xColumn, yColumn, x0, x1, this.out);
      this.nextAbsolute = dropped + (x1 > x0 && xColumn >= 0 ? this.endIndex(store, xColumn, x1) : 0);
      return this.used;
    }
    const step = accumulate(store, xColumn, yColumn, resume, x0, x1, this.out);
    this.used += step.used;
    this.nextAbsolute = dropped + step.next;
    return this.used;
  }

  private endIndex(store: SeriesStore, xColumn: number, x1: number): number {
    // First sample past x1: decimate() stopped there, so the next update starts there.
    let i = store.lowerBound(xColumn, x1);
    while (i < store.length && store.at(xColumn, i) <= x1) i++;
    return i;
  }
}

/** Highest value over the filled columns, or NaN when none is filled. */
export function columnsMax(columns: PixelColumns): number {
  let top = Number.NaN;
  for (let p = 0; p < columns.width; p++) {
    const v = columns.max[p] ?? Number.NaN;
    if ((columns.count[p] ?? 0) > 0 && (Number.isNaN(top) || v > top)) top = v;
  }
  return top;
}

/** Lowest value over the filled columns, or NaN when none is filled. */
export function columnsMin(columns: PixelColumns): number {
  let bottom = Number.NaN;
  for (let p = 0; p < columns.width; p++) {
    const v = columns.min[p] ?? Number.NaN;
    if ((columns.count[p] ?? 0) > 0 && (Number.isNaN(bottom) || v < bottom)) bottom = v;
  }
  return bottom;
}
