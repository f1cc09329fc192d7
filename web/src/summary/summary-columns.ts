import type { ValueKind } from '../lib/format';
import type { RunSummary } from './run-summary';

// The summary table's columns and which way is better in each: less queue,
// delay, jitter, loss and response time; more utilisation, goodput and fairness.

export type Figure = Exclude<keyof RunSummary, 'measuredS'>;

export interface SummaryColumn {
  figure: Figure;
  label: string;
  unit: string;
  better: 'lower' | 'higher';
  kind: ValueKind;
}

export const summaryColumns: readonly SummaryColumn[] = [
  { figure: 'meanQueuePkts', label: 'Queue mean', unit: 'pkts', better: 'lower', kind: 'number' },
  { figure: 'p95QueuePkts', label: 'Queue p95', unit: 'pkts', better: 'lower', kind: 'number' },
  { figure: 'meanDelayMs', label: 'Delay mean', unit: 'ms', better: 'lower', kind: 'number' },
  { figure: 'p95DelayMs', label: 'Delay p95', unit: 'ms', better: 'lower', kind: 'number' },
  { figure: 'jitterMs', label: 'Jitter', unit: 'ms', better: 'lower', kind: 'number' },
  { figure: 'utilisation', label: 'Utilisation', unit: '', better: 'higher', kind: 'percent' },
  { figure: 'lossRatio', label: 'Loss', unit: '', better: 'lower', kind: 'percent' },
  { figure: 'goodputMbps', label: 'Goodput', unit: 'Mb/s', better: 'higher', kind: 'number' },
  { figure: 'fairness', label: 'Fairness', unit: 'Jain', better: 'higher', kind: 'number' },
  { figure: 'responseTimeS', label: 'Response', unit: 's', better: 'lower', kind: 'number' },
];

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

/** For every column, the rows holding its best value. */
export function bestPerColumn(rows: readonly (RunSummary | null)[]): Map<Figure, Set<number>> {
  return new Map(summaryColumns.map((c) => [c.figure, bestRows(rows.map((r) => r?.[c.figure]), c.better)]));
}
