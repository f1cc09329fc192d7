import type { ChartSeries } from '../charts/chart-types';
import { SeriesStore } from '../charts/series-store';
import { sketchCharts } from './lesson-format';

// A sketched prediction: the student's curve as values at evenly spaced times
// from 0 to the step's run time. Drawn on its pad before the run, then on the
// named chart under the run's lines, dashed, as "Your prediction".

export const sketchPoints = 13;

export function sketchTimes(untilS: number, n = sketchPoints): number[] {
  return Array.from({ length: n }, (_, i) => (untilS * i) / (n - 1));
}

/** Sets the point nearest `t` to `value` (clamped to [0, yMax]) and returns the new values. */
export function setNearest(values: readonly number[], untilS: number, t: number, value: number, yMax: number): number[] {
  const i = Math.round((Math.min(Math.max(t, 0), untilS) / untilS) * (values.length - 1));
  const out = [...values];
  out[i] = Math.min(Math.max(value, 0), yMax);
  return out;
}

export interface SketchOverlay {
  chart: keyof typeof sketchCharts;
  series: ChartSeries;
}

/** The sketch as a chart series (columns t and the chart's column), in the text colour. */
export function sketchOverlay(chart: keyof typeof sketchCharts, values: readonly number[], untilS: number): SketchOverlay {
  const column = sketchCharts[chart];
  const store = new SeriesStore(['t', column], values.length);
  const times = sketchTimes(untilS, values.length);
  const batch = new Float64Array(values.length * 2);
  batch.set(times, 0);
  batch.set(values, values.length);
  store.append(batch, values.length);
  return { chart, series: { store, column, colour: 'var(--text)', dashed: true, dash: [6, 4], label: 'Your prediction' } };
}
