import { isRecord, parseJson, type Fields } from '../lib/json';
import { fetchPreset, fetchText, presetIdPattern, type Fetcher } from '../scenario/presets';
import { emptyAxis, maxAxes, maxSeeds, type AxisForm, type Built, type ExperimentState, type PlotChoice } from './experiment-state';

// The papers' figures as experiment presets: public/experiments/index.json
// lists them (what each figure shows and assumes, what it plots, its run
// count), each a sweep file public/experiments/<id>.json (core-cpp/SWEEP.md).
// Loading one fills the experiment form with the sweep as written: the base
// (a named preset fetched from public/presets/, or the file's own scenario),
// every axis with its values, range or step, zip, the seed count, and the
// fields the form does not edit (metrics, windows) kept as they are; the plot
// starts on the figure's first metric (against the axis, or against plot.x
// when that is a metric, as AOPC Fig. 8). The core then plans the form's
// sweep file exactly as `aqmlab sweep public/experiments/<id>.json` would.

export interface ExperimentPresetEntry {
  id: string;
  title: string;
  /** The paper, experiment and figure. */
  source: string;
  shows: string;
  assumes: string;
  /** What the figure plots: `x` an axis path or a metric, `y` metrics. */
  plot: { x: string; xLabel: string | null; y: string[] };
  /** Runs (points x seeds) as shipped. */
  runs: number;
}

