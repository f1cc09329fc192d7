import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../../../web/src/charts/series-store';
import { coupledClassic, couplingSignals, hasCoupling, measureCoupling } from '../../../web/src/theory/coupling';
import { nodeCoreBuilt } from '../support/node-core';
import { runStored } from '../support/sender-core';

// The page's coupling view reads DualPI2's cumulative counters and
// probabilities from a real run: its prediction p_C = (p_CL / k)^2 is the
// core's own law at every sample, and its measured rates are the counters'
// differences over the span after the warm-up.

const scenario = (aqm: string) =>
  JSON.stringify({
    version: 1, seed: 4, duration_s: 30, warmup_s: 10,
    bottleneck: { capacity_mbps: 20, delay_ms: 5, buffer_pkts: 1000, packet_bytes: 1500, ecn: true },
    groups: [
      { kind: 'tcp', class: 'prague', count: 1, variant: 'prague', ecn: true, rtt_ms: { min: 20, max: 20 } },
      { kind: 'tcp', class: 'cubic', count: 1, variant: 'cubic', ecn: true, rtt_ms: { min: 20, max: 20 } },
    ],
    sides: [{ aqm, params: {} }],
  });

async function run(aqm: string): Promise<SeriesStore> {
  return (await runStored(scenario(aqm))).store;
}

describe.runIf(nodeCoreBuilt)("a coupled dual queue's prediction against its run", () => {
  it('predicts p_C from p_CL as the core does at every sample, and measures the rates after the warm-up', async () => {
    const store = await run('dualpi2');
    expect(hasCoupling(store, { k: 2 })).toBe(true);
    expect(hasCoupling(store, {})).toBe(false);
    const pc = store.columnIndex(couplingSignals.classicP);
    const pcl = store.columnIndex(couplingSignals.coupledP);
    let compared = 0;
    for (let i = 0; i < store.length; i++) {
      const cl = store.at(pcl, i);
      if (cl >= 1) continue; // saturated: p_CL stops at 1, p_C does not
      expect(coupledClassic(cl, 2)).toBeCloseTo(store.at(pc, i), 12);
      if (cl > 0) compared++;
    }
    expect(compared).toBeGreaterThan(100);

    const m = measureCoupling(store, 2, 10);
    if (!m) throw new Error('a measure expected');
    expect(m.fromS).toBeGreaterThanOrEqual(10);
    expect(m.toS).toBeCloseTo(30, 6);
    const t = store.columnIndex('t');
    const first = store.lowerBound(t, 10);
    const at = (name: string, i: number) => store.at(store.columnIndex(name), i);
    const last = store.length - 1;
    const span = (name: string) => at(name, last) - at(name, first);
    expect(m.coupledRate).toBeCloseTo(span(couplingSignals.coupledMarks) / span(couplingSignals.lUnstepped), 12);
    expect(m.classicRate).toBeCloseTo(span(couplingSignals.classicSignals) / span(couplingSignals.classicJudged), 12);
    expect(m.predictedClassic).toBeCloseTo(((m.coupledRate ?? 0) / 2) ** 2, 12);
    expect(m.lPackets).toBeGreaterThan(1000);
    expect(m.classicPackets).toBeGreaterThan(1000);
    // Jensen: the mean of p'^2 is at least the square of the mean of p'.
    expect(m.meanClassicP ?? 0).toBeGreaterThanOrEqual(m.predictedFromMean ?? Infinity);
  });

  it('has no coupling view for a discipline without one', async () => {
    const store = await run('pie');
    expect(hasCoupling(store, { k: 2 })).toBe(false);
  });
});
