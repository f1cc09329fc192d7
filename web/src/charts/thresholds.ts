// Which of a discipline's parameters are levels worth drawing on a chart, and
// on which one. Chosen by parameter name from the core's tables (`aqmlab aqms`):
//
//   queue chart (packets)
//     min_th, max_th   red, ared, sred, autored: the average-queue thresholds
//     q0               lred, aopc, rem, sfc: the queue the controller aims at
//     qref             pi, pid, msc: the reference queue
//   delay chart (ms)
//     target_ms        codel, fq_codel, pie: the target sojourn / queueing delay
//     target_delay     ared (seconds): the delay auto mode sizes min_th for;
//                      drawn only with auto on, as the core ignores it otherwise
//
// Rates, weights, gains and intervals are not levels of either chart and are left out.
// A discipline registered later with one of these names gets its line for free.

export type ThresholdChart = 'queue' | 'delay';

export interface ThresholdRule {
  param: string;
  chart: ThresholdChart;
  label: string;
  /** Multiplies the parameter into the chart's unit. */
  scale: number;
  /** When the parameter matters; always when absent. */
  when?: (params: Readonly<Record<string, number>>) => boolean;
}

export const thresholdRules: readonly ThresholdRule[] = [
  { param: 'min_th', chart: 'queue', label: 'min_th', scale: 1 },
  { param: 'max_th', chart: 'queue', label: 'max_th', scale: 1 },
  { param: 'q0', chart: 'queue', label: 'q0', scale: 1 },
  { param: 'qref', chart: 'queue', label: 'qref', scale: 1 },
  { param: 'target_ms', chart: 'delay', label: 'target', scale: 1 },
  { param: 'target_delay', chart: 'delay', label: 'target', scale: 1000, when: (p) => p.auto === 1 },
];

export interface Threshold {
  label: string;
  value: number;
}

/** The levels of one side's effective parameters that belong on `chart`. */
export function thresholdsFor(params: Readonly<Record<string, number>>, chart: ThresholdChart): Threshold[] {
  const out: Threshold[] = [];
  for (const rule of thresholdRules) {
    const value = params[rule.param];
    if (rule.chart !== chart || value === undefined || !Number.isFinite(value)) continue;
    if (rule.when && !rule.when(params)) continue;
    out.push({ label: rule.label, value: value * rule.scale });
  }
  return out;
}