function nonEmpty(entry: Fields, field: string, where: string): string {
  const value = entry[field];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${where}.${field}: must be a non-empty string`);
  return value;
}

function readEntry(value: unknown, where: string): ExperimentPresetEntry {
  if (!isRecord(value)) throw new Error(`${where}: must be an object`);
  const id = nonEmpty(value, 'id', where);
  if (!presetIdPattern.test(id)) throw new Error(`${where}.id: must be lower-case letters, digits and '-', got ${JSON.stringify(id)}`);
  const { plot, runs } = value;
  if (!isRecord(plot)) throw new Error(`${where}.plot: must be an object`);
  const x = nonEmpty(plot, 'x', `${where}.plot`);
  const xLabel = plot.x_label === undefined ? null : nonEmpty(plot, 'x_label', `${where}.plot`);
  const y = plot.y;
  if (!Array.isArray(y) || y.length === 0 || !y.every((m): m is string => typeof m === 'string' && m !== '')) throw new Error(`${where}.plot.y: must be a non-empty list of metric names`);
  if (typeof runs !== 'number' || !Number.isInteger(runs) || runs < 1) throw new Error(`${where}.runs: must be a positive whole number`);
  return { id, title: nonEmpty(value, 'title', where), source: nonEmpty(value, 'source', where), shows: nonEmpty(value, 'shows', where), assumes: nonEmpty(value, 'assumes', where), plot: { x, xLabel, y }, runs };
}

/** The index's entries, or a message naming the faulty field. */
export function readExperimentIndex(value: unknown): ExperimentPresetEntry[] | string {
  try {
    if (!isRecord(value)) throw new Error('experiments index: must be a JSON object');
    if (value.version !== 1) throw new Error('experiments index.version: must be 1');
    if (!Array.isArray(value.experiments)) throw new Error('experiments index.experiments: must be an array');
    const entries = value.experiments.map((e: unknown, i) => readEntry(e, `experiments[${i}]`));
    const ids = entries.map((e) => e.id);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined) throw new Error(`experiments index: id ${twice} appears twice`);
    return entries;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

export function experimentUrl(base: string, id: string): string {
  return `${base.endsWith('/') ? base : `${base}/`}experiments/${id}.json`;
}

/** The entries of `<base>experiments/index.json`; rejects with a message. */
export async function fetchExperimentIndex(base: string, fetcher: Fetcher = (u) => fetch(u)): Promise<ExperimentPresetEntry[]> {
  const parsed = parseJson(await fetchText(fetcher, experimentUrl(base, 'index')));
  if (parsed === undefined) throw new Error('experiments index: not valid JSON');
  const index = readExperimentIndex(parsed);
  if (typeof index === 'string') throw new Error(index);
  return index;
}

const numberText = (v: unknown, where: string): Built<string> =>
  typeof v === 'number' && Number.isFinite(v) ? { ok: true, value: String(v) } : { ok: false, error: `${where}: the form takes a number here, got ${JSON.stringify(v)}` };

/** One axis of a sweep file as the form shows it. */
function axisForm(axis: unknown, where: string): Built<AxisForm> {
  if (!isRecord(axis) || typeof axis.path !== 'string') return { ok: false, error: `${where}: must be an object with a path` };
  const form = emptyAxis(axis.path);
  if (Array.isArray(axis.values)) {
    const texts: string[] = [];
    for (const [i, v] of axis.values.entries()) {
      const t = numberText(v, `${where}.values[${i}]`);
      if (!t.ok) return t;
      texts.push(t.value);
    }
    return { ok: true, value: { ...form, mode: 'values', values: texts.join(', ') } };
  }
  const range = axis.range;
  if (!isRecord(range)) return { ok: false, error: `${where}: needs values or a range` };
  const scale = range.scale ?? 'linear';
  if (scale !== 'linear' && scale !== 'log') return { ok: false, error: `${where}.range.scale: must be "linear" or "log"` };
  const by = range.step !== undefined ? 'step' : 'count';
  const texts: string[] = [];
  for (const key of ['from', 'to', by]) {
    const t = numberText(range[key], `${where}.range.${key}`);
    if (!t.ok) return t;
    texts.push(t.value);
  }
  const [from = '', to = '', amount = ''] = texts;
  return { ok: true, value: { ...form, mode: 'range', from, to, scale, by, ...(by === 'step' ? { step: amount } : { count: amount }) } };
}

/** The figure's plot: its first metric against the axis, or against plot.x when that is a metric. */
function presetPlot(entry: ExperimentPresetEntry, axisPaths: readonly string[]): PlotChoice {
  const first = entry.plot.y[0] ?? '';
  return axisPaths.includes(entry.plot.x) ? { metric: first, x: '', y: '' } : { metric: first, x: entry.plot.x, y: first };
}

/** The form's state for a preset's sweep file, its base given as a scenario object; or what the form cannot hold. */
export function presetForm(entry: ExperimentPresetEntry, sweep: Fields, base: Fields): Built<ExperimentState> {
  const where = `${entry.id}.json`;
  const { axes, zip = false, seeds } = sweep;
  if (!Array.isArray(axes) || axes.length < 1 || axes.length > maxAxes) return { ok: false, error: `${where}: axes: the form takes 1 to ${maxAxes} axes` };
  if (typeof zip !== 'boolean') return { ok: false, error: `${where}: zip: must be true or false` };
  if (typeof seeds !== 'number' || !Number.isInteger(seeds) || seeds < 1 || seeds > maxSeeds) return { ok: false, error: `${where}: seeds: the form takes a count in [1, ${maxSeeds}], got ${JSON.stringify(seeds)}` };
  const forms: AxisForm[] = [];
  for (const [i, a] of axes.entries()) {
    const form = axisForm(a, `${where}: axes[${i}]`);
    if (!form.ok) return form;
    forms.push(form.value);
  }
  const extra = Object.fromEntries(Object.entries(sweep).filter(([k]) => !['base', 'axes', 'zip', 'seeds'].includes(k)));
  const plot = presetPlot(entry, forms.map((f) => f.path));
  return { ok: true, value: { base, baseLabel: entry.title, axes: forms, zip, seeds, extra, plot, preset: entry.id } };
}

/** A preset loaded for the form: its state, and the scenario preset its base names (null when the file holds the scenario). */
export interface LoadedExperiment {
  state: ExperimentState;
  baseName: string | null;
}

/** Fetches the preset's sweep file (and the scenario preset it names) and gives the form's state; rejects with a message. */
export async function loadExperimentPreset(baseUrl: string, entry: ExperimentPresetEntry, fetcher: Fetcher = (u) => fetch(u)): Promise<LoadedExperiment> {
  const sweep = parseJson(await fetchText(fetcher, experimentUrl(baseUrl, entry.id)));
  if (!isRecord(sweep)) throw new Error(`${entry.id}.json: not a JSON object`);
  let base: unknown = sweep.base;
  const baseName = typeof base === 'string' ? base : null;
  if (baseName !== null) base = parseJson(await fetchPreset(baseUrl, baseName, fetcher));
  if (!isRecord(base)) throw new Error(`${entry.id}.json: base: must be a preset's name or a scenario object`);
  const form = presetForm(entry, sweep, base);
  if (!form.ok) throw new Error(form.error);
  return { state: form.value, baseName };
}
