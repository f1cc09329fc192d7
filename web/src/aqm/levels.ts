import type { AqmLevel } from './aqm-table';

// A discipline's parameters that are levels worth drawing on a chart (its
// thresholds and targets), with their values in the chart's unit. Which
// parameters these are comes with the core's catalogue (each discipline's
// descriptor declares its levels, aqm/README.md), so a discipline
// registered later gets its lines with no change here.

export type ThresholdChart = AqmLevel['chart'];

export interface Threshold {
  label: string;
  value: number;
}

/** The levels of one side's effective parameters that belong on `chart`. */
export function thresholdsFor(levels: readonly AqmLevel[], params: Readonly<Record<string, number>>, chart: ThresholdChart): Threshold[] {
  const out: Threshold[] = [];
  for (const level of levels) {
    const value = params[level.param];
    if (level.chart !== chart || value === undefined || !Number.isFinite(value)) continue;
    if (level.whenOn && params[level.whenOn] !== 1) continue;
    out.push({ label: level.label, value: value * level.scale });
  }
  return out;
}
