import { isRecord, type Fields } from '../lib/json';
import { isExplanation, readExplanation, type AqmExplanation } from './explanation';
// The core's catalogue of disciplines (describeAqms, wasm/API.md) as typed
// data. It is the only description of the disciplines the page has: the
// discipline menus, the parameter panels and the signal charts are built from
// it, so a discipline registered in the core appears here with no page change.

export type ParamKind = 'real' | 'integer' | 'toggle';

export interface AqmParamSpec {
  name: string;
  label: string;
  unit: string;
  kind: ParamKind;
  default: number;
  min: number;
  max: number;
  step: number;
  help: string;
  /** When present the default is this fraction of the scenario's buffer (packets). */
  default_buffer_fraction?: number;
  /** 'log' where the parameter spans decades: its slider moves by ratios, not steps. */
  scale?: 'linear' | 'log';
  /** The range values usually take: the slider covers it, a value outside asks before it applies. */
  sensible?: [number, number];
  /** A queue length: above the buffer the queue never reaches it, so the slider stops at the buffer. */
  buffer_bound?: boolean;
}

export interface AqmSignalSpec {
  name: string;
  label: string;
  unit: string;
}

export type SignalChartId = 'queue' | 'delay';

/** One queue of a discipline with several (DualPI2's L and Classic): its columns are `queue.<name>.<column>`. */
export interface AqmQueueSpec {
  name: string;
  label: string;
}

/** Where a variable beside the typeset law takes its live value from. */
export interface LawSource {
  /** param: the side's parameter; signal: the inner signal (column aqm.<name>); column: a metric column (queue_pkts, p). */
  kind: 'param' | 'signal' | 'column';
  name: string;
}

export interface LawVariable {
  /** The symbol in TeX, as the law writes it. */
  tex: string;
  source: LawSource;
}

/** The discipline's law as the theory panel teaches it: TeX for KaTeX, the idea in one paragraph, the paper. */
export interface AqmLaw {
  tex: string;
  idea: string;
  paper: string;
  variables: LawVariable[];
}

/** A parameter drawn as a level across a chart, in the chart's unit (packets, ms) after `scale`. */
export interface AqmLevel {
  param: string;
  chart: SignalChartId;
  label: string;
  scale: number;
  /** A toggle parameter that must be on (1) for the level to matter; '' always. */
  whenOn: string;
}

export interface AqmSpec {
  name: string;
  label: string;
  source: string;
  summary: string;
  params: AqmParamSpec[];
  signals: AqmSignalSpec[];
  /** Null for a discipline registered without law text. */
  law: AqmLaw | null;
  levels: AqmLevel[];
  /** The queues of a discipline with several; empty for one queue. */
  queues: AqmQueueSpec[];
  /** The plain words and the law's picture beside the parameters; null for a discipline registered without them. */
  explain: AqmExplanation | null;
}


const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isKind = (v: unknown): v is ParamKind => v === 'real' || v === 'integer' || v === 'toggle';

export function isAqmParamSpec(value: unknown): value is AqmParamSpec {
  return (
    isRecord(value) &&
    isString(value.name) &&
    isString(value.label) &&
    isString(value.unit) &&
    isKind(value.kind) &&
    isNumber(value.default) &&
    isNumber(value.min) &&
    isNumber(value.max) &&
    isNumber(value.step) &&
    isString(value.help) &&
    (value.default_buffer_fraction === undefined || isNumber(value.default_buffer_fraction)) &&
    (value.scale === undefined || value.scale === 'linear' || value.scale === 'log') &&
    (value.sensible === undefined || (Array.isArray(value.sensible) && value.sensible.length === 2 && value.sensible.every(isNumber))) &&
    (value.buffer_bound === undefined || typeof value.buffer_bound === 'boolean')
  );
}

export function isAqmSignalSpec(value: unknown): value is AqmSignalSpec {
  return (
    isRecord(value) &&
    isString(value.name) &&
    isString(value.label) &&
    isString(value.unit)
  );
}

function readQueues(value: unknown): AqmQueueSpec[] | undefined {
  // A core from before per-queue columns lists none.
  if (value === undefined) return [];
  if (!Array.isArray(value)) return undefined;
  const queues: AqmQueueSpec[] = [];
  for (const q of value) {
    if (!isRecord(q) || !isString(q.name) || !isString(q.label)) return undefined;
    queues.push({ name: q.name, label: q.label });
  }
  return queues;
}

