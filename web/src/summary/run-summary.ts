import { isRecord } from '../lib/json';
// The core's exact run summary (Simulation.summary(), the same JSON as
// `aqmlab run`), covering the run after its warm-up, with the scenario's
// named windows and each class's figures. Only the figures the page shows
// are read; each is a number, or null where the core has none (NaN is
// written as null: no departures yet, no short flows, no response).

/** The figures a whole run and a window share, by the page's name. */
export interface SummaryFigures {
  meanQueuePkts: number | null;
  p95QueuePkts: number | null;
  meanDelayMs: number | null;
  p95DelayMs: number | null;
  p99DelayMs: number | null;
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
  /** The largest over the smallest throughput of the long-lived TCP groups (senders) at the bottleneck; null with fewer than two. */
  groupThroughputRatio: number | null;
  /** The queue's transients: standard and mean absolute deviation, overshoot, full and empty shares. */
  queueSdPkts: number | null;
  queueMadPkts: number | null;
  maxQueuePkts: number | null;
  max1sMeanQueuePkts: number | null;
  fullFraction: number | null;
  emptyFraction: number | null;
  /** The whole run's: the scenario's `response` settling time. */
  responseTimeS: number | null;
  /** A window's: its settling time into the band around its target. */
  settlingTimeS: number | null;
}

export type Figure = keyof SummaryFigures;

/** One traffic class (the groups sharing a `class` label); delays are its data's at the bottleneck. */
export interface ClassFigures {
  name: string;
  goodputMbps: number | null;
  lossRatio: number | null;
  meanDelayMs: number | null;
  p50DelayMs: number | null;
  p95DelayMs: number | null;
  p99DelayMs: number | null;
  jitterMs: number | null;
}

/** One queue of a discipline with several (DualPI2's L and Classic): its departures' delay and its throughput. */
export interface QueueFigures {
  name: string;
  label: string;
  meanDelayMs: number | null;
  p99DelayMs: number | null;
  throughputMbps: number | null;
}

/**
 * One long-lived TCP group (a sender), as the core's `groups` gives it:
 * throughput and share at the bottleneck (null for a group that does not
 * cross it), the mean of its flows' timed round trips and of their
 * propagation delays, and its loss and mark ratios over the data it sent.
 * The measured rates a response function is drawn against.
 */
export interface GroupFigures {
  /** Its index in the scenario's groups. */
  group: number;
  className: string;
  /** Its congestion controller (the group's `variant`). */
  sender: string;
  /** Whether its flows use SACK (the core writes `sack` only when they do). */
  sack: boolean;
  flows: number;
  goodputMbps: number | null;
  throughputMbps: number | null;
  share: number | null;
  rttMs: number | null;
  baseRttMs: number | null;
  lossRatio: number | null;
  markRatio: number | null;
}

export interface SpanSummary extends SummaryFigures {
  /** Simulated seconds the figures cover; 0 during the warm-up. */
  measuredS: number;
  classes: ClassFigures[];
  /** The whole run's, for a discipline with several queues; empty otherwise and over a window. */
  queues: QueueFigures[];
  /** Each long-lived TCP group; empty from a core without per-group figures. */
  groups: GroupFigures[];
}

/** A named window of the scenario; `summary` is null until the run reaches its start. */
export interface WindowSummary {
  name: string;
  summary: (SpanSummary & { fromS: number; toS: number }) | null;
}

