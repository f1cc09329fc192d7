import type { Fields } from '../lib/json';
import { csvNumber, csvText } from '../scenario/series-csv';
import type { AxisValue, MetricStats, PlannedRun, ReportRow, SweepPlan } from './sweep-core';

// The core's report (one row per point x side, with mean, s.d. and 95%
// interval per metric) shaped for the plots, the table and the exports.
// Nothing here computes a statistic: every number is the core's.

export interface PlotPoint {
  /** The axis value, or its position in the axis' values when it is not a number. */
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

/** Where a row goes on the metric plot: its x, and the line (side, and the second axis' value on a grid). */
function placeRows(plan: SweepPlan, zip: boolean): (row: ReportRow) => { x: number; label: string; side: number } | null {
  const first = plan.axes[0]?.path;
  const second = !zip && plan.axes.length > 1 ? plan.axes[1]?.path : undefined;
  const firstValues = plan.axes[0]?.values ?? [];
  return (row) => {
    if (first === undefined) return null;
    const v = row.point[first];
    const x = typeof v === 'number' ? v : firstValues.indexOf(v ?? NaN);
    if (x < 0) return null;
    const along = second === undefined ? undefined : row.point[second];
    const label = along === undefined ? row.side : `${row.side}, ${second} = ${along}`;
    return { x, label, side: Math.max(0, plan.sides.indexOf(row.side)) };
  };
}

/**
 * One line per side (and per value of the second axis on a grid), the
 * metric against the first axis, in axis order. Points without a mean
 * (a metric with no value at that point) are left out: censoredMarks
 * draws them.
 */
export function metricLines(plan: SweepPlan, rows: readonly ReportRow[], metric: string, zip: boolean): PlotLine[] {
  const place = placeRows(plan, zip);
  const lines = new Map<string, PlotLine>();
  for (const row of rows) {
    const at = place(row);
    const stats = row.metrics[metric];
    if (at === null || !stats || stats.mean === null) continue;
    const line = lines.get(at.label) ?? { label: at.label, side: at.side, points: [] };
    line.points.push({ x: at.x, stats, row });
    lines.set(at.label, line);
  }
  for (const line of lines.values()) line.points.sort((a, b) => a.x - b.x);
  return [...lines.values()];
}

/** Runs at a point that finished without a value of the metric (a response time that never settled). */
export interface CensoredMark {
  /** As PlotPoint's x. */
  x: number;
  side: number;
  /** The line it belongs to (PlotLine's label). */
  label: string;
  censored: number;
  /** Runs of this point and side that finished (with a value or without). */
  finished: number;
}

/**
 * The runs each point finished without a value of the metric: the core's
 * runs less the failed ones less the metric's count, as `aqmlab report
 * --plot` counts them. Drawn as marks, not dropped, so a figure shows where
 * its mean stands on fewer runs or on none.
 */
export function censoredMarks(plan: SweepPlan, rows: readonly ReportRow[], metric: string, zip: boolean): CensoredMark[] {
  const place = placeRows(plan, zip);
  return rows.flatMap((row) => {
    const at = place(row);
    const finished = row.runs - row.failed;
    const censored = finished - (row.metrics[metric]?.n ?? 0);
    return at === null || censored <= 0 ? [] : [{ ...at, censored, finished }];
  });
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

/**
 * The metrics the report has statistics for, in the report's order. They are
 * the summary's numbers flattened with dots (`short_flows.mean_s`,
 * `classes.tcp.goodput_mbps`), so they are read from the rows, not the plan;
 * a kept field that is no number (series_hash) has none.
 */
export function reportedMetrics(rows: readonly ReportRow[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row.metrics)) names.add(name);
  return [...names];
}

/** Tick labels for a first axis that is not numeric (its values' positions), or null for a numeric one. */
export function categoryTicks(plan: SweepPlan): { value: number; label: string }[] | null {
  const values = plan.axes[0]?.values ?? [];
  return values.every((v) => typeof v === 'number') ? null : values.map((v, i) => ({ value: i, label: String(v) }));
}

/** The runs of a report row's point (one per seed), to open one in the live lab. */
export function runsAt(plan: SweepPlan, point: Readonly<Record<string, AxisValue>>): PlannedRun[] {
  return plan.runs.filter((run) => Object.entries(point).every(([path, v]) => run.point[path] === v));
}

/** "groups[0].count = 400, sides[*].params.q0 = 50" for a point. */
export function pointLabel(point: Readonly<Record<string, AxisValue>>): string {
  return Object.entries(point)
    .map(([path, v]) => `${path} = ${v}`)
    .join(', ');
}

const statFields = ['mean', 'sd', 'ci_low', 'ci_high', 'n'] as const;

function axisCell(v: AxisValue | undefined): string {
  if (v === undefined) return '';
  return typeof v === 'number' ? csvNumber(v) : csvText(String(v));
}

function statValue(stats: MetricStats | undefined, field: (typeof statFields)[number]): number {
  if (!stats) return Number.NaN;
  const value = { mean: stats.mean, sd: stats.sd, ci_low: stats.ciLow, ci_high: stats.ciHigh, n: stats.n }[field];
  return value ?? Number.NaN;
}

/** RFC 4180 CSV: a row per point x side; the axis values, the side, then mean, sd, ci_low, ci_high and n of every metric. */
export function reportCsv(plan: SweepPlan, rows: readonly ReportRow[]): string {
  const axes = plan.axes.map((a) => a.path);
  const metrics = reportedMetrics(rows);
  const header = [...axes, 'side', ...metrics.flatMap((m) => statFields.map((f) => `${m}.${f}`))];
  const lines = [header.map(csvText).join(',')];
  for (const row of rows) {
    const cells = [
      ...axes.map((a) => axisCell(row.point[a])),
      csvText(row.side),
      ...metrics.flatMap((m) => statFields.map((f) => csvNumber(statValue(row.metrics[m], f)))),
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
