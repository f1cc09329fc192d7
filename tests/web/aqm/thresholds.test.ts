import { describe, expect, it } from 'vitest';
import type { AqmLevel } from '../../../web/src/aqm/aqm-table';
import { thresholdsFor } from '../../../web/src/aqm/levels';

// The chart levels of a side: the levels its discipline declares (the core's
// catalogue), valued from the side's effective parameters. The catalogue's
// own levels are checked against the core in aqm-registration.test.ts.

const level = (param: string, chart: AqmLevel['chart'], label = param, scale = 1, whenOn = ''): AqmLevel => ({ param, chart, label, scale, whenOn });
const red = [level('min_th', 'queue'), level('max_th', 'queue')];

describe('thresholdsFor', () => {
  it('draws the declared levels on their chart and nothing on the other', () => {
    const params = { wq: 0.002, min_th: 50, max_th: 150, max_p: 0.1, gentle: 1, byte_mode: 0 };
    expect(thresholdsFor(red, params, 'queue')).toEqual([
      { label: 'min_th', value: 50 },
      { label: 'max_th', value: 150 },
    ]);
    expect(thresholdsFor(red, params, 'delay')).toEqual([]);
  });

  it('scales into the chart’s unit, and draws a level gated by a toggle only while it is on', () => {
    const ared = [...red, level('target_delay', 'delay', 'target', 1000, 'auto')];
    const params = { min_th: 5, max_th: 15, target_delay: 0.005, auto: 0 };
    expect(thresholdsFor(ared, params, 'delay')).toEqual([]);
    expect(thresholdsFor(ared, { ...params, auto: 1 }, 'delay')).toEqual([{ label: 'target', value: 5 }]);
  });

  it('has nothing without levels and skips missing or non-finite values', () => {
    expect(thresholdsFor([], { min_th: 5 }, 'queue')).toEqual([]);
    expect(thresholdsFor(red, { min_th: Number.NaN, max_th: 30 }, 'queue')).toEqual([{ label: 'max_th', value: 30 }]);
    expect(thresholdsFor(red, { max_th: 30 }, 'queue')).toEqual([{ label: 'max_th', value: 30 }]);
  });
});
