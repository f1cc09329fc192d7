import type { SeriesStore } from '../charts/series-store';
import { meanSince } from '../charts/window-stats';

/** The summary strip's numbers for one side, averaged over the last windowS simulated seconds. */
export interface SideNumbers {
  time: number;
  samples: number;
  meanQueue: number;
  meanDelay: number;
  utilisation: number;
  flows: number; // active flows as the core counts them, so a slider move shows when it lands
}

export function sideNumbers(store: SeriesStore, windowS: number): SideNumbers {
  const t = store.columnIndex('t');
  const time = store.last(t);
  const from = time - windowS;
  const mean = (column: string) => meanSince(store, t, store.columnIndex(column), from);
  return {
    time,
    samples: store.totalReceived,
    meanQueue: mean('queue_pkts'),
    meanDelay: mean('delay_ms'),
    utilisation: mean('utilisation'),
    flows: store.last(store.columnIndex('flows')),
  };
}
