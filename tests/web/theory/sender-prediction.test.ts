import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GroupFigures } from '../../../web/src/summary/run-summary';
import { groupSetups, type GroupSetup } from '../../../web/src/theory/group-setup';
import { measuredSignal, predictGroup, regionLabels } from '../../../web/src/theory/sender-prediction';
import { GroupResponse } from '../../../web/src/theory/SenderResponses';
import { nodeCoreBuilt } from '../support/node-core';
import { coreAndSenders } from '../support/sender-core';

// Each group's response function at its measured p and round trip, as the
// theory panel shows it: the numbers are the Node core's senderResponse
// (the page asks the same core in its theory worker), checked here against
// the laws worked by hand; the page only picks p by what the law counts,
// scales by the flows and says when the law has nothing to say.

function group(sender: string, figures: Partial<GroupFigures>): GroupFigures {
  return {
    group: 0, className: 'tcp', sender, flows: 1, goodputMbps: 1, throughputMbps: 1, share: 0.5,
    rttMs: 100, baseRttMs: 90, lossRatio: 0, markRatio: 0, ...figures,
  };
}

const setup = (over: Partial<GroupSetup> = {}): GroupSetup => ({ params: {}, segmentBytes: 1500, ecn: false, advertisedWindow: 10000, accessMbps: 100, ...over });

describe('what p a law counts', () => {
  it('adds losses and marks for a classic sender, takes marks alone for a scalable one', () => {
    const g = { lossRatio: 0.006, markRatio: 0.004 };
    expect(measuredSignal({ signal: 'loss_or_mark', tex: '', constant: '', source: '' }, g)).toBeCloseTo(0.01, 12);
    expect(measuredSignal({ signal: 'mark', tex: '', constant: '', source: '' }, g)).toBe(0.004);
    expect(measuredSignal({ signal: 'loss_or_mark', tex: '', constant: '', source: '' }, { lossRatio: null, markRatio: 0 })).toBeNull();
  });

  it("reads each long-lived TCP group's setup from the scenario, defaults filled in", () => {
    const scenario = JSON.stringify({
      bottleneck: { packet_bytes: 1000 },
      access_mbps: 10,
      groups: [
        { kind: 'tcp', variant: 'cubic', variant_params: { beta: 0.5, hystart: false } },
        { kind: 'udp_cbr' },
        { variant: 'prague', ecn: true, packet_bytes: 1500, advertised_window_pkts: 64 },
      ],
    });
    expect(groupSetups(scenario)).toEqual([
      { params: { beta: 0.5, hystart: 0 }, segmentBytes: 1000, ecn: false, advertisedWindow: 10000, accessMbps: 10 },
      null,
      { params: {}, segmentBytes: 1500, ecn: true, advertisedWindow: 64, accessMbps: 10 },
    ]);
    expect(groupSetups('{"groups":[{"kind":"tcp"}]}')[0]).toMatchObject({ segmentBytes: 500, accessMbps: 100 });
    expect(groupSetups(null)).toEqual([]);
  });
});

