import { isRecord, parseJson } from '../lib/json';

// The core's sweep functions (wasm/API.md, core-cpp/SWEEP.md) and typed
// readers for their JSON answers. The page never expands a sweep or computes
// its statistics itself: sweepPlan lists the runs, sweepRunLines runs one and
// sweepReport gives the mean, s.d. and 95% interval per point x side, so the
// page's numbers are `aqmlab sweep` + `aqmlab report`'s.

/** The three functions, as the wasm module exports them (answers are JSON text). */
export interface SweepCore {
  sweepPlan(sweepJson: string): string;
  sweepRunLines(sweepJson: string, index: number): string;
  sweepReport(jsonlText: string): string;
}

/** An axis value: a number, or a string or true/false for a field that takes one (SWEEP.md). */
export type AxisValue = number | string | boolean;

export interface PlanAxis {
  path: string;
  values: AxisValue[];
}

export interface PlannedRun {
  index: number;
  /** Axis path -> the value this run takes. */
  point: Record<string, AxisValue>;
  seed: number;
}

/** A plan without its runs (the worker's brief answer, for the form's preview). */
export interface PlanBrief {
  count: number;
  axes: PlanAxis[];
  /** Side names, in scenario order. */
  sides: string[];
  /** Metric names each run reports (summary fields, per window when the sweep names windows). */
  metrics: string[];
  /** How many seeds each point runs. */
  seedCount: number;
}

export interface SweepPlan extends PlanBrief {
  runs: PlannedRun[];
}

export interface MetricStats {
  n: number;
  mean: number | null;
  sd: number | null;
  ciLow: number | null;
  ciHigh: number | null;
}

export interface ReportRow {
  point: Record<string, AxisValue>;
  side: string;
  /** Runs of this point reported, and how many of them failed (the core's counts). */
  runs: number;
  failed: number;
  metrics: Record<string, MetricStats>;
}

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** The `{"ok":...}` envelope: the payload object, or the core's error (it names the field). */
function envelope(text: string, what: string): Read<Record<string, unknown>> {
  const value = parseJson(text);
  if (!isRecord(value)) return fail(`${what}: unreadable answer from the core: ${text.slice(0, 120)}`);
  if (value.ok !== true) return fail(typeof value.error === 'string' ? value.error : `${what}: the core refused without a message`);
  return { ok: true, value };
}

const isAxisValue = (v: unknown): v is AxisValue => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';

function valueList(value: unknown): AxisValue[] | null {
  if (!Array.isArray(value)) return null;
  const out: AxisValue[] = [];
  for (const v of value) {
    if (!isAxisValue(v)) return null;
    out.push(v);
  }
  return out;
}

function stringList(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  return value.every((v) => typeof v === 'string') ? (value as string[]) : null;
}

function readPoint(value: unknown): Record<string, AxisValue> | null {
  if (!isRecord(value)) return null;
  const out: Record<string, AxisValue> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!isAxisValue(v)) return null;
    out[k] = v;
  }
  return out;
}

function readHead(value: Record<string, unknown>): Read<Omit<PlanBrief, 'seedCount'>> {
  const { count, axes, sides, metrics } = value;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return fail('sweepPlan: no run count in the answer');
  const sideNames = stringList(sides);
  const metricNames = stringList(metrics);
  if (!sideNames || !metricNames || !Array.isArray(axes)) return fail('sweepPlan: answer without axes, sides or metrics');
  const planAxes: PlanAxis[] = [];
  for (const a of axes) {
    const values = isRecord(a) ? valueList(a.values) : null;
    if (!isRecord(a) || typeof a.path !== 'string' || !values) return fail('sweepPlan: an axis without a path or values');
    planAxes.push({ path: a.path, values });
  }
  return { ok: true, value: { count, axes: planAxes, sides: sideNames, metrics: metricNames } };
}

/** The worker's brief plan (sweep-api.ts's planText). */
export function readPlanBrief(text: string): Read<PlanBrief> {
  const answer = envelope(text, 'sweepPlan');
  if (!answer.ok) return answer;
  const head = readHead(answer.value);
  if (!head.ok) return head;
  const seedCount = answer.value.seedCount;
  if (typeof seedCount !== 'number') return fail('sweepPlan: a brief answer without its seed count');
  return { ok: true, value: { ...head.value, seedCount } };
}

export function readPlan(text: string): Read<SweepPlan> {
  const answer = envelope(text, 'sweepPlan');
  if (!answer.ok) return answer;
  const head = readHead(answer.value);
  if (!head.ok) return head;
  const { runs } = answer.value;
  if (!Array.isArray(runs)) return fail('sweepPlan: answer without runs');
  const { count } = head.value;
  const planRuns: PlannedRun[] = [];
  for (const r of runs) {
    const point = isRecord(r) ? readPoint(r.point) : null;
    if (!isRecord(r) || typeof r.index !== 'number' || typeof r.seed !== 'number' || !point) return fail('sweepPlan: a run without index, point or seed');
    planRuns.push({ index: r.index, point, seed: r.seed });
  }
  if (planRuns.length !== count) return fail(`sweepPlan: ${planRuns.length} runs listed for a count of ${count}`);
  const seedCount = new Set(planRuns.map((r) => r.seed)).size;
  return { ok: true, value: { ...head.value, seedCount, runs: planRuns } };
}

/** One run's JSON Lines (one line per side), ending with a line break. */
export function readRunLines(text: string): Read<string> {
  const answer = envelope(text, 'sweepRunLines');
  if (!answer.ok) return answer;
  const lines = answer.value.lines;
  if (typeof lines !== 'string' || lines.trim() === '') return fail('sweepRunLines: answer without lines');
  return { ok: true, value: lines.endsWith('\n') ? lines : `${lines}\n` };
}

const optionalNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function readStats(value: unknown): MetricStats | null {
  if (!isRecord(value) || typeof value.n !== 'number') return null;
  return {
    n: value.n,
    mean: optionalNumber(value.mean),
    sd: optionalNumber(value.sd),
    ciLow: optionalNumber(value.ci_low),
    ciHigh: optionalNumber(value.ci_high),
  };
}

export function readReport(text: string): Read<ReportRow[]> {
  const answer = envelope(text, 'sweepReport');
  if (!answer.ok) return answer;
  if (!Array.isArray(answer.value.rows)) return fail('sweepReport: answer without rows');
  const rows: ReportRow[] = [];
  for (const r of answer.value.rows) {
    const point = isRecord(r) ? readPoint(r.point) : null;
    if (!isRecord(r) || typeof r.side !== 'string' || !point || !isRecord(r.metrics)) return fail('sweepReport: a row without point, side or metrics');
    const metrics: Record<string, MetricStats> = {};
    for (const [name, stats] of Object.entries(r.metrics)) {
      const read = readStats(stats);
      if (read) metrics[name] = read;
    }
    const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
    const runs = count(r.runs);
    const failed = count(r.failed);
    if (runs === null || failed === null) return fail('sweepReport: a row without its runs and failed counts');
    rows.push({ point, side: r.side, runs, failed, metrics });
  }
  return { ok: true, value: rows };
}