const sources: readonly string[] = ['param', 'signal', 'column'];

function readLaw(value: unknown): AqmLaw | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isString(value.tex) || !isString(value.idea) || !isString(value.paper) || !Array.isArray(value.variables)) return undefined;
  const variables: LawVariable[] = [];
  for (const v of value.variables) {
    if (!isRecord(v) || !isString(v.tex) || !isString(v.name) || !isString(v.source) || !sources.includes(v.source)) return undefined;
    variables.push({ tex: v.tex, source: { kind: v.source as LawSource['kind'], name: v.name } });
  }
  return { tex: value.tex, idea: value.idea, paper: value.paper, variables };
}

function readLevels(value: unknown): AqmLevel[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const levels: AqmLevel[] = [];
  for (const l of value) {
    if (!isRecord(l) || !isString(l.param) || !(l.chart === 'queue' || l.chart === 'delay') || !isString(l.label) || !isNumber(l.scale) || !isString(l.when_on)) return undefined;
    levels.push({ param: l.param, chart: l.chart, label: l.label, scale: l.scale, whenOn: l.when_on });
  }
  return levels;
}

/** What every catalogue entry of the core has: a name, a label, its source, a summary and a parameter table. */
export type Described = Pick<AqmSpec, 'name' | 'label' | 'source' | 'summary' | 'params'>;

export function isDescribed(value: unknown): value is Described & Fields {
  return (
    isRecord(value) &&
    isString(value.name) &&
    isString(value.label) &&
    isString(value.source) &&
    isString(value.summary) &&
    Array.isArray(value.params) &&
    value.params.every(isAqmParamSpec)
  );
}

/** One catalogue entry (describeAqms) as the page's spec, or undefined when it is not one. */
export function readAqmSpec(value: unknown): AqmSpec | undefined {
  if (!isDescribed(value) || !Array.isArray(value.signals) || !value.signals.every(isAqmSignalSpec)) return undefined;
  const law = readLaw(value.law);
  const levels = readLevels(value.levels);
  const explain = readExplanation(value.explain);
  const queues = readQueues(value.queues);
  if (law === undefined || levels === undefined || explain === undefined || queues === undefined) return undefined;
  return { name: value.name, label: value.label, source: value.source, summary: value.summary, params: value.params, signals: value.signals, law, levels, queues, explain };
}

/**
 * Reads one of the core's catalogues (`call`'s JSON array of `what`
 * descriptions, each turned into the page's form by `read`); a malformed
 * entry is named rather than skipped.
 */
export function readCatalogueTable<T>(value: unknown, call: string, what: string, read: (v: unknown) => T | undefined): T[] | string {
  if (!Array.isArray(value)) return `${call}: not a JSON array`;
  const table: T[] = [];
  for (const [i, entry] of value.entries()) {
    const spec = read(entry);
    if (spec === undefined) {
      const name = isRecord(entry) && isString(entry.name) ? ` (${entry.name})` : '';
      return `${call}[${i}]${name}: not a ${what} description the page can read`;
    }
    table.push(spec);
  }
  return table;
}

/** Reads describeAqms() output. */
export function readAqmTable(value: unknown): AqmSpec[] | string {
  return readCatalogueTable(value, 'describeAqms', 'discipline', readAqmSpec);
}

export function findAqm(table: readonly AqmSpec[], name: string): AqmSpec | undefined {
  return table.find((a) => a.name === name);
}

/**
 * The default the core will use for this parameter in a scenario with the
 * given buffer, following the core's ResolveDefault: a buffer fraction,
 * rounded for integers and clamped to the range.
 */
export function resolveDefault(param: AqmParamSpec, bufferPkts: number | null): number {
  const fraction = param.default_buffer_fraction;
  if (fraction === undefined || fraction <= 0 || bufferPkts === null) return param.default;
  const raw = fraction * bufferPkts;
  const value = param.kind === 'integer' ? Math.round(raw) : raw;
  return Math.min(param.max, Math.max(param.min, value));
}

/** Every parameter's value at the start of a run: resolved defaults overlaid with the scenario's. */
export function effectiveParams(
  spec: AqmSpec,
  bufferPkts: number | null,
  overrides: Readonly<Record<string, number>>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of spec.params) out[p.name] = overrides[p.name] ?? resolveDefault(p, bufferPkts);
  return out;
}