describe.runIf(nodeCoreBuilt)("a group's law against its run, by the core's numbers", () => {
  it("gives Reno's square-root law at p = 0.01, R = 0.1 s, 1500-byte packets", async () => {
    const { ask, senders } = await coreAndSenders();
    // By hand: W = sqrt(3 / (2 * 0.01)) = sqrt(150) = 12.2474 segments, each 1500 B = 12,000 bits, per 0.1 s:
    // 12.2474 * 12,000 / 0.1 = 1,469,694 b/s = 1.46969 Mb/s a flow; four flows 5.87878 Mb/s.
    // p is the loss ratio (0.006) plus the mark ratio (0.004).
    const row = await predictGroup(ask, group('reno', { flows: 4, lossRatio: 0.006, markRatio: 0.004, rttMs: 100, goodputMbps: 5 }), senders, setup());
    expect(row.why).toBeNull();
    expect(row.point?.p).toBeCloseTo(0.01, 12);
    expect(row.point?.windowSegments).toBeCloseTo(12.2474, 4);
    expect(row.point?.perFlowMbps).toBeCloseTo(1.46969, 5);
    expect(row.point?.predictedMbps).toBeCloseTo(5.87878, 5);
    expect(row.point?.region).toBe('square-root');
    expect(row.ratio).toBeCloseTo(5 / 5.87878, 5);
    expect(row.label).toBe('Reno');
  });

  it('counts only the marks for a scalable sender: sqrt(2) / p', async () => {
    const { ask, senders } = await coreAndSenders();
    // Prague with 2% loss and 1% marks: p = 0.01, W = sqrt(2) / 0.01 = 141.421 segments,
    // at R = 50 ms and 1500 B: 141.421 * 12,000 / 0.05 = 33.941 Mb/s.
    const row = await predictGroup(ask, group('prague', { lossRatio: 0.02, markRatio: 0.01, rttMs: 50, goodputMbps: 30 }), senders, setup({ ecn: true }));
    expect(row.point?.p).toBe(0.01);
    expect(row.point?.windowSegments).toBeCloseTo(141.421, 3);
    expect(row.point?.predictedMbps).toBeCloseTo(33.941, 3);
    expect(row.point?.region).toBe('scalable');
  });

  it('says why when the law has nothing to say: BBR, p = 0, no round trip, no flow, a window the receiver caps, a slow access link', async () => {
    const { ask, senders } = await coreAndSenders();
    const bbr = await predictGroup(ask, group('bbr', { lossRatio: 0.01 }), senders, setup());
    expect(bbr.point).toBeNull();
    expect(bbr.why).toContain('BBR has no response function');
    const quiet = await predictGroup(ask, group('cubic', { lossRatio: 0, markRatio: 0 }), senders, setup());
    expect(quiet.point).toBeNull();
    expect(quiet.why).toContain('p = 0');
    expect((await predictGroup(ask, group('newreno', { lossRatio: 0.01, rttMs: null }), senders, setup())).why).toBe('no round-trip sample yet');
    expect((await predictGroup(ask, group('newreno', { lossRatio: 0.01, flows: 0 }), senders, setup())).why).toBe('no flow of it runs');
    // The law's 12.2 segments at p = 0.01 are above an advertised window of 10: the receiver holds the flow, the law does not apply.
    const capped = await predictGroup(ask, group('newreno', { lossRatio: 0.01 }), senders, setup({ advertisedWindow: 10 }));
    expect(capped.point?.windowSegments).toBeCloseTo(12.2474, 4);
    expect(capped.why).toContain('advertised window of 10');
    expect(capped.ratio).toBeNull();
    // 1.47 Mb/s a flow (the worked example) is above an access link of 1 Mb/s: the link holds the flow.
    const slowAccess = await predictGroup(ask, group('newreno', { lossRatio: 0.01, rttMs: 100 }), senders, setup({ accessMbps: 1 }));
    expect(slowAccess.point?.perFlowMbps).toBeCloseTo(1.46969, 5);
    expect(slowAccess.why).toContain('access link of 1 Mb/s');
    expect(slowAccess.ratio).toBeNull();
    // A parameter out of range comes back as the core's refusal.
    const refused = await predictGroup(ask, group('cubic', { lossRatio: 0.01 }), senders, setup({ params: { beta: 2 } }));
    expect(refused.point).toBeNull();
    expect(refused.why).toMatch(/^the core could not evaluate it: .*beta/);
  });

  it("reaches every piece of each law, and the page labels each by the piece the core says holds", async () => {
    const { ask, senders } = await coreAndSenders();
    const cases: { sender: string; p: number; rttMs: number; params?: Record<string, number>; region: string; window: number }[] = [
      { sender: 'newreno', p: 0.01, rttMs: 100, region: 'square-root', window: Math.sqrt(150) },
      // CUBIC's cubic region: (0.4 * 3.7 / (4 * 0.3))^(1/4) (0.2 / 0.0002)^(3/4) = 1.05381 * 177.828 = 187.40 segments,
      // above the Reno-friendly sqrt(3 / 0.0004) = 86.6.
      { sender: 'cubic', p: 0.0002, rttMs: 200, region: 'cubic', window: 187.396 },
      // At p = 0.01, R = 20 ms the cubic window is 1.05381 * 2^(3/4) = 1.772 segments: the Reno-friendly sqrt(150) holds.
      { sender: 'cubic', p: 0.01, rttMs: 20, region: 'reno-friendly', window: Math.sqrt(150) },
      { sender: 'dctcp', p: 0.05, rttMs: 50, region: 'scalable', window: Math.SQRT2 / 0.05 },
      // Prague with RTT independence at R = 10 ms: a = (10 / 25)^2 = 0.16, W = sqrt(0.32) / 0.02 = 28.284.
      { sender: 'prague', p: 0.02, rttMs: 10, params: { rtt_independence: 1 }, region: 'rtt-independent', window: Math.sqrt(0.32) / 0.02 },
    ];
    const reached = new Set<string>();
    for (const c of cases) {
      const row = await predictGroup(ask, group(c.sender, { lossRatio: 0, markRatio: c.p, rttMs: c.rttMs }), senders, setup({ params: c.params ?? {}, ecn: true }));
      expect(row.point?.region, c.sender).toBe(c.region);
      expect(row.point?.windowSegments, c.sender).toBeCloseTo(c.window, 2);
      const html = renderToStaticMarkup(createElement(GroupResponse, { row }));
      expect(html, c.sender).toContain(`data-region="${c.region}"`);
      expect(html, c.sender).toContain(`${regionLabels[c.region]}</td>`);
      reached.add(c.region);
    }
    // Every label the page has is for a piece some law reaches.
    expect([...reached].sort()).toEqual(Object.keys(regionLabels).sort());
  });
});
