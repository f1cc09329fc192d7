import { isRecord, type Fields } from '../lib/json';
import { presetIdPattern } from '../scenario/presets';
import { readFigure, type FigureOptions } from './figure-options';

// The experiment as the page holds it: the base scenario, one or two axes as
// the form shows them, the seeds and the plots' choices. It is what the share
// link carries (url-codec treats it as opaque; readExperimentState checks it
// here) and what sweepDocument turns into the sweep file the core reads
// (core-cpp/SWEEP.md). The page checks only what the form itself holds
// (numbers, counts); the core checks the rest (a path that names no field, a
// value out of the field's range, too many runs) and names the field.

export type AxisMode = 'values' | 'range';
export type AxisScale = 'linear' | 'log';
/** A range's values: how many (evenly spaced from `from` to `to`), or a step (a factor on a log scale) from `from` up to `to`. */
export type AxisBy = 'count' | 'step';

export interface AxisForm {
  path: string;
  mode: AxisMode;
  /** A list like "100, 200, 400" (mode values). */
  values: string;
  from: string;
  to: string;
  count: string;
  scale: AxisScale;
  by: AxisBy;
  step: string;
}

export interface PlotChoice {
  /** The metric drawn against the first axis. */
  metric: string;
  /** The second plot: one metric against another. */
  x: string;
  y: string;
  /** How the metric plot is drawn as a figure (labels, factor, log axes); the defaults when absent. */
  figure?: FigureOptions;
}

export interface ExperimentState {
  /** The base scenario, whole (a link reproduces the figure even if a preset changes). */
  base: Fields;
  /** Where it came from: "Current lab" or a preset's title. */
  baseLabel: string;
  axes: AxisForm[];
  zip: boolean;
  seeds: number;
  /** Fields of an experiment preset's sweep file the form does not edit (metrics, windows), kept as they are. */
  extra: Fields;
  plot: PlotChoice;
  /** The experiment preset (public/experiments/<id>.json) the form was loaded from, if any. */
  preset?: string;
}

export const maxAxes = 2;
export const maxSeeds = 1000;
export const maxAxisCount = 1000;

export function emptyAxis(path = ''): AxisForm {
  return { path, mode: 'range', values: '', from: '', to: '', count: '5', scale: 'linear', by: 'count', step: '' };
}

export type Built<T> = { ok: true; value: T } | { ok: false; error: string };

function parseNumber(text: string, field: string): Built<number> {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return { ok: false, error: `${field}: must be a number, got ${JSON.stringify(text)}` };
  return { ok: true, value };
}

function wholeIn(value: number, min: number, max: number, field: string): string | null {
  return Number.isInteger(value) && value >= min && value <= max ? null : `${field}: must be a whole number in [${min}, ${max}], got ${value}`;
}

/** Every problem of a form at once, one per line (a core message's form, which the page lists). */
const refused = (problems: readonly string[]): Built<never> => ({ ok: false, error: problems.join('\n') });

/**
 * One axis of the sweep file, or everything wrong with the form's fields
 * (named as the form labels them; a field's first bad number stands for it).
 */
export function axisDocument(axis: AxisForm, position: number): Built<Fields> {
  const name = `axis ${position + 1}`;
  const path = axis.path.trim();
  const problems: string[] = path === '' ? [`${name} path: choose a parameter`] : [];
  /** The field's number, or null with its problem noted. */
  const number = (text: string, field: string): number | null => {
    const n = parseNumber(text, `${name} ${field}`);
    if (!n.ok) problems.push(n.error);
    return n.ok ? n.value : null;
  };
  if (axis.mode === 'values') {
    const parts = axis.values.split(/[\s,;]+/).filter((p) => p !== '');
    if (parts.length === 0) problems.push(`${name} values: give at least one number`);
    if (parts.length > maxAxisCount) problems.push(`${name} values: at most ${maxAxisCount}, got ${parts.length}`);
    const wrong = parts.find((p) => !Number.isFinite(Number(p)));
    if (wrong !== undefined) number(wrong, 'values');
    return problems.length > 0 ? refused(problems) : { ok: true, value: { path, values: parts.map(Number) } };
  }
  const from = number(axis.from, 'from');
  const to = number(axis.to, 'to');
  // The core checks the step's range (a positive step; a factor above 1 on a log scale).
  const last = axis.by === 'step' ? number(axis.step, 'step') : number(axis.count, 'count');
  const countError = axis.by === 'count' && last !== null ? wholeIn(last, 1, maxAxisCount, `${name} count`) : null;
  if (countError) problems.push(countError);
  if (problems.length > 0 || from === null || to === null || last === null) return refused(problems);
  const range = axis.by === 'step' ? { from, to, step: last, scale: axis.scale } : { from, to, count: last, scale: axis.scale };
  return { ok: true, value: { path, range } };
}

