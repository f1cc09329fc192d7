import type { ValueKind } from '../lib/format';
import type { Figure, SummaryFigures } from './run-summary';

// The summary table's columns, what each means, and which way is better: less
// queue, delay, jitter, loss, marks, signals (drops and marks together) and
// response time; more utilisation, goodput and fairness. An idle link has short queues, so a side whose link sat partly
// idle cannot be best on the lower-is-better columns (see bestPerColumn).

export type { Figure } from './run-summary';

export interface SummaryColumn {
  figure: Figure;
  label: string;
  unit: string;
  better: 'lower' | 'higher';
  kind: ValueKind;
  /** What the figure is, for the header's tooltip and the glossary. */
  help: string;
  /** Shown only when some side marked packets (ECN on): without marks it repeats Loss. */
  onlyWithMarks?: boolean;
  /** Shown only when some side has two or more senders (long-lived TCP groups) to compare. */
  onlyWithGroups?: boolean;
  /** Shown over the whole run only (the scenario's response) or over a window only (its settling time). */
  scope?: Scope;
}

/** What the table summarises: the run after its warm-up, or one of the scenario's named windows. */
export type Scope = 'run' | 'window';

/**
 * A side whose utilisation is below this fraction of the highest side's has
 * let its link go partly idle: its short queues and delays are not a win, so
 * it is not marked best on the lower-is-better columns.
 */
export const collapsedUtilisation = 0.9;

export const summaryColumns: readonly SummaryColumn[] = [
  { figure: 'meanQueuePkts', label: 'Queue mean', unit: 'pkts', better: 'lower', kind: 'number', help: 'Packets waiting in the bottleneck queue, averaged over the run after the warm-up.' },
  { figure: 'p95QueuePkts', label: 'Queue p95', unit: 'pkts', better: 'lower', kind: 'number', help: 'The queue length 95% of the time stays below.' },
  { figure: 'meanDelayMs', label: 'Delay mean', unit: 'ms', better: 'lower', kind: 'number', help: 'Time a packet waits in the bottleneck queue, averaged over packets.' },
  { figure: 'p95DelayMs', label: 'Delay p95', unit: 'ms', better: 'lower', kind: 'number', help: '95% of packets wait less than this.' },
  { figure: 'jitterMs', label: 'Jitter', unit: 'ms', better: 'lower', kind: 'number', help: 'How much the queueing delay varies from one packet to the next (mean absolute difference).' },
  { figure: 'utilisation', label: 'Utilisation', unit: '', better: 'higher', kind: 'percent', help: 'Share of the time the bottleneck link was sending.' },
  { figure: 'lossRatio', label: 'Loss', unit: '', better: 'lower', kind: 'percent', help: 'Share of arriving packets the queue dropped (marked packets are not lost).' },
  { figure: 'markRatio', label: 'Marks', unit: '', better: 'lower', kind: 'percent', help: 'Share of arriving packets the queue marked with ECN instead of dropping (shown when some side marked).', onlyWithMarks: true },
  { figure: 'signalRatio', label: 'Signals', unit: 'drop+mark', better: 'lower', kind: 'percent', help: 'Share of arriving packets that carried a congestion signal: dropped or ECN-marked (shown when some side marked).', onlyWithMarks: true },
  { figure: 'goodputMbps', label: 'Goodput', unit: 'Mb/s', better: 'higher', kind: 'number', help: 'Useful data delivered to receivers, retransmissions excluded.' },
  { figure: 'fairness', label: 'Fairness', unit: 'Jain', better: 'higher', kind: 'number', help: "Jain's fairness index of the flows' throughputs: 1 when all get the same, 1/n when one flow takes everything." },
  { figure: 'groupThroughputRatio', label: 'Sender ratio', unit: 'max/min', better: 'lower', kind: 'number', onlyWithGroups: true, help: "The largest over the smallest throughput of the long-lived TCP groups (each a sender) at the bottleneck: 1 when they got the same; with equal flow counts, how many times more one sender's flow got than another's (shown with two or more groups; each group's figures are in the per-sender table)." },
  { figure: 'responseTimeS', label: 'Response', unit: 's', better: 'lower', kind: 'number', scope: 'run', help: "Response time: how long the queue took to settle at the scenario's response target after its from_s (4 s of samples whose mean is within the band and whose deviation from the target is small; the LRED paper's measure). Empty when the scenario asks for none or the queue never settled." },
];

