import { isRecord } from '../lib/json';
// The core's exact run summary (Simulation.summary(), the same JSON as
// `aqmlab run`), covering the run after its warm-up. Only the figures the
// page shows are read; each is a number, or null where the core has none
// (NaN is written as null: no departures yet, no short flows, no response).

export interface RunSummary {
  /** Simulated seconds after the warm-up the figures cover; 0 during the warm-up. */
  measuredS: number;
  meanQueuePkts: number | null;
  p95QueuePkts: number | null;
  meanDelayMs: number | null;
  p95DelayMs: number | null;
  jitterMs: number | null;
  utilisation: number | null;
  goodputMbps: number | null;
  /** Dropped / arriving packets at the bottleneck. */
  lossRatio: number | null;
  /** ECN-marked / arriving packets. */
  markRatio: number | null;
  /** Congestion signals (drops and marks) / arriving packets. */
  signalRatio: number | null;
  fairness: number | null;
  responseTimeS: number | null;
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isNumberOrNull = (v: unknown): v is number | null => v === null || isFiniteNumber(v);

type Figure = Exclude<keyof RunSummary, 'measuredS'>;

/** Each figure and the core's JSON key for it. */
const figures: readonly (readonly [Figure, string])[] = [
  ['meanQueuePkts', 'mean_queue_pkts'],
  ['p95QueuePkts', 'p95_queue_pkts'],
  ['meanDelayMs', 'mean_delay_ms'],
  ['p95DelayMs', 'p95_delay_ms'],
  ['jitterMs', 'jitter_ms'],
  ['utilisation', 'utilisation'],
  ['goodputMbps', 'goodput_mbps'],
  ['lossRatio', 'loss_ratio'],
  ['markRatio', 'mark_ratio'],
  ['signalRatio', 'signal_ratio'],
  ['fairness', 'fairness'],
  ['responseTimeS', 'response_time_s'],
];

/** The summary from the core's parsed JSON, or an error naming the first bad field. */
export function readRunSummary(value: unknown): RunSummary | string {
  if (!isRecord(value)) return 'summary: not a JSON object';
  if (!isFiniteNumber(value.measured_s)) return 'summary.measured_s: not a number';
  const out: RunSummary = {
    measuredS: value.measured_s,
    meanQueuePkts: null,
    p95QueuePkts: null,
    meanDelayMs: null,
    p95DelayMs: null,
    jitterMs: null,
    utilisation: null,
    goodputMbps: null,
    lossRatio: null,
    markRatio: null,
    signalRatio: null,
    fairness: null,
    responseTimeS: null,
  };
  for (const [field, key] of figures) {
    const v = value[key];
    // An absent key reads as null, so an older core without a figure still works.
    if (v !== undefined && !isNumberOrNull(v)) return `summary.${key}: not a number or null`;
    out[field] = v ?? null;
  }
  return out;
}

/** The guard the protocol uses on a summary crossing from the worker. */
export function isRunSummary(value: unknown): value is RunSummary {
  if (!isRecord(value) || !isFiniteNumber(value.measuredS)) return false;
  return figures.every(([field]) => isNumberOrNull(value[field]));
}
