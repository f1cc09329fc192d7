import { describe, expect, it } from 'vitest';
import { thresholdRules, thresholdsFor } from '../../web/src/charts/thresholds';

describe('thresholdsFor', () => {
  it("draws RED's min_th and max_th on the queue chart and nothing on the delay chart", () => {
    const red = { wq: 0.002, min_th: 50, max_th: 150, max_p: 0.1, gentle: 1, byte_mode: 0 };
    expect(thresholdsFor(red, 'queue')).toEqual([
      { label: 'min_th', value: 50 },
      { label: 'max_th', value: 150 },
    ]);
    expect(thresholdsFor(red, 'delay')).toEqual([]);
  });

  it('draws the reference queue of PI/PID/MSC and q0 of LRED/AOPC/REM/SFC', () => {
    expect(thresholdsFor({ a: 1.8e-5, b: 1.8e-5, freq_hz: 170, qref: 50 }, 'queue')).toEqual([{ label: 'qref', value: 50 }]);
    expect(thresholdsFor({ q0: 20, Req: 0.18, gamma0: 1e-4 }, 'queue')).toEqual([{ label: 'q0', value: 20 }]);
  });

  it('puts CoDel and PIE targets on the delay chart in ms', () => {
    expect(thresholdsFor({ target_ms: 5, interval_ms: 100 }, 'delay')).toEqual([{ label: 'target', value: 5 }]);
    expect(thresholdsFor({ target_ms: 15, t_update_ms: 15, alpha: 0.125 }, 'queue')).toEqual([]);
  });

  it("draws ARED's target_delay (seconds) in ms, and only while auto is on", () => {
    const ared = { min_th: 5, max_th: 15, target_delay: 0.005, auto: 0 };
    expect(thresholdsFor(ared, 'delay')).toEqual([]);
    expect(thresholdsFor({ ...ared, auto: 1 }, 'delay')).toEqual([{ label: 'target', value: 5 }]);
  });

  it('has nothing for drop-tail and skips non-finite values', () => {
    expect(thresholdsFor({}, 'queue')).toEqual([]);
    expect(thresholdsFor({ min_th: Number.NaN, max_th: 30 }, 'queue')).toEqual([{ label: 'max_th', value: 30 }]);
  });

  it('names each parameter once per chart', () => {
    const keys = thresholdRules.map((r) => `${r.chart}:${r.param}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
