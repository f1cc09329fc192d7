import type { SeriesStore } from './series-store';

/** Mean of a column over the samples with time >= fromTime; NaN values and an empty window give NaN. */
export function meanSince(store: SeriesStore, timeColumn: number, column: number, fromTime: number): number {
  if (timeColumn < 0 || column < 0) return Number.NaN;
  let sum = 0;
  let n = 0;
  for (let i = store.lowerBound(timeColumn, fromTime); i < store.length; i++) {
    const v = store.at(column, i);
    if (Number.isNaN(v)) continue;
    sum += v;
    n++;
  }
  return n === 0 ? Number.NaN : sum / n;
}
