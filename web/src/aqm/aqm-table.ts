import { isRecord, type Fields } from '../lib/json';
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
  /** One queue of a discipline with several (DualPI2's L and Classic): also a line on this chart. */
  chart?: SignalChartId;
}

export type SignalChartId = 'queue' | 'delay';

export interface AqmSpec {
  name: string;
  label: string;
  source: string;
  summary: string;
  params: AqmParamSpec[];
  signals: AqmSignalSpec[];
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
    isString(value.unit) &&
    (value.chart === undefined || value.chart === 'queue' || value.chart === 'delay')
  );
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

export function isAqmSpec(value: unknown): value is AqmSpec {
  return (
    isDescribed(value) &&
    Array.isArray(value.signals) &&
    value.signals.every(isAqmSignalSpec)
  );
}

/**
 * Reads one of the core's catalogues (`call`'s JSON array of `what`
 * descriptions); a malformed entry is named rather than skipped.
 */
export function readCatalogueTable<T>(value: unknown, call: string, what: string, isEntry: (v: unknown) => v is T): T[] | string {
  if (!Array.isArray(value)) return `${call}: not a JSON array`;
  const table: T[] = [];
  for (const [i, entry] of value.entries()) {
    if (!isEntry(entry)) {
      const name = isRecord(entry) && isString(entry.name) ? ` (${entry.name})` : '';
      return `${call}[${i}]${name}: not a ${what} description the page can read`;
    }
    table.push(entry);
  }
  return table;
}

/** Reads describeAqms() output. */
export function readAqmTable(value: unknown): AqmSpec[] | string {
  return readCatalogueTable(value, 'describeAqms', 'discipline', isAqmSpec);
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
