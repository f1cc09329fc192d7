import type { Fields } from '../lib/json';
import { csvNumber, csvText } from '../scenario/series-csv';
import type { MetricStats, PlannedRun, ReportRow, SweepPlan } from './sweep-core';

// The core's report (one row per point x side, with mean, s.d. and 95%
// interval per metric) shaped for the plots, the table and the exports.
// Nothing here computes a statistic: every number is the core's.

export interface PlotPoint {
  x: number;
  stats: MetricStats;
  row: ReportRow;
}

export interface PlotLine {
  /** Side name, and the second axis' value when the grid has one. */
  label: string;
  /** Index into the plan's sides (the side's colour). */
  side: number;
  points: PlotPoint[];
}

/**
 * One line per side (and per value of the second axis on a grid), the
 * metric against the first axis, in axis order. Points without a mean
 * (a metric with no value at that point) are left out.
 */
export function metricLines(plan: SweepPlan, rows: readonly ReportRow[], metric: string, zip: boolean): PlotLine[] {
  const first = plan.axes[0]?.path;
  const second = !zip && plan.axes.length > 1 ? plan.axes[1]?.path : undefined;
  if (first === undefined) return [];
  const lines = new Map<string, PlotLine>();
  for (const row of rows) {
    const x = row.point[first];
    const stats = row.metrics[metric];
    if (x === undefined || !stats || stats.mean === null) continue;
    const side = Math.max(0, plan.sides.indexOf(row.side));
    const along = second === undefined ? undefined : row.point[second];
    const label = along === undefined ? row.side : `${row.side}, ${second} = ${along}`;
    const line = lines.get(label) ?? { label, side, points: [] };
    line.points.push({ x, stats, row });
    lines.set(label, line);
  }
  for (const line of lines.values()) line.points.sort((a, b) => a.x - b.x);
  return [...lines.values()];
}

export interface PairPoint {
  x: MetricStats;
  y: MetricStats;
  side: number;
  row: ReportRow;
}

/** Every point x side with both metrics: metric against metric (e.g. queue s.d. against mean queue). */
export function metricPairs(plan: SweepPlan, rows: readonly ReportRow[], xMetric: string, yMetric: string): PairPoint[] {
  return rows.flatMap((row) => {
    const x = row.metrics[xMetric];
    const y = row.metrics[yMetric];
    if (!x || !y || x.mean === null || y.mean === null) return [];
    return [{ x, y, side: Math.max(0, plan.sides.indexOf(row.side)), row }];
  });
}

/** The runs of a report row's point (one per seed), to open one in the live lab. */
export function runsAt(plan: SweepPlan, point: Readonly<Record<string, number>>): PlannedRun[] {
  return plan.runs.filter((run) => Object.entries(point).every(([path, v]) => run.point[path] === v));
}

/** "N = 400, q0 = 50" for a point, with each path's last name. */
export function pointLabel(point: Readonly<Record<string, number>>): string {
  return Object.entries(point)
    .map(([path, v]) => `${path} = ${v}`)
    .join(', ');
}

const statFields = ['mean', 'sd', 'ci_low', 'ci_high', 'n'] as const;

function statValue(stats: MetricStats | undefined, field: (typeof statFields)[number]): number {
  if (!stats) return Number.NaN;
  const value = { mean: stats.mean, sd: stats.sd, ci_low: stats.ciLow, ci_high: stats.ciHigh, n: stats.n }[field];
  return value ?? Number.NaN;
}

/** RFC 4180 CSV: a row per point x side; the axis values, the side, then mean, sd, ci_low, ci_high and n of every metric. */
export function reportCsv(plan: SweepPlan, rows: readonly ReportRow[]): string {
  const axes = plan.axes.map((a) => a.path);
  const header = [...axes, 'side', ...plan.metrics.flatMap((m) => statFields.map((f) => `${m}.${f}`))];
  const lines = [header.map(csvText).join(',')];
  for (const row of rows) {
    const cells = [
      ...axes.map((a) => csvNumber(row.point[a] ?? Number.NaN)),
      csvText(row.side),
      ...plan.metrics.flatMap((m) => statFields.map((f) => csvNumber(statValue(row.metrics[m], f)))),
    ];
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The JSON export: the sweep file as run, the plan's axes, sides and metrics, the report and any failed runs. */
export function reportJson(sweep: Fields, plan: SweepPlan, rows: readonly ReportRow[], failed: readonly { index: number; error: string }[]): string {
  const report = rows.map((row) => ({
    point: row.point,
    side: row.side,
    metrics: Object.fromEntries(
      Object.entries(row.metrics).map(([m, s]) => [m, { n: s.n, mean: s.mean, sd: s.sd, ci_low: s.ciLow, ci_high: s.ciHigh }]),
    ),
  }));
  return `${JSON.stringify({ sweep, count: plan.count, axes: plan.axes, sides: plan.sides, metrics: plan.metrics, rows: report, failed }, null, 2)}\n`;
}
