import { describe, expect, it } from 'vitest';
import { readRunSummary, type GroupFigures } from '../../../web/src/summary/run-summary';
import { measureCoupling } from '../../../web/src/theory/coupling';
import { groupSetups } from '../../../web/src/theory/group-setup';
import { coupledProbabilities, predictBalance, queueOf } from '../../../web/src/theory/rate-balance';
import { nodeCoreBuilt } from '../support/node-core';
import { coreAndSenders, runStored } from '../support/sender-core';

// The rate balance DualPI2's coupling implies between its L and Classic
// senders: each group's own law (the core's senderResponse) at p_L = k p'
// or p_C = p'^2 and its round trip, checked against the closed form of
// aqm/dualpi2/README.md, and on a real run against the summary's figures.

function group(index: number, sender: string, flows: number, rttMs: number, throughputMbps: number): GroupFigures {
  return {
    group: index, className: sender, sender, sack: false, flows, goodputMbps: throughputMbps, throughputMbps, share: null,
    rttMs, baseRttMs: 20, lossRatio: 0, markRatio: 0.01,
  };
}

const scenario = JSON.stringify({
  version: 1, seed: 4, duration_s: 30, warmup_s: 10,
  bottleneck: { capacity_mbps: 20, delay_ms: 5, buffer_pkts: 1000, packet_bytes: 1500, ecn: true },
  groups: [
    { kind: 'tcp', class: 'prague', count: 1, variant: 'prague', ecn: true, rtt_ms: { min: 20, max: 20 } },
    { kind: 'tcp', class: 'cubic', count: 1, variant: 'cubic', ecn: true, rtt_ms: { min: 20, max: 20 } },
  ],
  sides: [{ aqm: 'dualpi2', params: {} }],
});

describe('the coupling and the queues', () => {
  it("gives p' = p_CL / k, p_L = k p' and p_C = p'^2", () => {
    const { pBase, pL, pC } = coupledProbabilities(0.08, 2);
    expect(pBase).toBeCloseTo(0.04, 12);
    expect(pL).toBeCloseTo(0.08, 12);
    expect(pC).toBeCloseTo(0.0016, 12);
  });
});

describe.runIf(nodeCoreBuilt)("the rate balance by the senders' laws", () => {
  it("puts ECT(1) senders in L and the rest in Classic, DCTCP's ECT(0) included", async () => {
    const { senders } = await coreAndSenders();
    const spec = (name: string) => senders.find((s) => s.name === name);
    const ecn = { params: {}, segmentBytes: 1500, ecn: true, advertisedWindow: 10000, accessMbps: 100 };
    expect(queueOf(spec('prague'), ecn)).toBe('L');
    expect(queueOf(spec('prague'), { ...ecn, ecn: false })).toBe('C');
    expect(queueOf(spec('dctcp'), ecn)).toBe('C');
    expect(queueOf(spec('cubic'), ecn)).toBe('C');
  });

  it("matches the closed form for Prague against CUBIC in its Reno-friendly region", async () => {
    const { ask, senders } = await coreAndSenders();
    const setups = groupSetups(scenario);
    // p_CL = 0.08, k = 2: Prague at p_L = 0.08, R_L = 20 ms: W = sqrt(2) / 0.08 = 17.678, 10.607 Mb/s (1500 B);
    // CUBIC at p_C = 0.0016, R_C = 35 ms: Reno-friendly sqrt(3 / 0.0032) = 30.619 (its cubic window would be 10.7),
    // 10.498 Mb/s. r_L / r_C = (sqrt(2) / (sqrt(3/2) k)) (R_C / R_L) = 0.57735 * 1.75 = 1.01036.
    const groups = [group(0, 'prague', 1, 20, 9), group(1, 'cubic', 1, 35, 10)];
    const b = await predictBalance(ask, { pCl: 0.08, k: 2 }, groups, senders, setups);
    if (typeof b === 'string') throw new Error(b);
    expect(b.rows.map((r) => [r.queue, r.regionLabel])).toEqual([['L', 'scalable (1/p) law'], ['C', 'Reno-friendly region']]);
    expect(b.rows[0]?.predictedMbps).toBeCloseTo(10.607, 3);
    expect(b.rows[1]?.predictedMbps).toBeCloseTo(10.498, 3);
    expect(b.predictedRatio).toBeCloseTo((Math.SQRT2 / (Math.sqrt(1.5) * 2)) * (35 / 20), 6);
    expect(b.measuredRatio).toBeCloseTo(0.9, 12);
    // Two flows of each: the group rates double, the ratio stays.
    const doubled = await predictBalance(ask, { pCl: 0.08, k: 2 }, groups.map((g) => ({ ...g, flows: 2 })), senders, setups);
    if (typeof doubled === 'string') throw new Error(doubled);
    expect(doubled.rows[0]?.predictedMbps).toBeCloseTo(21.213, 3);
    expect(doubled.predictedRatio).toBeCloseTo(b.predictedRatio, 12);
  });

  it('says why there is no balance', async () => {
    const { ask, senders } = await coreAndSenders();
    const setups = groupSetups(scenario);
    const groups = [group(0, 'prague', 1, 20, 9), group(1, 'cubic', 1, 35, 10)];
    expect(await predictBalance(ask, { pCl: 0, k: 2 }, groups, senders, setups)).toContain('p_CL = 0');
    expect(await predictBalance(ask, { pCl: null, k: 2 }, groups, senders, setups)).toContain('no coupled marks yet');
    expect(await predictBalance(ask, { pCl: 0.08, k: 2 }, [groups[1]!], senders, setups)).toContain('a group in each queue');
    const bbr = [groups[0]!, group(1, 'bbr', 1, 35, 10)];
    expect(await predictBalance(ask, { pCl: 0.08, k: 2 }, bbr, senders, setups)).toMatch(/^BBR \(group 2\): BBR has no response function/);
  });

  it("on a real DualPI2 run: the measured balance is the summary's, the prediction near it", async () => {
    const { ask, senders } = await coreAndSenders();
    const { store, summary: raw } = await runStored(scenario);
    const summary = readRunSummary(raw);
    if (typeof summary === 'string') throw new Error(summary);
    const pCl = measureCoupling(store, 2, 10)?.coupledRate ?? null;
    const b = await predictBalance(ask, { pCl, k: 2 }, summary.groups, senders, groupSetups(scenario));
    if (typeof b === 'string') throw new Error(b);
    const [prague, cubic] = summary.groups;
    expect(b.measuredRatio).toBeCloseTo((prague?.throughputMbps ?? 0) / (cubic?.throughputMbps ?? 1), 12);
    expect(Math.max(b.measuredRatio, 1 / b.measuredRatio)).toBeCloseTo(summary.groupThroughputRatio ?? 0, 9);
    expect(b.rows[0]?.rttS).toBeCloseTo((prague?.rttMs ?? 0) / 1000, 12);
    expect(b.rows[1]?.rttS).toBeCloseTo((cubic?.rttMs ?? 0) / 1000, 12);
    expect(b.predictedRatio / b.measuredRatio).toBeGreaterThan(0.7);
    expect(b.predictedRatio / b.measuredRatio).toBeLessThan(1.4);
  });
});
