import type { SeriesStore } from './series-store';

/** How many held samples have time <= untilTime (the logical index just past them). */
export function countUntil(store: SeriesStore, timeColumn: number, untilTime: number): number {
  if (timeColumn < 0) return 0;
  const i = store.lowerBound(timeColumn, untilTime);
  return i < store.length && store.at(timeColumn, i) <= untilTime ? i + 1 : i;
}

/**
 * Mean of a column over the samples with fromTime <= time <= untilTime (by
 * default every sample from fromTime on); NaN values and an empty window give NaN.
 */
export function meanSince(store: SeriesStore, timeColumn: number, column: number, fromTime: number, untilTime = Infinity): number {
  if (timeColumn < 0 || column < 0) return Number.NaN;
  const end = countUntil(store, timeColumn, untilTime);
  let sum = 0;
  let n = 0;
  for (let i = store.lowerBound(timeColumn, fromTime); i < end; i++) {
    const v = store.at(column, i);
    if (Number.isNaN(v)) continue;
    sum += v;
    n++;
  }
  return n === 0 ? Number.NaN : sum / n;
}
