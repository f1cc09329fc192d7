import type { ChartSeries } from '../charts/chart-types';
import { sideColour } from '../lib/colours';
import type { TheoryState } from './theory-state';

// The theory overlay on the queue chart: a side's fluid-model queue as one
// more series of that side, in its colour, dotted and heavier than the
// simulated line so the two read apart. It draws up to the time every side
// has reached, like the samples, so model and packets share the time axis.

export const fluidDash: readonly number[] = [2, 3];

export function fluidOverlay(theory: TheoryState | null, metricId: string, side: number, sideName: string): ChartSeries[] {
  if (!theory || metricId !== 'queue') return [];
  const store = theory.overlayOf(side);
  if (!store) return [];
  return [{ store, column: 'queue_pkts', colour: sideColour(side), dashed: true, dash: fluidDash, label: `${sideName} fluid model` }];
}
