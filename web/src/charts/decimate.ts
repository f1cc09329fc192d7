import type { SeriesHistory } from './series-history';
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
 * lies in [x0, x1] and not past `until` (the time every side has reached: a
 * side ahead is not drawn ahead); NaN and infinite values are skipped.
 * Returns the samples used.
 */
export function decimate(
  store: SeriesStore,
  xColumn: number,
  yColumn: number,
  x0: number,
  x1: number,
  out: PixelColumns,
  until = x1,
): number {
  out.count.fill(0);
  if (!(x1 > x0) || xColumn < 0 || yColumn < 0) return 0;
  const stop = Math.min(x1, until);
  const older = accumulateHistory(store.history, xColumn, yColumn, x0, x1, stop, out);
  return older + accumulate(store, xColumn, yColumn, store.lowerBound(xColumn, x0), x0, x1, stop, out).used;
}

/**
 * Adds the history's buckets that start in [x0, stop], each to the pixel
 * column of its first sample's time. A bucket spans fewer seconds than a pixel
 * column (the history keeps more buckets than a chart has columns), so its
 * lowest and highest values stand for its samples as theirs would.
 */
function accumulateHistory(
  history: SeriesHistory,
  xColumn: number,
  yColumn: number,
  x0: number,
  x1: number,
  stop: number,
  out: PixelColumns,
): number {
  const { width, min, max, first, last, count } = out;
  let used = 0;
  for (let b = history.lowerBound(xColumn, x0); b < history.length; b++) {
    const x = history.first(xColumn, b);
    if (x > stop) break;
    const lo = history.min(yColumn, b);
    if (Number.isNaN(lo)) continue;
    const p = pixelOf(x, x0, x1, width);
    const hi = history.max(yColumn, b);
    if (count[p] === 0) {
      min[p] = lo;
      max[p] = hi;
      first[p] = history.first(yColumn, b);
    } else {
      if (lo < (min[p] ?? lo)) min[p] = lo;
      if (hi > (max[p] ?? hi)) max[p] = hi;
    }
    last[p] = history.last(yColumn, b);
    const n = history.count(b);
    count[p] = (count[p] ?? 0) + n;
    used += n;
  }
  return used;
}

/** Adds samples from logical index `from` until x passes `stop`; returns where it stopped. */
function accumulate(
  store: SeriesStore,
  xColumn: number,
  yColumn: number,
  from: number,
  x0: number,
  x1: number,
  stop: number,
  out: PixelColumns,
): { used: number; next: number } {
  const { width, min, max, first, last, count } = out;
  let used = 0;
  let i = from;
  for (; i < store.length; i++) {
    const x = store.at(xColumn, i);
    if (x > stop) break;
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
 * Decimation that remembers where it stopped. While the width, the window's
 * length and the run stay the same, each frame only folds in the samples
 * that arrived since the last, so drawing costs follow the screen, not the
 * sample count or the speed:
 * - the "whole run" view keeps its window between two steps of its axis;
 * - the "last minute" view slides by whole columns (the chart aligns its
 *   window to the column width), so the columns shift left and only the new
 *   ones on the right fill in.
 * Any other change (width, length, a window moved by part of a column, a new
 * run, unread samples overwritten by the ring, a common time that went back)
 * starts over with a full pass.
 */
export class IncrementalDecimator {
  private out: PixelColumns = createPixelColumns(1);
  private key = '';
  private store: SeriesStore | null = null;
  private x0 = 0;
  private stop = 0;
  private nextAbsolute = 0; // store.totalReceived-based index of the first sample not yet folded in
  private used = 0;

  get columns(): PixelColumns {
    return this.out;
  }

  /**
   * Brings the columns up to date for [x0, x1] at `width` pixels, with samples
   * up to `until`; returns the samples they hold.
   */
  update(
    store: SeriesStore,
    xColumn: number,
    yColumn: number,
    x0: number,
    x1: number,
    width: number,
    until = x1,
  ): number {
    const w = Math.max(1, Math.floor(width));
    if (this.out.width !== w) this.out = createPixelColumns(w);
    const key = `${store.generation}:${xColumn}:${yColumn}:${x1 - x0}:${w}`;
    const dropped = store.totalReceived - store.length; // samples overwritten by the ring
    const resume = this.nextAbsolute - dropped;
    const stop = Math.min(x1, until);
    const shift = (x0 - this.x0) / ((x1 - x0) / w); // in columns
    const whole = Math.round(shift);
    // A restarted side brings a new store whose generation may equal the old one's.
    if (
      key !== this.key ||
      store !== this.store ||
      resume < 0 ||
      !(x1 > x0) ||
      xColumn < 0 ||
      yColumn < 0 ||
      whole < 0 ||
      Math.abs(shift - whole) > 1e-6 ||
      stop < this.stop // the sides' common time went back (a side restarted): folded samples are past it
    ) {
      this.key = key;
      this.store = store;
      this.x0 = x0;
      this.stop = stop;
      this.used = decimate(store, xColumn, yColumn, x0, x1, this.out, stop);
      this.nextAbsolute = dropped + (x1 > x0 && xColumn >= 0 ? this.endIndex(store, xColumn, stop) : 0);
      return this.used;
    }
    let from = resume;
    if (whole > 0) {
      this.x0 = x0;
      this.used = shiftColumns(this.out, whole);
      // The old window's end belonged to its last column; in the moved window
      // it opens a new one. So the old last column is folded again.
      const redo = w - whole - 1;
      if (redo >= 0) {
        this.used -= this.out.count[redo] ?? 0;
        this.out.count[redo] = 0;
        from = store.lowerBound(xColumn, x0 + redo * ((x1 - x0) / w));
        while (from < resume && pixelOf(store.at(xColumn, from), x0, x1, w) < redo) from++;
        from = Math.min(from, resume);
      }
    }
    const step = accumulate(store, xColumn, yColumn, from, x0, x1, stop, this.out);
    this.stop = stop;
    this.used += step.used;
    this.nextAbsolute = dropped + step.next;
    return this.used;
  }

  private endIndex(store: SeriesStore, xColumn: number, stop: number): number {
    // First sample past `stop`: decimate() stopped there, so the next update starts there.
    let i = store.lowerBound(xColumn, stop);
    while (i < store.length && store.at(xColumn, i) <= stop) i++;
    return i;
  }
}

/** Drops the first `k` columns, moving the rest left and emptying the last k; returns the samples kept. */
function shiftColumns(c: PixelColumns, k: number): number {
  for (const a of [c.min, c.max, c.first, c.last, c.count]) {
    a.copyWithin(0, Math.min(k, c.width));
    a.fill(0, Math.max(0, c.width - k));
  }
  let kept = 0;
  for (let p = 0; p < c.width; p++) kept += c.count[p] ?? 0;
  return kept;
}

/** Lowest and highest value over the filled columns, in one pass (every chart asks for every series at every frame); NaN when none is filled. */
export function columnsExtent(columns: PixelColumns): { lo: number; hi: number } {
  const { width, min, max, count } = columns;
  let lo = Infinity;
  let hi = -Infinity;
  for (let p = 0; p < width; p++) {
    if (count[p] === 0) continue;
    const a = min[p] as number;
    const b = max[p] as number;
    if (a < lo) lo = a;
    if (b > hi) hi = b;
  }
  return lo <= hi ? { lo, hi } : { lo: Number.NaN, hi: Number.NaN };
}

/** The first filled column, or -1 when none is. */
export function firstFilled(columns: PixelColumns): number {
  return columns.count.findIndex((n) => n > 0);
}
