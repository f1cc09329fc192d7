import type { AqmSpec, ParamKind } from './aqm-table';

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
}

function integerControl(control: ParamControl): ParamControl {
  const step = typeof control.step === 'number' ? Math.max(1, Math.round(control.step)) : 1;
  return { ...control, min: Math.ceil(control.min), max: Math.floor(control.max), step };
}

/** `effective` holds the run's starting values (see effectiveParams); missing ones fall back to the table's default. */
export function buildParamControls(spec: AqmSpec, effective: Readonly<Record<string, number>>): ParamControl[] {
  return spec.params.map((p) => {
    const control: ParamControl = {
      name: p.name,
      label: p.label,
      unit: p.unit,
      help: p.help,
      kind: p.kind,
      min: p.min,
      max: p.max,
      step: p.step > 0 ? p.step : 'any',
      initial: effective[p.name] ?? p.default,
    };
    switch (p.kind) {
      case 'integer':
        return integerControl(control);
      case 'toggle':
        return { ...control, min: 0, max: 1, step: 1, initial: control.initial !== 0 ? 1 : 0 };
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