export interface RunSummary extends SpanSummary {
  windows: WindowSummary[];
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isNumberOrNull = (v: unknown): v is number | null => v === null || isFiniteNumber(v);

/** Each figure and the core's JSON key for it. */
export const figureKeys: readonly (readonly [Figure, string])[] = [
  ['meanQueuePkts', 'mean_queue_pkts'],
  ['p95QueuePkts', 'p95_queue_pkts'],
  ['meanDelayMs', 'mean_delay_ms'],
  ['p95DelayMs', 'p95_delay_ms'],
  ['p99DelayMs', 'p99_delay_ms'],
  ['jitterMs', 'jitter_ms'],
  ['utilisation', 'utilisation'],
  ['goodputMbps', 'goodput_mbps'],
  ['lossRatio', 'loss_ratio'],
  ['markRatio', 'mark_ratio'],
  ['signalRatio', 'signal_ratio'],
  ['fairness', 'fairness'],
  ['groupThroughputRatio', 'group_throughput_ratio'],
  ['queueSdPkts', 'queue_sd_pkts'],
  ['queueMadPkts', 'queue_mad_pkts'],
  ['maxQueuePkts', 'max_queue_pkts'],
  ['max1sMeanQueuePkts', 'max_1s_mean_queue_pkts'],
  ['fullFraction', 'full_fraction'],
  ['emptyFraction', 'empty_fraction'],
  ['responseTimeS', 'response_time_s'],
  ['settlingTimeS', 'settling_time_s'],
];

type ClassFigure = Exclude<keyof ClassFigures, 'name'>;

/** Each class figure and where the core keeps it (`delay` is an object, or null). */
export const classFigureKeys: readonly (readonly [ClassFigure, string, string?])[] = [
  ['goodputMbps', 'goodput_mbps'],
  ['lossRatio', 'loss_ratio'],
  ['meanDelayMs', 'delay', 'mean_ms'],
  ['p50DelayMs', 'delay', 'p50_ms'],
  ['p95DelayMs', 'delay', 'p95_ms'],
  ['p99DelayMs', 'delay', 'p99_ms'],
  ['jitterMs', 'delay', 'jitter_ms'],
];

type QueueFigure = Exclude<keyof QueueFigures, 'name' | 'label'>;

/** Each queue figure and the core's JSON key for it. */
export const queueFigureKeys: readonly (readonly [QueueFigure, string])[] = [
  ['meanDelayMs', 'mean_delay_ms'],
  ['p99DelayMs', 'p99_delay_ms'],
  ['throughputMbps', 'throughput_mbps'],
];

type GroupFigure = Exclude<keyof GroupFigures, 'group' | 'className' | 'sender' | 'sack' | 'flows'>;

/** Each group figure and the core's JSON key for it. */
export const groupFigureKeys: readonly (readonly [GroupFigure, string])[] = [
  ['goodputMbps', 'goodput_mbps'],
  ['throughputMbps', 'throughput_mbps'],
  ['share', 'share'],
  ['rttMs', 'rtt_ms'],
  ['baseRttMs', 'base_rtt_ms'],
  ['lossRatio', 'loss_ratio'],
  ['markRatio', 'mark_ratio'],
];

type Read<T> = T | string;

/** Every figure null: nothing measured. */
export function noFigures(): SummaryFigures {
  return {
    meanQueuePkts: null, p95QueuePkts: null, meanDelayMs: null, p95DelayMs: null, p99DelayMs: null, jitterMs: null,
    utilisation: null, goodputMbps: null, lossRatio: null, markRatio: null, signalRatio: null, fairness: null, groupThroughputRatio: null,
    queueSdPkts: null, queueMadPkts: null, maxQueuePkts: null, max1sMeanQueuePkts: null, fullFraction: null,
    emptyFraction: null, responseTimeS: null, settlingTimeS: null,
  };
}

function readFigures(value: Record<string, unknown>, path: string): Read<SummaryFigures> {
  const out = noFigures();
  for (const [field, key] of figureKeys) {
    const v = value[key];
    // An absent key reads as null, so an older core without a figure still works.
    if (v !== undefined && !isNumberOrNull(v)) return `${path}.${key}: not a number or null`;
    out[field] = v ?? null;
  }
  return out;
}

function readClass(value: unknown, path: string): Read<ClassFigures> {
  if (!isRecord(value) || typeof value.name !== 'string') return `${path}: not a class with a name`;
  const delay = value.delay;
  if (delay !== undefined && delay !== null && !isRecord(delay)) return `${path}.delay: not an object or null`;
  const out: ClassFigures = { name: value.name, goodputMbps: null, lossRatio: null, meanDelayMs: null, p50DelayMs: null, p95DelayMs: null, p99DelayMs: null, jitterMs: null };
  for (const [field, key, inner] of classFigureKeys) {
    const v = inner === undefined ? value[key] : isRecord(delay) ? delay[inner] : null;
    if (v !== undefined && !isNumberOrNull(v)) return `${path}.${inner === undefined ? key : `${key}.${inner}`}: not a number or null`;
    out[field] = v ?? null;
  }
  return out;
}

function readQueue(value: unknown, path: string): Read<QueueFigures> {
  if (!isRecord(value) || typeof value.name !== 'string' || typeof value.label !== 'string') return `${path}: not a queue with a name and a label`;
  const out: QueueFigures = { name: value.name, label: value.label, meanDelayMs: null, p99DelayMs: null, throughputMbps: null };
  for (const [field, key] of queueFigureKeys) {
    const v = value[key];
    if (v !== undefined && !isNumberOrNull(v)) return `${path}.${key}: not a number or null`;
    out[field] = v ?? null;
  }
  return out;
}

function readGroup(value: unknown, path: string): Read<GroupFigures> {
  if (!isRecord(value) || !isFiniteNumber(value.group) || typeof value.class !== 'string' || typeof value.sender !== 'string' || !isFiniteNumber(value.flows)) {
    return `${path}: not a group with its index, class, sender and flows`;
  }
  const out: GroupFigures = {
    group: value.group, className: value.class, sender: value.sender, sack: value.sack === true, flows: value.flows,
    goodputMbps: null, throughputMbps: null, share: null, rttMs: null, baseRttMs: null, lossRatio: null, markRatio: null,
  };
  for (const [field, key] of groupFigureKeys) {
    const v = value[key];
    if (v !== undefined && !isNumberOrNull(v)) return `${path}.${key}: not a number or null`;
    out[field] = v ?? null;
  }
  return out;
}

/** A JSON array read item by item, or the first item's error. */
function readList<T>(value: unknown, path: string, read: (v: unknown, at: string) => Read<T>): Read<T[]> {
  if (!Array.isArray(value)) return `${path}: not an array`;
  const out: T[] = [];
  for (const [i, v] of value.entries()) {
    const item = read(v, `${path}[${i}]`);
    if (typeof item === 'string') return item;
    out.push(item);
  }
  return out;
}

function readSpan(value: unknown, path: string): Read<SpanSummary> {
  if (!isRecord(value)) return `${path}: not a JSON object`;
  if (!isFiniteNumber(value.measured_s)) return `${path}.measured_s: not a number`;
  const figures = readFigures(value, path);
  if (typeof figures === 'string') return figures;
  const classes = readList(value.classes ?? [], `${path}.classes`, readClass);
  if (typeof classes === 'string') return classes;
  // Only a discipline with several queues has them.
  const queues = readList(value.queues ?? [], `${path}.queues`, readQueue);
  if (typeof queues === 'string') return queues;
  const groups = readList(value.groups ?? [], `${path}.groups`, readGroup);
  if (typeof groups === 'string') return groups;
  return { measuredS: value.measured_s, ...figures, classes, queues, groups };
}

function readWindows(value: unknown): Read<WindowSummary[]> {
  if (value === undefined) return [];
  if (!isRecord(value)) return 'summary.windows: not a JSON object';
  const out: WindowSummary[] = [];
  for (const [name, w] of Object.entries(value)) {
    const path = `summary.windows.${name}`;
    if (w === null) {
      out.push({ name, summary: null });
      continue;
    }
    const span = readSpan(w, path);
    if (typeof span === 'string') return span;
    if (!isRecord(w) || !isFiniteNumber(w.from_s) || !isFiniteNumber(w.to_s)) return `${path}: from_s and to_s must be numbers`;
    out.push({ name, summary: { ...span, fromS: w.from_s, toS: w.to_s } });
  }
  return out;
}

/** The summary from the core's parsed JSON, or an error naming the first bad field. */
export function readRunSummary(value: unknown): RunSummary | string {
  const span = readSpan(value, 'summary');
  if (typeof span === 'string') return span;
  const windows = readWindows(isRecord(value) ? value.windows : undefined);
  if (typeof windows === 'string') return windows;
  return { ...span, windows };
}

/** The figures over a window (by name), or over the whole run (null); null when absent or not reached. */
export function spanOf(summary: RunSummary | null, window: string | null): SpanSummary | null {
  if (!summary) return null;
  if (window === null) return summary;
  return summary.windows.find((w) => w.name === window)?.summary ?? null;
}
