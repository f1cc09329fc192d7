import type { AqmParamSpec, AqmSpec, ParamKind } from './aqm-table';

// Turns a discipline's parameter table into the controls its panel shows.
// Nothing about any one discipline is written here: every range, step, label
// and help line comes from the core's table.

export interface ParamControl {
  name: string;
  label: string;
  unit: string;
  help: string;
  kind: ParamKind;
  min: number;
  max: number;
  /** 'any' when the table gives no usable step. */
  step: number | 'any';
  /** The value at the start of the run (scenario value, else the resolved default). */
  initial: number;
  /** How the slider moves: in steps, or in ratios where the parameter spans decades. */
  scale: 'linear' | 'log';
  /** The slider's range: the usual values, up to the buffer for a queue length. */
  slider: { min: number; max: number };
  /** Values outside it ask before they apply; null when any value the core takes is usual. */
  usual: { min: number; max: number; buffer: number | null } | null;
}

/** Positions of a logarithmic slider: 0 .. sliderSteps. */
export const sliderSteps = 1000;

function integerControl(control: ParamControl): ParamControl {
  const step = typeof control.step === 'number' ? Math.max(1, Math.round(control.step)) : 1;
  return { ...control, min: Math.ceil(control.min), max: Math.floor(control.max), step };
}

/** The slider's range and the usual values, from the table's sensible range and, for a queue length, the buffer. */
function ranges(p: AqmParamSpec, initial: number, bufferPkts: number | null): Pick<ParamControl, 'scale' | 'slider' | 'usual'> {
  let [lo, hi] = p.sensible ?? [p.min, p.max];
  lo = Math.max(p.min, lo);
  hi = Math.min(p.max, hi);
  const buffer = p.buffer_bound && bufferPkts !== null && bufferPkts > 0 ? bufferPkts : null;
  if (buffer !== null) hi = Math.min(hi, buffer);
  const usual = p.sensible !== undefined || buffer !== null ? { min: lo, max: hi, buffer } : null;
  const scale = p.scale === 'log' && lo > 0 ? 'log' : 'linear';
  // A run that starts outside the usual range (a paper's setting) still shows where it is.
  const slider = { min: Math.min(lo, initial), max: Math.max(hi, initial) };
  if (scale === 'log' && !(slider.min > 0)) slider.min = lo;
  return { scale, slider, usual };
}

/**
 * `effective` holds the run's starting values (see effectiveParams); missing ones fall back to the table's default.
 * `bufferPkts`: the side's buffer, which bounds the sliders of queue lengths (thresholds, targets).
 */
export function buildParamControls(spec: Pick<AqmSpec, 'params'>, effective: Readonly<Record<string, number>>, bufferPkts: number | null = null): ParamControl[] {
  return spec.params.map((p) => {
    const initial = effective[p.name] ?? p.default;
    const control: ParamControl = {
      name: p.name,
      label: p.label,
      unit: p.unit,
      help: p.help,
      kind: p.kind,
      min: p.min,
      max: p.max,
      step: p.step > 0 ? p.step : 'any',
      initial,
      ...ranges(p, initial, bufferPkts),
    };
    switch (p.kind) {
      case 'integer':
        return integerControl(control);
      case 'toggle':
        return { ...control, min: 0, max: 1, step: 1, initial: control.initial !== 0 ? 1 : 0, slider: { min: 0, max: 1 }, usual: null };
      case 'real':
        return control;
    }
  });
}

/** Six significant digits, without trailing zeros: 0.002, 50, 1.822e-5. */
export function formatParamValue(value: number, control: Pick<ParamControl, 'kind'>): string {
  if (!Number.isFinite(value)) return '–';
  if (control.kind === 'toggle') return value !== 0 ? 'on' : 'off';
  if (control.kind === 'integer') return String(Math.round(value));
  return String(Number(value.toPrecision(6)));
}

/** Where a value sits on the control's slider: itself on a linear one, 0 .. sliderSteps on a logarithmic one. */
export function sliderPosition(control: ParamControl, value: number): number {
  if (control.scale === 'linear') return value;
  const { min, max } = control.slider;
  const v = Math.min(max, Math.max(min, value));
  return Math.round((Math.log(v / min) / Math.log(max / min)) * sliderSteps);
}

/** The value at a slider position: on a logarithmic slider, three significant digits. */
export function sliderValue(control: ParamControl, position: number): number {
  if (control.scale === 'linear') return position;
  const { min, max } = control.slider;
  const raw = min * Math.pow(max / min, position / sliderSteps);
  return Math.min(max, Math.max(min, Number(raw.toPrecision(3))));
}

/** Why a value asks before it applies (outside the usual range, or above the buffer), or null. */
export function unusual(control: ParamControl, value: number): string | null {
  const usual = control.usual;
  if (usual === null || !Number.isFinite(value)) return null;
  const unit = control.unit ? ` ${control.unit}` : '';
  if (usual.buffer !== null && value > usual.buffer) {
    return `${formatParamValue(value, control)}${unit} is above the buffer (${usual.buffer} pkts): the queue never gets there`;
  }
  if (value < usual.min || value > usual.max) {
    return `${formatParamValue(value, control)}${unit} is outside the usual range, ${formatParamValue(usual.min, control)} to ${formatParamValue(usual.max, control)}${unit}`;
  }
  return null;
}
