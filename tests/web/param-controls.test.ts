import { describe, expect, it } from 'vitest';
import { effectiveParams, findAqm, readAqmTable, type AqmSpec } from '../../web/src/aqm/aqm-table';
import { buildParamControls, formatParamValue } from '../../web/src/aqm/param-controls';
import { fakeDescribeAqms } from './fake-aqms';

// Slider generation from a describeAqms answer: every control comes from the
// table (ranges, steps, kinds, labels, help) and starts at the run's value.

function spec(name: string): AqmSpec {
  const table = readAqmTable(JSON.parse(fakeDescribeAqms));
  if (typeof table === 'string') throw new Error(table);
  const found = findAqm(table, name);
  if (!found) throw new Error(`no ${name} in the fake table`);
  return found;
}

function controlsOf(name: string, bufferPkts: number | null, overrides: Record<string, number> = {}) {
  const s = spec(name);
  return buildParamControls(s, effectiveParams(s, bufferPkts, overrides));
}

describe('buildParamControls', () => {
  it('makes one control per table row, in table order, with its label, unit, range, step and help', () => {
    const controls = controlsOf('red', 200);
    expect(controls.map((c) => c.name)).toEqual(['wq', 'min_th', 'max_th', 'max_p', 'gentle']);
    expect(controls[3]).toEqual({
      name: 'max_p',
      label: 'Maximum probability',
      unit: '',
      help: 'Drop probability at max_th.',
      kind: 'real',
      min: 0,
      max: 1,
      step: 0.001,
      initial: 0.1,
    });
    expect(controls[1]).toMatchObject({ unit: 'pkts', min: 0, max: 100000, step: 1, help: 'A quarter of the buffer.' });
  });

  it("starts buffer-relative parameters at their share of the scenario's buffer", () => {
    expect(controlsOf('red', 200).map((c) => c.initial)).toEqual([0.002, 50, 150, 0.1, 1]);
    expect(controlsOf('red', 40).map((c) => c.initial)).toEqual([0.002, 10, 30, 0.1, 1]);
    // Integer parameters round the share, and it stays inside the range.
    expect(controlsOf('gizmo', 90).find((c) => c.name === 'slots')?.initial).toBe(30);
    expect(controlsOf('gizmo', 200).find((c) => c.name === 'slots')?.initial).toBe(40);
  });

  it('prefers the value the scenario gives', () => {
    const controls = controlsOf('red', 200, { min_th: 20, gentle: 0 });
    expect(controls.find((c) => c.name === 'min_th')?.initial).toBe(20);
    expect(controls.find((c) => c.name === 'gentle')?.initial).toBe(0);
  });

  it('gives integer parameters whole-number bounds and steps of at least one', () => {
    const periods = controlsOf('gizmo', 200).find((c) => c.name === 'periods');
    expect(periods).toMatchObject({ kind: 'integer', min: 1, max: 32, step: 1, initial: 4 });
  });

  it('makes a toggle an on/off control', () => {
    const gentle = controlsOf('red', 200).find((c) => c.name === 'gentle');
    expect(gentle).toMatchObject({ kind: 'toggle', min: 0, max: 1, step: 1, initial: 1 });
    expect(formatParamValue(1, { kind: 'toggle' })).toBe('on');
    expect(formatParamValue(0, { kind: 'toggle' })).toBe('off');
  });

  it('lets a slider move freely when the table gives no step', () => {
    expect(controlsOf('gizmo', 200).find((c) => c.name === 'gain')?.step).toBe('any');
  });

  it('has no controls for a discipline without parameters', () => {
    expect(controlsOf('droptail', 200)).toEqual([]);
  });

  it('shows values with six significant digits and no trailing zeros', () => {
    expect(formatParamValue(0.002, { kind: 'real' })).toBe('0.002');
    expect(formatParamValue(1.822e-5, { kind: 'real' })).toBe('0.00001822');
    expect(formatParamValue(0.1 + 0.2, { kind: 'real' })).toBe('0.3');
    expect(formatParamValue(4.4, { kind: 'integer' })).toBe('4');
    expect(formatParamValue(Number.NaN, { kind: 'real' })).toBe('–');
  });
});
