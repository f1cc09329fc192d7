import type { SeriesStore } from '../charts/series-store';
import { countUntil, meanSince } from '../charts/window-stats';

/** The summary strip's numbers for one side, averaged over the last windowS simulated seconds. */
export interface SideNumbers {
  time: number;
  samples: number;
  meanQueue: number;
  meanDelay: number;
  utilisation: number;
  flows: number; // active flows as the core counts them, so a slider move shows when it lands
}

/**
 * `until`: the time the page shows (every side has reached it, lab/side-sync.ts):
 * samples a side has past it are left out, as the charts leave them out, so
 * every row reads its side at the same time.
 */
export function sideNumbers(store: SeriesStore, windowS: number, until = Infinity): SideNumbers {
  const t = store.columnIndex('t');
  const end = countUntil(store, t, until);
  const at = (column: number) => (end > 0 ? store.at(column, end - 1) : Number.NaN);
  const time = at(t);
  const from = time - windowS;
  const mean = (column: string) => meanSince(store, t, store.columnIndex(column), from, time);
  return {
    time,
    samples: store.totalReceived,
    meanQueue: mean('queue_pkts'),
    meanDelay: mean('delay_ms'),
    utilisation: mean('utilisation'),
    flows: at(store.columnIndex('flows')),
  };
}
