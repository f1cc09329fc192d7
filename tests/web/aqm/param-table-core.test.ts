import { describe, expect, it } from 'vitest';
import { readAqmTable } from '../../../web/src/aqm/aqm-table';
import { buildParamControls } from '../../../web/src/aqm/param-controls';
import { nodeCore, nodeCoreBuilt } from '../support/node-core';

// The real core's parameter table, as the page reads it: the usual ranges,
// scales and buffer bounds the sliders are made from hold together for every
// registered discipline (tests/cpp/net/param_table_test.cc checks the table itself).

describe.skipIf(!nodeCoreBuilt)('the core\'s parameter table for sliders', () => {
  it('gives usual ranges that hold the default, log scales over positive decades, buffer bounds on queue lengths', async () => {
    const table = readAqmTable(JSON.parse((await nodeCore()).describeAqms()));
    if (typeof table === 'string') throw new Error(table);
    let logs = 0;
    let bounded = 0;
    for (const aqm of table) {
      for (const p of aqm.params) {
        const where = `${aqm.name}.${p.name}`;
        if (p.sensible) {
          const [lo, hi] = p.sensible;
          expect(lo, where).toBeGreaterThanOrEqual(p.min);
          expect(hi, where).toBeLessThanOrEqual(p.max);
          expect(p.default, where).toBeGreaterThanOrEqual(lo);
          expect(p.default, where).toBeLessThanOrEqual(hi);
        }
        if (p.scale === 'log') {
          logs++;
          expect(p.sensible?.[0] ?? 0, where).toBeGreaterThan(0);
        }
        if (p.buffer_bound) {
          bounded++;
          expect(p.unit, where).toBe('pkts');
        }
      }
    }
    expect(logs).toBeGreaterThanOrEqual(6); // RED's weight (and its family's), PI's and PID's gains
    expect(bounded).toBeGreaterThanOrEqual(9); // RED's two thresholds (and its family's), every reference queue
  });

  it('bounds RED\'s thresholds by a 200-packet buffer and moves its weight by ratios', async () => {
    const table = readAqmTable(JSON.parse((await nodeCore()).describeAqms()));
    if (typeof table === 'string') throw new Error(table);
    const red = table.find((a) => a.name === 'red');
    if (!red) throw new Error('no red');
    const controls = buildParamControls(red, { min_th: 50, max_th: 150 }, 200);
    const byName = (n: string) => controls.find((c) => c.name === n);
    expect(byName('max_th')?.slider.max).toBe(200);
    expect(byName('min_th')?.slider.max).toBe(200);
    expect(byName('wq')).toMatchObject({ scale: 'log', slider: { min: 1e-5, max: 0.1 } });
  });
});