/**
 * The sweep file for the core: the base scenario inline, the axes, zip, seeds
 * and any kept fields; or every problem of the form's fields at once.
 */
export function sweepDocument(state: Pick<ExperimentState, 'base' | 'axes' | 'zip' | 'seeds' | 'extra'>): Built<Fields> {
  const problems: string[] = [];
  if (state.axes.length < 1 || state.axes.length > maxAxes) problems.push(`axes: give 1 to ${maxAxes} axes, got ${state.axes.length}`);
  const seedsError = wholeIn(state.seeds, 1, maxSeeds, 'seeds');
  if (seedsError) problems.push(seedsError);
  const axes: Fields[] = [];
  for (const [i, axis] of state.axes.entries()) {
    const axisDoc = axisDocument(axis, i);
    if (axisDoc.ok) axes.push(axisDoc.value);
    else problems.push(axisDoc.error);
  }
  if (problems.length > 0) return refused(problems);
  const doc: Fields = { ...state.extra, base: state.base, axes, seeds: state.seeds };
  if (state.zip && axes.length > 1) doc.zip = true;
  return { ok: true, value: doc };
}

// ---- reading an experiment from a link ------------------------------------------

const str = (v: unknown): v is string => typeof v === 'string';

function readAxis(value: unknown, where: string): Built<AxisForm> {
  if (!isRecord(value)) return { ok: false, error: `${where}: must be an object` };
  const { path, mode, values, from, to, count, scale, by = 'count', step = '' } = value;
  if (!str(path) || !str(values) || !str(from) || !str(to) || !str(count)) return { ok: false, error: `${where}: path, values, from, to and count must be strings` };
  if (mode !== 'values' && mode !== 'range') return { ok: false, error: `${where}.mode: must be "values" or "range"` };
  if (scale !== 'linear' && scale !== 'log') return { ok: false, error: `${where}.scale: must be "linear" or "log"` };
  // by and step came later: a link without them is a count.
  if (by !== 'count' && by !== 'step') return { ok: false, error: `${where}.by: must be "count" or "step"` };
  if (!str(step)) return { ok: false, error: `${where}.step: must be a string` };
  return { ok: true, value: { path, mode, values, from, to, count, scale, by, step } };
}

function readPlot(value: unknown): Built<PlotChoice> {
  if (!isRecord(value) || !str(value.metric) || !str(value.x) || !str(value.y)) return { ok: false, error: 'experiment.plot: must hold the metric, x and y names as strings' };
  const plot: PlotChoice = { metric: value.metric, x: value.x, y: value.y };
  if (value.figure !== undefined) {
    const figure = readFigure(value.figure);
    if (!figure.ok) return figure;
    plot.figure = figure.value;
  }
  return { ok: true, value: plot };
}

/** The experiment of a share link, or a message naming the field (the core checks the sweep itself before it runs). */
export function readExperimentState(value: unknown): Built<ExperimentState> {
  if (!isRecord(value)) return { ok: false, error: 'experiment: must be a JSON object' };
  const { base, baseLabel, axes, zip, seeds, extra, plot, preset } = value;
  if (!isRecord(base)) return { ok: false, error: 'experiment.base: must be a scenario object' };
  if (!str(baseLabel)) return { ok: false, error: 'experiment.baseLabel: must be a string' };
  if (!Array.isArray(axes) || axes.length < 1 || axes.length > maxAxes) return { ok: false, error: `experiment.axes: must be 1 to ${maxAxes} axes` };
  if (typeof zip !== 'boolean') return { ok: false, error: 'experiment.zip: must be true or false' };
  if (typeof seeds !== 'number') return { ok: false, error: 'experiment.seeds: must be a number' };
  const seedsError = wholeIn(seeds, 1, maxSeeds, 'experiment.seeds');
  if (seedsError) return { ok: false, error: seedsError };
  if (!isRecord(extra)) return { ok: false, error: 'experiment.extra: must be an object' };
  const forms: AxisForm[] = [];
  for (const [i, a] of axes.entries()) {
    const read = readAxis(a, `experiment.axes[${i}]`);
    if (!read.ok) return read;
    forms.push(read.value);
  }
  const plotRead = readPlot(plot);
  if (!plotRead.ok) return plotRead;
  if (preset !== undefined && !(str(preset) && presetIdPattern.test(preset))) return { ok: false, error: "experiment.preset: must be an experiment preset's id (lower-case letters, digits and '-')" };
  const read: ExperimentState = { base, baseLabel: baseLabel.slice(0, 120), axes: forms, zip, seeds, extra, plot: plotRead.value };
  if (preset !== undefined) read.preset = preset;
  return { ok: true, value: read };
}
