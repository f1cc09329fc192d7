import type { SeriesHistory } from './series-history';
import type { SeriesStore } from './series-store';

// What the crosshair reads: the sample nearest to a simulated time, straight
// from the ring buffer (not the decimated columns), so the readout is exact.
// Before the ring's oldest sample, it reads the decimated history: the last
// sample of the bucket nearest in time.

/**
 * Logical index of the held sample whose time is nearest to t, or -1 when the
 * store is empty or t lies more than one sample interval outside the held samples.
 */
export function sampleNearest(store: SeriesStore, timeColumn: number, t: number): number {
  const n = store.length;
  if (n === 0 || timeColumn < 0 || !Number.isFinite(t)) return -1;
  const after = store.lowerBound(timeColumn, t);
  const before = after - 1;
  const first = store.at(timeColumn, 0);
  const last = store.at(timeColumn, n - 1);
  const interval = n > 1 ? (last - first) / (n - 1) : 0;
  if (t < first - interval || t > last + interval) return -1;
  if (after >= n) return n - 1;
  if (before < 0) return after;
  return t - store.at(timeColumn, before) <= store.at(timeColumn, after) - t ? before : after;
}

export interface Reading {
  /** Time of the sample read. */
  t: number;
  /** NaN when the sample holds no value (e.g. delay in an interval without departures). */
  value: number;
}

/** The value of `column` at the sample nearest to t, or null when there is none near. */
export function valueAt(store: SeriesStore, column: string, t: number): Reading | null {
  const timeColumn = store.columnIndex('t');
  const valueColumn = store.columnIndex(column);
  if (valueColumn < 0) return null;
  const i = sampleNearest(store, timeColumn, t);
  if (i >= 0) return { t: store.at(timeColumn, i), value: store.at(valueColumn, i) };
  return store.length > 0 && t < store.at(timeColumn, 0) ? historyAt(store.history, timeColumn, valueColumn, t) : null;
}

function historyAt(history: SeriesHistory, timeColumn: number, valueColumn: number, t: number): Reading | null {
  if (history.length === 0 || !(t >= history.first(timeColumn, 0))) return null;
  let b = history.lowerBound(timeColumn, t);
  if (b >= history.length || history.first(timeColumn, b) > t) b--; // the bucket t falls in
  return { t: history.last(timeColumn, b), value: history.last(valueColumn, b) };
}
