import { isRecord } from '../lib/json';

// How the metric plot is drawn as a figure: the axes in the paper's terms (a
// label, and a factor when the swept field is not the paper's quantity:
// LRED's N is the flows in total, five times `groups[*].count`), log axes,
// and what a censored mark says. Kept in the experiment's link, so a shared
// figure opens drawn the same way. Empty labels mean the defaults (the
// axis' path, the metric's name).

export interface FigureOptions {
  xLabel: string;
  xScale: number;
  yLabel: string;
  logX: boolean;
  logY: boolean;
  /** What a mark for runs without a value says ("> 200 s"). */
  censoredLabel: string;
}

export const defaultCensoredLabel = 'no value';

export function defaultFigure(logX: boolean): FigureOptions {
  return { xLabel: '', xScale: 1, yLabel: '', logX, logY: false, censoredLabel: '' };
}

const maxLabel = 120;

/** A link's figure options, or a message naming the field. */
export function readFigure(value: unknown): { ok: true; value: FigureOptions } | { ok: false; error: string } {
  const where = 'experiment.plot.figure';
  if (!isRecord(value)) return { ok: false, error: `${where}: must be an object` };
  const { xLabel, xScale, yLabel, logX, logY, censoredLabel } = value;
  for (const [name, v] of Object.entries({ xLabel, yLabel, censoredLabel })) {
    if (typeof v !== 'string' || v.length > maxLabel) return { ok: false, error: `${where}.${name}: must be a text of at most ${maxLabel} characters` };
  }
  if (typeof xScale !== 'number' || !Number.isFinite(xScale) || xScale <= 0) return { ok: false, error: `${where}.xScale: must be a number above 0` };
  if (typeof logX !== 'boolean' || typeof logY !== 'boolean') return { ok: false, error: `${where}.logX and logY: must be true or false` };
  return { ok: true, value: { xLabel: String(xLabel), xScale, yLabel: String(yLabel), logX, logY, censoredLabel: String(censoredLabel) } };
}

/** What the labels say when the person leaves them empty: the path (with its factor) and the metric. */
export function defaultLabels(xScale: number, axisPath: string, metric: string) {
  return { x: xScale === 1 ? axisPath : `${xScale} × ${axisPath}`, y: metric, censored: defaultCensoredLabel };
}

/** The labels the figure draws: the person's, or the defaults. */
export function figureLabels(figure: FigureOptions, axisPath: string, metric: string) {
  const defaults = defaultLabels(figure.xScale, axisPath, metric);
  return {
    x: figure.xLabel.trim() || defaults.x,
    y: figure.yLabel.trim() || defaults.y,
    censored: figure.censoredLabel.trim() || defaults.censored,
  };
}