/** The queue's dynamics: how far it swings, how high it overshoots, how often it is full or empty, how fast it settles. */
export const queueColumns: readonly SummaryColumn[] = [
  { figure: 'queueSdPkts', label: 'Queue s.d.', unit: 'pkts', better: 'lower', kind: 'number', help: 'Standard deviation of the sampled queue: how much it swings around its mean.' },
  { figure: 'queueMadPkts', label: 'Queue MAD', unit: 'pkts', better: 'lower', kind: 'number', help: 'Mean absolute deviation of the sampled queue from its mean (the LRED paper’s measure of stability).' },
  { figure: 'maxQueuePkts', label: 'Queue max', unit: 'pkts', better: 'lower', kind: 'number', help: 'Overshoot: the longest queue sampled.' },
  { figure: 'max1sMeanQueuePkts', label: 'Max 1 s mean', unit: 'pkts', better: 'lower', kind: 'number', help: 'Overshoot without the spikes: the highest mean of the queue over one second of samples.' },
  { figure: 'fullFraction', label: 'Full', unit: '', better: 'lower', kind: 'percent', help: 'Share of samples with the buffer full (within one packet): the queue drops every arrival then.' },
  { figure: 'emptyFraction', label: 'Empty', unit: '', better: 'lower', kind: 'percent', help: 'Share of samples with no packet queued: the link may go idle.' },
  { figure: 'p99DelayMs', label: 'Delay p99', unit: 'ms', better: 'lower', kind: 'number', help: '99% of packets wait less than this.' },
  { figure: 'settlingTimeS', label: 'Settling', unit: 's', better: 'lower', kind: 'number', scope: 'window', help: "Settling time: from the window's start until every later one-second mean of the queue stays within the window's tolerance of its target. Empty when the window names no target or the queue is outside the band at the end." },
];

export type ColumnSet = 'main' | 'queue';

export const columnSets: readonly { value: ColumnSet; label: string; columns: readonly SummaryColumn[] }[] = [
  { value: 'main', label: 'Main figures', columns: summaryColumns },
  { value: 'queue', label: 'Queue dynamics', columns: queueColumns },
];

/**
 * The columns the table shows for these summaries: Marks and Signals only
 * when some side marked a packet, since without ECN marks are 0 and Signals
 * equals Loss; the sender ratio only when there are senders to compare; the response time over the whole run, the settling time over
 * a window.
 */
export function shownColumns(summaries: readonly (SummaryFigures | null)[], set: ColumnSet = 'main', scope: Scope = 'run'): readonly SummaryColumn[] {
  const marked = summaries.some((s) => (s?.markRatio ?? 0) > 0);
  const compared = summaries.some((s) => s?.groupThroughputRatio !== null && s?.groupThroughputRatio !== undefined);
  const columns = columnSets.find((c) => c.value === set)?.columns ?? summaryColumns;
  return columns.filter((c) => (marked || !c.onlyWithMarks) && (compared || !c.onlyWithGroups) && (c.scope === undefined || c.scope === scope));
}

/**
 * The rows holding the best value of a column. Nothing is marked with fewer
 * than two values to compare or when every value is the same (a mark would
 * tell nothing); ties for best are all marked. Values within a millionth
 * (relative) of each other count as equal, so rounding noise does not pick a winner.
 */
export function bestRows(values: readonly (number | null | undefined)[], better: 'lower' | 'higher'): Set<number> {
  const present = values.flatMap((v, i) => (v !== null && v !== undefined && Number.isFinite(v) ? [{ v, i }] : []));
  const best = new Set<number>();
  if (present.length < 2) return best;
  const pick = better === 'lower' ? Math.min : Math.max;
  const target = pick(...present.map((p) => p.v));
  const worst = (better === 'lower' ? Math.max : Math.min)(...present.map((p) => p.v));
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
  if (close(target, worst)) return best;
  for (const p of present) if (close(p.v, target)) best.add(p.i);
  return best;
}

/** What the star means in a column, for the glossary. */
export function bestMeaning(column: SummaryColumn): string {
  if (column.better === 'higher') return 'the highest value';
  return `the lowest value among sides whose utilisation is at least ${Math.round(collapsedUtilisation * 100)}% of the highest side's`;
}

/**
 * For every column, the rows holding its best value. On lower-is-better
 * columns a side whose utilisation collapsed (below collapsedUtilisation of
 * the highest) takes no part: an idle link trivially has short queues.
 */
export function bestPerColumn(rows: readonly (SummaryFigures | null)[]): Map<Figure, Set<number>> {
  const utilisations = rows.map((r) => r?.utilisation ?? null);
  const top = Math.max(0, ...utilisations.flatMap((u) => (u !== null && Number.isFinite(u) ? [u] : [])));
  const busy = (i: number) => {
    const u = utilisations[i];
    return u === null || u === undefined || !Number.isFinite(u) || u >= collapsedUtilisation * top;
  };
  return new Map(
    [...summaryColumns, ...queueColumns].map((c) => {
      const values = rows.map((r, i) => (c.better === 'lower' && !busy(i) ? null : r?.[c.figure]));
      return [c.figure, bestRows(values, c.better)];
    }),
  );
}
