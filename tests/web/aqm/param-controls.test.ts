import { describe, expect, it } from 'vitest';
import { effectiveParams, findAqm, readAqmTable, type AqmSpec } from '../../../web/src/aqm/aqm-table';
import { buildParamControls, formatParamValue, sliderPosition, sliderSteps, sliderValue, unusual } from '../../../web/src/aqm/param-controls';
import { fakeDescribeAqms } from '../support/fake-aqms';

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
  return buildParamControls(s, effectiveParams(s, bufferPkts, overrides), bufferPkts);
}

describe('sliders that fit their range', () => {
  it('stops a threshold\'s slider at the buffer, and asks before a value above it applies', () => {
    const [, minTh, maxTh] = controlsOf('red', 200);
    expect(maxTh?.slider).toEqual({ min: 1, max: 200 });
    expect(minTh?.slider).toEqual({ min: 0, max: 200 });
    if (!maxTh) throw new Error('max_th');
    // A 12-pixel drag on a 300-pixel slider moves max_th by 12/300 of the buffer, not of 100,000.
    expect((12 / 300) * (maxTh.slider.max - maxTh.slider.min)).toBeLessThan(10);
    expect(unusual(maxTh, 51991)).toBe('51991 pkts is above the buffer (200 pkts): the queue never gets there');
    expect(unusual(maxTh, 180)).toBeNull();
    // Without a known buffer, the table's range.
    expect(controlsOf('red', null)[2]?.slider).toEqual({ min: 1, max: 100000 });
  });

  it('moves a weight that spans decades by ratios, over its usual range', () => {
    const [wq] = controlsOf('red', 200);
    if (!wq) throw new Error('wq');
    expect(wq.scale).toBe('log');
    expect(wq.slider).toEqual({ min: 1e-5, max: 0.1 });
    expect(sliderValue(wq, 0)).toBe(1e-5);
    expect(sliderValue(wq, sliderSteps)).toBe(0.1);
    expect(sliderValue(wq, sliderSteps / 2)).toBe(0.001); // the geometric middle
    expect(sliderValue(wq, sliderSteps / 4)).toBe(0.0001);
    // Back from the slider within one of its steps (a ratio of 10^(4/1000), under 1%).
    for (const v of [1e-5, 0.002, 0.05]) expect(Math.abs(sliderValue(wq, sliderPosition(wq, v)) - v) / v).toBeLessThan(0.01);
    // Each decade gets a quarter of the slider: 0.002 sits just past the middle.
    expect(sliderPosition(wq, 0.002)).toBe(575);
    expect(unusual(wq, 0.5)).toBe('0.5 is outside the usual range, 0.00001 to 0.1');
    expect(unusual(wq, 0.01)).toBeNull();
  });

  it('keeps a run\'s starting value that is outside the usual range on its slider', () => {
    const maxTh = controlsOf('red', 200, { max_th: 400 })[2];
    expect(maxTh?.slider).toEqual({ min: 1, max: 400 });
  });
});

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
      scale: 'linear',
      slider: { min: 0, max: 1 },
      usual: null,
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
